// The editor's memory between visits: the work (the state and its undo/redo history) and the files it names
// (masks, colour images, fonts), kept in IndexedDB so that a reload loses nothing and other tabs hear of each
// save. The database: `work` holds one record, the revision and the ids of the state and its history; `states`
// each of those states once, as JSON text, by id; `files` the files by name. A save writes only the states not
// written before and deletes those no longer named, in one transaction: one state's writing per edit.

const [WORK, STATES, FILES] = ['work', 'states', 'files'];
const MAX_STEPS = 100; // past states kept, and future ones
const MAX_HISTORY = 50 * 2 ** 20; // characters of JSON in past and future together
const CHANNEL = 'tagcloud-editor';
const OPEN_TIMEOUT = 10000;
const NO_STORAGE = 'This browser does not let the page keep your work: use Export or Copy link to keep it.';
const NOT_DATA = 'This work could not be saved because part of it is not plain data.';

/** This tab's id, so that saves announced on the channel can be told from this tab's own. */
const TAB = Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, '0')).join('');
let counter = 0;

/**
 * Opens the editor's store (IndexedDB database `name`); never rejects: when IndexedDB is
 * unavailable or refuses, the store keeps things in memory and `problem` says so in plain words.
 */
export async function openStore(name = 'tagcloud-editor') {
  try {
    return new Store(name, new DatabaseKeeper(await openDatabase(name)), null);
  } catch (error) {
    console.warn('store.js: IndexedDB refused, keeping the work in memory only:', error);
    return new Store(name, new MemoryKeeper(), NO_STORAGE);
  }
}

/**
 * The work and its files, as openStore gives them. States are treated as values: a state object
 * written once is not read again for later saves, so the page changes a state by making a new
 * one (as an undo history does) rather than editing one that is in the history. `past` and
 * `future` are stacks, as History in state.js keeps them: the next undo is past's last state, the
 * next redo future's last.
 */
export class Store {
  /** null, or a plain sentence for the page to show when the work cannot be kept. */
  problem;
  #name;
  #keeper;
  #written = new WeakMap(); // state object -> { id, size } of its JSON already in the database
  #queued = null; // { work, waiters } of the newest save not yet started
  #writing = false;
  #seen = 0; // the newest revision this tab has loaded, written or been told of
  #listeners = new Set();
  #channel = null;
  #echo = Promise.resolve();
  #recheck = false; // another tab saved while this one had a save pending
  #closed = false;

  /** Made by openStore. */
  constructor(name, keeper, problem) {
    this.#name = name;
    this.#keeper = keeper;
    this.problem = problem;
    if (keeper instanceof DatabaseKeeper && typeof BroadcastChannel === 'function') {
      this.#channel = new BroadcastChannel(CHANNEL);
      this.#channel.onmessage = ({ data }) => {
        if (data?.name === this.#name && data.tab !== TAB && data.revision > this.#seen) this.#check();
      };
    }
  }

  /** The work as last saved (by any tab), `{ state, past, future, revision }`, or null when nothing was saved. */
  async load() {
    const work = await this.#read();
    if (work) this.#seen = Math.max(this.#seen, work.revision);
    return work;
  }

