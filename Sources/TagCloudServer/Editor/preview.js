// The preview: the SVG the server drew, shown as an image, under one transparent button per placed
// word at the word's frame. A click on a word selects its row; dragging a word of a word cloud (or
// moving it with the arrow keys) pins it where it is dropped, and the cloud is laid out again around
// it. The words are buttons, so the preview works from the keyboard too.

import { el, byId } from './dom.js';

const DRAG_THRESHOLD = 3;

export class Preview {
  constructor({ onSelect, onPin }) {
    Object.assign(this, { onSelect, onPin });
    this.image = byId('cloud');
    this.hits = byId('hits');
    this.stage = byId('stage');
    this.words = new Map();
    this.url = null;
    this.selectedRow = null;
    new ResizeObserver(() => this.placeHits()).observe(this.image);
  }

  /**
   * Shows a layout answer (`{layout, svg}`) of a request whose tags came from table `rows`; the
   * promise is kept once the picture is drawn and the words' buttons lie over it.
   */
  show(answer, rows, command) {
    const blob = new Blob([answer.svg], { type: 'image/svg+xml' });
    const old = this.url;
    this.url = URL.createObjectURL(blob);
    const loaded = new Promise((resolve) => {
      this.image.onload = () => {
        if (old) URL.revokeObjectURL(old);
        this.placeHits();
        resolve();
      };
      this.image.onerror = () => resolve();
    });
    this.image.src = this.url;
    this.layout = answer.layout;
    this.command = command;
    this.rows = rows;
    this.words = new Map();
    for (const word of this.layout.placed) {
      const row = rows[word.index];
      if (row !== undefined && !this.words.has(row)) this.words.set(row, word);
    }
    this.stage.dataset.kind = command;
    this.buildHits();
    return loaded;
  }

  /** Where the first placed copy of row `row`'s word is: frame centre, angle and size; or null. */
  placement(row) {
    const word = this.words.get(row);
    if (!word) return null;
    const f = word.frame;
    return { x: f.x + f.width / 2, y: f.y + f.height / 2, angle: word.rotation || 0, size: word.fontSize };
  }

  buildHits() {
    const buttons = this.layout.placed.map((word) => {
      const row = this.rows[word.index];
      const pinned = this.pinnedRows && this.pinnedRows.has(row);
      const label = `${word.fullText || word.text}${pinned ? ' (pinned)' : ''}`;
      const b = el('button', { type: 'button', className: 'hit', 'aria-label': label, title: label, 'data-row': row });
      b.classList.toggle('pinned', Boolean(pinned));
      b.classList.toggle('selected', row === this.selectedRow);
      b.word = word;
      this.attach(b, row);
      return b;
    });
    this.hits.replaceChildren(...buttons);
    this.placeHits();
  }

  /** Puts each word's button over the word, at the size the image is shown. */
  placeHits() {
    if (!this.layout) return;
    const scale = this.image.clientWidth / this.layout.size.width || 1;
    this.hits.style.width = `${this.image.clientWidth}px`;
    this.hits.style.height = `${this.image.clientHeight}px`;
    for (const b of this.hits.children) {
      const f = b.word.frame;
      Object.assign(b.style, {
        left: `${f.x * scale}px`, top: `${f.y * scale}px`,
        width: `${f.width * scale}px`, height: `${f.height * scale}px`, transform: '',
      });
    }
    this.scale = scale;
  }

  /** Marks which rows are pinned (their buttons get a dotted frame). */
  setPinned(rows) {
    this.pinnedRows = new Set(rows);
  }

  /** Marks row `row`'s words as selected. */
  select(row) {
    this.selectedRow = row;
    for (const b of this.hits.children) b.classList.toggle('selected', Number(b.dataset.row) === row);
  }

  attach(button, row) {
    let start = null;
    button.addEventListener('pointerdown', (e) => {
      if (e.button !== 0) return;
      start = { x: e.clientX, y: e.clientY, moved: false };
      button.setPointerCapture(e.pointerId);
    });
    button.addEventListener('pointermove', (e) => {
      if (!start) return;
      const dx = e.clientX - start.x;
      const dy = e.clientY - start.y;
      if (!start.moved && Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      if (this.command !== 'cloud') return;
      start.moved = true;
      button.classList.add('dragging');
      button.style.transform = `translate(${dx}px, ${dy}px)`;
    });
    const end = (e, cancelled) => {
      if (!start) return;
      const moved = start.moved;
      const dx = (e.clientX - start.x) / this.scale;
      const dy = (e.clientY - start.y) / this.scale;
      start = null;
      button.classList.remove('dragging');
      if (cancelled) {
        button.style.transform = '';
      } else if (moved) {
        this.pin(button.word, row, dx, dy);
      } else {
        this.onSelect(row);
      }
    };
    button.addEventListener('pointerup', (e) => end(e, false));
    button.addEventListener('pointercancel', (e) => end(e, true));
    button.addEventListener('keydown', (e) => {
      const steps = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
      if (!steps[e.key] || this.command !== 'cloud') return;
      e.preventDefault();
      const by = e.shiftKey ? 10 : 1;
      this.pin(button.word, row, steps[e.key][0] * by, steps[e.key][1] * by);
    });
    // A click from the keyboard (Enter, Space) selects; a pointer's click was handled on its release.
    button.addEventListener('click', (e) => {
      if (e.detail === 0) this.onSelect(row);
    });
  }

  /** Pins `word` (of table row `row`) moved by (`dx`, `dy`) points, at its angle and size. */
  pin(word, row, dx, dy) {
    const f = word.frame;
    const x = Math.round((f.x + f.width / 2 + dx) * 100) / 100;
    const y = Math.round((f.y + f.height / 2 + dy) * 100) / 100;
    this.focusAfter = row;
    this.onPin(row, { x, y, angle: word.rotation || 0, size: word.fontSize });
  }

  /** Gives the focus back to the word that was moved from the keyboard, once it is drawn again. */
  restoreFocus() {
    if (this.focusAfter === undefined) return;
    const b = this.hits.querySelector(`[data-row="${this.focusAfter}"]`);
    this.focusAfter = undefined;
    if (b) b.focus({ preventScroll: true });
  }
}
