// The Preview: the engine's picture, drawn inline, as the place to work. A press on a word's ink
// selects it, a drag pins it elsewhere, and every placed word also has a transparent button over it
// so the picture works from the keyboard and with screen readers.
//
// Structure, inside the container: div.preview-stage > [svg (the engine's, each word's elements
// wrapped in g.preview-ink), div.preview-hits > button.preview-word × placed + button.preview-hide].
// The buttons take no pointer input (pointer-events: none): the glyph outlines decide what a press
// hits, because boxes of rotated or overlapping words cover their neighbours (the old editor's bug).
//
// Touch (requirement: a touch drag on a word moves it, a swipe elsewhere scrolls the page): the
// picture keeps touch-action: auto, and a touchstart that begins on a word of a movable picture is
// cancelled (preventDefault in a non-passive listener). Chromium, Firefox and WebKit all honour a
// cancelled touchstart by not panning, so the pointer events of that touch carry on to a drag
// instead of ending in pointercancel, while a swipe that starts in empty space still scrolls. We
// do not rely on touch-action: none on the word paths: engines disagree about touch-action on SVG
// children (where it works it covers the path's box, not its ink), and touch-action: none on the
// whole picture would trap a phone user whose picture is taller than the screen.

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Pointer travel (CSS px) below which a press is a click, not a drag. */
const DRAG_THRESHOLD = 4;
/** The least target (CSS px) a word gets, for words drawn smaller than this (WCAG 2.5.8). */
const MIN_TARGET = 24;
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
/** Elements that could run script or pull in other documents: never shown. */
const DROPPED = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener',
  'animate', 'set', 'animatemotion', 'animatetransform', 'discard']);

/** Whether a link may stay: http(s) and mailto only (a relative link would leave the editor). */
function safeLink(value) {
  return /^\s*(https?:|mailto:)/i.test(value);
}

/**
 * Removes, defensively (the writer escapes user text already), what could run script: script-like
 * elements, on* attributes, hrefs other than http(s)/mailto/#fragment, and <style> other than
 * @font-face rules (an inline SVG's style sheet would restyle the whole page).
 */
function sanitize(root) {
  for (const node of [...root.querySelectorAll('*')]) {
    const name = node.localName.toLowerCase();
    const onlyFonts = /^\s*(@font-face\s*\{[^{}]*\}\s*)*$/;
    if (DROPPED.has(name) || (name === 'style' && !onlyFonts.test(node.textContent))) {
      node.remove();
      continue;
    }
    for (const attribute of [...node.attributes]) {
      const attr = attribute.localName.toLowerCase();
      const badLink = attr === 'href' && !(safeLink(attribute.value) || /^\s*#/.test(attribute.value));
      if (attr.startsWith('on') || badLink) node.removeAttributeNode(attribute);
    }
  }
}

/** The <svg> element of `text`, sanitised, or null when it is not SVG. */
function parseSVG(text) {
  const doc = new DOMParser().parseFromString(String(text ?? ''), 'image/svg+xml');
  const root = doc.documentElement;
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NS) return null;
  if (doc.getElementsByTagNameNS('*', 'parsererror').length) return null;
  sanitize(root);
  return root;
}

/**
 * Wraps each placed word's elements (its pill `rect.tag`, its `<path>` or `<text>`, and the `<a>`
 * of a link) in one g.preview-ink, in drawing order, which is the order of the layout's `placed`.
 * A link becomes a plain group (its address kept in data-link): a click in the editor selects the
 * word rather than leaving the page, and the link is not an extra Tab stop.
 */
function wrapWords(root) {
  const doc = root.ownerDocument;
  const groups = [];
  let pill = null;
  for (const node of [...root.children]) {
    const name = node.localName;
    const cls = ` ${node.getAttribute('class') || ''} `;
    if (name === 'rect' && cls.includes(' tag ')) { pill = node; continue; }
    const word = ['path', 'text', 'a', 'g'].includes(name) &&
      !/ (background|contour|legend) /.test(cls);
    if (!word) { pill = null; continue; }
    let group = node;
    if (name !== 'g') {
      group = doc.createElementNS(SVG_NS, 'g');
      node.before(group);
      if (pill && pill.nextElementSibling === group) group.append(pill);
      if (name === 'a') {
        const link = node.getAttribute('href') || node.getAttributeNS('http://www.w3.org/1999/xlink', 'href');
        if (link && safeLink(link)) group.dataset.link = link;
        group.append(...node.childNodes);
        node.remove();
      } else {
        group.append(node);
      }
    }
    group.setAttribute('class', 'preview-ink');
    groups.push(group);
    pill = null;
  }
  return groups;
}

/** `value` of `whole` as a CSS percentage. */
function pct(value, whole) {
  return `${(value / whole) * 100}%`;
}

