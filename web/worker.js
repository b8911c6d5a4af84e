// The TagCloud engine in a Web Worker, so a layout never holds up the page (tagcloud.js talks to
// it). Fonts are fetched when a word first needs one, and stop-word lists (stopwords/) when a
// count first needs one, synchronously, as the engine asks for them midway (allowed in workers).
import { loadEngine } from './engine.js';

const base = new URL('.', import.meta.url);
let engine = null;

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

async function ready() {
  if (!engine) {
    const bytes = (name) => fetch(new URL(name, base)).then((r) => {
      if (!r.ok) throw new Error(`cannot load ${name} (${r.status})`);
      return r.arrayBuffer();
    });
    const [wasm, manifest] = await Promise.all([bytes('tagcloud.wasm'), bytes('fonts/manifest.json')]);
    engine = loadEngine(new Uint8Array(wasm), new Uint8Array(manifest), readFont, readSiteFile);
  }
  return engine;
}

self.onmessage = async ({ data: { id, args, files, also } }) => {
  try {
    const result = (await ready()).run(args, files, also);
    self.postMessage({ id, result }, [result.output.buffer, ...result.also.map((b) => b.buffer)]);
  } catch (error) {
    self.postMessage({ id, error: String(error && error.message ? error.message : error) });
  }
};
