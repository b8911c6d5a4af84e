// One row of the word table (table.js): its fields, how they are named, and how a word's values get
// into them. Rows are made once and used again for other words as the table scrolls, so filling one
// writes only what changed: a keystroke refills every row drawn.

const NO_COLOR = '#c0c0c0'; // what the colour picker shows for a word without a colour of its own
/** What a row says about its word in the picture: the text shown and its longer tooltip. */
const STATUS = {
  shrunk: ['smaller', 'Drawn smaller than its weight asks, so that it fits'],
  unplaced: ['left out', 'Not in the picture: there was no room for it'],
};
/** How the row's fields and buttons are named for screen readers: "Delete swift". */
const NAMES = [['weight', 'Weight of'], ['color', 'Colour of'], ['font', 'Font of'], ['angle', 'Angle of'],
  ['link', 'Link of'], ['group', 'Group of'], ['hide', 'Hide'], ['delete', 'Delete'],
  ['clear', 'No colour of its own for'], ['unpin', 'Unpin']];

/** The table's columns, left to right: class name (`c-word`) and header. The actions come last. */
export const COLUMNS = [['word', 'Word'], ['weight', 'Weight'], ['color', 'Colour'], ['font', 'Font'], ['angle', 'Angle'],
  ['link', 'Link'], ['group', 'Group']];

/**
 * What is wrong with a number typed in a row, in plain words, or '' when it will do; by field. The
 * page hears of a number only once it will do, so it never draws a half-typed one.
 */
export const PROBLEMS = {
  weight(input) {
    if (notANumber(input)) return 'Not a number: type one like 2 or 0.5';
    if (input.value.trim() === '') return 'Give it a weight: a number above 0';
    return Number(input.value) > 0 ? '' : 'Must be more than 0';
  },
  angle(input) {
    if (notANumber(input)) return 'Not a number: type one like 30 or −45';
    // Empty is an answer: the layout chooses the angle, as for every word without one.
    if (input.value.trim() === '') return '';
    return Math.abs(Number(input.value)) <= 360 ? '' : 'From −360 to 360 degrees';
  },
};

/** A row's fields and cells; `tr.row` leads back to it from the events the table listens to. */
export class WordRow {
  /** `id`: unique in the page, for the ids the fields point at; `fonts`: the id of the fonts' datalist. */
  constructor(id, fonts) {
    const input = (field, props) => el('input', { 'data-field': field, spellcheck: false, ...props });
    const button = (action, ...content) => el('button', { type: 'button', className: `wt-${action}`, 'data-field': action }, ...content);
    const glyph = (text) => el('span', { className: 'wt-glyph', 'aria-hidden': 'true' }, text);
    const error = (suffix) => el('span', { className: 'wt-error', id: `${id}-${suffix}`, 'aria-live': 'polite' });
    const f = {
      text: input('text', { type: 'text', autocomplete: 'off', 'aria-describedby': `${id}-s` }),
      status: el('span', { className: 'wt-status', id: `${id}-s` }),
      unpin: button('unpin', 'unpin'),
      weight: input('weight', { type: 'number', step: 'any', min: '0', inputMode: 'decimal', 'aria-describedby': `${id}-e` }),
      color: input('color', { type: 'color' }),
      clear: button('clear', '×'),
      font: input('font', { type: 'text', autocomplete: 'off', list: fonts, placeholder: 'default' }),
      // No inputMode: a phone's decimal keypad has no minus sign, and angles may be negative.
      angle: input('angle', { type: 'number', step: 'any', min: '-360', max: '360', placeholder: 'auto', 'aria-describedby': `${id}-a` }),
      link: input('link', { type: 'text', autocomplete: 'off', inputMode: 'url', placeholder: 'https://…' }),
      group: input('group', { type: 'text', autocomplete: 'off' }),
      hide: button('hide', el('span', { className: 'wt-label' }, 'Hide'), glyph('⊘')),
      delete: button('delete', el('span', { className: 'wt-label' }, 'Delete'), glyph('✕')),
    };
    f.clear.title = 'No colour of its own: use the palette';
    f.font.title = 'Empty: the font chosen under Look';
    f.angle.title = 'Degrees, −360 to 360; empty: the layout chooses';
    this.errors = { weight: error('e'), angle: error('a') };
    const cells = [[f.text, f.status, f.unpin], [f.weight, this.errors.weight], [f.color, f.clear], [f.font],
      [f.angle, this.errors.angle], [f.link], [f.group], [f.hide, f.delete]];
    const keys = [...COLUMNS.map(([key]) => key), 'actions'];
    const td = (content, i) => el('td', { className: `c-${keys[i]}`, 'aria-colindex': i + 1 },
      el('div', { className: 'wt-cell' }, ...content));
    this.tr = el('tr', { className: 'wt-row' }, ...cells.map(td));
    this.tr.row = this;
    Object.assign(this, { fields: f, index: -1, pos: -1, name: '', state: '' });
  }

