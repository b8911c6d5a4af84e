// Words in: what is typed in "Add a word" (read by the engine's `words`, the library's reading of
// typed lists), a text counted by the engine, and "Hide this word", which adds the word to the
// user's own stop words so a new count leaves it out too.

import { tagTable, TagCloudError } from '../tagcloud.js';
import { countOptions } from './requests.js';

/** The most words a count puts in the table unless the user asks for more ("Most words kept"). */
export const DEFAULT_TOP = 2000;

/**
 * The words typed in `typed`, as the library reads them: `{words: [{text, weight}], note}`; note
 * says what was left out, in plain words.
 */
export async function typedWords(engine, typed) {
  const result = await engine.run(['words', 'typed.txt'], { 'typed.txt': typed });
  if (result.status !== 0) throw new TagCloudError(result);
  const note = result.messages.find((m) => m.startsWith('left out')) ?? '';
  return { words: tagTable(result.output), note: note && note.charAt(0).toUpperCase() + note.slice(1) + '.' };
}

/**
 * Adds `added` to the state's words: a word already there takes the new weight (it was typed
 * again, with a weight or none), a new one goes at the end. Answers the indices of the words added or changed.
 */
export function addWords(state, added) {
  const index = new Map(state.words.map((w, i) => [w.text, i]));
  const touched = [];
  for (const word of added) {
    const at = index.get(word.text);
    if (at === undefined) {
      index.set(word.text, state.words.length);
      touched.push(state.words.length);
      state.words.push({ text: word.text, weight: word.weight });
    } else {
      state.words[at].weight = word.weight;
      touched.push(at);
    }
  }
  state.source = 'words';
  return touched;
}

/**
 * Counts `state.text` in the engine with the count options and the user's own stop words:
 * `{words, language, notes}`; throws an Error in plain words when nothing is left.
 */
export async function countText(engine, state) {
  const language = state.options.count.language || state.countLanguage || '';
  const options = countOptions(state, language);
  if (!options.top) options.top = DEFAULT_TOP;
  const counted = await engine.count(state.text, options);
  return { words: counted.table, language: counted.language, notes: counted.messages };
}

/**
 * Puts counted `words` in the state in place of the old ones, keeping what the user gave a word
 * that is counted again (its colour, link, group, pin).
 */
export function takeCounted(state, words, language) {
  const before = new Map(state.words.map((w) => [w.text, w]));
  state.words = words.map((w) => ({ ...(before.get(w.text) || {}), text: w.text, weight: w.weight }));
  state.countLanguage = language;
  state.source = 'text';
}

/** The key the user's own stop words are kept under for the state's words: their language, or `any`. */
export function stopWordKey(state) {
  return state.source === 'text' ? state.options.count.language || state.countLanguage || 'any' : 'any';
}

/** Hides word `index`: it leaves the words and joins the user's own stop words of its language. */
export function hideWord(state, index) {
  const word = state.words[index];
  if (!word) return null;
  const key = stopWordKey(state);
  const list = state.stopwords[key] || [];
  if (!list.includes(word.text.toLowerCase())) list.push(word.text.toLowerCase());
  state.stopwords[key] = list;
  state.words.splice(index, 1);
  return { text: word.text, key };
}