/**
 * A centre coordinate moved so a frame of `size` lies within [0, max], rounded to 0.01 pt without
 * leaving that range; a frame larger than the canvas is centred.
 */
function clampCentre(centre, size, max) {
  const lo = size / 2;
  const hi = max - size / 2;
  if (lo >= hi) return max / 2;
  const rounded = Math.round(Math.min(Math.max(centre, lo), hi) * 100) / 100;
  if (rounded < lo) return Math.ceil(lo * 100) / 100;
  if (rounded > hi) return Math.floor(hi * 100) / 100;
  return rounded;
}

/** The interactive preview of one layout: see the module comment. */
export class Preview {
  /**
   * @param {HTMLElement} container an empty element the preview fills.
   * @param {{onSelect?: (index: number) => void,
   *   onMove?: (index: number, pin: {x: number, y: number, angle: number, size: number}) => void,
   *   onHide?: (index: number) => void}} handlers called with the word's `index` (layout.placed[i].index);
   *   a pin is the new centre of the word's frame in layout points, clamped into the canvas.
   */
  constructor(container, { onSelect = () => {}, onMove = () => {}, onHide = () => {} } = {}) {
    Object.assign(this, { container, onSelect, onMove, onHide });
    this.selected = null;
    this.drag = null;
    this.layout = null;
    container.classList.add('preview');
    this.stage = document.createElement('div');
    this.stage.className = 'preview-stage';
    this.hits = document.createElement('div');
    this.hits.className = 'preview-hits';
    this.hide = document.createElement('button');
    this.hide.type = 'button';
    this.hide.className = 'preview-hide';
    this.hide.textContent = 'Hide';
    this.message = document.createElement('p');
    this.message.className = 'preview-message';
    this.listen();
    this.clear('');
  }

  /**
   * Shows `svg` (the engine's SVG, best written with --svg-outlines) of `layout` (its layout JSON);
   * `movable`: whether words may be dragged (false for flows; default: not a flow); `pinned`: the
   * indices of pinned words, marked. Replaces whatever was shown; keeps the selection and the
   * keyboard focus on the same word.
   */
  show({ svg, layout, movable = layout?.kind !== 'flow', pinned = [] }) {
    const focused = this.hits.contains(document.activeElement) ? document.activeElement : null;
    const refocus = focused && (focused === this.hide ? 'hide' : Number(focused.dataset.index));
    this.cancelDrag();
    const root = parseSVG(svg);
    if (!root || !Array.isArray(layout?.placed) || !(layout.size?.width > 0 && layout.size?.height > 0)) {
      this.clear('The picture could not be shown.');
      return;
    }
    const groups = wrapWords(root);
    const box = root.viewBox?.baseVal;
    this.view = box && box.width > 0 ? { width: box.width, height: box.height } : { ...layout.size };
    root.setAttribute('aria-hidden', 'true');
    root.setAttribute('focusable', 'false');
    Object.assign(this, { layout, svg: root, groups, movable: Boolean(movable) });
    this.words = layout.placed;
    this.offsets = this.words.map(() => ({ dx: 0, dy: 0 }));
    this.pinned = new Set(pinned);
    this.byIndex = new Map();
    this.words.forEach((word, k) => {
      if (!this.byIndex.has(word.index)) this.byIndex.set(word.index, []);
      this.byIndex.get(word.index).push(k);
    });
    this.buildButtons();
    this.stage.classList.toggle('preview-movable', this.movable);
    this.stage.replaceChildren(document.adoptNode(root), this.hits);
    this.container.replaceChildren(this.stage);
    this.select(this.selected);
    this.restoreFocus(refocus);
  }

  /** Removes the picture and its buttons and shows `message` (plain text) in its place. */
  clear(message) {
    this.cancelDrag();
    this.layout = null;
    this.svg = null;
    this.words = [];
    this.groups = [];
    this.buttons = [];
    this.byIndex = new Map();
    this.hits.replaceChildren();
    this.stage.replaceChildren();
    this.message.textContent = message ?? '';
    this.container.replaceChildren(this.message);
  }

  /** Marks the word(s) of `index` as selected (null: none) and puts the Hide button beside it. */
  select(index) {
    this.selected = index;
    for (const [i, ks] of this.byIndex) {
      for (const k of ks) {
        this.groups[k]?.classList.toggle('preview-selected', i === index);
        this.buttons[k].classList.toggle('preview-selected', i === index);
        this.buttons[k].setAttribute('aria-current', String(i === index));
      }
    }
    this.placeHide();
  }

  /** Puts the word(s) of `index` back where the layout has them (a move the engine refused). */
  revert(index) {
    if (this.drag && this.words[this.drag.k].index === index) this.cancelDrag();
    for (const k of this.byIndex.get(index) ?? []) this.place(k, { dx: 0, dy: 0 });
    this.placeHide();
  }

