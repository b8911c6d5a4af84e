// The editor's word table: a row per word (text, weight, colour, link, group; hide and delete). Only
// the rows in view and a few either side exist, spacer rows standing in for the rest: drawing every
// row made a keystroke cost a third of a second with 5,000 words. All rows have one height, so a row's
// place is its position times it. The table tells the page of edits; setWords gives the words back.

const OVERSCAN = 6; // rows drawn beyond each edge of the view, so a quick scroll or a Tab finds rows there
const NO_COLOR = '#c0c0c0'; // what the colour picker shows for a word without a colour of its own
const COLUMNS = [['word', 'Word'], ['weight', 'Weight'], ['color', 'Colour'], ['link', 'Link'], ['group', 'Group']];
/** What a row says about its word in the picture: the text shown and its longer tooltip. */
const STATUS = {
  shrunk: ['smaller', 'Drawn smaller than its weight asks, so that it fits'],
  unplaced: ['left out', 'Not in the picture: there was no room for it'],
};
/** How the row's fields and buttons are named for screen readers: "Delete swift". */
const NAMES = [['weight', 'Weight of'], ['color', 'Colour of'], ['link', 'Link of'], ['group', 'Group of'],
  ['hide', 'Hide'], ['delete', 'Delete'], ['clear', 'No colour of its own for'], ['unpin', 'Unpin']];
let tableCount = 0;

/**
 * A table of words fit for thousands of them. `handlers` are told what people do:
 * `onEdit(index, changes)` with `{text}` (on every keystroke), `{weight: number}`, `{color: '#rrggbb'}`,
 * `{color: ''}` (no colour of its own), `{link}`, `{group}` or `{pinned: false}` (unpin);
 * `onDelete(index)`, `onHide(index)` (add the word to the stop words) and `onSelect(index)`.
 */
export class WordTable {
  constructor(container, handlers = {}) {
    Object.assign(this, { on: handlers, words: [], status: null, selected: -1, range: [0, 0], spacers: ['', '', ''], serial: 0 });
    this.id = `word-table-${++tableCount}`;
    this.query = ''; // the filter, in lower case
    this.view = null; // when filtered, the indices of the words shown, in order; null: every word
    this.kept = new Set(); // words edited since the filter was set: shown although they may no longer match it
    this.invalid = new Map(); // word index → what is wrong with the weight typed in its row
    this.rows = new Map(); // word index → its row, for the rows drawn
    this.pool = []; // rows out of view, to be used again
    this.typing = null; // the field being typed in: setWords leaves its text and caret alone
    this.size = { row: 40, head: 0, measured: false }; // in pixels; the row's is 2.5rem until measured
    this.build(container);
  }

  /**
   * Shows `words` ([{text, weight, color?, link?, group?, pin?}]) and, optionally, `status`, a Map
   * from index to 'placed', 'shrunk' or 'unplaced'. Cheap: only the rows drawn are refilled, and the
   * field being typed in keeps its text, focus and caret.
   */
  setWords(words, status) {
    const resized = words.length !== this.words.length;
    this.words = words;
    this.status = status instanceof Map ? status : null;
    if (resized) {
      // Indices now name other words: what was remembered about them no longer holds.
      this.invalid.clear();
      this.kept.clear();
      if (this.selected >= words.length) this.selected = -1;
    }
    // As many rows as before: the rows in view are the same, found without reading the scroll box.
    this.refresh(!resized);
  }

  /** Marks word `index` as the selected one and scrolls the table (only the table) to show it. */
  select(index) {
    this.mark(index);
    if (this.posOf(index) >= 0) this.reveal(this.posOf(index));
  }

  /** Shows only the words containing `text`, ignoring case; '' shows them all again. */
  filter(text) {
    const query = String(text ?? '').trim().toLowerCase();
    if (query === this.query) return;
    this.query = query;
    this.kept.clear();
    this.scroller.scrollTop = 0;
    this.refresh(false);
  }

  refresh(sameRange) {
    const before = this.length;
    this.computeView();
    this.render(sameRange && this.length === before);
    this.updateCount();
  }

