// The editor's options in plain words: the few most people change first, every other one under
// "More", in one closed section per group, as `tagcloud COMMAND --help` groups them. The controls
// are built from the engine's own option tables, so an option added there appears here unasked.
// The old editor showed all 56 at once, a column 4,558 px tall; with "More" closed, a few hundred.

/**
 * Options the page sets itself (the words, the stop words, uploads of masks and colour images) or
 * that mean nothing in a page (output files, the terminal's verbosity, the seed behind "Shuffle").
 * Rows marked `file: true` are skipped as well: the page offers uploads for them.
 */
export const handledByPage = Object.freeze(['input', 'text', 'output', 'format', 'quiet', 'verbose', 'previous', 'seed',
  'help', 'stopwords', 'add-stopwords', 'mask', 'color-image']);
const SKIPPED = new Set(handledByPage);
/** The essentials while the engine's tables do not say which they are (rows without `essential`). */
const USUAL_ESSENTIALS = new Set(['shape', 'palette', 'font', 'rotate', 'width', 'height', 'sizes', 'background', 'pill',
  'language', 'phrase', 'top']);
let controlsCount = 0;

/**
 * The options of one command at a time: the essentials in `essentials`, the others in a closed
 * "More" in `more`. `tables` is the engine's option tables ({cloud: [...], flow: [...], ...});
 * `onChange(name, value)` is told of each change: a string, a boolean for a flag, or a list of
 * strings for a repeatable option; '' (false, []) means back to the default. `fonts` (optional):
 * font family names to offer for the font.
 */
export class Controls {
  constructor(essentials, more, tables, { onChange, fonts } = {}) {
    Object.assign(this, { essentialsBox: essentials, moreBox: more, tables, onChange, fonts: fonts || [] });
    this.prefix = `option-${++controlsCount}`;
    this.command = null;
    this.controls = new Map(); // option name → { row, field, input, set(value), error, group }
    this.sent = new Map(); // option name → the value last told to onChange, to know the page's echo of it
    this.groups = new Map(); // group name → { details, count } of the "More" sections
    this.open = new Set(); // the sections open, kept when another command is shown
  }

  /**
   * Shows the options of `command` ('cloud', 'flow', 'count') with `values` ({name: value}) set.
   * The controls are built again only when the command changes; otherwise only the values move,
   * and a field being typed in keeps its text and caret.
   */
  show(command, values = {}) {
    if (command !== this.command) this.build(command);
    for (const [name, control] of this.controls) {
      const value = values[name] ?? '';
      const field = control.field;
      // The page's copy of what was just typed comes back: the field already shows it.
      if (field.contains(document.activeElement) && same(value, this.sent.get(name))) continue;
      control.set(value);
    }
    this.values = values;
    this.countChanged();
  }

  /** Offers `families` (font names) in the font field's list. */
  setFonts(families) {
    this.fonts = families;
    this.datalist?.replaceChildren(...families.map((font) => el('option', { value: font })));
  }

  /** Shows `message` under option `name`, opening its section; false when no control here has it. */
  markError(name, message) {
    const control = this.controls.get(name);
    if (!control) return false;
    control.error.textContent = message;
    control.input.setAttribute('aria-invalid', 'true');
    for (let details = control.field.closest('details'); details; details = details.parentElement.closest('details')) {
      details.open = true;
    }
    return true;
  }

  /** Takes every error shown away. */
  clearErrors() {
    for (const control of this.controls.values()) {
      control.error.textContent = '';
      control.input.removeAttribute('aria-invalid');
    }
  }