  buildButtons() {
    const fragment = document.createDocumentFragment();
    this.buttons = this.words.map((word, k) => {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = this.pinned.has(word.index) ? 'preview-word preview-pinned' : 'preview-word';
      b.dataset.k = k;
      b.dataset.index = word.index;
      const text = word.fullText || word.text;
      b.setAttribute('aria-label', this.pinned.has(word.index) ? `${text} (pinned)` : text);
      const f = word.frame;
      b.style.cssText = `--x:${pct(f.x + f.width / 2, this.view.width)};--y:${pct(f.y + f.height / 2, this.view.height)};` +
        `width:${pct(f.width, this.view.width)};height:${pct(f.height, this.view.height)}`;
      if (this.groups[k]) this.groups[k].dataset.k = k;
      fragment.append(b);
      return b;
    });
    this.inkless = this.words.map((_, k) => !this.groups[k]?.querySelector('path:not([d=""]), text, rect'));
    this.hits.replaceChildren(fragment, this.hide);
  }

  /** Word `k`'s frame, moved by its pending offset. */
  frame(k) {
    const f = this.words[k].frame;
    const o = this.offsets[k];
    return { x: f.x + o.dx, y: f.y + o.dy, width: f.width, height: f.height };
  }

  /** Shows word `k` moved by `offset` (layout points): its ink, and its button unless `inkOnly`. */
  place(k, offset, inkOnly = false) {
    const g = this.groups[k];
    if (g) {
      if (offset.dx || offset.dy) g.setAttribute('transform', `translate(${offset.dx} ${offset.dy})`);
      else g.removeAttribute('transform');
    }
    if (inkOnly) return;
    this.offsets[k] = offset;
    const f = this.frame(k);
    this.buttons[k].style.setProperty('--x', pct(f.x + f.width / 2, this.view.width));
    this.buttons[k].style.setProperty('--y', pct(f.y + f.height / 2, this.view.height));
  }

  /** The offset of word `k` moved by (dx, dy) from where the layout has it, its frame kept inside the canvas. */
  clampedOffset(k, dx, dy) {
    const f = this.words[k].frame;
    const { width, height } = this.layout.size;
    const cx = f.x + f.width / 2;
    const cy = f.y + f.height / 2;
    return { dx: clampCentre(cx + dx, f.width, width) - cx, dy: clampCentre(cy + dy, f.height, height) - cy };
  }

  /** Commits word `k`'s move by `offset` and reports its pin. */
  move(k, offset) {
    this.place(k, offset);
    this.placeHide();
    const word = this.words[k];
    const f = this.frame(k);
    const round = (v) => Math.round(v * 100) / 100;
    const pin = { x: round(f.x + f.width / 2), y: round(f.y + f.height / 2), angle: word.rotation || 0, size: word.fontSize };
    this.onMove(word.index, pin);
  }

  /** A word chosen by the user (click, tap, Enter or Space). */
  choose(k) {
    this.select(this.words[k].index);
    this.onSelect(this.words[k].index);
  }

  placeHide() {
    const k = this.byIndex.get(this.selected)?.[0];
    this.hide.hidden = k === undefined;
    if (k === undefined) return;
    const f = this.frame(k);
    const { width, height } = this.view;
    const below = (f.y + f.height) / height < 0.85;
    this.hide.style.left = `clamp(0px, calc(${pct(f.x + f.width / 2, width)} - 2.5em), calc(100% - 5em))`;
    this.hide.style.top = below
      ? `min(calc(${pct(f.y + f.height, height)} + 4px), calc(100% - 2em))`
      : `max(0px, calc(${pct(f.y, height)} - 2em - 4px))`;
    this.hide.setAttribute('aria-label', `Hide ${this.words[k].fullText || this.words[k].text}`);
    this.hide.dataset.index = this.selected;
    // Right after the word's button, so Tab reaches it from the word.
    if (this.buttons[k].nextSibling !== this.hide) this.buttons[k].after(this.hide);
  }

  restoreFocus(refocus) {
    if (refocus === null || refocus === undefined) return;
    const k = this.byIndex.get(refocus === 'hide' ? this.selected : refocus)?.[0];
    if (k === undefined) return;
    (refocus === 'hide' ? this.hide : this.buttons[k]).focus({ preventScroll: true });
  }

