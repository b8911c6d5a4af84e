// The editor's start and its one loop: every change is a step of the history; after each step the
// page shows the state, keeps it (the browser's store), and lays it out again in the engine,
// keeping words where the last picture had them. The picture is the place to work: its words are
// buttons to select, drag, move with the keyboard and hide.

import { TagCloud } from '../tagcloud.js';
import { Controls } from './controls.js';
import { UserFiles } from './files.js';
import { LayoutRunner } from './layouts.js';
import { Preview } from './preview.js';
import { plainWords, say } from './said.js';
import { checkedState, History, initialState } from './state.js';
import { openStore } from './store.js';
import { stateFromFragment } from './share.js';
import { WordTable } from './table.js';
import { wire } from './wiring.js';
import { hideWord, stopWordKey } from './words.js';

const $ = (id) => document.getElementById(id);
/** What a step does to the picture: nothing, a layout a moment later, or one at once. */
const QUIET = new Set(['text', 'stopwords', 'count', 'pinned']);
const SOON = new Set(['type']);

export class Editor {
  async start() {
    this.engine = new TagCloud({ base: new URL('..', import.meta.url) });
    this.store = await openStore();
    this.files = new UserFiles(this.store);
    const options = await this.engine.run(['options']);
    if (options.status !== 0) throw new Error('the engine could not list its options');
    this.tables = pageTables(JSON.parse(new TextDecoder().decode(options.output)));
    const fonts = await this.engine.run(['fonts']);
    this.fonts = fonts.status === 0 ? JSON.parse(new TextDecoder().decode(fonts.output)) : [];
    this.labels = new Map(Object.values(this.tables).flat().filter((o) => o.label).map((o) => [o.name, o.label]));
    this.history = await this.restore();
    await this.files.load(Object.values(this.history.state.files));
    this.rows = [];
    this.build();
    wire(this);
    this.history.onChange((state, reason) => this.changed(state, reason));
    this.store.onOtherTab((saved) => this.otherTab(saved));
    // A link pasted into this tab's address bar changes only the fragment: the page is not loaded again.
    window.addEventListener('hashchange', () => this.openLink());
    this.changed(this.history.state, 'start');
  }

  /** The work to start from: a share link's, else the kept one, else the sample; and its history. */
  async restore() {
    let kept = null;
    try {
      kept = await this.store.load();
    } catch (error) {
      say($('status'), error.message, true);
    }
    const history = kept ? new History(safe(kept.state), (kept.past || []).map(safe), (kept.future || []).map(safe))
      : new History(initialState());
    this.opened = (await linkedWork(history)) || this.store.problem;
    return history;
  }

  /** Opens the work of a link given to this tab after it started. */
  async openLink() {
    const said = await linkedWork(this.history);
    if (said) say($('status'), said);
  }

  build() {
    this.preview = new Preview($('preview'), {
      onSelect: (tag) => this.select(this.rows[tag]),
      onMove: (tag, pin) => this.tryMove(this.rows[tag], pin),
      onHide: (tag) => this.hide(this.rows[tag]),
    });
    this.table = new WordTable($('table'), {
      onEdit: (row, changes) => this.edit(row, changes),
      onDelete: (row) => this.history.commit((s) => { s.words.splice(row, 1); }),
      onHide: (row) => this.hide(row),
      onSelect: (row) => this.select(row),
    });
    this.table.setFonts(this.fontChoices());
    this.look = new Controls($('essentials'), $('more'), this.tables, {
      fonts: this.fontChoices(),
      onChange: (name, value) => this.history.commit((s) => { s.options[s.command][name] = value; },
        { coalesce: `option-${name}`, reason: 'type' }),
    });
    this.countControls = new Controls($('count-options'), $('count-options'), this.tables, {
      onChange: (name, value) => this.history.commit((s) => { s.options.count[name] = value; },
        { coalesce: `count-${name}`, reason: 'count' }),
    });
    this.runner = new LayoutRunner(this.engine, {
      tables: this.tables,
      files: () => this.files.bytes,
      onResult: (answer, request) => this.drawn(answer, request),
      onError: (error, request) => this.failed(error, request),
    });
  }