  /** How many rows the table has: the words matching the filter. */
  get length() {
    return this.view ? this.view.length : this.words.length;
  }

  viewAt(pos) {
    return this.view ? this.view[pos] : pos;
  }

  /** The position of word `index` among the rows, or -1 when it has none. */
  posOf(index) {
    if (this.view) return this.view.indexOf(index);
    return index >= 0 && index < this.words.length ? index : -1;
  }

  computeView() {
    this.view = this.query ? [] : null;
    if (!this.query) return;
    const focused = this.focusedRow()?.index; // the word being typed in stays, or its row would vanish
    this.words.forEach((word, index) => {
      const matches = String(word.text ?? '').toLowerCase().includes(this.query);
      if (matches || this.kept.has(index) || index === focused) this.view.push(index);
    });
  }

  build(container) {
    // Where the table is narrow, link and group are shown only when asked for (panels.css).
    const more = el('label', { className: 'wt-more' }, el('input', { type: 'checkbox', 'aria-controls': this.id }), 'Show link and group');
    const heads = COLUMNS.map(([key, name]) => el('th', { scope: 'col', className: `c-${key}` }, name));
    heads.push(el('th', { scope: 'col', className: 'c-actions' }, el('span', { className: 'wt-hidden' }, 'Hide or delete')));
    this.thead = el('thead', {}, el('tr', { 'aria-rowindex': 1 }, ...heads));
    // One cell, not one across all columns: the hidden columns of a narrow table must not come back.
    const spacer = () => el('tr', { className: 'wt-spacer', 'aria-hidden': 'true' }, el('td'));
    [this.top, this.gap, this.bottom] = [spacer(), spacer(), spacer()];
    this.body = el('tbody', {}, this.top, this.gap, this.bottom);
    this.table = el('table', { id: this.id, className: 'wt-table', 'aria-label': 'Your words', 'aria-rowcount': 1 }, this.thead, this.body);
    this.scroller = el('div', { className: 'wt-scroll', tabIndex: -1 }, this.table);
    this.count = el('p', { className: 'wt-count', role: 'status' });
    container.append(el('div', { className: 'word-table' }, el('div', { className: 'wt-tools' }, this.count, more), this.scroller));
    this.scroller.addEventListener('scroll', () => this.render(), { passive: true });
    // A new size (the page laid out, the phone turned, the text zoomed) may bring a new row height.
    new ResizeObserver(() => this.render((this.size.measured = false))).observe(this.scroller);
    // One listener of each kind for the whole table: rows come and go as it scrolls.
    const handlers = { input: 'onField', change: 'onField', click: 'onClick', keydown: 'onKey', focusin: 'onFocus', focusout: 'onBlur' };
    for (const [type, name] of Object.entries(handlers)) this.body.addEventListener(type, (event) => this[name](event));
  }

  /** Draws the rows in view. `sameRange`: they are the rows of the last call. */
  render(sameRange = false) {
    const [total, height] = [this.length, this.size.row];
    if (!sameRange) {
      const top = Math.max(0, this.scroller.scrollTop - this.size.head);
      const seen = this.scroller.clientHeight || height * 12; // 0 while the table is not shown
      const first = Math.min(total, Math.max(0, Math.floor(top / height) - OVERSCAN));
      this.range = [first, Math.min(total, Math.ceil((top + seen) / height) + OVERSCAN)];
    }
    const [first, last] = this.range;
    // The row holding the focus stays drawn wherever it is, or the focus and caret would be lost;
    // when its word is gone (deleted, hidden), the same field of the row now in its place gets the focus.
    const focus = this.focusedRow();
    const focusPos = focus ? this.posOf(focus.index) : -1;
    const lost = focus && focusPos < 0 ? { field: document.activeElement.dataset.field, pos: focus.pos } : null;
    const wanted = new Set();
    for (let pos = first; pos < last; pos++) wanted.add(this.viewAt(pos));
    if (focusPos >= 0) wanted.add(focus.index);
    for (const [index, row] of this.rows) {
      if (wanted.has(index)) continue;
      this.rows.delete(index);
      this.invalid.delete(index); // the text typed in its weight field goes with the row
      row.tr.remove();
      this.pool.push(row);
    }
    const drawn = Array.from({ length: last - first }, (_, i) => this.rowFor(this.viewAt(first + i), first + i).tr);
    // A focused row out of view keeps its true place (the gap spacer between it and the others): a
    // browser scrolling to its caret as one types finds it where its word is.
    const lone = focusPos >= 0 && (focusPos < first || focusPos >= last) ? this.rowFor(focus.index, focusPos).tr : null;
    const [order, gaps] = !lone ? [[this.top, ...drawn, this.gap, this.bottom], [first, 0, total - last]]
      : focusPos < first ? [[this.top, lone, this.gap, ...drawn, this.bottom], [focusPos, first - focusPos - 1, total - last]]
        : [[this.top, ...drawn, this.gap, lone, this.bottom], [first, focusPos - last, total - focusPos - 1]];
    [this.top, this.gap, this.bottom].forEach((spacer, i) => {
      if (this.spacers[i] !== `${gaps[i] * height}px`) this.spacers[i] = spacer.style.height = `${gaps[i] * height}px`;
    });
    this.arrange(order, focusPos >= 0 ? focus.tr : null);
    if (lost) this.refocus(lost);
    if (!this.size.measured && this.rows.size && this.measure(height)) this.render();
  }

