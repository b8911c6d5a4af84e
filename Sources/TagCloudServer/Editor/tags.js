// The tag table: one row per word (text, weight, colour, link, group), rows added, deleted, moved and
// sorted, one row selected; and the selected word's panel, where a word of a word cloud gets its own
// angle, size and place (a pin).

import { el, byId } from './dom.js';

const UNSET_COLOR = '#808080';

/** The table of `history`'s tags. `lastLayout()` gives the placed words of the newest preview. */
export class TagTable {
  constructor({ history, lastLayout, onSelect }) {
    Object.assign(this, { history, lastLayout, onSelect });
    this.body = byId('tag-table').querySelector('tbody');
    this.detail = byId('word-detail');
    this.selected = null;
  }

  get state() {
    return this.history.state;
  }

  edit(row, change, coalesce) {
    this.history.commit((s) => change(s.tags[row], s), { coalesce });
  }

  /** Makes as many rows as there are tags, and puts the tags' values in them. */
  render() {
    const focused = document.activeElement;
    const focus = this.body.contains(focused) ? [focused.dataset.row, focused.dataset.field] : null;
    // Rows are bound to their index, so only a change in their number needs new rows.
    if (this.body.rows.length !== this.state.tags.length) {
      this.body.replaceChildren(...this.state.tags.map((tag, row) => this.rowElement(row)));
      if (focus) this.body.querySelector(`[data-row="${focus[0]}"][data-field="${focus[1]}"]`)?.focus();
    }
    this.state.tags.forEach((tag, row) => this.fill(row, tag));
    if (this.selected !== null && this.selected >= this.state.tags.length) this.selected = null;
    this.renderDetail();
  }

  rowElement(row) {
    const field = (name, props) => {
      const input = el('input', { ...props, 'data-row': row, 'data-field': name, autocomplete: 'off', spellcheck: false });
      input.addEventListener('focus', () => this.select(row, { scroll: false }));
      return input;
    };
    const text = field('text', { type: 'text', 'aria-label': `Text of tag ${row + 1}` });
    text.addEventListener('input', () => this.edit(row, (t) => { t.text = text.value; }, `text-${row}`));
    const weight = field('weight', { type: 'number', step: 'any', min: 0, className: 'weight', 'aria-label': `Weight of tag ${row + 1}` });
    weight.addEventListener('input', () => {
      const w = Number(weight.value);
      if (weight.value !== '' && Number.isFinite(w)) this.edit(row, (t) => { t.weight = w; }, `weight-${row}`);
    });
    const color = field('color', { type: 'color', 'aria-label': `Colour of tag ${row + 1}` });
    color.addEventListener('input', () => this.edit(row, (t) => { t.color = color.value; }, `color-${row}`));
    const clearColor = this.button('×', `Use the palette's colour for tag ${row + 1}`, () => this.edit(row, (t) => { delete t.color; }));
    clearColor.dataset.clear = 'color';
    const cells = [
      el('td', {}, text),
      el('td', {}, weight),
      el('td', { className: 'color-cell' }, color, clearColor),
      el('td', {}, this.textField(field, row, 'link', '')),
      el('td', {}, this.textField(field, row, 'group', '')),
      el('td', { className: 'actions' },
        this.button('↑', `Move tag ${row + 1} up`, () => this.move(row, -1)),
        this.button('↓', `Move tag ${row + 1} down`, () => this.move(row, 1)),
        this.button('✕', `Delete tag ${row + 1}`, () => this.remove(row))),
    ];
    const tr = el('tr', { 'data-row': row }, ...cells);
    tr.addEventListener('click', () => this.select(row, { scroll: false }));
    return tr;
  }

  textField(field, row, name, placeholder) {
    const input = field(name, { type: 'text', placeholder, 'aria-label': `${name[0].toUpperCase() + name.slice(1)} of tag ${row + 1}` });
    input.addEventListener('input', () => this.edit(row, (t) => {
      if (input.value) t[name] = input.value;
      else delete t[name];
    }, `${name}-${row}`));
    return input;
  }

  button(label, title, action) {
    const b = el('button', { type: 'button', title, 'aria-label': title }, label);
    b.addEventListener('click', (e) => {
      e.stopPropagation();
      action();
    });
    return b;
  }

