// The editor's state: what the user made (the words, the choices, the text, their own stop words,
// the names of the files they gave), and its history for undo and redo. Everything the page shows
// is drawn from this one object, so a reload, another tab, a share link or an import restores it all.

export const FORMAT = 'tagcloud-editor';
export const VERSION = 2;
/** Undo steps kept (the store also bounds their size). */
const HISTORY_LIMIT = 100;

// Scripts DejaVu Sans sets, so a first visit loads one font: a Chinese word would fetch a 20 MB one.
const SAMPLE = [
  ['word cloud', 8], ['tag cloud', 7], ['your words', 6], ['privacy', 5], ['browser', 5], ['shapes', 4],
  ['colours', 4], ['fonts', 4], ['pixel-exact', 3], ['SVG', 3], ['PNG', 3], ['offline', 3], ['Unicode', 3],
  ['drag to pin', 2], ['undo', 2], ['share', 2], ['Γειά', 2], ['مرحبا', 2], ['Привет', 2], ['free', 1],
];

/** A new editor's state: a sample cloud, the choices at their defaults, seed 1. */
export function initialState() {
  return {
    format: FORMAT,
    version: VERSION,
    command: 'cloud',
    words: SAMPLE.map(([text, weight]) => ({ text, weight })),
    // Equal weights give equal sizes: a person who types three words of weight 1 expects three
    // words of one size, not the shrink-to-fit sizes of the command line's default. Exact sizes
    // give the lightest weight the smallest size, so that is one a person can read.
    options: { cloud: { sizes: 'exact', 'min-size': '12' }, flow: {}, count: {} },
    seed: 1,
    text: '',
    source: 'words',
    countLanguage: '',
    stopwords: {},
    files: {},
  };
}

const WORD_KEYS = ['color', 'link', 'group', 'font'];
const FILE_KEYS = ['mask', 'color-image', 'font'];

/** A word of a state from any object: its text, a positive weight, its details and pin if given. */
export function wordOf(value) {
  const weight = Number(value.weight);
  const word = { text: String(value.text).slice(0, 1000), weight: Number.isFinite(weight) && weight > 0 ? weight : 1 };
  for (const key of WORD_KEYS) if (typeof value[key] === 'string' && value[key]) word[key] = value[key];
  const angle = Number(value.angle);
  if (value.angle !== undefined && value.angle !== '' && Number.isFinite(angle) && Math.abs(angle) <= 360) word.angle = angle;
  const pin = value.pin;
  if (pin && Number.isFinite(pin.x) && Number.isFinite(pin.y)) {
    word.pin = { x: pin.x, y: pin.y, angle: Number.isFinite(pin.angle) ? pin.angle : 0 };
    if (Number.isFinite(pin.size) && pin.size > 0) word.pin.size = pin.size;
  }
  return word;
}

/** Checks a state from storage, a file or a link; returns a clean copy, or throws an Error saying what is wrong. */
export function checkedState(value) {
  if (!value || typeof value !== 'object' || value.format !== FORMAT) {
    throw new Error('This is not a TagCloud editor file (it has no "format": "tagcloud-editor").');
  }
  if (value.version !== VERSION) throw new Error(`This editor file is version ${value.version}; this page reads version ${VERSION}.`);
  if (!Array.isArray(value.words)) throw new Error('This editor file has no list of words.');
  const state = initialState();
  state.command = value.command === 'flow' ? 'flow' : 'cloud';
  state.words = value.words.filter((w) => w && typeof w.text === 'string' && w.text.trim()).map(wordOf);
  for (const command of ['cloud', 'flow', 'count']) state.options[command] = plainObject(value.options?.[command]);
  state.seed = Number.isSafeInteger(value.seed) && value.seed > 0 ? value.seed : 1;
  state.text = typeof value.text === 'string' ? value.text : '';
  state.source = value.source === 'text' ? 'text' : 'words';
  state.countLanguage = typeof value.countLanguage === 'string' ? value.countLanguage.slice(0, 8) : '';
  for (const [language, list] of Object.entries(plainObject(value.stopwords))) {
    if (Array.isArray(list)) state.stopwords[language] = list.slice(0, 100000);
  }
  for (const key of FILE_KEYS) if (typeof value.files?.[key] === 'string') state.files[key] = value.files[key];
  return state;
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
  constructor(state, past = [], future = []) {
    this.state = state;
    this.past = past;
    this.future = future;
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
    const next = structuredClone(this.state);
    change(next);
    const now = Date.now();
    const merge = coalesce && this.lastKey === coalesce && now - this.lastTime < 1000;
    if (!merge) {
      this.past.push(this.state);
      if (this.past.length > HISTORY_LIMIT) this.past.shift();
    }
    this.lastKey = coalesce;
    this.lastTime = now;
    this.future = [];
    this.state = next;
    this.emit(reason);
  }

  /** Replaces the whole state (an import, a link) as one step that Undo takes back. */
  replace(state, reason = 'replace') {
    this.commit((s) => {
      for (const key of Object.keys(s)) delete s[key];
      Object.assign(s, structuredClone(state));
    }, { reason });
  }

  /** Takes what another tab saved: its state and history, as they are. */
  adopt({ state, past, future }) {
    this.state = state;
    this.past = past;
    this.future = future;
    this.lastKey = null;
    this.emit('other-tab');
  }

  get canUndo() {
    return this.past.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }

  undo() {
    if (!this.canUndo) return;
    this.future.push(this.state);
    this.state = this.past.pop();
    this.lastKey = null;
    this.emit('undo');
  }

  redo() {
    if (!this.canRedo) return;
    this.past.push(this.state);
    this.state = this.future.pop();
    this.lastKey = null;
    this.emit('redo');
  }

  emit(reason) {
    for (const listener of this.listeners) listener(this.state, reason);
  }
}