  /** Puts the body's rows in `order`, moving the others around `fixed` (the focused row), never it. */
  arrange(order, fixed) {
    const at = fixed ? order.indexOf(fixed) : order.length;
    let cursor = this.body.firstChild;
    const place = (node) => (node === cursor ? (cursor = cursor.nextSibling) : this.body.insertBefore(node, cursor));
    order.slice(0, at).forEach(place);
    if (!fixed) return;
    cursor = fixed.nextSibling;
    order.slice(at + 1).forEach(place);
  }

  /** Reads the height of a row and of the header; true when the row's is not the one `assumed`. */
  measure(assumed) {
    const height = this.rows.values().next().value.tr.getBoundingClientRect().height;
    if (!height) return false;
    this.size = { row: height, head: this.thead.getBoundingClientRect().height, measured: true };
    return Math.abs(height - assumed) > 0.5;
  }

  /** Focuses `field` in the row at `pos` (or the last row), or the scroll box when no row is left. */
  refocus({ field, pos: wanted }) {
    const pos = Math.min(wanted, this.length - 1);
    if (pos < 0 || !field) return this.scroller.focus({ preventScroll: true });
    this.reveal(pos);
    const { fields } = this.rows.get(this.viewAt(pos));
    (fields[field].hidden ? fields.text : fields[field]).focus({ preventScroll: true });
  }

  /** Scrolls the table so that row `pos` is in view (below the header), and draws it. */
  reveal(pos) {
    const box = this.scroller;
    const top = pos * this.size.row; // from the top of the body, where the header ends
    const bottom = this.size.head + top + this.size.row;
    if (top < box.scrollTop) box.scrollTop = top;
    else if (bottom > box.scrollTop + box.clientHeight) box.scrollTop = bottom - box.clientHeight;
    this.render();
  }

  /** The row drawn for word `index`: its own, one out of view or a new one. */
  rowFor(index, pos) {
    if (!this.rows.has(index)) this.rows.set(index, this.pool.pop() || this.makeRow());
    this.fill(this.rows.get(index), index, pos);
    return this.rows.get(index);
  }

  focusedRow() {
    const tr = document.activeElement?.closest?.('tr.wt-row');
    return tr && tr.parentNode === this.body ? tr.row : null;
  }

