// The work carried outside the browser's storage: in a link (its fragment, which browsers never
// send to a server) and in a JSON file. Everything read here comes from outside, so it is bounded
// before it is unpacked or parsed; what the state's fields mean is checked by the page.

const MAX_FRAGMENT = 2 * 2 ** 20; // characters of base64url in a link
const MAX_JSON = 64 * 2 ** 20; // bytes of JSON, unpacked from a link or read from a file
const KEY = 's';

/**
 * A link to the page carrying `state` (a JSON-able object) in its fragment: `#s=` + base64url of
 * deflate-raw of the JSON (CompressionStream). Never sent to a server (fragments are not).
 * Throws an Error with a plain message when the state is not plain data or makes a link over 2 MB.
 * @param {object} state
 * @param {string} [pageURL] the page the link opens; its own fragment is replaced
 * @returns {Promise<string>}
 */
export async function shareLink(state, pageURL = location.href) {
  if (typeof CompressionStream !== 'function') throw new Error('This browser cannot make links: use Export instead.');
  const bytes = new TextEncoder().encode(jsonOf(state));
  const packed = await new Response(new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate-raw'))).arrayBuffer();
  const text = base64url(new Uint8Array(packed));
  if (text.length > MAX_FRAGMENT) {
    throw new Error(`This work is too large for a link (${megabytes(text.length)} MB packed, links hold 2 MB): use Export instead.`);
  }
  const url = new URL(pageURL);
  url.hash = `${KEY}=${text}`;
  return url.href;
}

/**
 * The state in a fragment made by shareLink (`location.hash`, with or without its `#`), or null
 * when the fragment carries none. Throws an Error('This link is damaged: …') when it cannot be read:
 * not base64url, over 2 MB, not deflate-raw, unpacking past 64 MB of JSON, not UTF-8, not a JSON object.
 * @param {string} hash
 * @returns {Promise<object|null>}
 */
export async function stateFromFragment(hash) {
  const text = new URLSearchParams(String(hash ?? '').replace(/^#/, '')).get(KEY);
  if (text === null) return null;
  if (text.length > MAX_FRAGMENT) throw damaged('it is longer than any link made here (over 2 MB)');
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) throw damaged('it has letters a link made here never has');
  if (typeof DecompressionStream !== 'function') {
    throw new Error('This browser cannot read links made here: open an exported file instead.');
  }
  const unpacked = slices(bytesOf(text)).pipeThrough(new DecompressionStream('deflate-raw'));
  let bytes;
  try {
    bytes = await readAtMost(unpacked, MAX_JSON);
  } catch (error) {
    throw damaged('its contents cannot be unpacked (it may have been cut short when it was copied)', error);
  }
  if (!bytes) throw damaged('it unpacks to more than 64 MB, more than any work made here');
  return objectOf(bytes, damaged);
}

/**
 * The state as a file to download: pretty JSON, application/json. Throws an Error with a plain
 * message when the state is not plain data.
 * @param {object} state
 * @returns {Blob}
 */
export function exportBlob(state) {
  return new Blob([`${jsonOf(state, 2)}\n`], { type: 'application/json' });
}

/**
 * The state in a file made by exportBlob (or any JSON object): the parsed JSON. Throws an Error with
 * a plain message when the file is over 64 MB, not text, or not a JSON object.
 * @param {Blob|File} file
 * @returns {Promise<object>}
 */
export async function importFile(file) {
  if (!(file instanceof Blob)) throw new TypeError('importFile needs a File or Blob.');
  const name = file.name ? `“${file.name}”` : 'This file';
  if (file.size > MAX_JSON) throw new Error(`${name} is too large to open (it is over 64 MB).`);
  let bytes;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch (error) {
    throw new Error(`${name} could not be read: choose it again.`, { cause: error });
  }
  return objectOf(bytes, (reason, cause) => new Error(`${name} is not a saved work: ${reason}.`, { cause }));
}

/** The JSON text of `state`; a plain error when part of it cannot be written as JSON (a loop, a BigInt). */
function jsonOf(state, indent) {
  let text;
  try {
    text = JSON.stringify(state, null, indent);
  } catch (error) {
    throw new Error('This work cannot be written out because part of it is not plain data.', { cause: error });
  }
  if (typeof text !== 'string') throw new Error('This work cannot be written out because it is empty.');
  return text;
}

/** The JSON object in UTF-8 `bytes`; `fail(reason, cause)` makes the error thrown otherwise. */
function objectOf(bytes, fail) {
  let text, value;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    throw fail('it is not text', error);
  }
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw fail('it is not JSON', error);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail('its JSON holds no work');
  return value;
}

/**
 * `bytes` as a stream of 16 KB pieces, each given only when asked for: a DecompressionStream
 * unpacks a whole piece at once, so small pieces keep what a hostile link unpacks to between two
 * checks of readAtMost small (deflate packs at most about 1000 to 1, so 16 MB a piece).
 */
function slices(bytes, size = 16384) {
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) controller.close();
      else controller.enqueue(bytes.slice(at, (at += size)));
    },
  }, { highWaterMark: 0 });
}

/** The bytes of `stream` joined, or null as soon as they pass `limit` (the rest is not read). */
async function readAtMost(stream, limit) {
  const reader = stream.getReader();
  const chunks = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.byteLength;
    if (length > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(length);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/** The error for a link that cannot be read, saying why. */
function damaged(reason, cause) {
  return new Error(`This link is damaged: ${reason}.`, { cause });
}

/** `size` bytes in MB as people read it: 0.1 to 9.9, then whole numbers. */
function megabytes(size) {
  const mb = size / 2 ** 20;
  return mb >= 10 ? Math.round(mb) : Math.max(0.1, Math.round(mb * 10) / 10);
}

/** base64url without padding, in slices so that long arrays do not overflow the call stack. */
function base64url(bytes) {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The bytes of base64url `text` (checked beforehand to hold only base64url letters). */
function bytesOf(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}
