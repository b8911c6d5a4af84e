// What the engine is asked for a state: a layout (the configuration `tagcloud COMMAND --config`
// reads, with the files it names), a count of the text with the user's own stop words, the words
// typed in "Add a word". One place turns the state into engine calls, so the picture, the
// downloads and the copied command all say the same thing.

/** The name the configuration gives each file the user handed over, as the command line would read them. */
export const FILE_NAMES = { previous: 'previous.json', config: 'tagcloud.json' };

/**
 * The option values of `values` that are set, as a configuration takes them: empty fields and
 * unset flags left out, options `specs` does not list left out, empty lines of lists dropped,
 * numbers of number options as numbers.
 */
export function optionValues(values, specs) {
  const kinds = new Map((specs || []).map((o) => [o.name, o.kind]));
  const out = {};
  for (const [name, value] of Object.entries(values || {})) {
    if (!kinds.has(name) || value === '' || value === false || value === undefined) continue;
    if (Array.isArray(value)) {
      const list = value.map((v) => v.trim()).filter((v) => v !== '');
      if (list.length) out[name] = list;
    } else if (kinds.get(name) === 'number' && /^-?\d+(\.\d+)?$/.test(String(value).trim())) {
      out[name] = Number(String(value).trim());
    } else {
      out[name] = value;
    }
  }
  return out;
}

/** The tag of a word as a configuration's `tags` lists it: a pin as its fields x, y, angle and size. */
function tagOf(word, command) {
  const tag = { text: word.text, weight: word.weight };
  for (const key of ['color', 'link', 'group', 'font']) if (word[key]) tag[key] = word[key];
  // A pin's angle wins over the word's own, as the library has it.
  if (Number.isFinite(word.angle) && command === 'cloud' && !word.pin) tag.angle = word.angle;
  if (word.pin && command === 'cloud') Object.assign(tag, word.pin);
  return tag;
}

/**
 * The layout request of `state`: `{command, config, files, rows}`, where `rows[i]` is the index in
 * `state.words` of the configuration's i-th tag. `files` holds the bytes of the files the user gave
 * (by name), `previous` the layout JSON to keep words in place (only passed when it is of the same
 * kind and canvas), `pins` pins not yet in the state (a drag being tried).
 */
export function layoutRequest(state, tables, { files = {}, previous = null, pins = {} } = {}) {
  const command = state.command;
  const config = optionValues(state.options[command], tables[command]);
  config.seed = state.seed;
  const given = {};
  if (command === 'cloud') {
    for (const key of ['mask', 'color-image']) {
      const name = state.files[key];
      if (name && files[name]) { config[key] = name; given[name] = files[name]; }
    }
  }
  // The user's font is handed over whenever there is one: the font option or a word may name it.
  const font = state.files.font;
  if (font && files[font]) given[font] = files[font];
  const rows = [];
  config.tags = [];
  state.words.forEach((word, row) => {
    if (!word.text.trim()) return;
    const pinned = pins[row] ? { ...word, pin: pins[row] } : word;
    config.tags.push(tagOf(pinned, command));
    rows.push(row);
  });
  if (previous && fits(previous, config, command, tables[command])) {
    config.previous = FILE_NAMES.previous;
    given[FILE_NAMES.previous] = previous.text;
  }
  return { command, config, files: given, rows };
}

/**
 * Whether layout `previous` (`{kind, width, height, text}`) can be kept to by a layout of `config`:
 * the same kind, and the canvas `config` asks for (its width and height, else the defaults the
 * option tables `specs` give).
 */
function fits(previous, config, command, specs) {
  const size = (name) => config[name] ?? Number(specs.find((o) => o.name === name)?.default);
  if (previous.kind !== command) return false;
  if (command === 'flow') return previous.width === size('width');
  if (config.mask) return false;
  return previous.width === size('width') && previous.height === size('height');
}

/** What a layout leaves to keep the next one to: its kind, canvas and JSON text. */
export function previousOf(layout, text) {
  return { kind: layout.kind, width: layout.size?.width, height: layout.size?.height, text };
}

/**
 * The count request of the state's text: `count` options (`{language, phrase, ...}`) as
 * `TagCloud.count` takes them, the user's own stop words for the language added.
 */
export function countOptions(state, language) {
  const options = {};
  for (const [name, value] of Object.entries(state.options.count || {})) {
    if (value === '' || value === false) continue;
    const key = name.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
    options[key] = Array.isArray(value) ? value.filter((v) => v.trim() !== '') : value;
  }
  const own = ownStopWords(state, language);
  if (own.length) options.addStopwords = own.join('\n');
  return options;
}

/** The user's own stop words that apply to a text in `language` ('' when not known): its list and the list for any language. */
function ownStopWords(state, language) {
  return [...(state.stopwords[language] || []), ...(language ? state.stopwords.any || [] : [])]
    .filter((w, i, all) => all.indexOf(w) === i);
}
