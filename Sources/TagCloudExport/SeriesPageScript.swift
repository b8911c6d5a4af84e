extension SeriesHTMLWriter {
    // The series page's style, after HTMLWriter's. Why each rule:
    // - the bar takes its line above the cloud, which keeps to the window below it;
    // - a word's group is transformed about the SVG's origin (the script's transforms are written so);
    // - once the script has drawn the first frame (.tc-live) it owns the words' colours, and a change
    //   of frame is a transition of transform, opacity, visibility (a fading word stays visible until
    //   it is gone, and is not focusable once it is), colour and pill geometry;
    // - .tc-still (the first frame, a jump) and prefers-reduced-motion switch without motion.
    static let css = """
        .tc-bar{display:flex;flex-wrap:wrap;align-items:center;gap:.4em .8em;padding:.4em .8em;
        font:15px/1.4 system-ui,sans-serif;min-height:2.2em;box-sizing:border-box}
        .tc-label{font-weight:600;min-width:4em}
        .tc-controls{display:flex;flex:1;flex-wrap:wrap;align-items:center;gap:.4em}
        .tc-controls[hidden]{display:none}
        .tc-controls button{font:inherit;min-width:5.5em}
        .tc-slider{flex:1;min-width:8em}
        .tc-count{font-variant-numeric:tabular-nums}
        .tagcloud-series .tagcloud-svg{max-height:calc(100vh - 3em)}
        .tc-item{transform-box:view-box;transform-origin:0 0}
        .tc-live .tc-item{transition:transform var(--tc-morph) ease-in-out,opacity var(--tc-morph) ease-in-out,visibility var(--tc-morph)}
        .tc-live .word{fill:var(--tc-fill);fill-opacity:1;transition:fill var(--tc-morph) ease-in-out,opacity .15s ease-out}
        .tc-live rect.tag{transition:x var(--tc-morph) ease-in-out,y var(--tc-morph) ease-in-out,width var(--tc-morph) ease-in-out,
        height var(--tc-morph) ease-in-out,rx var(--tc-morph) ease-in-out,stroke-width var(--tc-morph) ease-in-out}
        .tc-still .tc-item,.tc-still .tc-item *{transition:none!important}
        @media (prefers-reduced-motion: reduce){.tc-item,.tc-item *{transition:none!important}}

        """

    // The morph, plain ES2017 with no dependency. Everything it needs is in the markup: the frames'
    // labels in the slider's <datalist>, each word's per-frame lists on its group (SeriesTrack's
    // groupAttributes), the timing on the container. Selecting, links and the tooltip are
    // HTMLWriter's script, which reads the word attributes this one updates for each frame.
    static let script = """
        (function () {
          "use strict";
          var root = document.querySelector(".tagcloud-series");
          var svg = root.querySelector(".tagcloud-svg");
          var bar = document.querySelector(".tc-bar");
          var slider = bar.querySelector(".tc-slider"), label = bar.querySelector(".tc-label");
          var count = bar.querySelector(".tc-count"), play = bar.querySelector(".tc-play");
          var labels = Array.prototype.map.call(document.querySelectorAll("#tc-frames option"), function (o) { return o.label; });
          var n = labels.length, current = 0, playing = false, timer = null;
          var hold = Math.max(100, Number(root.getAttribute("data-frame-ms")) || 2500);
          var loop = root.getAttribute("data-loop") === "true";
          var still = window.matchMedia("(prefers-reduced-motion: reduce)");
          // A per-frame list: one value for every frame, or one per frame ("-" where the word is absent).
          function list(el, name) {
            var v = el.getAttribute(name);
            if (v === null) return null;
            var parts = v.split(" ");
            return function (k) { var x = parts.length === 1 ? parts[0] : parts[k]; return x === undefined || x === "-" ? null : x; };
          }
          // A value for every frame: the word's own where it is present, else the nearest earlier
          // frame's (or later, before its first), so a word fades in and out where it stands.
          function filled(get) {
            var out = [], last = null, k;
            for (k = 0; k < n; k++) { var v = get(k); if (v !== null) last = v; out.push(last); }
            for (k = n - 1, last = null; k >= 0; k--) { if (out[k] === null) out[k] = last; else last = out[k]; }
            return out;
          }
          var items = Array.prototype.map.call(svg.querySelectorAll(".tc-item"), function (g) {
            var c = g.getAttribute("data-centre").split(" ").map(Number);
            var scale = list(g, "data-scale"), shift = list(g, "data-shift");
            var it = {
              g: g, word: g.querySelector(".word"), pill: g.querySelector("rect.tag"),
              present: [], weight: list(g, "data-weights"), index: list(g, "data-indexes"),
              fill: filled(list(g, "data-fills")), dark: g.hasAttribute("data-dark-fills") ? filled(list(g, "data-dark-fills")) : null,
              box: g.hasAttribute("data-boxes") ? filled(list(g, "data-boxes")) : null
            };
            var place = filled(function (k) {
              var s = scale(k);
              it.present[k] = s !== null;
              if (s === null) return null;
              var d = shift ? (shift(k) || "0,0").split(",").map(Number) : [0, 0];
              return "translate(" + (c[0] + d[0]) + "px," + (c[1] + d[1]) + "px) scale(" + s + ") translate(" + (-c[0]) + "px," + (-c[1]) + "px)";
            });
            it.place = place;
            return it;
          });
          function draw(it, k) {
            var here = it.present[k], g = it.g, word = it.word;
            g.style.transform = it.place[k];
            g.style.opacity = here ? "1" : "0";
            g.style.visibility = here ? "visible" : "hidden";
            if (here) g.removeAttribute("aria-hidden"); else g.setAttribute("aria-hidden", "true");
            word.setAttribute("tabindex", here ? "0" : "-1");
            word.style.setProperty("--tc-fill", it.fill[k]);
            if (it.dark) word.style.setProperty("--tc-dark", it.dark[k]);
            if (it.pill && it.box) {
              var b = it.box[k].split(",");
              ["x", "y", "width", "height", "rx", "stroke-width"].forEach(function (name, i) { it.pill.style.setProperty(name, b[i] + "px"); });
            }
            if (!here) { if (document.activeElement === word) slider.focus({ preventScroll: true }); return; }
            word.setAttribute("data-weight", it.weight(k));
            word.setAttribute("data-index", it.index(k));
            word.setAttribute("aria-label", word.getAttribute("data-text") + ", weight " + it.weight(k));
          }
          // Shows frame k; with motion unless `jump` or the reader asks for none.
          function show(k, jump) {
            k = Math.max(0, Math.min(n - 1, k));
            var instant = jump || still.matches;
            if (instant) root.classList.add("tc-still");
            for (var i = 0; i < items.length; i++) draw(items[i], k);
            current = k;
            slider.value = String(k);
            slider.setAttribute("aria-valuetext", labels[k]);
            label.textContent = labels[k];
            count.textContent = (k + 1) + " / " + n;
            root.setAttribute("data-frame", String(k));
            // Styles are computed with transitions off, then transitions come back for the next change.
            if (instant) { void svg.getBoundingClientRect(); root.classList.remove("tc-still"); }
          }
          function tick() {
            timer = null;
            if (current + 1 < n) show(current + 1, false);
            else if (loop) show(0, false);
            else { setPlaying(false); return; }
            timer = setTimeout(tick, hold);
          }
          function setPlaying(on) {
            clearTimeout(timer);
            timer = null;
            playing = on && n > 1;
            if (playing) {
              if (!loop && current === n - 1) show(0, false);
              timer = setTimeout(tick, hold);
            }
            play.textContent = playing ? "Pause" : "Play";
            root.setAttribute("data-playing", String(playing));
          }
          function step(k) { setPlaying(false); show(k, false); }
          play.addEventListener("click", function () { setPlaying(!playing); });
          bar.querySelector(".tc-prev").addEventListener("click", function () { step(current - 1); });
          bar.querySelector(".tc-next").addEventListener("click", function () { step(current + 1); });
          slider.addEventListener("input", function () { step(Number(slider.value)); });
          if (still.addEventListener) still.addEventListener("change", function (e) { if (e.matches) setPlaying(false); });
          // Keys for the whole page, but not those the focused element uses itself: text fields keep
          // every key; the slider its arrows, Home and End; a button and a word their Space (a word's
          // Space selects it, and HTMLWriter's script has already taken it).
          document.addEventListener("keydown", function (e) {
            if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return;
            var t = e.target, tag = t && t.tagName ? t.tagName.toLowerCase() : "";
            if (tag === "textarea" || tag === "select" || (tag === "input" && t !== slider) || (t && t.isContentEditable)) return;
            var onSlider = t === slider, pressable = tag === "button" || tag === "a" || (t && t.closest && t.closest(".word"));
            switch (e.key) {
              case " ": case "Spacebar": if (pressable) return; setPlaying(!playing); break;
              case "k": case "K": setPlaying(!playing); break;
              case "ArrowLeft": if (onSlider) return; step(current - 1); break;
              case "ArrowRight": if (onSlider) return; step(current + 1); break;
              case "Home": if (onSlider) return; step(0); break;
              case "End": if (onSlider) return; step(n - 1); break;
              default: return;
            }
            e.preventDefault();
          });
          root.classList.add("tc-live");
          show(0, true);
          bar.querySelector(".tc-controls").hidden = false;
          if (root.getAttribute("data-autoplay") === "true" && !still.matches) setPlaying(true);
        })();

        """
}
