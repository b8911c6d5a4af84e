// What leaves the editor: the drawing in any format, the configuration file `--config` reads (the
// words included), the command that draws from it the very bytes of the download, and the whole
// editor state as one file to import later.

import { post, requestBody } from './api.js';
import { download } from './dom.js';
import { checkedState } from './state.js';

export const CONFIG_FILE = 'tagcloud-config.json';

/** The configuration file's text: the request body, with images named by their file names. */
export function configText(state, tables) {
  return JSON.stringify(requestBody(state, tables, { images: 'name' }).body, null, 2) + '\n';
}

/** The shell command that draws `format` from the saved configuration. */
export function commandLine(state, format) {
  return `tagcloud ${state.command} --config ${CONFIG_FILE} -o tagcloud.${format}`;
}

/** What the user must keep beside the configuration for the command to find it: the images. */
export function filesNeeded(state) {
  if (state.command !== 'cloud') return [];
  return ['mask', 'color-image'].filter((n) => state.images[n]).map((n) => state.images[n].name);
}

/** Downloads the drawing in `format`, drawn by the server from the same body as the preview. */
export async function downloadDrawing(state, tables, format) {
  const response = await post(`/api/render?format=${encodeURIComponent(format)}`, requestBody(state, tables).body);
  download(await response.blob(), `tagcloud.${format}`);
}

export function saveConfig(state, tables) {
  download(new Blob([configText(state, tables)], { type: 'application/json' }), CONFIG_FILE);
}

/** Copies `text` to the clipboard; false when the browser does not allow it (or does not answer). */
export async function copyText(text) {
  try {
    const timeout = new Promise((_, reject) => setTimeout(() => reject(new Error('no answer')), 1000));
    await Promise.race([navigator.clipboard.writeText(text), timeout]);
    return true;
  } catch {
    return false;
  }
}

export function exportState(state) {
  download(new Blob([JSON.stringify(state, null, 2) + '\n'], { type: 'application/json' }), 'tagcloud-editor.json');
}

/** Reads an exported editor file; throws an Error naming what is wrong with it. */
export async function importState(file) {
  let value;
  try {
    value = JSON.parse(await file.text());
  } catch {
    throw new Error(`${file.name} is not JSON: choose a file saved with Export`);
  }
  return checkedState(value);
}
