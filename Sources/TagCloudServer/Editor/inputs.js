// Words and images coming in: pasted tag lists and tag files (read by the server exactly as
// `--input` reads them), running text counted as `tagcloud count` counts it, and PNG masks and
// colour images, from the file picker or dropped anywhere on the page.

import { APIError, countBody, post } from './api.js';
import { readDataURL } from './dom.js';
import { tagOf } from './state.js';

// A request body may hold 16 MiB (the server's --max-body). An image travels as base64, a third
// larger, and a cloud may carry a mask and a colour image together: 6 MiB each leaves room for the
// tags. A text travels as a JSON string, where quotes, backslashes and controls are escaped.
const IMAGE_LIMIT = 6 * 1024 * 1024;
const TEXT_LIMIT = 12 * 1024 * 1024;

export class Inputs {
  constructor({ history, tables, report, showTab }) {
    Object.assign(this, { history, tables, report, showTab });
  }

  /**
   * Reads a pasted or dropped tag list (in the format its file `name` or its text shows, as the
   * server sees it); `replace` puts it in place of the table, otherwise after it.
   */
  async addTagList(data, { replace = false, name = null } = {}) {
    const response = await post('/api/tags', name ? { data, name } : { data });
    const terms = (await response.json()).terms.map((t) => tagOf(t));
    this.history.commit((s) => {
      s.tags = replace ? terms : s.tags.filter((t) => t.text.trim()).concat(terms);
    }, { reason: 'tags' });
    return terms.length;
  }

  /** Counts the text tab's text into the table. */
  async count() {
    const state = this.history.state;
    if (!state.text.trim()) throw new APIError('paste or open a text first', null, 422);
    const response = await post('/api/count', countBody(state, this.tables));
    const { terms } = await response.json();
    if (!terms.length) throw new APIError('no words are left in this text after the stop words', null, 422);
    this.history.commit((s) => {
      s.tags = terms.map((t) => ({ text: t.text, weight: t.weight }));
    }, { reason: 'tags' });
    this.showTab('tags');
    return terms.length;
  }

  /** A PNG as `option` (`mask` or `color-image`). */
  async loadImage(option, file) {
    if (file.size > IMAGE_LIMIT) throw new Error(`${file.name} is larger than 6 MB: choose a smaller image`);
    const bytes = new Uint8Array(await file.slice(0, 8).arrayBuffer());
    const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
    if (!png.every((b, i) => bytes[i] === b)) throw new Error(`${file.name} is not a PNG image: masks and colour images are PNG`);
    const data = await readDataURL(file);
    const base64 = data.slice(data.indexOf(',') + 1);
    this.history.commit((s) => {
      s.images[option] = { name: file.name, data: `data:image/png;base64,${base64}` };
      if (option === 'mask') s.command = 'cloud';
    }, { reason: 'image' });
  }

  clearImage(option) {
    this.history.commit((s) => delete s.images[option], { reason: 'image' });
  }

  /**
   * Opens a file the way its kind asks: a PNG becomes the mask, a `.txt` file (or any file when
   * `asText`) the text to count, any other text a tag list (tab-separated, CSV or JSON).
   */
  async open(file, { asText = false } = {}) {
    const name = file.name.toLowerCase();
    if (file.type === 'image/png' || name.endsWith('.png')) {
      await this.loadImage('mask', file);
      this.report(`${file.name} is the mask now (Options, --mask).`);
      return;
    }
    if (file.size > TEXT_LIMIT) throw new Error(`${file.name} is larger than 12 MB: split it, or count it with tagcloud count`);
    const text = await file.text();
    if (asText || name.endsWith('.txt') || (file.type === 'text/plain' && !/[\t,]/.test(text.slice(0, 2000)))) {
      this.history.commit((s) => { s.text = text; }, { reason: 'text' });
      this.showTab('text');
      const n = await this.count();
      this.report(`${file.name}: ${n} words counted into the table.`);
      return;
    }
    const n = await this.addTagList(text, { replace: true, name: file.name });
    this.report(`${file.name}: ${n} tags read.`);
  }

  /** Files dropped anywhere on the page are opened; the page shows where they can go meanwhile. */
  acceptDrops(overlay, onError) {
    let depth = 0;
    const hasFiles = (e) => [...(e.dataTransfer?.types || [])].includes('Files');
    document.addEventListener('dragenter', (e) => {
      if (!hasFiles(e)) return;
      depth += 1;
      overlay.hidden = false;
    });
    document.addEventListener('dragleave', () => {
      depth = Math.max(0, depth - 1);
      if (depth === 0) overlay.hidden = true;
    });
    document.addEventListener('dragover', (e) => {
      if (hasFiles(e)) e.preventDefault();
    });
    document.addEventListener('drop', async (e) => {
      if (!hasFiles(e)) return;
      e.preventDefault();
      depth = 0;
      overlay.hidden = true;
      for (const file of e.dataTransfer.files) {
        try {
          await this.open(file);
        } catch (error) {
          onError(error);
        }
      }
    });
  }
}