  build(command) {
    this.remember();
    this.command = command;
    this.controls.clear();
    this.groups.clear();
    const rows = (this.tables[command] || []).filter((row) => !SKIPPED.has(row.name) && !row.file);
    const marked = rows.some((row) => 'essential' in row);
    const essential = (row) => (marked ? row.essential === true : USUAL_ESSENTIALS.has(row.name));
    const datalist = el('datalist', { id: `${this.prefix}-fonts` });
    this.datalist = datalist;
    this.setFonts(this.fonts);
    const first = el('div', { className: 'opt-list opt-essentials' }, ...rows.filter(essential).map((row) => this.control(row)));
    const sections = new Map();
    for (const row of rows.filter((r) => !essential(r))) {
      if (!sections.has(row.group)) sections.set(row.group, []);
      sections.get(row.group).push(this.control(row));
    }
    const count = el('span', { className: 'opt-changed' });
    const more = el('details', { className: 'opt-more', open: this.open.has('') },
      el('summary', {}, 'More', count), ...[...sections].map(([group, controls]) => this.section(group, controls)));
    this.groups.set('', { details: more, count });
    more.hidden = sections.size === 0;
    // One box may hold both (the page's count options): then the essentials come first in it.
    if (this.essentialsBox === this.moreBox) this.moreBox.replaceChildren(first, datalist, more);
    else this.essentialsBox.replaceChildren(first, datalist);
    if (this.essentialsBox !== this.moreBox) this.moreBox.replaceChildren(more);
  }

  /** The open sections, to open them again when the controls are built for another command. */
  remember() {
    for (const [group, { details }] of this.groups) {
      if (details.open) this.open.add(group);
      else this.open.delete(group);
    }
  }

  section(group, controls) {
    const count = el('span', { className: 'opt-changed' });
    const details = el('details', { className: 'opt-group', open: this.open.has(group) },
      el('summary', {}, group, count), el('div', { className: 'opt-list' }, ...controls));
    this.groups.set(group, { details, count });
    return details;
  }

  /** One option: its label in plain words, its flag, its control, its help and a place for an error. */
  control(row) {
    const id = `${this.prefix}-${row.name}`;
    const help = el('p', { className: 'opt-help', id: `${id}-help`, title: row.help || '' }, row.help || '');
    const error = el('p', { className: 'opt-error', id: `${id}-error`, 'aria-live': 'polite' });
    const { field, input, set } = this.field(row, id);
    input.setAttribute('aria-describedby', `${id}-help ${id}-error`);
    const label = el('label', { htmlFor: id }, row.label || row.name);
    const flag = el('code', { className: 'opt-flag' }, `--${row.name}`);
    const box = row.kind === 'flag'
      ? el('div', { className: 'opt opt-check' }, el('div', { className: 'opt-head' }, field, label, flag), help, error)
      : el('div', { className: `opt opt-${row.kind}` }, el('div', { className: 'opt-head' }, label, flag), field, help, error);
    this.controls.set(row.name, { row, field, input, set, error, group: row.group });
    return box;
  }

  /** The control for `row`'s kind: `field` is what is shown, `input` what the label names. */
  field(row, id) {
    const tell = (value) => {
      this.sent.set(row.name, value);
      this.onChange?.(row.name, value);
      this.values = { ...this.values, [row.name]: value };
      this.countChanged();
    };
    if (row.kind === 'flag') {
      const input = el('input', { type: 'checkbox', id });
      input.addEventListener('change', () => tell(input.checked));
      return { field: input, input, set: (value) => { input.checked = value === true || value === 'true'; } };
    }
    if (row.kind === 'font') return this.fontField(row, id, tell);
    if (row.repeatable) {
      const placeholder = row.default ? `${row.default} (one per line)` : 'One per line';
      const input = el('textarea', { id, rows: 2, placeholder, spellcheck: false });
      input.addEventListener('input', () => tell(lines(input.value)));
      return { field: input, input, set: (value) => setText(input, list(value).join('\n'), lines(input.value), list(value)) };
    }
    if (row.kind === 'choice') return choiceField(row, id, tell);
    const type = row.kind === 'number' ? 'number' : 'text';
    const input = el('input', { id, type, placeholder: row.default ?? '', spellcheck: false });
    if (type === 'text') input.autocomplete = 'off';
    if (row.kind === 'number') Object.assign(input, { inputMode: 'decimal', step: 'any' });
    input.addEventListener('input', () => {
      // Half a number ("1e", "-") reads as '' in a number field: wait for the rest rather than reset.
      if (!input.validity.badInput) tell(input.value.trim());
    });
    const set = (value) => setText(input, String(value), input.value, String(value));
    return row.kind === 'color' ? colorField(row, id, input, set, tell) : { field: input, input, set };
  }