  /** The fonts a person may pick: their own first, then the installed families. */
  fontChoices() {
    const own = this.history.state.files.font;
    return own ? [own, ...this.fonts] : this.fonts;
  }

  /** Offers a font just given in the Font control's and the table's lists. */
  offerFont() {
    this.look.setFonts(this.fontChoices());
    this.table.setFonts(this.fontChoices());
  }

  /** After every step: show the state, keep it, and lay it out unless the step changed nothing drawn. */
  changed(state, reason) {
    this.render(state);
    // Work taken from another tab is already kept; saving it again would answer that tab.
    if (reason !== 'other-tab') this.keep();
    if (reason === 'start' && this.opened) say($('status'), this.opened, Boolean(this.store.problem));
    if (QUIET.has(reason)) return;
    if (!state.words.some((w) => w.text.trim())) {
      this.runner.forget();
      this.preview.clear(state.source === 'text' ? 'No words: count a text, or add a word above.' : 'No words yet: add a word above.');
      say($('status'), 'No words.');
      return;
    }
    if (SOON.has(reason)) this.runner.soon(state);
    else this.runner.now(state, { afresh: reason === 'shuffle' });
  }

  render(state) {
    this.table.setWords(state.words, this.status);
    this.look.show(state.command, state.options[state.command]);
    this.countControls.show('count', state.options.count);
    for (const radio of document.querySelectorAll('input[name="command"]')) radio.checked = radio.value === state.command;
    $('undo').disabled = !this.history.canUndo;
    $('redo').disabled = !this.history.canRedo;
    const words = state.words.length;
    $('word-count').textContent = words === 1 ? '1 word' : `${words.toLocaleString()} words`;
    const text = $('source-text');
    if (document.activeElement !== text && text.value !== state.text) text.value = state.text;
    const own = $('own-stopwords');
    const key = stopWordKey(state);
    $('own-stopwords-label').textContent = key === 'any' ? 'Words to leave out' : `Words to leave out in this language (${key})`;
    if (document.activeElement !== own) own.value = (state.stopwords[key] || []).join('\n');
  }

  /** Keeps the work in the browser; a refusal is said and the work stays on screen. */
  keep() {
    const { state, past, future } = this.history;
    this.store.save({ state, past, future }).then(() => {
      if (this.keptProblem) { this.keptProblem = false; say($('status'), 'Your work is kept in this browser again.'); }
    }).catch((error) => {
      this.keptProblem = true;
      say($('status'), error.message, true);
    });
  }

  drawn(answer, request) {
    this.rows = request.rows;
    const state = this.history.state;
    const pinned = new Set();
    request.rows.forEach((row, tag) => { if (state.words[row]?.pin || request.pins[row]) pinned.add(tag); });
    this.preview.show({ svg: answer.svg, layout: answer.layout, movable: request.command === 'cloud', pinned });
    this.status = statusOf(answer.layout, request.rows);
    this.table.setWords(state.words, this.status);
    const moved = Object.keys(request.pins);
    if (moved.length) this.history.commit((s) => { for (const row of moved) s.words[row].pin = request.pins[row]; }, { reason: 'pinned' });
    const ms = Math.round(performance.now() - request.started);
    const placed = answer.messages.find((m) => m.startsWith('placed') || m.includes('tags in')) ?? '';
    const rest = answer.messages.filter((m) => !m.startsWith('seed') && m !== placed && !m.startsWith('error: '));
    const error = answer.messages.find((m) => m.startsWith('error: '));
    const line = [placed && placed.charAt(0).toUpperCase() + placed.slice(1), ...rest, error?.slice(7)].filter(Boolean).join('. ');
    say($('status'), `${plainWords(line, this.labels)} (${ms} ms)`, Boolean(error));
    this.look.clearErrors();
    document.body.dataset.layouts = String(Number(document.body.dataset.layouts || 0) + 1);
  }

