// The server's API as the page uses it: the request body a state makes (the same JSON
// `tagcloud COMMAND --config FILE` reads), the calls, and the preview's scheduling, in which only
// the newest request's answer is ever shown.

/** An answer of the server that is not a success: its one-line message and the key to blame. */
export class APIError extends Error {
  constructor(message, key, status) {
    super(message);
    this.key = key || null;
    this.status = status;
  }
}

/** GETs a JSON endpoint. */
export async function getJSON(path) {
  const response = await fetch(path, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw await errorOf(response);
  return response.json();
}

/** POSTs `body` as JSON; answers the response, or throws an APIError. */
export async function post(path, body, signal) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw await errorOf(response);
  return response;
}

async function errorOf(response) {
  try {
    const answer = await response.json();
    return new APIError(answer.error || `HTTP ${response.status}`, answer.key, response.status);
  } catch {
    return new APIError(`the server answered HTTP ${response.status}`, null, response.status);
  }
}

/**
 * The request body of `state`: `{command, ...options, tags}` with `rows`, the table row of each tag
 * sent (empty rows are left out). `images` decides what a mask or colour image becomes: the data
 * URL (for the server) or the file's name (for a configuration file the command line reads).
 */
export function requestBody(state, tables, { images = 'data' } = {}) {
  const command = state.command;
  const body = { command };
  Object.assign(body, optionValues(state.options[command] || {}, tables[command]));
  if (command === 'cloud') {
    for (const name of ['mask', 'color-image']) {
      const image = state.images[name];
      if (image) body[name] = images === 'data' ? image.data : image.name;
    }
  }
  const rows = [];
  body.tags = [];
  state.tags.forEach((tag, row) => {
    if (!tag.text || !tag.text.trim()) return;
    const term = { text: tag.text, weight: Number.isFinite(tag.weight) ? tag.weight : 1 };
    for (const key of ['color', 'link', 'group']) if (tag[key]) term[key] = tag[key];
    // A JSON tag list gives a pin as the fields x, y, angle and size, as the CSV columns are named.
    if (tag.pin && command === 'cloud') Object.assign(term, tag.pin);
    body.tags.push(term);
    rows.push(row);
  });
  return { body, rows };
}

/** The count request of the text tab: `{text, ...count options}`. */
export function countBody(state, tables) {
  return { text: state.text, ...optionValues(state.count, tables.count) };
}

/**
 * The options of `values` (by name) that are set, as the body takes them: empty fields, unset
 * flags and options `specs` does not have left out, empty lines of lists dropped, numbers of
 * number options as numbers.
 */
function optionValues(values, specs) {
  const kinds = new Map(specs.map((o) => [o.name, o.kind]));
  const out = {};
  for (const [name, value] of Object.entries(values)) {
    if (!kinds.has(name) || value === '' || value === false) continue;
    if (Array.isArray(value)) {
      const list = value.filter((v) => v.trim() !== '');
      if (list.length) out[name] = list;
    } else if (kinds.get(name) === 'number' && /^-?\d+(\.\d+)?$/.test(value.trim())) {
      out[name] = Number(value.trim());
    } else {
      out[name] = value;
    }
  }
  return out;
}

/**
 * Lays out the newest state a moment after the last change. A request still running when a newer
 * one starts is aborted, and an answer that arrives for anything but the newest request is dropped,
 * so a slow answer never replaces a newer picture.
 */
export class PreviewScheduler {
  constructor({ onStart, onResult, onError, delay = 200 }) {
    Object.assign(this, { onStart, onResult, onError, delay });
    this.serial = 0;
    this.timer = null;
    this.controller = null;
  }

  /** Asks for a layout of `request` (from `requestBody`) after the delay. */
  schedule(request) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.run(request), this.delay);
  }

  async run(request) {
    const serial = ++this.serial;
    if (this.controller) this.controller.abort();
    const controller = new AbortController();
    this.controller = controller;
    this.onStart();
    try {
      const response = await post('/api/layout', request.body, controller.signal);
      const answer = await response.json();
      if (serial !== this.serial) return;
      this.onResult(answer, request);
    } catch (e) {
      if (serial !== this.serial || e.name === 'AbortError') return;
      this.onError(e instanceof APIError ? e : new APIError(`the server cannot be reached: ${e.message}`));
    } finally {
      if (this.controller === controller) this.controller = null;
    }
  }
}