  makeRow() {
    const id = `${this.id}-${++this.serial}`;
    const input = (field, props) => el('input', { 'data-field': field, spellcheck: false, ...props });
    const button = (action, ...content) => el('button', { type: 'button', className: `wt-${action}`, 'data-field': action }, ...content);
    const glyph = (text) => el('span', { className: 'wt-glyph', 'aria-hidden': 'true' }, text);
    const f = {
      text: input('text', { type: 'text', autocomplete: 'off', 'aria-describedby': `${id}-s` }),
      status: el('span', { className: 'wt-status', id: `${id}-s` }),
      unpin: button('unpin', 'unpin'),
      weight: input('weight', { type: 'number', step: 'any', min: '0', inputMode: 'decimal', 'aria-describedby': `${id}-e` }),
      error: el('span', { className: 'wt-error', id: `${id}-e`, 'aria-live': 'polite' }),
      color: input('color', { type: 'color' }),
      clear: button('clear', '×'),
      link: input('link', { type: 'text', autocomplete: 'off', inputMode: 'url', placeholder: 'https://…' }),
      group: input('group', { type: 'text', autocomplete: 'off' }),
      hide: button('hide', el('span', { className: 'wt-label' }, 'Hide'), glyph('⊘')),
      delete: button('delete', el('span', { className: 'wt-label' }, 'Delete'), glyph('✕')),
    };
    f.clear.title = 'No colour of its own: use the palette';
    const cell = (key, ...content) => el('td', { className: `c-${key}` }, el('div', { className: 'wt-cell' }, ...content));
    const tr = el('tr', { className: 'wt-row' }, cell('word', f.text, f.status, f.unpin), cell('weight', f.weight, f.error),
      cell('color', f.color, f.clear), cell('link', f.link), cell('group', f.group), cell('actions', f.hide, f.delete));
    tr.row = { tr, fields: f, index: -1, pos: -1, name: '', state: '' };
    return tr.row;
  }

  /** Puts word `index`'s values in `row`, writing only what changed. */
  fill(row, index, pos) {
    const word = this.words[index];
    const f = row.fields;
    const text = String(word.text ?? '');
    if (row.pos !== pos) row.tr.ariaRowIndex = String(pos + 2); // the header is row 1
    Object.assign(row, { index, pos });
    this.label(row, text.trim() || `word ${index + 1}`, index);
    this.put(f.text, text);
    this.fillWeight(row, index, word.weight);
    this.put(f.color, word.color ? hexColor(word.color) : NO_COLOR);
    this.put(f.link, String(word.link ?? ''));
    this.put(f.group, String(word.group ?? ''));
    const status = this.status?.get(index) || '';
    const selected = index === this.selected;
    const state = `${selected} ${Boolean(word.pin)} ${Boolean(word.color)} ${status}`;
    if (row.state === state) return;
    row.state = state;
    [f.status.textContent, f.status.title] = STATUS[status] || ['', ''];
    f.clear.hidden = !word.color;
    f.unpin.hidden = !word.pin;
    f.color.classList.toggle('is-unset', !word.color);
    const classes = { 'is-selected': selected, 'is-pinned': Boolean(word.pin), 'is-unplaced': status === 'unplaced' };
    row.tr.className = ['wt-row', ...Object.keys(classes).filter((name) => classes[name])].join(' ');
    row.tr.ariaCurrent = selected ? 'true' : null;
  }

  fillWeight(row, index, weight) {
    const { weight: input, error } = row.fields;
    const problem = this.invalid.get(index) || '';
    // A weight that is not one stays as typed, with the reason beside it, until it is fixed.
    if (!problem && input !== this.typing && Number(input.value) !== weight) input.value = String(weight ?? '');
    if (error.textContent !== problem) error.textContent = problem;
    input.ariaInvalid = problem ? 'true' : null;
  }

  label(row, name, index) {
    if (row.name === `${index} ${name}`) return;
    row.name = `${index} ${name}`;
    row.fields.text.setAttribute('aria-label', `Word ${index + 1}`);
    for (const [field, label] of NAMES) row.fields[field].setAttribute('aria-label', `${label} ${name}`);
    row.fields.hide.title = `Hide ${name}: add it to your stop words`;
    row.fields.delete.title = `Delete ${name}`;
  }

  put(input, value) {
    if (input.value !== value && input !== this.typing) input.value = value;
  }

