// The Preview: the engine's picture, inline, as the place to work. A press on a word's ink selects
// it, a drag pins it elsewhere, and each placed word has a transparent button over it so the
// picture works from the keyboard and with screen readers. Inside the container: div.preview-stage >
// [svg (each word's elements wrapped in g.preview-ink), div.preview-hits > button.preview-word per
// placed word + button.preview-hide]. The buttons take no pointer input: the glyph outlines decide
// what a press hits, as boxes of rotated or overlapping words cover their neighbours (the old bug).
//
// Touch: a touch drag on a word must move it, a swipe elsewhere must scroll the page. The picture
// keeps touch-action: auto, and a touchstart on a word of a movable picture is cancelled (a
// non-passive listener): engines do not pan for a cancelled touchstart, so the touch's pointer
// events go on to a drag instead of ending in pointercancel; a swipe from empty space still
// scrolls. Checked: Chromium and Firefox (without the cancel, both pan and send pointercancel).
// touch-action: none on the word paths alone does not do it: Chromium ignores touch-action on SVG
// children (Firefox honours it, on the ink; preview.css sets it too, for pens there). On the whole
// picture it would trap a phone user whose picture is taller than the screen.

const SVG_NS = 'http://www.w3.org/2000/svg';
/** Pointer travel (CSS px) below which a press is a click, not a drag. */
const DRAG_THRESHOLD = 4;
/** The least target (CSS px) a word gets, for words drawn smaller than this (WCAG 2.5.8). */
const MIN_TARGET = 24;
const ARROWS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
/** Elements that could run script or pull in other documents: never shown. */
const DROPPED = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'animate', 'set', 'animatemotion',
  'animatetransform', 'discard']);
