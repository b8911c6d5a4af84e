// The option controls, generated from the CLI's own option tables (GET /api/options): one labelled
// control per option, grouped as `tagcloud COMMAND --help` groups them, with the option's help, its
// default as the placeholder, its choices, and a place for the server's error about it.

import { el } from './dom.js';

/** Options the page sets elsewhere or that mean nothing to it. */
const HANDLED_ELSEWHERE = new Set(['quiet', 'verbose', 'output', 'format', 'scale', 'input', 'text']);
/** Groups of options that are not the picture's: the text tab shows the counting ones. */
const OTHER_GROUPS = new Set(['Input', 'Text (--text)']);
const IMAGE_OPTIONS = new Set(['mask', 'color-image']);

/**
 * Builds the controls of `specs` into `container`. `read()` gives the current values by option
 * name, `write(name, value)` stores a change; `images` (optional) reads and stores the PNG options.
 */
export class OptionControls {
  constructor(container, { specs, fonts, palettes, read, write, images, idPrefix = 'opt' }) {
    Object.assign(this, { container, fonts, palettes, read, write, images, idPrefix });
    this.specs = specs.filter((s) => !HANDLED_ELSEWHERE.has(s.name) && !s.file);
    this.inputs = new Map();
    this.build();
  }

  /** Only the options of a picture (used for the layout controls). */
  static pictureOptions(specs) {
    return specs.filter((s) => !OTHER_GROUPS.has(s.group));
  }

  build() {
    this.container.replaceChildren();
    const groups = new Map();
    for (const spec of this.specs) {
      if (!groups.has(spec.group)) groups.set(spec.group, []);
      groups.get(spec.group).push(spec);
    }
    for (const [group, specs] of groups) {
      const fieldset = el('fieldset', { className: 'option-group' }, el('legend', {}, group));
      for (const spec of specs) fieldset.append(this.control(spec));
      this.container.append(fieldset);
    }
    this.sync();
  }

  /** One option's row: label, control, help and error line. */
  control(spec) {
    const id = `${this.idPrefix}-${spec.name}`;
    const help = el('small', { className: 'help', id: `${id}-help` }, spec.help);
    const error = el('span', { className: 'control-error', id: `${id}-error`, role: 'alert' });
    const input = IMAGE_OPTIONS.has(spec.name) && this.images ? this.imageInput(spec, id) : this.valueInput(spec, id);
    (input.field || input).setAttribute('aria-describedby', `${id}-help ${id}-error`);
    this.inputs.set(spec.name, { spec, input, error });
    const label = el('label', { htmlFor: id }, `--${spec.name}`);
    const row = el('div', { className: `control control-${spec.kind}`, id: `${id}-row` });
    if (spec.kind === 'flag') {
      row.append(el('div', { className: 'flag' }, input, label));
    } else {
      row.append(label, input);
    }
    row.append(help, error);
    return row;
  }

  valueInput(spec, id) {
    const kind = spec.kind;
    let input;
    if (kind === 'flag') {
      input = el('input', { type: 'checkbox', id });
      input.addEventListener('change', () => this.write(spec.name, input.checked));
      return input;
    }
    if (kind === 'font') return this.fontInput(spec, id);
    if (spec.repeatable) {
      input = el('textarea', { id, rows: 2, placeholder: spec.default ? spec.default : 'one per line', spellcheck: false });
      input.addEventListener('input', () => this.write(spec.name, input.value.split('\n').filter((v) => v.trim())));
      return input;
    }
    if (kind === 'choice') {
      input = el('select', { id });
      const fallback = spec.default ? `default (${spec.default})` : 'default';
      input.append(el('option', { value: '' }, fallback));
      for (const choice of spec.choices) input.append(el('option', { value: choice }, choice));
      input.addEventListener('change', () => this.write(spec.name, input.value));
      return spec.name === 'palette' ? this.withSwatches(spec, input) : input;
    }
    input = el('input', { id, type: 'text', placeholder: spec.default || '', spellcheck: false, autocomplete: 'off' });
    if (kind === 'number') input.inputMode = 'decimal';
    input.addEventListener('input', () => this.write(spec.name, input.value));
    if (kind === 'color') return this.withColorPicker(spec, input);
    return input;
  }

