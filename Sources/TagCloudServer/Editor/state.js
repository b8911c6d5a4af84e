// The editor's state: what the user made (the words, the options, the images), its history for
// undo and redo, and its storage (the browser's local storage, and one file to export and import).
// Everything the page shows is drawn from this one object, so a reload or an import restores it all.

export const STORAGE_KEY = 'tagcloud-editor';
export const FORMAT = 'tagcloud-editor';
export const VERSION = 1;
const HISTORY_LIMIT = 200;

const SAMPLE = [
  ['Swift', 12], ['Linux', 9], ['HarfBuzz', 8], ['FreeType', 7], ['Cairo', 7], ['fontconfig', 6],
  ['ICU', 6], ['PNG', 5], ['SVG', 5], ['PDF', 4], ['HTML', 4], ['JSON', 4], ['word cloud', 10],
  ['tag cloud', 9], ['pixel-exact', 5], ['Unicode', 5], ['你好', 3], ['مرحبا', 3], ['Привет', 3],
  ['shapes', 3], ['masks', 3], ['palettes', 3], ['pins', 2], ['seeds', 2],
];

/** A new editor's state: a sample cloud, every option at its default, seed 1. */
export function initialState() {
  return {
    format: FORMAT,
    version: VERSION,
    command: 'cloud',
    tags: SAMPLE.map(([text, weight]) => ({ text, weight })),
    options: { cloud: { seed: '1' }, flow: { seed: '1' } },
    count: {},
    text: '',
    images: {},
  };
}

/** Checks a state read from storage or a file; returns it, or throws an Error saying what is wrong. */
export function checkedState(value) {
  if (!value || typeof value !== 'object' || value.format !== FORMAT) {
    throw new Error('not a TagCloud editor file (it has no "format": "tagcloud-editor")');
  }
  if (value.version !== VERSION) throw new Error(`editor file version ${value.version} is not ${VERSION}`);
  if (!['cloud', 'flow'].includes(value.command)) throw new Error('"command" must be "cloud" or "flow"');
  if (!Array.isArray(value.tags)) throw new Error('"tags" must be a list');
  const state = initialState();
  state.command = value.command;
  state.tags = value.tags.filter((t) => t && typeof t.text === 'string').map((t) => tagOf(t, t.pin));
  for (const command of ['cloud', 'flow']) {
    state.options[command] = plainObject(value.options && value.options[command]);
  }
  state.count = plainObject(value.count);
  state.text = typeof value.text === 'string' ? value.text : '';
  for (const [name, image] of Object.entries(plainObject(value.images))) {
    if (image && typeof image.data === 'string' && image.data.startsWith('data:image/png;base64,')) {
      state.images[name] = { name: String(image.name || name + '.png'), data: image.data };
    }
  }
  return state;
}

/**
 * A table row from a term: a state's tag (`pin` an object) or a term of the server's JSON tag list
 * (`pin` given as its fields `x`, `y`, `angle`, `size`).
 */
export function tagOf(t, pin = t) {
  const tag = { text: t.text, weight: Number.isFinite(t.weight) ? t.weight : 1 };
  for (const key of ['color', 'link', 'group']) if (typeof t[key] === 'string' && t[key]) tag[key] = t[key];
  if (pin && Number.isFinite(pin.x) && Number.isFinite(pin.y)) {
    tag.pin = { x: pin.x, y: pin.y, angle: Number.isFinite(pin.angle) ? pin.angle : 0 };
    if (Number.isFinite(pin.size)) tag.pin.size = pin.size;
  }
  return tag;
}

function plainObject(value) {
  const out = {};
  if (!value || typeof value !== 'object') return out;
  for (const [k, v] of Object.entries(value)) {
    if (typeof v === 'string' || typeof v === 'boolean' || (Array.isArray(v) && v.every((s) => typeof s === 'string'))) {
      out[k] = v;
    }
  }
  return out;
}

/** The state with its history: `commit` records a step, `undo` and `redo` walk the steps. */
export class History {
  constructor(state) {
    this.state = state;
    this.past = [];
    this.future = [];
    this.listeners = [];
  }

  /** Calls `listener(state, reason)` after every change. */
  onChange(listener) {
    this.listeners.push(listener);
  }

  /**
   * Applies `change` (a function that edits a copy of the state) as one step. Steps with the same
   * `coalesce` key within a second are merged, so typing a word is one step, not one per letter.
   */
  commit(change, { coalesce = null, reason = 'edit' } = {}) {
    const before = JSON.stringify(this.state);
    const next = JSON.parse(before);
    change(next);
    const after = JSON.stringify(next);
    if (after === before) return;
    const now = Date.now();
    const merge = coalesce && this.lastKey === coalesce && now - this.lastTime < 1000;
    if (!merge) {
      this.past.push(before);
      if (this.past.length > HISTORY_LIMIT) this.past.shift();
    }
    this.lastKey = coalesce;
    this.lastTime = now;
    this.future = [];
    this.state = next;
    this.emit(reason);
  }

  /** Replaces the whole state (an import) as one step. */
  replace(state) {
    this.commit((s) => {
      for (const key of Object.keys(s)) delete s[key];
      Object.assign(s, JSON.parse(JSON.stringify(state)));
    }, { reason: 'replace' });
  }

  get canUndo() {
    return this.past.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }

  undo() {
    if (!this.canUndo) return;
    this.future.push(JSON.stringify(this.state));
    this.state = JSON.parse(this.past.pop());
    this.lastKey = null;
    this.emit('undo');
  }

  redo() {
    if (!this.canRedo) return;
    this.past.push(JSON.stringify(this.state));
    this.state = JSON.parse(this.future.pop());
    this.lastKey = null;
    this.emit('redo');
  }

  emit(reason) {
    for (const listener of this.listeners) listener(this.state, reason);
  }
}

/** The state saved in local storage, or null. A broken entry is ignored (and reported). */
export function loadStored(report) {
  let text = null;
  try {
    text = window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
  if (!text) return null;
  try {
    return checkedState(JSON.parse(text));
  } catch (e) {
    report(`The saved editor state could not be read (${e.message}); starting afresh.`);
    return null;
  }
}

/** Saves `state` in local storage; returns an error message when the browser refuses (too large). */
export function store(state) {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    return null;
  } catch {
    return 'The browser refused to keep this state across a reload (too large for local storage): use Export.';
  }
}