  /** Puts the tag's values in its row's fields, leaving the field being typed in alone. */
  fill(row, tag) {
    const tr = this.body.rows[row];
    tr.classList.toggle('selected', row === this.selected);
    tr.classList.toggle('pinned', Boolean(tag.pin));
    tr.setAttribute('aria-selected', String(row === this.selected));
    for (const input of tr.querySelectorAll('input')) {
      const name = input.dataset.field;
      const value = name === 'color' ? tag.color || UNSET_COLOR : name === 'weight' ? String(tag.weight) : tag[name] || '';
      if (document.activeElement !== input && input.value !== value) input.value = value;
      if (name === 'color') input.classList.toggle('unset', !tag.color);
    }
    tr.querySelector('[data-clear="color"]').hidden = !tag.color;
  }

  /** Selects `row` (from the table or a click on the preview). */
  select(row, { scroll = true } = {}) {
    if (this.selected === row) return;
    this.selected = row;
    this.state.tags.forEach((tag, r) => this.body.rows[r] && this.fill(r, tag));
    this.renderDetail();
    if (scroll && this.body.rows[row]) {
      this.body.rows[row].scrollIntoView({ block: 'nearest' });
      this.body.rows[row].querySelector('[data-field="text"]').focus({ preventScroll: true });
    }
    this.onSelect(row);
  }

  move(row, by) {
    const to = row + by;
    if (to < 0 || to >= this.state.tags.length) return;
    this.history.commit((s) => {
      const [tag] = s.tags.splice(row, 1);
      s.tags.splice(to, 0, tag);
    });
    this.selected = to;
    this.render();
    this.body.rows[to].querySelector(`[aria-label^="Move tag ${to + 1} ${by < 0 ? 'up' : 'down'}"]`)?.focus();
  }

  remove(row) {
    this.history.commit((s) => s.tags.splice(row, 1));
    this.selected = null;
  }

  add() {
    this.history.commit((s) => s.tags.push({ text: '', weight: 1 }));
    this.render();
    const last = this.body.rows[this.body.rows.length - 1];
    last.querySelector('[data-field="text"]').focus();
  }

  sort(by) {
    this.history.commit((s) => {
      const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
      s.tags.sort(by === 'weight' ? (a, b) => b.weight - a.weight : (a, b) => collator.compare(a.text, b.text));
    });
    this.selected = null;
  }

  /** The selected word's panel: its angle, size and place in a word cloud. */
  renderDetail() {
    const tag = this.selected === null ? null : this.state.tags[this.selected];
    if (!tag || this.state.command !== 'cloud') {
      this.detail.hidden = true;
      return;
    }
    this.detail.hidden = false;
    const row = this.selected;
    const placed = this.lastLayout(row);
    const pin = tag.pin || (placed && { x: placed.x, y: placed.y, angle: placed.angle, size: placed.size });
    const number = (name, label, value) => {
      const input = el('input', { type: 'number', step: 'any', id: `detail-${name}`, value: value === undefined ? '' : String(round(value)) });
      input.addEventListener('change', () => this.setPin(row, name, input.value));
      return [el('label', { htmlFor: `detail-${name}` }, label), input];
    };
    const title = tag.pin ? `"${tag.text}" is pinned` : `"${tag.text}"`;
    const note = tag.pin ? '' : placed ? 'Changing any of these pins the word where it is now.' : 'Not placed: no place to pin it from.';
    this.detail.replaceChildren(
      el('h3', {}, title),
      el('div', { className: 'detail-fields' },
        ...number('x', 'Centre x (pt)', pin?.x), ...number('y', 'Centre y (pt)', pin?.y),
        ...number('angle', 'Angle (°)', pin?.angle), ...number('size', 'Font size (pt)', pin?.size)),
      el('p', { className: 'hint' }, note),
      tag.pin ? this.button('Unpin', `Unpin "${tag.text}"`, () => this.edit(row, (t) => { delete t.pin; })) : '',
    );
    for (const input of this.detail.querySelectorAll('input')) input.disabled = !pin;
  }

  /** Sets one field of a word's pin, pinning it where the preview shows it when it was not. */
  setPin(row, name, text) {
    const value = Number(text);
    if (text === '' || !Number.isFinite(value)) return;
    const placed = this.lastLayout(row);
    this.edit(row, (t) => {
      if (!t.pin) {
        if (!placed) return;
        t.pin = { x: placed.x, y: placed.y, angle: placed.angle, size: placed.size };
      }
      t.pin[name] = value;
    });
  }
}

function round(v) {
  return Math.round(v * 100) / 100;
}