  failed(error, request) {
    const moved = Object.keys(request.pins);
    if (moved.length) {
      // A drop the engine cannot keep: the word goes back and the picture stays as it was.
      const tag = request.rows.indexOf(Number(moved[0]));
      this.preview.revert(tag);
      const text = this.history.state.words[moved[0]]?.text ?? 'The word';
      say($('status'), `“${text}” does not fit there, so it went back. ${plainWords(error.message, this.labels)}`, true);
    } else {
      const message = plainWords(error.message, this.labels);
      this.preview.clear(`No picture: ${message}`);
      say($('status'), message, true);
      if (error.key) this.look.markError(error.key, error.message);
    }
    document.body.dataset.errors = String(Number(document.body.dataset.errors || 0) + 1);
  }

  select(row) {
    if (row === undefined) return;
    this.table.select(row);
    this.preview.select(this.rows.indexOf(row));
  }

  edit(row, changes) {
    const typing = 'text' in changes || 'weight' in changes;
    this.history.commit((s) => {
      const word = s.words[row];
      if (!word) return;
      for (const [key, value] of Object.entries(changes)) {
        if (key === 'pinned') { if (!value) delete word.pin; } else if (value === '' && key !== 'text') delete word[key];
        else word[key] = value;
      }
      // A word given its own angle is drawn at it, so a pin's angle must not hold it at another.
      if ('angle' in changes && word.pin && Number.isFinite(changes.angle)) word.pin.angle = changes.angle;
    }, { coalesce: `word-${row}-${Object.keys(changes)[0]}`, reason: typing ? 'type' : 'edit' });
  }

  tryMove(row, pin) {
    if (row === undefined) return;
    this.runner.now(this.history.state, { pins: { [row]: pin } });
  }

  hide(row) {
    if (row === undefined) return;
    let hidden = null;
    this.history.commit((s) => { hidden = hideWord(s, row); });
    if (hidden) say($('count-said'), `“${hidden.text}” is hidden: it is in your words to leave out.`);
  }

  otherTab(saved) {
    try {
      this.history.adopt({ state: checkedState(saved.state), past: (saved.past || []).map(safe), future: (saved.future || []).map(safe) });
      say($('status'), 'Another tab changed this work: showing its version.');
    } catch {
      // A tab of another version of the page: this one keeps its own work.
    }
  }
}

/**
 * Takes the work in the address's fragment (a share link) into `history` as a step Undo takes back,
 * and clears the fragment; what to say about it, or '' when there was none.
 */
async function linkedWork(history) {
  if (!location.hash) return '';
  let said = '';
  try {
    const linked = await stateFromFragment(location.hash);
    if (linked) {
      history.replace(checkedState(linked), 'link');
      said = 'Opened the work in the link. Undo goes back to what you had.';
    }
  } catch (error) {
    said = error.message;
  }
  window.history.replaceState(null, '', location.pathname + location.search);
  return said;
}

/** A kept state, checked; the sample when it cannot be read. */
function safe(state) {
  try { return checkedState(state); } catch { return initialState(); }
}

/**
 * The option tables as the page offers them, headed in plain words: a layout's own text options
 * are the count's, and partial counts are for the command line.
 */
function pageTables(tables) {
  const plain = (rows) => rows.map((o) => ({ ...o, group: o.groupLabel || o.group }));
  const layout = (rows) => plain(rows.filter((o) => !o.group.startsWith('Text')));
  return { cloud: layout(tables.cloud), flow: layout(tables.flow), count: plain(tables.count.filter((o) => !o.group.startsWith('Partial'))) };
}

/** Each word's place in the picture: row → 'placed', 'shrunk' or 'unplaced'. */
function statusOf(layout, rows) {
  const status = new Map();
  for (const word of layout.placed || []) {
    const row = rows[word.index];
    if (row !== undefined && !status.has(row)) status.set(row, word.shrunk ? 'shrunk' : 'placed');
  }
  for (const word of layout.unplaced || []) {
    const row = rows[word.index];
    if (row !== undefined && !status.has(row)) status.set(row, 'unplaced');
  }
  return status;
}

const editor = new Editor();
editor.start().then(() => { document.body.dataset.ready = 'true'; }).catch((error) => {
  say($('status'), `The editor could not start: ${error.message}`, true);
});
