// Lays out the newest state in the engine's worker. The worker does one thing at a time, so at most
// one layout is asked for while another runs: the newest request waits, older waiting ones are
// dropped, and an answer for anything but the newest request is never shown. No deliberate delay:
// a word added with Enter is laid out at once; typing in a field waits a moment (`soon`).

import { FILE_NAMES, layoutRequest, previousOf } from './requests.js';

const decoder = new TextDecoder();

/** A layout the engine refused or could not make: the message in plain words, the option to blame. */
export class LayoutError extends Error {
  constructor(message, key = null) {
    super(message);
    this.key = key;
  }
}

/** The message of an engine's result, without the tool's "error: " and with a flag named as the option. */
export function problemOf(result) {
  const line = result.messages.find((m) => m.startsWith('error: ')) ?? 'error: the picture could not be made';
  const message = line.slice('error: '.length);
  const key = /^--?([a-z-]+)\b/.exec(message)?.[1] ?? /--([a-z][a-z-]+)/.exec(message)?.[1] ?? null;
  return new LayoutError(message.charAt(0).toUpperCase() + message.slice(1), key);
}

export class LayoutRunner {
  /**
   * `engine`: a TagCloud (tagcloud.js); `onResult(answer, request)` with answer `{layout, svg,
   * messages, status}`; `onError(error, request)`; `files()` the bytes of the user's files by name.
   */
  constructor(engine, { tables, files, onResult, onError }) {
    Object.assign(this, { engine, tables, files, onResult, onError });
    this.serial = 0;
    this.running = null;
    this.waiting = null;
    this.timer = 0;
    this.previous = null;
  }

  /** Forgets the layout to keep to: the next one starts afresh (Shuffle, a new canvas). */
  forget() {
    this.previous = null;
  }

  /** Lays out `state` now; `pins` are moves being tried (not yet in the state). */
  now(state, { pins = {}, afresh = false } = {}) {
    clearTimeout(this.timer);
    if (afresh) this.previous = null;
    const request = layoutRequest(state, this.tables, { files: this.files(), previous: this.previous, pins });
    request.serial = ++this.serial;
    request.pins = pins;
    request.state = state;
    request.started = performance.now();
    if (this.running) {
      this.waiting = request;
      return;
    }
    this.start(request);
  }

  /** Lays out `state` after a short pause, so each keystroke in a field does not ask for one. */
  soon(state) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.now(state), 120);
  }

  async start(request) {
    this.running = request;
    const args = [request.command, '--config', FILE_NAMES.config, '--svg-outlines', '--format', 'json', '-o', '-'];
    const files = { ...request.files, [FILE_NAMES.config]: JSON.stringify(request.config) };
    let result = null;
    try {
      result = await this.engine.run(args, files, ['svg']);
    } catch (error) {
      result = { status: -1, messages: [`error: the engine stopped: ${error.message}`], output: new Uint8Array(), also: [] };
    }
    this.running = null;
    const newest = request.serial === this.serial;
    if (newest) this.finish(request, result);
    if (this.waiting) {
      const next = this.waiting;
      this.waiting = null;
      this.start(next);
    }
  }

  finish(request, result) {
    if (result.status !== 0 && result.output.length === 0) {
      // A layout kept to a previous one that no longer applies is tried once more afresh.
      if (request.config.previous && result.messages.some((m) => m.includes('--previous'))) {
        this.previous = null;
        this.now(request.state, { pins: request.pins });
        return;
      }
      this.onError(problemOf(result), request);
      return;
    }
    const text = decoder.decode(result.output);
    const layout = JSON.parse(text);
    this.previous = previousOf(layout, text);
    const answer = { layout, svg: decoder.decode(result.also[0] ?? new Uint8Array()), messages: result.messages, status: result.status };
    this.onResult(answer, request);
  }
}