  /** The revision of the saved work (0 when nothing was saved): it grows by one with each save, from any tab. */
  async revision() {
    return (await this.#get(WORK, WORK))?.revision ?? 0;
  }

  /**
   * Saves the work. Calls may come on every edit: one write runs at a time and only the newest
   * waiting work is written next; a call whose work was overtaken settles with the write that
   * overtook it. The history kept is bounded (100 past, 100 future, 50 MB of JSON, oldest dropped
   * first). Resolves with `{ revision, past, future }`: the revision and how many past and future states
   * were kept. Rejects with an Error whose message is one plain sentence; the work stays on screen.
   */
  save(work) {
    if (this.#closed) return Promise.reject(new Error('This work was not saved because the page closed its storage.'));
    if (!work || work.state === undefined) return Promise.reject(new TypeError('store.save needs { state, past, future }.'));
    const job = this.#queued ??= { waiters: [] };
    job.work = { state: work.state, past: [...(work.past ?? [])], future: [...(work.future ?? [])] }; // the page may push and pop them
    const promise = new Promise((resolve, reject) => job.waiters.push({ resolve, reject }));
    this.#pump();
    return promise;
  }

  /** Starts the newest waiting save when no write runs. */
  #pump() {
    if (this.#writing || !this.#queued) return;
    const job = this.#queued;
    this.#queued = null;
    this.#writing = true;
    this.#write(job.work).then(
      (result) => job.waiters.forEach((w) => w.resolve(result)),
      (error) => job.waiters.forEach((w) => w.reject(error)),
    ).finally(() => {
      this.#writing = false;
      if (this.#queued) this.#pump();
      else if (this.#closed) this.#keeper.close();
      else if (this.#recheck) this.#check();
    });
  }

  /** Writes one work: its new states, the record naming them, then tells the other tabs. */
  async #write(work) {
    const plan = this.#plan(work);
    const write = (op) => writePlan(op, plan);
    const { revision, changed, ids } = await this.#transact([WORK, STATES], 'readwrite', write, 'this work', plan.size);
    // Remembers each state's id (the ids already kept when nothing changed), and the size of those beyond the
    // bound: later saves neither write nor serialize them again.
    for (const [value, made] of plan.named) this.#written.set(value, made);
    plan.entries.forEach(({ value, size, hash: h }, i) => isObject(value) && this.#written.set(value, { id: ids[i], size, hash: h }));
    this.#seen = Math.max(this.#seen, revision);
    if (changed && !this.#closed) this.#channel?.postMessage({ name: this.#name, revision, tab: TAB });
    return { revision, past: plan.past, future: plan.future };
  }

  /** The entries (id, JSON size and hash, state) of one save, its history bounded, and the JSON not yet kept. */
  #plan({ state, past = [], future = [] }) {
    const json = new Map(); // id -> JSON text of the states not yet in the database
    const named = new Map(); // state object -> its entry: for a state named twice, and to remember after the write
    const entry = (value, always) => {
      const known = !always && isObject(value) && (named.get(value) ?? this.#written.get(value));
      if (known) return { ...known, value };
      let text;
      try { text = JSON.stringify(value); } catch (error) { text = error; }
      if (typeof text !== 'string') throw new Error(NOT_DATA, { cause: text });
      const made = { id: `${TAB}-${++counter}`, size: text.length, hash: hash(text) };
      json.set(made.id, text);
      if (isObject(value)) named.set(value, made);
      return { ...made, value };
    };
    // The state shown is written anew at each save: it is the one the page may still be changing.
    const current = entry(state, true);
    const kept = bound(past.slice(-MAX_STEPS).map((v) => entry(v)), future.slice(-MAX_STEPS).map((v) => entry(v)));
    const print = [[current], kept.past, kept.future].map((list) => list.map((e) => e.hash).join()).join('/');
    const entries = [current, ...kept.past, ...kept.future];
    return { entries, json, named, print, past: kept.past.length, future: kept.future.length, size: current.size + kept.size };
  }

  /** Reads the saved work and remembers its states as written, so saving them again costs nothing. */
  async #read() {
    const saved = await this.#transact([WORK, STATES], 'readonly', (op) => {
      const [record, keys, values] = [op.get(WORK, WORK), op.keys(STATES), op.all(STATES)];
      return () => record() && { record: record(), states: new Map(keys().map((key, i) => [key, values()[i]])) };
    });
    if (!saved) return null;
    const parse = (id) => {
      const text = saved.states.get(id);
      if (text === undefined) return undefined;
      const value = JSON.parse(text);
      if (isObject(value)) this.#written.set(value, { id, size: text.length, hash: hash(text) });
      return value;
    };
    try {
      const state = parse(saved.record.state);
      if (state === undefined) return null;
      const list = (ids) => ids.map(parse).filter((value) => value !== undefined);
      return { state, past: list(saved.record.past), future: list(saved.record.future), revision: saved.record.revision };
    } catch (error) {
      throw new Error('The work kept in this browser is damaged and cannot be read: open an exported copy instead.', { cause: error });
    }
  }

  /**
   * Calls `callback({ state, past, future, revision })` when another tab of this page saved its
   * work (never for this tab's own saves), so the page can show that version and say so. Saving
   * the work given, unchanged, writes nothing and tells no tab. Answers a function that stops the calls.
   */
  onOtherTab(callback) {
    this.#listeners.add(callback);
    return () => this.#listeners.delete(callback);
  }

  /**
   * Passes on the saved work when another tab wrote it after all this tab saw. A save pending here
   * lands after the other tab's and is announced to it: the check waits for it instead of showing a version it overwrites.
   */
  #check() {
    this.#recheck = false;
    this.#echo = this.#echo.then(async () => {
      const busy = () => this.#writing || this.#queued;
      if (this.#closed || busy()) return void (this.#recheck = true);
      const record = await this.#get(WORK, WORK);
      const work = record?.tab !== TAB && record?.revision > this.#seen && await this.#read();
      if (!work || work.revision <= this.#seen || this.#closed) return;
      if (busy()) return void (this.#recheck = true);
      this.#seen = work.revision;
      for (const callback of this.#listeners) callback(work);
    }).catch((error) => console.warn('store.js: could not read the work another tab saved:', error));
  }

  /**
   * Keeps a file (a mask, a colour image, a font: a Blob) under `name`, replacing any of that name.
   * Put the file before saving a state that names it, so other tabs find it. Rejects with a plain message.
   */
  async putFile(name, blob) {
    if (!(blob instanceof Blob)) throw new TypeError('store.putFile needs a Blob.');
    // Kept as bytes, not as a Blob: engines differ in keeping Blobs (private windows, Blobs read after a replace).
    const record = { bytes: await blob.arrayBuffer(), type: blob.type, lastModified: blob.lastModified ?? Date.now() };
    await this.#transact([FILES], 'readwrite', (op) => op.put(FILES, String(name), record), `the file “${name}”`, blob.size);
  }

  /** The file kept under `name` (a File, so a Blob, with that name), or null when there is none. */
  async getFile(name) {
    const record = await this.#get(FILES, String(name));
    return record ? new File([record.bytes], String(name), { type: record.type, lastModified: record.lastModified }) : null;
  }

  /** Forgets the file kept under `name` (nothing happens when there is none). */
  async deleteFile(name) {
    await this.#transact([FILES], 'readwrite', (op) => op.remove(FILES, String(name)), `the removal of “${name}”`);
  }

  /** The names of the files kept, sorted. @returns {Promise<string[]>} */
  async fileNames() {
    return (await this.#transact([FILES], 'readonly', (op) => op.keys(FILES))).map(String).sort();
  }

  /** One transaction of the keeper, its errors told in plain words (`what` names what was being written, if anything). */
  #transact(stores, mode, body, what, size) {
    return this.#keeper.transact(stores, mode, body).catch((error) => { throw plainError(error, what, size); });
  }

  /** The record under `key` in `store`, or undefined. */
  #get(store, key) { return this.#transact([store], 'readonly', (op) => op.get(store, key)); }

  /** Stops listening to other tabs and closes the database once the saves already asked for are written. */
  close() {
    this.#closed = true;
    this.#listeners.clear();
    this.#channel?.close();
    if (!this.#writing && !this.#queued) this.#keeper.close();
  }
}

/** Drops the oldest past entries, then the furthest future ones, while past and future hold over MAX_HISTORY. */
function bound(past, future) {
  let size = [...past, ...future].reduce((sum, e) => sum + e.size, 0);
  let [first, start] = [0, 0];
  while (size > MAX_HISTORY && first < past.length) size -= past[first++].size;
  while (size > MAX_HISTORY && start < future.length) size -= future[start++].size;
  return { past: past.slice(first), future: future.slice(start), size };
}

/** A 53-bit hash of `text` (cyrb53): saves that change nothing are told from others by their states' hashes. */
function hash(text) {
  let [h1, h2] = [0xdeadbeef, 0x41c6ce57];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    [h1, h2] = [Math.imul(h1 ^ c, 2654435761), Math.imul(h2 ^ c, 1597334677)];
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (2 ** 32 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const isObject = (value) => typeof value === 'object' && value !== null;

/**
 * One plain sentence for a storage error. `what` names what was being written (none when reading)
 * and `size` its size in characters or bytes, for the quota message. The error stays as the cause.
 */
function plainError(error, what, size = 0) {
  const [name, text] = [error?.name ?? '', String(error?.message ?? '')];
  const shown = size >= 10 * 2 ** 20 ? Math.round(size / 2 ** 20) : Math.max(0.1, Math.round(size / 2 ** 20 * 10) / 10);
  const full = what && (name === 'QuotaExceededError' || error?.code === 22 || /quota/i.test(text));
  const message = full && what === 'this work'
    ? `The browser has no room left to keep this work (${shown} MB): use Export or remove words.`
    : full ? `The browser has no room left to keep ${what} (${shown} MB): use a smaller file, or remove other files.`
    : name === 'VersionError' ? 'A newer version of this editor is open in another tab: reload this page to keep working here.'
    : name === 'InvalidStateError' || /connection|closed/i.test(text)
      ? `The browser closed this page's storage${what ? `, so ${what} was not kept` : ''}: reload the page, or use Export.`
    : what ? `The browser could not keep ${what} in its storage: use Export to keep it.`
    : 'The browser could not read what it keeps for this page: reload the page, or open an exported copy.';
  return new Error(message, { cause: error });
}

/**
 * Queues the writes of one save (see Store.#plan); answers the revision and whether anything was
 * written. A save that changes nothing (a tab keeping what another tab saved and it took) writes
 * nothing and is announced to no one, so two tabs cannot keep answering each other.
 */
function writePlan(op, plan) {
  let answer;
  op.get(WORK, WORK, (old) => {
    if (old?.print === plan.print) {
      return void (answer = { revision: old.revision, changed: false, ids: [old.state, ...old.past, ...old.future] });
    }
    const ids = plan.entries.map((e) => e.id);
    answer = { revision: (old?.revision ?? 0) + 1, changed: true, ids };
    const [state, past, future] = [ids[0], ids.slice(1, 1 + plan.past), ids.slice(1 + plan.past)];
    op.put(WORK, WORK, { revision: answer.revision, tab: TAB, savedAt: Date.now(), state, past, future, print: plan.print });
    op.keys(STATES, (keys) => {
      const present = new Set(keys);
      const values = new Map(plan.entries.map((e) => [e.id, e.value]));
      // A state this tab wrote before may have been dropped by another tab's save: it is written again.
      for (const id of values.keys()) if (!present.has(id)) op.put(STATES, id, plan.json.get(id) ?? JSON.stringify(values.get(id)));
      for (const id of present) if (!values.has(id)) op.remove(STATES, id);
    });
  });
  return () => answer;
}

/** Opens (or makes) the database; rejects when IndexedDB is missing, refuses, or does not answer in time. */
function openDatabase(name) {
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = setTimeout(() => { late = true; reject(new Error('IndexedDB did not open in time.')); }, OPEN_TIMEOUT);
    const request = indexedDB.open(name, 1); // throws where the page may not use it (sandboxed frames)
    request.onupgradeneeded = () => [WORK, STATES, FILES].forEach((store) => request.result.createObjectStore(store));
    request.onsuccess = () => {
      const db = request.result;
      clearTimeout(timer);
      if (late) return db.close();
      // A newer version of the page in another tab needs this connection gone to upgrade.
      db.onversionchange = () => db.close();
      resolve(db);
    };
    request.onerror = () => { clearTimeout(timer); reject(request.error); };
  });
}

/**
 * Keeps the store's records in IndexedDB. `transact(stores, mode, body)` runs one transaction: `body(ops)`
 * queues requests (get, keys, all give their answer to an optional callback and as a function; put, remove)
 * and returns a function giving the answer, resolved once it commits. A dropped connection is opened again once.
 */
class DatabaseKeeper {
  #db;
  #reopening = null;
  constructor(db) { this.#db = db; }

  async transact(stores, mode, body) {
    try {
      return await this.#once(stores, mode, body);
    } catch (error) {
      // WebKit can lose the connection to its database process ("Connection to Indexed Database server lost").
      const lost = error?.name === 'InvalidStateError' || (error?.name === 'UnknownError' && /connection|lost/i.test(error.message));
      if (!lost) throw error;
      this.#reopening ??= openDatabase(this.#db.name).then((db) => { this.#db = db; }).finally(() => { this.#reopening = null; });
      await this.#reopening;
      return this.#once(stores, mode, body);
    }
  }

  #once(stores, mode, body) {
    return new Promise((resolve, reject) => {
      let failure = null;
      const tx = this.#db.transaction(stores, mode);
      // An error thrown while queueing (put throws at once on data it cannot keep) aborts the transaction too.
      const guard = (fn) => (...args) => {
        try { return fn(...args); } catch (error) {
          failure ??= error;
          try { tx.abort(); } catch { /* already finished */ }
        }
      };
      const ask = (request, then) => { request.onsuccess = guard(() => then?.(request.result)); return () => request.result; };
      const ops = {
        get: (store, key, then) => ask(tx.objectStore(store).get(key), then),
        keys: (store, then) => ask(tx.objectStore(store).getAllKeys(), then),
        all: (store, then) => ask(tx.objectStore(store).getAll(), then),
        put: (store, key, value) => { tx.objectStore(store).put(value, key); },
        remove: (store, key) => { tx.objectStore(store).delete(key); },
      };
      const answer = guard(() => body(ops))();
      tx.oncomplete = () => resolve(typeof answer === 'function' ? answer() : undefined);
      tx.onabort = () => reject(failure ?? tx.error ?? new DOMException('The transaction was aborted.', 'AbortError'));
    });
  }

  close() { this.#db.close(); }
}

/** The same records kept in this page's memory, for browsers that refuse IndexedDB. */
class MemoryKeeper {
  #stores = { [WORK]: new Map(), [STATES]: new Map(), [FILES]: new Map() };
  async transact(stores, mode, body) {
    const map = (store) => this.#stores[store], ask = (value, then) => { then?.(value); return () => value; };
    const answer = body({
      get: (store, key, then) => ask(structuredClone(map(store).get(key)), then),
      keys: (store, then) => ask([...map(store).keys()], then),
      all: (store, then) => ask([...map(store).values()], then),
      put: (store, key, value) => { map(store).set(key, structuredClone(value)); },
      remove: (store, key) => { map(store).delete(key); },
    });
    return typeof answer === 'function' ? answer() : undefined;
  }
  close() {}
}
