// The editor's start and wiring: it reads the server's option tables, fonts and palettes, restores
// the last state, builds the controls, and from then on redraws the page and asks for a new preview
// after every change.

import { getJSON, PreviewScheduler, requestBody } from './api.js';
import { OptionControls } from './controls.js';
import { byId } from './dom.js';
import { Inputs } from './inputs.js';
import * as output from './output.js';
import { Preview } from './preview.js';
import { History, initialState, loadStored, store } from './state.js';
import { TagTable } from './tags.js';

/** Why a word was left out, as the layout JSON's `reason` says it, in words. */
const REASONS = {
  noSpace: 'no space left at any size', maxWords: 'beyond --max-words', rowLimit: 'beyond --max-rows',
  empty: 'nothing to draw',
};

class Editor {
  async start() {
    const [tables, fonts, palettes] = await Promise.all([
      getJSON('/api/options'), getJSON('/api/fonts'), getJSON('/api/palettes'),
    ]);
    this.tables = tables;
    this.fonts = fonts;
    this.palettes = palettes;
    this.history = new History(loadStored((m) => this.note(m)) || initialState());
    this.preview = new Preview({
      onSelect: (row) => this.table.select(row),
      onPin: (row, pin) => this.history.commit((s) => { s.tags[row].pin = pin; }, { reason: 'pin' }),
    });
    this.table = new TagTable({
      history: this.history,
      lastLayout: (row) => this.preview.placement(row),
      onSelect: (row) => this.preview.select(row),
    });
    this.inputs = new Inputs({
      history: this.history, tables, report: (m) => this.note(m), showTab: (t) => this.showTab(t),
    });
    this.scheduler = new PreviewScheduler({
      onStart: () => byId('stage').classList.add('busy'),
      onResult: (answer, request) => this.showAnswer(answer, request),
      onError: (e) => this.showError(e),
    });
    this.countControls = new OptionControls(byId('count-options'), {
      specs: tables.count, fonts, palettes, idPrefix: 'count',
      read: () => this.history.state.count,
      write: (name, value) => this.history.commit((s) => { s.count[name] = value; }, { coalesce: `count-${name}`, reason: 'count' }),
    });
    this.buildOptions();
    this.wire();
    this.history.onChange((state, reason) => this.changed(state, reason));
    this.changed(this.history.state, 'start');
    document.body.dataset.ready = 'true';
  }

  /** The controls of the current command's options. */
  buildOptions() {
    this.optionsCommand = this.history.state.command;
    this.controls = new OptionControls(byId('options'), {
      specs: OptionControls.pictureOptions(this.tables[this.optionsCommand]),
      fonts: this.fonts, palettes: this.palettes,
      read: () => this.history.state.options[this.history.state.command],
      write: (name, value) => this.history.commit((s) => { s.options[s.command][name] = value; }, { coalesce: `opt-${name}` }),
      images: {
        current: (name) => this.history.state.images[name],
        load: (name, file) => this.inputs.loadImage(name, file).catch((e) => this.showError(e)),
        clear: (name) => this.inputs.clearImage(name),
      },
    });
  }

  /** After every change: the page shows the state, the state is kept, a new preview is asked for. */
  changed(state, reason) {
    if (state.command !== this.optionsCommand) this.buildOptions();
    this.controls.sync();
    this.countControls.sync();
    this.table.render();
    for (const radio of document.querySelectorAll('input[name="command"]')) radio.checked = radio.value === state.command;
    const source = byId('source-text');
    if (source.value !== state.text && document.activeElement !== source) source.value = state.text;
    const scale = byId('download-scale');
    if (document.activeElement !== scale) scale.value = state.options[state.command].scale || '1';
    byId('undo').disabled = !this.history.canUndo;
    byId('redo').disabled = !this.history.canRedo;
    clearTimeout(this.storing);
    this.storing = setTimeout(() => {
      const problem = store(this.history.state);
      if (problem) this.note(problem);
    }, 300);
    if (reason === 'text' || reason === 'count') return;
    const request = requestBody(state, this.tables);
    this.preview.setPinned(state.tags.flatMap((t, row) => (t.pin ? [row] : [])));
    if (!request.body.tags.length) {
      this.showError({ message: 'no tags: add a tag, paste a list, or count a text' });
      return;
    }
    this.scheduler.schedule(request);
  }

  async showAnswer(answer, request) {
    byId('stage').classList.remove('busy');
    this.controls.clearErrors();
    byId('error').textContent = '';
    const drawn = this.preview.show(answer, request.rows, request.body.command);
    this.table.renderDetail();
    const unplaced = answer.layout.unplaced;
    const list = unplaced.slice(0, 20).map((u) => `${u.text} (${REASONS[u.reason] || u.reason})`).join(', ');
    const more = unplaced.length > 20 ? `, and ${unplaced.length - 20} more` : '';
    byId('summary').textContent = answer.summary + (unplaced.length ? `. Unplaced: ${list}${more}` : '');
    await drawn;
    this.preview.restoreFocus();
    // How many previews were drawn: lets a script (or a test) wait for the next one.
    document.body.dataset.layouts = String(Number(document.body.dataset.layouts || 0) + 1);
  }

  /** Shows an error next to the control it concerns (its `key`), and above the preview. */
  showError(e) {
    byId('stage').classList.remove('busy');
    this.controls.clearErrors();
    if (e.key) this.controls.showError(e.key, e.message);
    byId('error').textContent = e.message;
    document.body.dataset.errors = String(Number(document.body.dataset.errors || 0) + 1);
  }

  note(message) {
    byId('summary').textContent = message;
  }