/** Markup that could run script, load documents or restyle the page: the SVG's text is walked only then. */
const RISKY = /<\/?(script|foreignobject|iframe|embed|object|animate\w*|set|discard|style)\b|[\s/"']on[a-z]*\s*=|href\s*=/i;
const FONT_FACES_ONLY = /^\s*(@font-face\s*\{[^{}]*\}\s*)*$/;

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
  for (const node of [root, ...root.querySelectorAll('*')]) {
    const name = node.localName.toLowerCase();
    if (node !== root && (DROPPED.has(name) || (name === 'style' && !FONT_FACES_ONLY.test(node.textContent)))) {
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

/**
 * The sanitised <svg> element of `text`, or null. An inert <template>'s HTML parser reads it, not
 * DOMParser's XML parser: for 500 outlined words (1.3 MB) the XML parser took 40-60 ms in
 * Chromium, the HTML one under 10. Nothing in a template's content runs or loads.
 */
function parseSVG(text) {
  const template = document.createElement('template');
  template.innerHTML = String(text ?? '');
  const root = template.content.querySelector('svg');
  if (!root || root.namespaceURI !== SVG_NS) return null;
  if (RISKY.test(text)) sanitize(root);
  return root;
}

/**
 * Wraps each placed word's elements (its pill `rect.tag`, its `<path>` or `<text>`, and the `<a>`
 * of a link) in one g.preview-ink, in drawing order, which is the order of the layout's `placed`.
 * A link becomes a plain group (its address kept in data-link): a click in the editor selects the
 * word rather than leaving the page, and the link is not an extra Tab stop.
 */
function wrapWords(root) {
  const groups = [];
  let pill = null;
  for (const node of [...root.children]) {
    const name = node.localName;
    const cls = ` ${node.getAttribute('class') || ''} `;
    if (name === 'rect' && cls.includes(' tag ')) { pill = node; continue; }
    if (['path', 'text', 'a', 'g'].includes(name) && !/ (background|contour|legend) /.test(cls)) {
      groups.push(name === 'g' ? node : wrap(node, pill));
      groups.at(-1).setAttribute('class', 'preview-ink');
    }
    pill = null;
  }
  return groups;
}

/** A new <g> in place of `node` holding it (an <a>: its children) and the `pill` drawn just before it. */
function wrap(node, pill) {
  const group = node.ownerDocument.createElementNS(SVG_NS, 'g');
  node.before(group);
  if (pill?.nextElementSibling === group) group.append(pill);
  const isLink = node.localName === 'a';
  const link = isLink && (node.getAttribute('href') || node.getAttribute('xlink:href'));
  if (link && safeLink(link)) group.dataset.link = link;
  group.append(...(isLink ? node.childNodes : [node]));
  if (isLink) node.remove();
  return group;
}

/** `value` as text safe in HTML content and quoted attributes. */
function escapeHTML(value) {
  return String(value).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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
  const [lo, hi] = [size / 2, max - size / 2];
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
    Object.assign(this, { container, onSelect, onMove, onHide, selected: null, drag: null });
    container.classList.add('preview');
    const make = (tag, className) => Object.assign(document.createElement(tag), { className });
    this.stage = make('div', 'preview-stage');
    this.hits = make('div', 'preview-hits');
    this.hide = Object.assign(make('button', 'preview-hide'), { type: 'button', textContent: 'Hide' });
    this.message = make('p', 'preview-message');
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
    const focused = this.hits.contains(document.activeElement) && document.activeElement;
    const refocus = focused === this.hide ? 'hide' : focused && this.words[Number(focused.dataset.k)]?.index;
    this.cancelDrag();
    const root = parseSVG(svg);
    if (!root || !Array.isArray(layout?.placed) || !(layout.size?.width > 0 && layout.size?.height > 0)) {
      this.clear('The picture could not be shown.');
      return;
    }
    const box = root.viewBox?.baseVal;
    const view = box?.width > 0 ? { width: box.width, height: box.height } : { ...layout.size };
    root.setAttribute('aria-hidden', 'true'); // the buttons name the words
    Object.assign(this, { layout, view, svg: root, groups: wrapWords(root), movable: Boolean(movable), words: layout.placed,
      offsets: layout.placed.map(() => ({ dx: 0, dy: 0 })), pinned: new Set(pinned), byIndex: new Map() });
    this.words.forEach((word, k) => this.byIndex.set(word.index, [...(this.byIndex.get(word.index) ?? []), k]));
    this.buildButtons();
    this.stage.classList.toggle('preview-movable', this.movable);
    this.stage.replaceChildren(root, this.hits);
    this.container.replaceChildren(this.stage);
    this.select(this.selected);
    this.restoreFocus(refocus);
  }

  /** Removes the picture and its buttons and shows `message` (plain text) in its place. */
  clear(message) {
    this.cancelDrag();
    Object.assign(this, { layout: null, svg: null, words: [], groups: [], buttons: [], byIndex: new Map() });
    this.stage.replaceChildren(); // the picture and its buttons go: nothing stale stays
    this.message.textContent = message ?? '';
    this.container.replaceChildren(this.message);
  }

  /** Marks the word(s) of `index` as selected (null: none) and puts the Hide button beside it. */
  select(index) {
    const mark = (i, on) => {
      for (const k of this.byIndex.get(i) ?? []) {
        this.groups[k]?.classList.toggle('preview-selected', on);
        this.buttons[k].classList.toggle('preview-selected', on);
        this.buttons[k].ariaCurrent = on ? 'true' : null; // null removes the attribute
      }
    };
    mark(this.selected, false);
    mark((this.selected = index), true);
    this.placeHide();
  }

  /** Puts the word(s) of `index` back where the layout has them (a move the engine refused). */
  revert(index) {
    if (this.drag && this.words[this.drag.k].index === index) this.cancelDrag();
    for (const k of this.byIndex.get(index) ?? []) this.place(k, { dx: 0, dy: 0 });
    this.placeHide();
  }

  /** One button per placed word, built as one HTML string (several times faster than 500 createElement). */
  buildButtons() {
    const { width, height } = this.view;
    this.hits.innerHTML = this.words.map((word, k) => {
      const [c, f, pinned] = [this.centre(k), word.frame, this.pinned.has(word.index)];
      if (this.groups[k]) this.groups[k].dataset.k = k;
      return `<button type="button" class="preview-word${pinned ? ' preview-pinned' : ''}" data-k="${k}" ` +
        `aria-label="${escapeHTML(word.fullText || word.text)}${pinned ? ' (pinned)' : ''}" style="--x:${pct(c.x, width)};` +
        `--y:${pct(c.y, height)};width:${pct(f.width, width)};height:${pct(f.height, height)}"></button>`;
    }).join('');
    this.buttons = [...this.hits.children];
    this.hits.append(this.hide);
  }

  /** The centre of word `k`'s frame in layout points, moved by `offset` (default: its pending one). */
  centre(k, { dx, dy } = this.offsets[k]) {
    const f = this.words[k].frame;
    return { x: f.x + f.width / 2 + dx, y: f.y + f.height / 2 + dy };
  }

  /** Shows word `k` moved by `offset` (layout points): its ink, and its button unless `inkOnly`. */
  place(k, offset, inkOnly = false) {
    const g = this.groups[k];
    if (offset.dx || offset.dy) g?.setAttribute('transform', `translate(${offset.dx} ${offset.dy})`);
    else g?.removeAttribute('transform');
    if (inkOnly) return;
    this.offsets[k] = offset;
    const c = this.centre(k);
    this.buttons[k].style.setProperty('--x', pct(c.x, this.view.width));
    this.buttons[k].style.setProperty('--y', pct(c.y, this.view.height));
  }

  /** The offset of word `k` moved by (dx, dy) from its layout place, its frame kept inside the canvas. */
  clampedOffset(k, dx, dy) {
    const { width, height } = this.words[k].frame;
    const c = this.centre(k, { dx: 0, dy: 0 });
    const size = this.layout.size;
    return { dx: clampCentre(c.x + dx, width, size.width) - c.x, dy: clampCentre(c.y + dy, height, size.height) - c.y };
  }

  /** Commits word `k`'s move by `offset` and reports its pin. */
  move(k, offset) {
    this.place(k, offset);
    this.placeHide();
    const { x, y } = this.centre(k);
    const word = this.words[k];
    const round = (v) => Math.round(v * 100) / 100;
    this.onMove(word.index, { x: round(x), y: round(y), angle: word.rotation || 0, size: word.fontSize });
  }

  /** A word chosen by the user (click, tap, Enter or Space). */
  choose(k) {
    this.select(this.words[k].index);
    this.onSelect(this.words[k].index);
  }

  /** Puts the Hide button beside (below, or above near the bottom) the selected word's first copy. */
  placeHide() {
    const k = this.byIndex.get(this.selected)?.[0];
    this.hide.hidden = k === undefined;
    if (k === undefined) return;
    const { x, y } = this.centre(k);
    const [{ width, height }, half] = [this.view, this.words[k].frame.height / 2];
    this.hide.style.left = `clamp(0px, calc(${pct(x, width)} - 2.5em), calc(100% - 5em))`;
    this.hide.style.top = (y + half) / height < 0.85
      ? `min(calc(${pct(y + half, height)} + 4px), calc(100% - 2em))`
      : `max(0px, calc(${pct(y - half, height)} - 2em - 4px))`;
    this.hide.setAttribute('aria-label', `Hide ${this.words[k].fullText || this.words[k].text}`);
    // Right after the word's button, so Tab reaches it from the word.
    if (this.buttons[k].nextSibling !== this.hide) this.buttons[k].after(this.hide);
  }

  /** Focuses again, after show(), the button (`refocus`: a word's index, or 'hide') that had the focus. */
  restoreFocus(refocus) {
    const k = this.byIndex.get(refocus === 'hide' ? this.selected : refocus)?.[0];
    if (k !== undefined) (refocus === 'hide' ? this.hide : this.buttons[k]).focus({ preventScroll: true });
  }

  /**
   * The word a press at `e`'s point picks: the top-most word whose ink is there (the browser's hit
   * test of the painted paths), else a word drawn smaller than MIN_TARGET (or with no ink) whose
   * MIN_TARGET box around its centre holds the point, so tiny words stay tappable; -1 for none.
   */
  pick(e) {
    if (e.target instanceof Element && e.target.closest('.preview-hits')) return -1; // the Hide button
    const g = e.target instanceof Element ? e.target.closest('.preview-ink') : null;
    if (g && this.svg?.contains(g) && g.dataset.k !== undefined) return Number(g.dataset.k);
    if (!this.svg) return -1;
    const r = this.svg.getBoundingClientRect();
    const scale = r.width / this.view.width;
    const [x, y, half] = [(e.clientX - r.left) / scale, (e.clientY - r.top) / scale, MIN_TARGET / 2 / scale];
    for (let k = this.words.length - 1; k >= 0; k--) {
      const [{ width, height }, c] = [this.words[k].frame, this.centre(k)];
      if (Math.abs(x - c.x) > Math.max(width / 2, half) || Math.abs(y - c.y) > Math.max(height / 2, half)) continue;
      const small = width * scale < MIN_TARGET || height * scale < MIN_TARGET;
      if (small || !this.groups[k]?.querySelector('path:not([d=""]), text, rect')) return k;
    }
    return -1;
  }

  listen() {
    const stage = this.stage;
    const on = { pointerdown: this.pointerDown, pointermove: this.pointerMove, pointerup: this.pointerUp };
    for (const [type, handler] of Object.entries(on)) stage.addEventListener(type, handler.bind(this));
    for (const type of ['pointercancel', 'lostpointercapture']) stage.addEventListener(type, (e) => this.cancelDrag(e.pointerId));
    // See the module comment: a touch that starts on a movable word drags it instead of panning.
    // pointerdown comes first in every engine tested; the touch's own point is checked too in case not.
    stage.addEventListener('touchstart', (e) => {
      const t = e.changedTouches[0];
      const onWord = this.drag ? this.drag.touch
        : Boolean(t) && this.pick({ target: e.target, clientX: t.clientX, clientY: t.clientY }) >= 0;
      if (this.movable && onWord && e.cancelable) e.preventDefault();
    }, { passive: false });
    stage.addEventListener('dragstart', (e) => e.preventDefault());
    this.hits.addEventListener('click', (e) => {
      const b = e.target.closest('button');
      if (b === this.hide) this.onHide(this.selected);
      else if (b) this.choose(Number(b.dataset.k));
    });
    this.hits.addEventListener('keydown', (e) => this.keyDown(e));
    this.escape = (e) => e.key === 'Escape' && this.drag && (e.preventDefault(), this.cancelDrag());
  }

  pointerDown(e) {
    if (this.drag || !this.layout || e.button !== 0) return;
    const k = this.pick(e);
    if (k < 0) return;
    // User units per CSS px, measured once per drag so moves only write transforms.
    const scale = this.view.width / this.svg.getBoundingClientRect().width;
    if (!Number.isFinite(scale)) return;
    this.drag = { id: e.pointerId, k, x: e.clientX, y: e.clientY, scale, moving: false,
      touch: e.pointerType === 'touch', base: this.offsets[k], offset: this.offsets[k] };
    this.stage.setPointerCapture(e.pointerId);
    document.addEventListener('keydown', this.escape, true);
  }

  pointerMove(e) {
    const d = this.drag;
    if (d?.id !== e.pointerId) return;
    const [dx, dy] = [e.clientX - d.x, e.clientY - d.y];
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
    if (d?.id !== e.pointerId) return;
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
    this.place(d.k, d.base, true);
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
    const [step, o] = [ARROWS[e.key], this.offsets[k]];
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      this.onHide(this.words[k].index);
    } else if (step && this.movable) {
      e.preventDefault();
      const by = e.shiftKey ? 10 : 1;
      const next = this.clampedOffset(k, o.dx + step[0] * by, o.dy + step[1] * by);
      if (next.dx !== o.dx || next.dy !== o.dy) this.move(k, next); // nothing to do at the edge
    }
  }
}