  /** `input` on the word edits it at once (the page coalesces the steps); other fields on `change`. */
  onField(event) {
    const input = event.target;
    const { field } = input.dataset;
    const row = input.closest('tr').row;
    if (event.type === 'input') {
      this.typing = input;
      if (field === 'text') this.edit(row.index, { text: input.value });
      if (field !== 'weight' || !this.invalid.has(row.index) || weightProblem(input)) return;
      this.invalid.delete(row.index); // fixed: the reason goes as soon as the weight is one
    } else if (field === 'weight') {
      const problem = weightProblem(input);
      if (problem) this.invalid.set(row.index, problem);
      else this.invalid.delete(row.index);
      if (!problem) this.edit(row.index, { weight: Number(input.value) });
    } else if (field === 'color' || field === 'link' || field === 'group') {
      this.edit(row.index, { [field]: field === 'color' ? input.value.toLowerCase() : input.value });
    }
    if (field === 'weight') this.fillWeight(row, row.index, this.words[row.index].weight);
  }

  onClick(event) {
    const tr = event.target.closest('tr.wt-row');
    if (!tr) return;
    const { index, fields } = tr.row;
    const action = event.target.closest('button')?.dataset.field;
    if (!action) this.mark(index, true);
    else if (action === 'delete') this.on.onDelete?.(index);
    else if (action === 'hide') this.on.onHide?.(index);
    else {
      // The button goes away with the colour or the pin: the focus must not go with it.
      (action === 'clear' ? fields.color : fields.text).focus();
      this.edit(index, action === 'clear' ? { color: '' } : { pinned: false });
    }
  }

  onKey(event) {
    if (event.key !== 'Enter' || event.target.dataset.field !== 'text' || event.isComposing) return;
    event.preventDefault();
    // Enter goes to the next word, as in a list one types down; Shift+Enter to the one before.
    const pos = event.target.closest('tr').row.pos + (event.shiftKey ? -1 : 1);
    if (pos < 0 || pos >= this.length) return;
    this.reveal(pos);
    this.rows.get(this.viewAt(pos)).fields.text.focus({ preventScroll: true });
  }

  onFocus(event) {
    const row = event.target.closest('tr.wt-row')?.row;
    if (!row) return;
    this.mark(row.index, true);
    this.render(); // focusing a row near the edge scrolled the box: draw the rows Tab goes to next
  }

  onBlur(event) {
    if (event.target !== this.typing) return;
    this.typing = null;
    // The page may have tidied what was typed (trimmed it, say): show its version now.
    const row = event.target.closest('tr')?.row;
    if (row && this.rows.get(row.index) === row && this.words[row.index]) this.fill(row, row.index, row.pos);
  }

  /** Marks word `index` as selected; `tell`: the person chose it here, and the page is told. */
  mark(index, tell = false) {
    if (tell && index === this.selected) return;
    const before = this.rows.get(this.selected);
    this.selected = index;
    if (before) this.fill(before, before.index, before.pos);
    if (this.rows.has(index)) this.fill(this.rows.get(index), index, this.rows.get(index).pos);
    if (tell) this.on.onSelect?.(index);
  }

  edit(index, changes) {
    if (this.query) this.kept.add(index);
    this.on.onEdit?.(index, changes);
  }

  updateCount() {
    this.table.setAttribute('aria-rowcount', this.length + 1);
    const count = this.query ? `${this.length} of ${this.words.length} words contain “${this.query}”` : '';
    if (this.count.textContent !== count) this.count.textContent = count;
  }
}

/** What is wrong with the weight typed in `input`, in plain words, or '' when it is a weight. */
function weightProblem(input) {
  if (input.validity.badInput || !Number.isFinite(Number(input.value))) return 'Not a number: type one like 2 or 0.5';
  if (input.value.trim() === '') return 'Give it a weight: a number above 0';
  return Number(input.value) > 0 ? '' : 'Must be more than 0';
}

/** `color` as #rrggbb, the only form a colour picker takes; a name such as `red` shows as no colour. */
function hexColor(color) {
  const hex = String(color).toLowerCase().replace(/^#([0-9a-f])([0-9a-f])([0-9a-f])$/, '#$1$1$2$2$3$3');
  return /^#[0-9a-f]{6}$/.test(hex) ? hex : NO_COLOR;
}

/** A new element; props with a dash are attributes, the others properties. Text goes in as text, never HTML. */
function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key.includes('-')) node.setAttribute(key, String(value));
    else node[key] = value;
  }
  node.append(...children);
  return node;
}