  /** Fonts: a text field offering the families known (a datalist); several are separated by commas. */
  fontField(row, id, tell) {
    const input = el('input', { id, type: 'text', placeholder: row.default ?? '', autocomplete: 'off', spellcheck: false });
    input.setAttribute('list', `${this.prefix}-fonts`);
    const read = () => (row.repeatable ? input.value.split(',').map((font) => font.trim()).filter(Boolean) : input.value.trim());
    input.addEventListener('input', () => tell(read()));
    if (row.repeatable) input.title = 'Several fonts: separate them with commas';
    const set = (value) => setText(input, list(value).join(', '), read(), row.repeatable ? list(value) : String(value));
    return { field: input, input, set };
  }

  /** Counts the options set (not at their default) in each section, shown on its summary. */
  countChanged() {
    const counts = new Map();
    for (const [name, control] of this.controls) {
      const value = this.values?.[name];
      if (value === undefined || value === '' || value === false || (Array.isArray(value) && !value.length)) continue;
      for (const group of [control.group, '']) counts.set(group, (counts.get(group) || 0) + 1);
    }
    for (const [group, { count }] of this.groups) {
      const n = counts.get(group) || 0;
      const text = n ? ` (${n} changed)` : '';
      if (count.textContent !== text) count.textContent = text;
    }
  }
}

/** A menu of the choices, "Default (x)" first: choosing it puts the option back to its default. */
function choiceField(row, id, tell) {
  const input = el('select', { id }, el('option', { value: '' }, row.default ? `Default (${row.default})` : 'Default'));
  for (const choice of row.choices || []) input.append(el('option', { value: choice }, choice));
  input.addEventListener('change', () => tell(input.value));
  const set = (value) => {
    const text = String(value);
    if (input.value === text) return;
    // A value the menu does not offer (from an older page, say) is shown rather than lost.
    if (![...input.options].some((option) => option.value === text)) input.append(el('option', { value: text }, text));
    input.value = text;
  };
  return { field: input, input, set };
}

/** A colour: a text field (any CSS colour, `transparent`) with a colour picker that fills it. */
function colorField(row, id, input, setInput, tell) {
  const picker = el('input', { type: 'color', className: 'opt-picker', 'aria-label': `Pick ${row.label || row.name}` });
  const sync = () => {
    const hex = hexOf(input.value) || hexOf(row.default || '') || '#000000';
    if (picker.value !== hex) picker.value = hex;
  };
  picker.addEventListener('input', () => {
    input.value = picker.value;
    tell(picker.value);
  });
  input.addEventListener('input', sync);
  const field = el('div', { className: 'opt-color-field' }, input, picker);
  return { field, input, set: (value) => { setInput(value); sync(); } };
}

/** Puts `text` in `input` unless it already says the same (`shown` and `wanted` are compared). */
function setText(input, text, shown, wanted) {
  if (!same(shown, wanted) || (document.activeElement !== input && input.value !== text)) input.value = text;
}

function hexOf(color) {
  const match = /^#?([0-9a-f]{6}|[0-9a-f]{3})$/i.exec(color.trim());
  if (!match) return null;
  const hex = match[1].length === 3 ? match[1].replace(/./g, '$&$&') : match[1];
  return `#${hex.toLowerCase()}`;
}

function lines(text) {
  return text.split('\n').map((line) => line.trim()).filter(Boolean);
}

function list(value) {
  if (Array.isArray(value)) return value.map(String);
  return value === '' || value === undefined || value === null || value === false ? [] : [String(value)];
}

function same(a, b) {
  if (Array.isArray(a) || Array.isArray(b)) return list(a).join('\n') === list(b).join('\n');
  return String(a ?? '') === String(b ?? '');
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
