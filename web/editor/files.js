// The user's files (a picture for the shape, one for the colours, a font) kept in the browser's
// store by name, as a configuration names them; and what the page saves: the picture in each
// format, the editor file, the command line that makes the same picture.

import { pngFromSVG, TagCloudError } from '../tagcloud.js';
import { FILE_NAMES } from './requests.js';

/** The largest file taken: a picture or font beyond this is refused in plain words. */
const MAXIMUM_FILE = 32 << 20;
const KINDS = {
  mask: { what: 'a PNG picture', test: (name) => /\.png$/i.test(name) },
  'color-image': { what: 'a PNG picture', test: (name) => /\.png$/i.test(name) },
  font: { what: 'a font file (.ttf, .otf, .woff or .woff2)', test: (name) => /\.(ttf|otf|woff2?)$/i.test(name) },
};

/** A file name a configuration can carry: plain characters only, its extension kept. */
function safeName(name) {
  return name.normalize('NFC').replace(/[^\p{L}\p{N}._ -]/gu, '_').replace(/^\.+/, '').slice(-100) || 'file';
}

/** The bytes of the user's files by name, kept in memory once read (layouts need them at once). */
export class UserFiles {
  constructor(store) {
    this.store = store;
    this.bytes = {};
  }

  /** Reads the files `names` from the store into memory; names it does not have are skipped. */
  async load(names) {
    for (const name of names) {
      if (!name || this.bytes[name]) continue;
      const blob = await this.store.getFile(name);
      if (blob) this.bytes[name] = new Uint8Array(await blob.arrayBuffer());
    }
  }

  /**
   * Keeps `file` for `kind` (`mask`, `color-image`, `font`): checked, stored, and its name (as the
   * configuration names it) answered; throws an Error in plain words when it cannot be taken.
   */
  async take(kind, file) {
    const { what, test } = KINDS[kind];
    if (!test(file.name)) throw new Error(`“${file.name}” is not ${what}.`);
    if (file.size > MAXIMUM_FILE) throw new Error(`“${file.name}” is larger than ${MAXIMUM_FILE >> 20} MB.`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    const name = await this.freeName(safeName(file.name), bytes);
    await this.store.putFile(name, new Blob([bytes]));
    this.bytes[name] = bytes;
    return name;
  }

  /**
   * `name`, or, when another file already has it, `name` with a number: the engine keeps a font's
   * bytes by name for as long as the page is open, so a new file must not take an old one's name.
   */
  async freeName(name, bytes) {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    for (let n = 1; n < 1000; n++) {
      const candidate = n === 1 ? name : `${stem} ${n}${ext}`;
      const kept = this.bytes[candidate] ?? await this.store.getFile(candidate).then((b) => b && b.arrayBuffer());
      if (!kept || same(new Uint8Array(kept), bytes)) return candidate;
    }
    return `${stem} ${Date.now()}${ext}`;
  }
}

/** Whether two byte arrays hold the same bytes. */
function same(a, b) {
  return a.length === b.length && a.every((byte, i) => byte === b[i]);
}

/** Offers `blob` as a download named `name`. */
export function save(blob, name) {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 2000);
}

const TYPES = { svg: 'image/svg+xml', html: 'text/html', json: 'application/json' };

/**
 * Saves the picture of `request` (from `layoutRequest`) as `format`: SVG, HTML and JSON are the
 * engine's bytes, the same as the command line writes; PNG is drawn by this browser from the
 * layout's outlines at twice the size, for sharp screens.
 */
export async function downloadPicture(engine, request, format) {
  const outlines = format === 'png';
  const args = [request.command, '--config', FILE_NAMES.config, ...(outlines ? ['--svg-outlines'] : []),
    '--format', outlines ? 'svg' : format, '-o', '-'];
  const files = { ...request.files, [FILE_NAMES.config]: JSON.stringify(request.config) };
  const result = await engine.run(args, files);
  if (result.status !== 0 && result.output.length === 0) throw new TagCloudError(result);
  if (format === 'png') {
    save(await pngFromSVG(new TextDecoder().decode(result.output), { scale: 2 }), 'tagcloud.png');
  } else {
    save(new Blob([result.output], { type: TYPES[format] }), `tagcloud.${format}`);
  }
}

/**
 * The configuration file and the command line that make the picture of `request` with the
 * `tagcloud` command: `{config, command, files, previous}`, where `files` are the user's files the
 * configuration names (to put beside it) and `previous` the layout it keeps to (saved with it), if any.
 */
export function commandLine(request, format = 'png') {
  const files = Object.keys(request.files).filter((name) => name !== FILE_NAMES.previous);
  const command = `tagcloud ${request.command} --config ${FILE_NAMES.config} -o tagcloud.${format}`;
  return { config: JSON.stringify(request.config, null, 2) + '\n', command, files, previous: request.files[FILE_NAMES.previous] };
}