  /** A colour's text field (any CSS colour, `transparent`) with a picker that fills it. */
  withColorPicker(spec, input) {
    const picker = el('input', { type: 'color', 'aria-label': `Pick the colour of --${spec.name}`, tabIndex: -1 });
    picker.addEventListener('input', () => {
      input.value = picker.value;
      this.write(spec.name, picker.value);
    });
    input.addEventListener('input', () => {
      if (/^#[0-9a-f]{6}$/i.test(input.value)) picker.value = input.value;
    });
    const wrap = el('span', { className: 'color-field' }, input, picker);
    wrap.field = input;
    return wrap;
  }

  /** The palette's menu with the colours of the palette chosen (or of the default one). */
  withSwatches(spec, select) {
    const strip = el('span', { className: 'swatches', 'aria-hidden': 'true' });
    const show = () => {
      const name = select.value || spec.default;
      const palette = (this.palettes.palettes || []).find((p) => p.name === name);
      strip.replaceChildren(...(palette ? palette.colors : []).map((color) => {
        const swatch = el('span', { className: 'swatch', title: color });
        swatch.style.background = color;
        return swatch;
      }));
    };
    select.addEventListener('change', show);
    const wrap = el('span', { className: 'palette-field' }, select, strip);
    wrap.field = select;
    wrap.refresh = show;
    return wrap;
  }

  /** The fonts: installed families, filtered by the writing system they set; several may be chosen. */
  fontInput(spec, id) {
    const filter = el('select', { 'aria-label': 'Show the fonts that set this script', id: `${id}-script` });
    filter.append(el('option', { value: '' }, 'every script'));
    for (const script of Object.keys(this.fonts.scripts || {})) filter.append(el('option', { value: script }, script));
    const list = el('select', { id, multiple: true, size: 5 });
    const fill = () => {
      const chosen = new Set(this.read()[spec.name] || []);
      const families = filter.value ? this.fonts.scripts[filter.value] : this.fonts.families;
      list.replaceChildren(...families.map((f) => el('option', { value: f, selected: chosen.has(f) }, f)));
    };
    filter.addEventListener('change', fill);
    list.addEventListener('change', () => this.write(spec.name, [...list.selectedOptions].map((o) => o.value)));
    list.refill = fill;
    const wrap = el('span', { className: 'font-field' }, filter, list);
    wrap.field = list;
    return wrap;
  }

  /** A PNG for `--mask` or `--color-image`: a file picker and a button that removes it. */
  imageInput(spec, id) {
    const picker = el('input', { type: 'file', id, accept: 'image/png' });
    const name = el('span', { className: 'image-name' });
    const clear = el('button', { type: 'button' }, 'Remove');
    picker.addEventListener('change', () => {
      if (picker.files[0]) this.images.load(spec.name, picker.files[0]);
      picker.value = '';
    });
    clear.addEventListener('click', () => this.images.clear(spec.name));
    const wrap = el('span', { className: 'image-field' }, picker, name, clear);
    wrap.field = picker;
    wrap.show = (image) => {
      name.textContent = image ? image.name : 'none';
      clear.hidden = !image;
    };
    return wrap;
  }

  /** Shows the stored values (after an undo, a reload or an import) without moving the caret. */
  sync() {
    const values = this.read();
    for (const [name, { spec, input }] of this.inputs) {
      const value = values[name];
      if (IMAGE_OPTIONS.has(name) && input.show) {
        input.show(this.images.current(name));
      } else if (spec.kind === 'flag') {
        input.checked = value === true;
      } else if (spec.kind === 'font') {
        input.field.refill();
      } else if (input.refresh) {
        input.field.value = value || '';
        input.refresh();
      } else {
        const field = input.field || input;
        const text = Array.isArray(value) ? value.join('\n') : value || '';
        if (field.value !== text && document.activeElement !== field) field.value = text;
      }
    }
  }

  /** Shows `message` next to option `name`'s control; false when the option has no control here. */
  showError(name, message) {
    const entry = this.inputs.get(name);
    if (!entry) return false;
    entry.error.textContent = message;
    const field = entry.input.field || entry.input;
    field.setAttribute('aria-invalid', 'true');
    return true;
  }

  clearErrors() {
    for (const { input, error } of this.inputs.values()) {
      error.textContent = '';
      (input.field || input).removeAttribute('aria-invalid');
    }
  }
}
