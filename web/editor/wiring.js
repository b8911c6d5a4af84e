// The page's buttons, fields and keys, each turned into a step of the editor's history or a call
// of the engine. Nothing here decides how words are read or laid out: words.js, requests.js and
// the engine do.

import { commandLine, downloadPicture, save } from './files.js';
import { FILE_NAMES, layoutRequest } from './requests.js';
import { exportBlob, importFile, shareLink } from './share.js';
import { checkedState } from './state.js';
import { addWords, countText, stopWordKey, takeCounted, typedWords } from './words.js';
import { plainWords, say } from './said.js';

const $ = (id) => document.getElementById(id);

/** Wires the page to `editor` (main.js's Editor). */
export function wire(editor) {
  wireWords(editor);
  wireText(editor);
  wireLook(editor);
  wireSaving(editor);
  wireKeys(editor);
}

/** Runs `work`, saying its error in `element` instead of throwing. */
async function guarded(element, work) {
  try {
    await work();
  } catch (error) {
    say(element, error.message, true);
  }
}

function wireWords(editor) {
  const input = $('add-word');
  const add = (typed) => guarded($('add-said'), async () => {
    if (!typed.trim()) return;
    const { words, note } = await typedWords(editor.engine, typed);
    if (!words.length) { say($('add-said'), note || 'No word in that: type a word, or several with commas.', true); return; }
    editor.history.commit((s) => addWords(s, words), { reason: 'add' });
    const names = words.slice(0, 5).map((w) => w.text).join(', ') + (words.length > 5 ? ` and ${words.length - 5} more` : '');
    say($('add-said'), `Added ${names}. ${note}`.trim());
  });
  const submit = () => {
    const typed = input.value;
    input.value = '';
    fit(input);
    add(typed);
  };
  $('add-form').addEventListener('submit', (event) => { event.preventDefault(); submit(); });
  // The box is a text area so that pasted lines keep their breaks; Enter adds, Shift+Enter starts a line.
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    submit();
  });
  input.addEventListener('input', () => fit(input));
  $('find-word').addEventListener('input', () => editor.table.filter($('find-word').value));
  $('clear-words').addEventListener('click', () => editor.history.commit((s) => { s.words = []; }));
  $('shuffle').addEventListener('click', () => editor.history.commit((s) => {
    s.seed = 1 + Math.floor(Math.random() * 2147483646);
  }, { reason: 'shuffle' }));
  for (const tab of ['words', 'text']) $(`tab-${tab}`).addEventListener('click', () => showTab(tab));
  $('tab-words').addEventListener('keydown', (e) => e.key === 'ArrowRight' && (showTab('text'), $('tab-text').focus()));
  $('tab-text').addEventListener('keydown', (e) => e.key === 'ArrowLeft' && (showTab('words'), $('tab-words').focus()));
}

/** Grows the "Add a word" box to the lines it holds (its CSS caps the height). */
function fit(box) {
  box.style.height = 'auto';
  box.style.height = `${box.scrollHeight + 2}px`;
}

/** Shows the tab `name` ("words" or "text"). */
export function showTab(name) {
  for (const tab of ['words', 'text']) {
    const selected = tab === name;
    $(`tab-${tab}`).setAttribute('aria-selected', String(selected));
    $(`tab-${tab}`).tabIndex = selected ? 0 : -1;
    $(`panel-${tab}`).hidden = !selected;
  }
}

function wireText(editor) {
  $('source-text').addEventListener('input', () => {
    const text = $('source-text').value;
    editor.history.commit((s) => { s.text = text; }, { coalesce: 'text', reason: 'text' });
  });
  onFile('text-file', (file) => guarded($('count-said'), async () => {
    if (file.size > 64 << 20) throw new Error(`“${file.name}” is larger than 64 MB: count it with the tagcloud command.`);
    const text = await file.text();
    editor.history.commit((s) => { s.text = text; }, { reason: 'text' });
    $('source-text').value = text;
    await count(editor);
  }));
  $('count').addEventListener('click', () => count(editor));
  $('own-stopwords').addEventListener('input', () => {
    const lines = $('own-stopwords').value.split('\n').map((w) => w.trim().toLowerCase()).filter(Boolean);
    editor.history.commit((s) => { s.stopwords[stopWordKey(s)] = lines; }, { coalesce: 'stopwords', reason: 'stopwords' });
  });
}