  showTab(name) {
    for (const tab of ['tags', 'text']) {
      const selected = tab === name;
      byId(`tab-${tab}`).setAttribute('aria-selected', String(selected));
      byId(`tab-${tab}`).tabIndex = selected ? 0 : -1;
      byId(`panel-${tab}`).hidden = !selected;
    }
  }

  wire() {
    const on = (id, event, handler) => byId(id).addEventListener(event, handler);
    const guarded = (handler) => async (...args) => {
      try {
        await handler(...args);
      } catch (e) {
        this.showError(e);
      }
    };
    for (const radio of document.querySelectorAll('input[name="command"]')) {
      radio.addEventListener('change', () => this.history.commit((s) => { s.command = radio.value; }));
    }
    on('shuffle', 'click', () => this.history.commit((s) => {
      s.options[s.command].seed = String(1 + Math.floor(Math.random() * 4294967294));
    }));
    on('undo', 'click', () => this.history.undo());
    on('redo', 'click', () => this.history.redo());
    on('download-scale', 'input', () => {
      const value = byId('download-scale').value;
      this.history.commit((s) => { s.options[s.command].scale = value === '1' ? '' : value; }, { coalesce: 'scale' });
    });
    on('download', 'click', guarded(() => output.downloadDrawing(this.history.state, this.tables, this.format())));
    on('save-config', 'click', () => output.saveConfig(this.history.state, this.tables));
    on('copy-command', 'click', guarded(async () => {
      const command = output.commandLine(this.history.state, this.format());
      byId('command-line').hidden = false;
      byId('command-text').value = command;
      const copied = await output.copyText(command);
      const files = [output.CONFIG_FILE, ...output.filesNeeded(this.history.state)].join(', ');
      this.note(`${copied ? 'Copied' : 'Select and copy'} the command; run it beside ${files} (Save configuration).`);
      if (!copied) byId('command-text').select();
    }));
    on('export-state', 'click', () => output.exportState(this.history.state));
    onFile('import-state', guarded(async (file) => this.history.replace(await output.importState(file))));
    on('theme', 'click', () => this.toggleTheme());
    this.wireWords(on, guarded);
    this.wireKeys();
  }

  wireWords(on, guarded) {
    on('add-tag', 'click', () => this.table.add());
    on('clear-tags', 'click', () => this.history.commit((s) => { s.tags = []; }));
    on('sort-tags', 'change', () => {
      const by = byId('sort-tags').value;
      byId('sort-tags').value = '';
      if (by) this.table.sort(by);
    });
    onFile('tag-file', guarded((file) => this.inputs.open(file)));
    onFile('text-file', guarded((file) => this.inputs.open(file, { asText: true })));
    const pasted = (replace) => guarded(async () => {
      const data = byId('paste-tags').value;
      if (!data.trim()) return;
      const n = await this.inputs.addTagList(data, { replace });
      byId('paste-tags').value = '';
      this.note(`${n} tags read.`);
    });
    on('add-pasted', 'click', pasted(false));
    on('replace-pasted', 'click', pasted(true));
    on('source-text', 'input', () => {
      const text = byId('source-text').value;
      this.history.commit((s) => { s.text = text; }, { coalesce: 'text', reason: 'text' });
    });
    on('count', 'click', guarded(async () => {
      byId('count-error').textContent = '';
      try {
        this.note(`${await this.inputs.count()} words counted into the table.`);
      } catch (e) {
        byId('count-error').textContent = e.message;
        throw e;
      }
    }));
    for (const tab of ['tags', 'text']) on(`tab-${tab}`, 'click', () => this.showTab(tab));
    on('tab-tags', 'keydown', (e) => e.key === 'ArrowRight' && (this.showTab('text'), byId('tab-text').focus()));
    on('tab-text', 'keydown', (e) => e.key === 'ArrowLeft' && (this.showTab('tags'), byId('tab-tags').focus()));
    this.inputs.acceptDrops(byId('drop-overlay'), (e) => this.showError(e));
  }

  /** Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) outside text fields, which keep their own undo. */
  wireKeys() {
    document.addEventListener('keydown', (e) => {
      const typing = e.target.matches('input[type="text"], input[type="number"], textarea');
      if (typing || !(e.ctrlKey || e.metaKey)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) this.history.undo();
      else if ((key === 'z' && e.shiftKey) || key === 'y') this.history.redo();
      else return;
      e.preventDefault();
    });
  }

  format() {
    return byId('download-format').value;
  }

  toggleTheme() {
    const dark = document.documentElement.dataset.theme
      ? document.documentElement.dataset.theme === 'dark'
      : window.matchMedia('(prefers-color-scheme: dark)').matches;
    applyTheme(dark ? 'light' : 'dark');
    try {
      window.localStorage.setItem('tagcloud-editor-theme', dark ? 'light' : 'dark');
    } catch {
      // The theme is a convenience; a browser that keeps nothing still switches it for this visit.
    }
  }
}

/** Calls `handler(file)` with the file chosen in file input `id`, which is emptied for the next choice. */
function onFile(id, handler) {
  const input = byId(id);
  input.addEventListener('change', () => {
    const file = input.files[0];
    input.value = '';
    if (file) handler(file);
  });
}

function applyTheme(theme) {
  document.documentElement.dataset.theme = theme;
  const button = byId('theme');
  button.textContent = theme === 'dark' ? 'Light' : 'Dark';
  button.setAttribute('aria-pressed', String(theme === 'dark'));
}

let storedTheme = null;
try {
  storedTheme = window.localStorage.getItem('tagcloud-editor-theme');
} catch {
  // No stored theme: the system's light or dark setting applies.
}
if (storedTheme === 'dark' || storedTheme === 'light') applyTheme(storedTheme);
else byId('theme').textContent = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'Light' : 'Dark';

new Editor().start().catch((e) => {
  byId('error').textContent = `The editor could not start: ${e.message}`;
});
