// The host side of the TagCloud engine (tagcloud.wasm, built from Sources/TagCloudEngine): loads
// the module with the little of WASI it uses, hands it the font manifest, and runs `cloud`, `flow`
// and `count` command lines with the files they name. Shared by the page's worker (worker.js) and
// the Node runner (tagcloud.mjs); it has no I/O of its own: the caller gives `readFont` and
// `readSiteFile`.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** WASI preview 1, as far as the engine needs it: no files, no clock, random bytes, output dropped. */
function wasiImports(memory, log) {
  const BADF = 8, NOENT = 44;
  const view = () => new DataView(memory().buffer);
  return {
    environ_get: () => 0,
    environ_sizes_get: (count, size) => { view().setUint32(count, 0, true); view().setUint32(size, 0, true); return 0; },
    fd_close: () => 0,
    fd_fdstat_get: () => BADF,
    fd_fdstat_set_flags: () => BADF,
    fd_prestat_get: () => BADF,
    fd_prestat_dir_name: () => BADF,
    fd_read: () => BADF,
    fd_seek: () => BADF,
    fd_write: (fd, iovs, count, written) => {
      let total = 0;
      for (let i = 0; i < count; i++) {
        const base = view().getUint32(iovs + 8 * i, true), length = view().getUint32(iovs + 8 * i + 4, true);
        log(decoder.decode(new Uint8Array(memory().buffer, base, length)));
        total += length;
      }
      view().setUint32(written, total, true);
      return 0;
    },
    path_open: () => NOENT,
    proc_exit: (code) => { throw new Error(`the engine stopped (exit ${code})`); },
    random_get: (buffer, length) => { crypto.getRandomValues(new Uint8Array(memory().buffer, buffer, length)); return 0; },
  };
}

/** A request frame: the arguments, the files, the further formats (Sources/TagCloudEngine/EngineFrames.swift). */
function requestFrame(args, files, also) {
  const chunks = [];
  const length = (n) => { const b = new Uint8Array(4); new DataView(b.buffer).setUint32(0, n, true); chunks.push(b); };
  const chunk = (bytes) => { length(bytes.length); chunks.push(bytes); };
  length(args.length);
  for (const arg of args) chunk(encoder.encode(arg));
  const entries = Object.entries(files);
  length(entries.length);
  for (const [path, bytes] of entries) { chunk(encoder.encode(path)); chunk(typeof bytes === 'string' ? encoder.encode(bytes) : bytes); }
  length(also.length);
  for (const format of also) chunk(encoder.encode(format));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) { out.set(c, offset); offset += c.length; }
  return out;
}

/** The response frame at `pointer`: status, messages, the output's path and bytes, further formats (copied). */
function readResponse(memory, pointer) {
  const view = new DataView(memory.buffer);
  let offset = pointer + 4;
  const status = view.getInt32(offset, true);
  offset += 4;
  const chunk = () => {
    const n = view.getUint32(offset, true);
    const bytes = new Uint8Array(memory.buffer.slice(offset + 4, offset + 4 + n));
    offset += 4 + n;
    return bytes;
  };
  const messages = decoder.decode(chunk());
  const path = decoder.decode(chunk());
  const output = chunk();
  const end = pointer + view.getUint32(pointer, true);
  const also = [];
  while (offset < end) also.push(chunk());
  return { status, messages: messages ? messages.split('\n') : [], path, output, also };
}

/**
 * The `size` and `read` imports through which the engine asks for a host's file by path (a font,
 * a stop-word list): `load(path)` gives its bytes or null, at once; a file is loaded once until read.
 */
function hostFiles(memory, load) {
  const files = new Map();
  const name = (pointer, length) => decoder.decode(new Uint8Array(memory().buffer, pointer, length));
  const file = (path) => {
    if (!files.has(path)) files.set(path, load(path));
    return files.get(path);
  };
  return {
    size: (pointer, length) => { const f = file(name(pointer, length)); return f ? f.length : -1; },
    read: (pointer, length, into) => {
      const path = name(pointer, length), f = file(path);
      if (!f) return 1;
      new Uint8Array(memory().buffer, into, f.length).set(f);
      files.delete(path);
      return 0;
    },
  };
}

/**
 * Loads the engine from `wasm` (bytes or a compiled module) with the font `manifest` (bytes of
 * `tagcloud fonts --manifest`). `readFont(path)` gives a font file's bytes (or null) when a word
 * first needs it; `readSiteFile(path)` a file of the site's (a built-in stop-word list,
 * `stopwords/en.txt`; ICU's data, `icu/icudata.dat`) when a count first needs it. Both must answer at once (a worker
 * uses synchronous requests).
 */
export async function loadEngine(wasm, manifest, readFont, readSiteFile = () => null) {
  let instance;
  const memory = () => instance.exports.memory;
  const fonts = hostFiles(memory, readFont), siteFiles = hostFiles(memory, readSiteFile);
  const imports = {
    wasi_snapshot_preview1: wasiImports(memory, (text) => console.error(text)),
    tagcloud: {
      font_size: fonts.size,
      font_read: fonts.read,
      site_file_size: siteFiles.size,
      site_file_read: siteFiles.read,
    },
  };
  const module = wasm instanceof WebAssembly.Module ? wasm : await WebAssembly.compile(wasm);
  instance = await WebAssembly.instantiate(module, imports);
  instance.exports._initialize();
  const e = instance.exports;
  const manifestPointer = e.tagcloud_alloc(manifest.length);
  new Uint8Array(memory().buffer, manifestPointer, manifest.length).set(manifest);
  e.tagcloud_init(manifestPointer, manifest.length);
  e.tagcloud_free(manifestPointer);
  return {
    /**
     * Runs a command line (`['cloud', '--input', 't.tsv', '-o', 'a.svg']`, `['count', '--text',
     * 'a.txt']`) with `files` by path;
     * `also` lists further formats (`['svg']`) the same layout is written in.
     */
    run(args, files = {}, also = []) {
      const request = requestFrame(args, files, also);
      const pointer = e.tagcloud_alloc(request.length);
      new Uint8Array(memory().buffer, pointer, request.length).set(request);
      const response = e.tagcloud_run(pointer, request.length);
      e.tagcloud_free(pointer);
      const result = readResponse(memory(), response);
      e.tagcloud_free(response);
      return result;
    },
  };
}