/** Counts the state's text in the engine's worker and puts its words in the table. */
function count(editor) {
  return guarded($('count-said'), async () => {
    const state = editor.history.state;
    if (!state.text.trim()) throw new Error('There is no text to count: paste one above, or open a file.');
    say($('count-said'), 'Counting…');
    const started = performance.now();
    const { words, language, notes } = await countText(editor.engine, state);
    editor.history.commit((s) => takeCounted(s, words, language), { reason: 'counted' });
    const ms = Math.round(performance.now() - started);
    const named = language ? ` (language: ${language})` : '';
    const said = [`Counted ${words.length.toLocaleString()} words${named} in ${ms} ms.`, ...notes].join(' ');
    say($('count-said'), plainWords(said, editor.labels));
  });
}

function wireLook(editor) {
  for (const radio of document.querySelectorAll('input[name="command"]')) {
    radio.addEventListener('change', () => editor.history.commit((s) => { s.command = radio.value; }));
  }
  for (const kind of ['mask', 'color-image', 'font']) {
    onFile(`upload-${kind}`, (file) => guarded($('uploads-said'), async () => {
      const name = await editor.files.take(kind, file);
      editor.history.commit((s) => {
        s.files[kind] = name;
        // A font given is used at once; the Font control (or a word's own font) can leave it again.
        if (kind === 'font') s.options[s.command].font = [name];
      });
      if (kind === 'font') editor.offerFont(name);
      say($('uploads-said'), `Using “${name}”. It is kept in this browser; a link or an editor file names it only.`);
    }));
  }
}

function wireSaving(editor) {
  // What is saved keeps to the picture on screen, which was laid out over the ones before it.
  const request = () => layoutRequest(editor.history.state, editor.tables, { files: editor.files.bytes, previous: editor.runner.previous });
  for (const format of ['png', 'svg', 'html', 'json']) {
    $(`download-${format}`).addEventListener('click', () => guarded($('status'), async () => {
      $('save-menu').open = false;
      await downloadPicture(editor.engine, request(), format);
    }));
  }
  $('export-state').addEventListener('click', () => save(exportBlob(editor.history.state), 'tagcloud-editor.json'));
  onFile('import-state', (file) => guarded($('status'), async () => {
    editor.history.replace(checkedState(await importFile(file)), 'import');
    say($('status'), `Opened “${file.name}”. Undo goes back to what you had.`);
  }));
  $('copy-command').addEventListener('click', () => guarded($('status'), async () => {
    const { config, command, files, previous } = commandLine(request());
    save(new Blob([config], { type: 'application/json' }), FILE_NAMES.config);
    if (previous) save(new Blob([previous], { type: 'application/json' }), FILE_NAMES.previous);
    await copy(command);
    const beside = files.length ? ` Put ${files.join(', ')} beside it.` : '';
    const saved = previous ? `${FILE_NAMES.config} and ${FILE_NAMES.previous}` : FILE_NAMES.config;
    say($('status'), `Saved ${saved} and copied the command: ${command}.${beside}`);
  }));
  $('share').addEventListener('click', () => guarded($('status'), async () => {
    const link = await shareLink(editor.history.state);
    const copied = await copy(link);
    const note = editor.history.state.files && Object.keys(editor.history.state.files).length
      ? ' Pictures and fonts you gave stay in this browser.' : '';
    $('share-row').hidden = false;
    $('share-link').value = link;
    if (!copied) $('share-link').select();
    say($('status'), `${copied ? 'Copied a link' : 'Here is a link'} with your words and choices (${Math.ceil(link.length / 1024)} KB): it is never sent to any server.${note}`);
  }));
}

async function copy(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/** Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) outside text fields, which keep their own undo. */
function wireKeys(editor) {
  $('undo').addEventListener('click', () => editor.history.undo());
  $('redo').addEventListener('click', () => editor.history.redo());
  document.addEventListener('keydown', (e) => {
    const typing = e.target.matches('input[type="text"], input[type="number"], input[type="search"], textarea');
    if (typing || !(e.ctrlKey || e.metaKey)) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) editor.history.undo();
    else if ((key === 'z' && e.shiftKey) || key === 'y') editor.history.redo();
    else return;
    e.preventDefault();
  });
}

/** Calls `handler(file)` with the file chosen in file input `id`, emptied for the next choice. */
function onFile(id, handler) {
  const input = $(id);
  input.addEventListener('change', () => {
    const file = input.files[0];
    input.value = '';
    if (file) handler(file);
  });
}
