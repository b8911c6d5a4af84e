// TagCloud for web pages: the engine of the `tagcloud` command, compiled to WebAssembly, in a Web
// Worker. The same configuration as `tagcloud cloud --config` gives the same layout, byte for
// byte. Declarations: tagcloud.d.ts; a page using it: example.html.
//
//   import { TagCloud } from './tagcloud.js';
//   const tagcloud = new TagCloud();
//   const { layout, svg } = await tagcloud.layout({ width: 600, height: 400, tags: [{ text: 'swift', weight: 3 }] });
//   const { table } = await tagcloud.count('Down the rabbit hole…', { top: 50 });

const decoder = new TextDecoder();

/** A command the engine refused or could not finish: `status` is the tool's exit status. */
export class TagCloudError extends Error {
  constructor(result) {
    const error = result.messages.find((m) => m.startsWith('error: ')) ?? 'error: the engine failed';
    super(error.slice('error: '.length));
    this.name = 'TagCloudError';
    this.status = result.status;
    this.messages = result.messages;
  }
}

/** The options that name a file: their values are the files' texts, handed over with the command. */
const fileOptions = new Set(['stopwords', 'add-stopwords']);

/**
 * The command-line options of `options` (`{ noCollocations: true, top: 50 }` → `--no-collocations
 * --top 50`): true for a flag, an array for a repeated option; a file option's text goes in `files`.
 */
function countArguments(options, files) {
  const args = [];
  for (const [key, value] of Object.entries(options)) {
    const name = key.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());
    for (const [i, item] of [value].flat().entries()) {
      if (item === false || item === undefined || item === null) continue;
      if (item === true) { args.push('--' + name); continue; }
      if (fileOptions.has(name)) {
        const path = `${name}-${i}.txt`;
        files[path] = String(item);
        args.push('--' + name, path);
      } else {
        args.push('--' + name, String(item));
      }
    }
  }
  return args;
}

/** The engine, running in its own worker; `base` is where the site's files are (default: beside this module). */
export class TagCloud {
  constructor({ base = new URL('.', import.meta.url) } = {}) {
    this.worker = new Worker(new URL('worker.js', base), { type: 'module' });
    this.pending = new Map();
    this.next = 0;
    this.worker.onmessage = ({ data }) => {
      const { resolve, reject } = this.pending.get(data.id);
      this.pending.delete(data.id);
      if (data.error) reject(new Error(data.error)); else resolve(data.result);
    };
    this.worker.onerror = (event) => {
      for (const { reject } of this.pending.values()) reject(new Error(event.message || 'the engine failed to load'));
      this.pending.clear();
    };
  }

  /**
   * Runs a `tagcloud cloud`, `flow` or `count` command line with `files` (path → text or bytes); `also` lists
   * further formats the same layout is written in. Resolves to the exit status, the messages, the
   * output's path and bytes, whatever the status.
   */
  run(args, files = {}, also = []) {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, args, files, also });
    });
  }

  /**
   * Lays out `config` (the keys of `tagcloud cloud --config`, its words in `tags`) and resolves to
   * the layout (the tool's layout JSON, parsed), its SVG and the notes; rejects with a
   * TagCloudError naming the bad input. `command: 'flow'` lays out rows of tags instead; `files`
   * holds the files the configuration names by path (`mask: 'shape.png'` → `{ 'shape.png': bytes }`).
   */
  async layout(config, { command = 'cloud', files = {} } = {}) {
    const args = [command, '--config', 'config.json', '--format', 'json', '-o', '-'];
    const result = await this.run(args, { ...files, 'config.json': JSON.stringify(config) }, ['svg']);
    if (result.status !== 0 && result.output.length === 0) throw new TagCloudError(result);
    const layout = JSON.parse(decoder.decode(result.output));
    return { layout, svg: decoder.decode(result.also[0] ?? new Uint8Array()), messages: result.messages, status: result.status };
  }

  /**
   * A PNG of `config` as a Blob, drawn by this browser from the layout's SVG with every word as
   * its outlines (so no font of the browser's is involved): the tool's geometry, the browser's
   * anti-aliasing, not the bytes `tagcloud` writes (Cairo draws those). Needs a page (a canvas).
   */
  async png(config, { command = 'cloud', files = {}, scale = 1 } = {}) {
    const args = [command, '--config', 'config.json', '--svg-outlines', '--format', 'svg', '-o', '-'];
    const result = await this.run(args, { ...files, 'config.json': JSON.stringify(config) });
    if (result.status !== 0 && result.output.length === 0) throw new TagCloudError(result);
    return pngFromSVG(decoder.decode(result.output), { scale });
  }

  /**
   * Counts the words of `text` as `tagcloud count --text` does and resolves to the table, most
   * frequent first, as `[{ text, weight }]`, with the notes and the code of the language it was
   * counted in ('' when none was found); rejects with a TagCloudError naming
   * the bad input. `options` are count's, by their long names: `{ language: 'fr', top: 50,
   * phrase: ['New York'], noCollocations: true, stopwords: 'the\nof' }` (a file option takes
   * the file's text).
   */
  async count(text, options = {}) {
    const files = { 'text.txt': text };
    const args = ['count', '--text', 'text.txt', ...countArguments(options, files)];
    const result = await this.run(args, files, ['language']);
    if (result.status !== 0) throw new TagCloudError(result);
    const language = decoder.decode(result.also[0] ?? new Uint8Array());
    return { table: tagTable(result.output), messages: result.messages, language };
  }

  /** Stops the worker; the object cannot be used afterwards. */
  terminate() {
    this.worker.terminate();
  }
}

/** The `word<TAB>weight` lines the engine writes (a count's table, typed words) as `[{ text, weight }]`. */
export function tagTable(bytes) {
  return decoder.decode(bytes).split('\n').filter((line) => line !== '').map((line) => {
    const tab = line.lastIndexOf('\t');
    return { text: line.slice(0, tab), weight: Number(line.slice(tab + 1)) };
  });
}

/**
 * `svg` (a drawing the engine wrote, best with `--svg-outlines`) drawn on a canvas `scale` times
 * its size and encoded as a PNG Blob, by the browser.
 */
export async function pngFromSVG(svg, { scale = 1 } = {}) {
  const size = (name) => Number((svg.match(new RegExp(`<svg[^>]*\\s${name}="([0-9.]+)"`)) ?? [])[1]);
  const [width, height] = [size('width'), size('height')];
  if (!(width > 0 && height > 0)) throw new Error('the SVG has no width and height');
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    canvas.getContext('2d').drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the PNG could not be made'))), 'image/png');
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