  /**
   * Puts `word`, the word at `index` and row `pos`, in the row, writing only what changed. `status`:
   * 'placed', 'shrunk', 'unplaced' or ''; `problems`: what is wrong with a number typed, by field;
   * `typing`: the field being typed in, left as it is.
   */
  fill(word, index, pos, { status, selected, problems, typing }) {
    const f = this.fields;
    const text = String(word.text ?? '');
    if (this.pos !== pos) this.tr.ariaRowIndex = String(pos + 2); // the header is row 1
    Object.assign(this, { index, pos });
    this.label(text.trim() || `word ${index + 1}`, index);
    put(f.text, text, typing);
    this.fillNumber('weight', word.weight, problems?.weight, typing);
    put(f.color, word.color ? hexColor(word.color) : NO_COLOR, typing);
    put(f.font, String(word.font ?? ''), typing);
    this.fillNumber('angle', word.angle, problems?.angle, typing);
    put(f.link, String(word.link ?? ''), typing);
    put(f.group, String(word.group ?? ''), typing);
    const state = `${selected} ${Boolean(word.pin)} ${Boolean(word.color)} ${status}`;
    if (this.state === state) return;
    this.state = state;
    [f.status.textContent, f.status.title] = STATUS[status] || ['', ''];
    f.clear.hidden = !word.color;
    f.unpin.hidden = !word.pin;
    f.color.classList.toggle('is-unset', !word.color);
    const classes = { 'is-selected': selected, 'is-pinned': Boolean(word.pin), 'is-unplaced': status === 'unplaced' };
    this.tr.className = ['wt-row', ...Object.keys(classes).filter((name) => classes[name])].join(' ');
    this.tr.ariaCurrent = selected ? 'true' : null;
  }

  /** Shows `value` in the number field `field`, or, when `problem`, what was typed and why it won't do. */
  fillNumber(field, value, problem = '', typing = null) {
    const [input, error] = [this.fields[field], this.errors[field]];
    const shown = value === undefined || value === null ? '' : String(value);
    // The same number typed another way (2.50 for 2.5) stays as typed.
    const same = shown === '' || input.value === '' ? input.value === shown : Number(input.value) === Number(value);
    // A number refused stays as typed, with the reason beside it, until it is fixed.
    if (!problem && input !== typing && !same) input.value = shown;
    if (error.textContent !== problem) error.textContent = problem;
    input.ariaInvalid = problem ? 'true' : null;
  }

  /** Names the fields after the word (`name`), only when it changed: setAttribute is not free. */
  label(name, index) {
    if (this.name === `${index} ${name}`) return;
    this.name = `${index} ${name}`;
    this.fields.text.setAttribute('aria-label', `Word ${index + 1}`);
    for (const [field, label] of NAMES) this.fields[field].setAttribute('aria-label', `${label} ${name}`);
    this.fields.hide.title = `Hide ${name}: add it to your stop words`;
    this.fields.delete.title = `Delete ${name}`;
  }
}

/** A new element; props with a dash are attributes, the others properties. Text goes in as text, never HTML. */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (key.includes('-') || key === 'list') node.setAttribute(key, String(value)); // `list` is read-only
    else node[key] = value;
  }
  node.append(...children);
  return node;
}

function put(input, value, typing) {
  if (input.value !== value && input !== typing) input.value = value;
}

/** True when `input` holds something that is no number (a number field gives '' for "1e" or "--"). */
function notANumber(input) {
  return input.validity.badInput || !Number.isFinite(Number(input.value));
}

/** `color` as #rrggbb, the only form a colour picker takes; a name such as `red` shows as no colour. */
function hexColor(color) {
  const hex = String(color).toLowerCase().replace(/^#([0-9a-f])([0-9a-f])([0-9a-f])$/, '#$1$1$2$2$3$3');
  return /^#[0-9a-f]{6}$/.test(hex) ? hex : NO_COLOR;
}
