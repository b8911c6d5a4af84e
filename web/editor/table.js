// The editor's word table: a row per word (text, weight, colour, font, angle, link, group; hide and
// delete). Only the rows in view and a few either side exist, spacer rows standing in for the rest:
// drawing every row made a keystroke cost a third of a second with 5,000 words. All rows have one
// height, so a row's place is its position times it. The table tells the page of edits; setWords
// gives the words back. The rows themselves are in table-row.js.

import { COLUMNS, PROBLEMS, WordRow, el } from './table-row.js';

const OVERSCAN = 6; // rows drawn beyond each edge of the view, so a quick scroll or a Tab finds rows there
const PLAIN = new Set(['color', 'font', 'link', 'group']); // fields told to the page as they are, on `change`
let tableCount = 0;

/**
 * A table of words fit for thousands of them. `handlers` are told what people do:
 * `onEdit(index, changes)` with `{text}` (on every keystroke), `{weight: number}`, `{color: '#rrggbb'}`,
 * `{color: ''}` (no colour of its own), `{font: 'DejaVu Serif'}` (`''`: the style's), `{angle: number}`
 * (`''`: the layout chooses), `{link}`, `{group}` or `{pinned: false}` (unpin);
 * `onDelete(index)`, `onHide(index)` (add the word to the stop words) and `onSelect(index)`.
 */
export class WordTable {
  constructor(container, handlers = {}) {
    Object.assign(this, { on: handlers, words: [], status: null, selected: -1, range: [0, 0], spacers: ['', '', ''], serial: 0 });
    this.id = `word-table-${++tableCount}`;
    this.query = ''; // the filter, in lower case
    this.view = null; // when filtered, the indices of the words shown, in order; null: every word
    this.kept = new Set(); // words edited since the filter was set: shown although they may no longer match it
    this.invalid = new Map(); // word index → what is wrong with the numbers typed in its row: {weight, angle}
    this.rows = new Map(); // word index → its row, for the rows drawn
    this.pool = []; // rows out of view, to be used again
    this.typing = null; // the field being typed in: setWords leaves its text and caret alone
    this.size = { row: 40, head: 0, measured: false }; // in pixels; the row's is 2.5rem until measured
    this.build(container);
  }

  /**
   * Shows `words` ([{text, weight, color?, font?, angle?, link?, group?, pin?}]) and, optionally,
   * `status`, a Map from index to 'placed', 'shrunk' or 'unplaced'. Cheap: only the rows drawn are
   * refilled, and the field being typed in keeps its text, focus and caret.
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

  /**
   * Offers `families` (font family names, and the names of fonts given as files) in every row's Font
   * field. One list for the whole table: a list in each row would be thousands of elements to refill.
   */
  setFonts(families) {
    const names = [...new Set((families || []).map(String).filter(Boolean))];
    this.fonts.replaceChildren(...names.map((name) => el('option', { value: name })));
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
    // Where the table is narrow, font, angle, link and group are shown only when asked for (panels.css).
    const more = el('label', { className: 'wt-more' }, el('input', { type: 'checkbox', 'aria-controls': this.id }), 'Show more columns');
    const columns = [...COLUMNS, ['actions', el('span', { className: 'wt-hidden' }, 'Hide or delete')]];
    const heads = columns.map(([key, name], i) => el('th', { scope: 'col', className: `c-${key}`, 'aria-colindex': i + 1 }, name));
    this.thead = el('thead', {}, el('tr', { 'aria-rowindex': 1 }, ...heads));
    // One cell, not one across all columns: the hidden columns of a narrow table must not come back.
    const spacer = () => el('tr', { className: 'wt-spacer', 'aria-hidden': 'true' }, el('td'));
    [this.top, this.gap, this.bottom] = [spacer(), spacer(), spacer()];
    this.body = el('tbody', {}, this.top, this.gap, this.bottom);
    // The column count and each cell's index hold when a narrow table hides some columns.
    const props = { id: this.id, className: 'wt-table', 'aria-label': 'Your words', 'aria-rowcount': 1, 'aria-colcount': heads.length };
    this.table = el('table', props, this.thead, this.body);
    this.fonts = el('datalist', { id: `${this.id}-fonts` });
    this.scroller = el('div', { className: 'wt-scroll', tabIndex: -1 }, this.table);
    this.count = el('p', { className: 'wt-count', role: 'status' });
    const tools = el('div', { className: 'wt-tools' }, this.count, more);
    container.append(el('div', { className: 'word-table' }, tools, this.scroller, this.fonts));
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
      this.invalid.delete(index); // the numbers typed in its fields go with the row
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
    return new WordRow(`${this.id}-${++this.serial}`, this.fonts.id);
  }

  /** Puts word `index`'s values in `row` (at `pos`), writing only what changed. */
  fill(row, index, pos) {
    const [status, problems] = [this.status?.get(index) || '', this.invalid.get(index)];
    row.fill(this.words[index], index, pos, { status, selected: index === this.selected, problems, typing: this.typing });
  }

  /** Remembers that the number typed in `field` of word `index`'s row is refused because of `problem` ('': it is not). */
  setProblem(index, field, problem) {
    const problems = { ...this.invalid.get(index) };
    if (problem) problems[field] = problem;
    else delete problems[field];
    if (Object.keys(problems).length) this.invalid.set(index, problems);
    else this.invalid.delete(index);
  }

  /** `input` on the word edits it at once (the page coalesces the steps); other fields on `change`. */
  onField(event) {
    const input = event.target;
    const { field } = input.dataset;
    const row = input.closest('tr').row;
    const problemOf = PROBLEMS[field]; // weight and angle: numbers, checked before the page hears of them
    if (event.type === 'input') {
      this.typing = input;
      if (field === 'text') this.edit(row.index, { text: input.value });
      if (!problemOf || !this.invalid.get(row.index)?.[field] || problemOf(input)) return;
      this.setProblem(row.index, field, ''); // fixed: the reason goes as soon as the number will do
    } else if (problemOf) {
      const problem = problemOf(input);
      this.setProblem(row.index, field, problem);
      // An empty angle is an answer (the layout chooses), told as '' like the other fields cleared.
      const value = input.value.trim() === '' ? '' : Number(input.value);
      if (!problem) this.edit(row.index, { [field]: value });
    } else if (PLAIN.has(field)) {
      // A family name with a space typed after it would name no font.
      const value = field === 'color' ? input.value.toLowerCase() : field === 'font' ? input.value.trim() : input.value;
      this.edit(row.index, { [field]: value });
    }
    if (problemOf && this.words[row.index]) this.fill(row, row.index, row.pos);
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