  /**
   * The word a press at the event's point picks: the top-most word whose ink is there (the
   * browser's own hit test of the painted paths), else a word drawn smaller than MIN_TARGET (or
   * with no ink) whose MIN_TARGET box around its centre holds the point; -1 for none.
   */
  pick(e) {
    const g = e.target instanceof Element ? e.target.closest('.preview-ink') : null;
    if (g && this.svg?.contains(g) && g.dataset.k !== undefined) return Number(g.dataset.k);
    if (!this.svg) return -1;
    const r = this.svg.getBoundingClientRect();
    const scale = r.width / this.view.width;
    const x = (e.clientX - r.left) / scale;
    const y = (e.clientY - r.top) / scale;
    const half = MIN_TARGET / 2 / scale;
    for (let k = this.words.length - 1; k >= 0; k--) {
      const f = this.frame(k);
      const small = f.width * scale < MIN_TARGET || f.height * scale < MIN_TARGET;
      if (!small && !this.inkless[k]) continue;
      const hw = Math.max(f.width / 2, half);
      const hh = Math.max(f.height / 2, half);
      if (Math.abs(x - f.x - f.width / 2) <= hw && Math.abs(y - f.y - f.height / 2) <= hh) return k;
    }
    return -1;
  }

  listen() {
    const stage = this.stage;
    stage.addEventListener('pointerdown', (e) => this.pointerDown(e));
    stage.addEventListener('pointermove', (e) => this.pointerMove(e));
    stage.addEventListener('pointerup', (e) => this.pointerUp(e));
    stage.addEventListener('pointercancel', (e) => this.cancelDrag(e.pointerId));
    stage.addEventListener('lostpointercapture', (e) => this.cancelDrag(e.pointerId));
    // See the module comment: a touch that starts on a movable word drags it instead of panning.
    stage.addEventListener('touchstart', (e) => {
      if (this.drag?.touch && this.movable && e.cancelable) e.preventDefault();
    }, { passive: false });
    stage.addEventListener('dragstart', (e) => e.preventDefault());
    this.hits.addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (b === this.hide) this.onHide(Number(this.hide.dataset.index));
      else if (b) this.choose(Number(b.dataset.k));
    });
    this.hits.addEventListener('keydown', (e) => this.keyDown(e));
    this.escape = (e) => {
      if (e.key === 'Escape' && this.drag) { e.preventDefault(); this.cancelDrag(); }
    };
  }

  pointerDown(e) {
    if (this.drag || !this.layout || e.button !== 0 || e.target.closest?.('.preview-hits')) return;
    const k = this.pick(e);
    if (k < 0) return;
    // User units per CSS px, measured once per drag so moves only write transforms.
    const scale = this.view.width / this.svg.getBoundingClientRect().width;
    this.drag = { id: e.pointerId, k, x: e.clientX, y: e.clientY, scale, moving: false,
      touch: e.pointerType === 'touch', base: this.offsets[k], offset: this.offsets[k] };
    this.stage.setPointerCapture(e.pointerId);
    document.addEventListener('keydown', this.escape, true);
  }

  pointerMove(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moving) {
      if (!this.movable || Math.hypot(dx, dy) < DRAG_THRESHOLD) return;
      d.moving = true;
      this.stage.classList.add('preview-dragging');
      this.groups[d.k]?.classList.add('preview-lifted');
    }
    d.offset = this.clampedOffset(d.k, d.base.dx + dx * d.scale, d.base.dy + dy * d.scale);
    this.place(d.k, d.offset, true);
  }

  pointerUp(e) {
    const d = this.drag;
    if (!d || e.pointerId !== d.id) return;
    this.endDrag();
    if (d.moving) this.move(d.k, d.offset);
    else if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < DRAG_THRESHOLD) this.choose(d.k);
    else return;
    this.buttons[d.k].focus({ preventScroll: true });
  }

  /** Ends the drag of pointer `id` (any, when not given), putting the word back where it was. */
  cancelDrag(id) {
    const d = this.drag;
    if (!d || (id !== undefined && id !== d.id)) return;
    this.endDrag();
    if (this.groups[d.k]) this.place(d.k, d.base, true);
  }

  endDrag() {
    const d = this.drag;
    this.drag = null;
    document.removeEventListener('keydown', this.escape, true);
    this.stage.classList.remove('preview-dragging');
    this.groups[d.k]?.classList.remove('preview-lifted');
    if (this.stage.hasPointerCapture(d.id)) this.stage.releasePointerCapture(d.id);
  }

  keyDown(e) {
    const b = e.target.closest('.preview-word');
    if (!b || e.altKey || e.ctrlKey || e.metaKey) return;
    const k = Number(b.dataset.k);
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      this.onHide(this.words[k].index);
    } else if (ARROWS[e.key] && this.movable) {
      e.preventDefault();
      const by = e.shiftKey ? 10 : 1;
      const o = this.offsets[k];
      const next = this.clampedOffset(k, o.dx + ARROWS[e.key][0] * by, o.dy + ARROWS[e.key][1] * by);
      if (next.dx !== o.dx || next.dy !== o.dy) this.move(k, next);
    }
  }
}
