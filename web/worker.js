// The TagCloud engine in a Web Worker, so a layout never holds up the page (tagcloud.js talks to
// it). Fonts are fetched when a word first needs one, and stop-word lists (stopwords/) when a
// count first needs one, synchronously, as the engine asks for them midway (allowed in workers).
import { loadEngine } from './engine.js';

const base = new URL('.', import.meta.url);

/** The bytes of the site's file at `path` (relative to it), fetched synchronously, or null. */
function readSiteFile(path) {
  const request = new XMLHttpRequest();
  request.open('GET', new URL(path, base), false);
  request.responseType = 'arraybuffer';
  try { request.send(); } catch { return null; }
  return request.status === 200 ? new Uint8Array(request.response) : null;
}

/** The bytes of the site's copy of the font at `path` (fonts/ + the path), or null. */
const readFont = (path) => readSiteFile('fonts' + path);

/** The engine, loaded once: the same promise for every command that comes while it loads. */
let loading = null;
function ready() {
  loading ??= (async () => {
    const bytes = (name) => fetch(new URL(name, base)).then((r) => {
      if (!r.ok) throw new Error(`cannot load ${name} (${r.status})`);
      return r.arrayBuffer();
    });
    const [wasm, manifest] = await Promise.all([bytes('tagcloud.wasm'), bytes('fonts/manifest.json')]);
    return loadEngine(new Uint8Array(wasm), new Uint8Array(manifest), readFont, readSiteFile);
  })().catch((error) => {
    loading = null; // the next command tries again, and reports why if it fails again
    throw error;
  });
  return loading;
}

// The engine starts loading with the worker, while the page sets itself up.
ready().catch(() => {});

self.onmessage = async ({ data: { id, args, files, also } }) => {
  try {
    const result = (await ready()).run(args, files, also);
    self.postMessage({ id, result }, [result.output.buffer, ...result.also.map((b) => b.buffer)]);
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};
