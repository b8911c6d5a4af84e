import TagCloud

/// Writes a `CloudLayout` as one self-contained, interactive HTML page: no network access, no
/// external file, the cloud as inline SVG drawn with the same geometry as `SVGWriter` (and so as the
/// PNG and PDF).
///
/// What the page does:
/// - scales to the window (the SVG keeps its `viewBox` and CSS sizes it);
/// - every word is a `<text>` (or, in outline mode and for an upright word with `uprightOutlines`, a
///   `<path>`) with `role="link"` (it has a link) or
///   `role="button"`, an `aria-label` holding its weight, and `tabindex="0"`; the words are written in
///   reading order, so Tab visits them heaviest first in a word cloud (kind "cloud") and in input
///   order (left to right, top to bottom) in a flow cloud;
/// - hovering or focusing a word highlights it and shows its weight in a tooltip;
/// - a click, or Enter or Space on a focused word, dispatches a `tagcloud:select` `CustomEvent` on the
///   word that bubbles up to `document`, with `detail` `{id, index, text, weight, link}`; calling
///   `preventDefault()` on it stops a linked word's navigation;
/// - a word with a link sits inside an SVG `<a href>`, so links work with JavaScript off; only links
///   `SafeLink` allows are written, and the page's script checks by the same rule any link it finds
///   before it follows one (a link put in by other script cannot navigate to `javascript:`);
/// - animations stop under `prefers-reduced-motion`; `Theme.auto` follows `prefers-color-scheme`.
public struct HTMLWriter {
    /// The page's colours.
    public enum Theme: String, Sendable, CaseIterable {
        /// The layout's own colours.
        case light
        /// A dark page: dark background, word colours lightened until they contrast with it.
        case dark
        /// Light or dark, following the reader's `prefers-color-scheme`.
        case auto
    }

    /// The page's colours. Default: `.light` (the layout's colours, as in the PNG).
    public var theme: Theme
    /// The page title (also the accessible name of the cloud).
    public var title: String
    /// How the words are drawn in the inline SVG.
    public var mode: SVGWriter.Mode
    /// In text mode, the outlines upright words are drawn with, as `SVGWriter.uprightOutlines`.
    public var uprightOutlines: (any GlyphOutlineProvider)?
    /// The background of the dark theme.
    public var darkBackground: Color
    /// The contrast the dark theme guarantees between each word and `darkBackground`.
    public var darkContrast: ContrastGuard

    /// Creates a writer.
    public init(
        theme: Theme = .light, title: String = "Tag cloud", mode: SVGWriter.Mode = .text,
        uprightOutlines: (any GlyphOutlineProvider)? = nil, darkBackground: Color = Color(rgb: 0x16181D),
        darkContrast: ContrastGuard = ContrastGuard(minimumRatio: 4.5)
    ) {
        self.theme = theme; self.title = title; self.mode = mode; self.uprightOutlines = uprightOutlines
        self.darkBackground = darkBackground; self.darkContrast = darkContrast
    }

    /// The words in the order the page lists them, which is the keyboard (Tab) order: heaviest
    /// first for a word cloud, whose eye reads from the biggest word; input order for a flow cloud,
    /// whose rows read left to right, top to bottom. Ties keep input order.
    public static func readingOrder(_ layout: CloudLayout) -> [PlacedWord] {
        if layout.kind == .flow { return layout.placed.sorted { $0.index < $1.index } }
        // A weight that is not a number sorts as the lightest, so the order stays total.
        func weight(_ w: PlacedWord) -> Double { w.weight.isNaN ? -.infinity : w.weight }
        return layout.placed.sorted { weight($0) != weight($1) ? weight($0) > weight($1) : $0.index < $1.index }
    }

    /// The HTML document.
    public func html(_ layout: CloudLayout) throws(CoreError) -> String {
        var ordered = layout
        // The SVG paints in document order; words never overlap (and a word's pill is drawn
        // with it), so reordering changes the keyboard order without changing the picture.
        ordered.placed = Self.readingOrder(layout)
        var darkLayout: CloudLayout? = nil
        if theme != .light {
            darkLayout = darkContrast.apply(to: ordered, background: darkBackground)
        }
        if theme == .dark, let dark = darkLayout {
            ordered = dark
            ordered.background = darkBackground
        }
        var darkFill: [Int: Color] = [:]
        if theme == .auto, let dark = darkLayout {
            for w in dark.placed { darkFill[w.index] = w.color }
        }

        var writer = SVGWriter(mode: mode, uprightOutlines: uprightOutlines)
        writer.xmlDeclaration = false
        let count = layout.placed.count
        writer.rootAttributes =
            " class=\"tagcloud-svg\" role=\"group\" aria-label=\"\(title.xmlEscaped), \(count) word\(count == 1 ? "" : "s")\""
        // The <a> is there for clicks without JavaScript; the word inside it is the one keyboard
        // stop, so the link itself leaves the tab order (otherwise each linked word is two stops).
        writer.linkAttributes = " tabindex=\"-1\""
        writer.wordAttributes = { word in
            Self.wordAttributes(word, element: word.index, dark: darkFill[word.index])
        }
        let svg = try writer.svg(ordered)
        return """
            \(head(css: Self.css + themeCSS(background: layout.background)))\
            <div class="tagcloud" data-kind="\(layout.kind.rawValue)">
            \(svg)<div class="tagcloud-tip" role="tooltip" hidden></div>
            </div>
            <script>
            \(Self.script)</script>
            </body>
            </html>

            """
    }

    /// The HTML document as UTF-8 bytes.
    public func data(_ layout: CloudLayout) throws(CoreError) -> [UInt8] { Array(try html(layout).utf8) }

    /// The attributes that make a word's element an accessible, focusable control: its element id
    /// `tc-word-<element>`, its text, role, weight as its accessible name, and (theme `.auto`) the
    /// colour it takes on a dark page. An unfocusable word (`SeriesHTMLWriter`'s word that is not in
    /// the shown frame) leaves the tab order.
    static func wordAttributes(_ word: PlacedWord, element: Int, focusable: Bool = true, dark: Color?) -> String {
        let label = word.fullText ?? word.text
        var a = " id=\"tc-word-\(element)\" class=\"word\" data-index=\"\(word.index)\""
        a += " data-text=\"\(label.xmlEscaped)\""
        a += " role=\"\(word.link.flatMap(SafeLink.sanitized) == nil ? "button" : "link")\" tabindex=\"\(focusable ? 0 : -1)\""
        a += " aria-label=\"\((label + ", weight " + formatNumber(word.weight, decimals: 6)).xmlEscaped)\""
        if let c = dark { a += " style=\"--tc-dark:\(c.hexRGB)\"" }
        return a
    }

    /// The page's colours: the background of the theme (the canvas's, or white, when light), and,
    /// for `.auto`, the dark page's background and word colours under `prefers-color-scheme: dark`.
    func themeCSS(background light: Color?) -> String {
        let lightBackground = light.map { $0.alpha > 0 ? $0.hexRGB : "#ffffff" } ?? "#ffffff"
        switch theme {
        case .light:
            return "body{background:\(lightBackground)}\n"
        case .dark:
            return "body{background:\(darkBackground.hexRGB);color:#e8e8e8}\n"
        case .auto:
            return "body{background:\(lightBackground)}\n"
                + "@media (prefers-color-scheme: dark){body{background:\(darkBackground.hexRGB);color:#e8e8e8}"
                + ".tagcloud-svg .background{fill:\(darkBackground.hexRGB)}"
                + ".tagcloud-svg .word{fill:var(--tc-dark)}.tagcloud-svg .legend>*{fill:#e8e8e8}}\n"
        }
    }

    /// The document up to and including `<body>`: metadata, title and `css`; `meta` (whole lines)
    /// goes right after the character set.
    func head(css: String, meta: String = "") -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        \(meta)<meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="color-scheme" content="\(theme == .auto ? "light dark" : theme.rawValue)">
        <title>\(title.xmlEscaped)</title>
        <style>
        \(css)</style>
        </head>
        <body>

        """
    }

    // The page's style. Why each rule:
    // - the SVG fills the width and keeps its aspect ratio (viewBox), never taller than the window;
    // - focus must be visible for keyboard users, hover must not be the only cue;
    // - other words fade while one is hovered or focused, so the highlighted one stands out;
    // - transitions stop under prefers-reduced-motion.
    static let css = """
        html,body{margin:0;padding:0}
        .tagcloud{position:relative;width:100%;line-height:0}
        .tagcloud-svg{display:block;width:100%;height:auto;max-height:100vh}
        .tagcloud-svg .word{cursor:pointer;transition:opacity .15s ease-out;outline:none}
        .tagcloud-svg a{text-decoration:none}
        .tagcloud-svg:has(.word:hover,.word:focus-visible) .word:not(:hover):not(:focus-visible){opacity:.45}
        .tagcloud-svg .word:hover,.tagcloud-svg .word:focus-visible{text-decoration:underline}
        .tagcloud-tip{position:absolute;z-index:1;pointer-events:none;line-height:1.3;font:13px/1.3 system-ui,sans-serif;
        background:#222;color:#fff;padding:3px 7px;border-radius:4px;white-space:nowrap;transform:translate(-50%,-100%)}
        .tagcloud-tip[hidden]{display:none}
        @media (prefers-reduced-motion: reduce){.tagcloud-svg .word{transition:none}}

        """

    // The page's behaviour, plain ES2017 with no dependency. It reads everything from the word
    // elements' data attributes, so the SVG above stays the single source of truth.
    static let script = """
        (function () {
          "use strict";
          var root = document.currentScript.previousElementSibling;
          var tip = root.querySelector(".tagcloud-tip");
          // SafeLink's rule (TagCloud/SafeLink.swift), for links the page did not write itself: the
          // link as the browser reads it if its scheme is http, https or mailto or it has none, else null.
          function safeLink(link) {
            if (typeof link !== "string") return null;
            var s = link.replace(/^[\\u0000-\\u0020]+|[\\u0000-\\u0020]+$/g, "").replace(/[\\t\\n\\r]/g, "");
            if (s === "" || /[\\u0000-\\u001F\\u007F-\\u009F\\uFFFE\\uFFFF]/.test(s)) return null;
            var scheme = /^([A-Za-z][A-Za-z0-9+.\\-]*):/.exec(s);
            if (scheme && ["http", "https", "mailto"].indexOf(scheme[1].toLowerCase()) < 0) return null;
            return s;
          }
          // The link of the <a> around a node, or null when there is none or it (as href or as
          // xlink:href, whichever the browser would follow) is not safe.
          function linkOf(node) {
            var a = node && node.closest ? node.closest("a") : null;
            if (!a) return null;
            var href = a.getAttribute("href"), xlink = a.getAttributeNS("http://www.w3.org/1999/xlink", "href");
            if (href === null && xlink === null) return null;
            if ((href !== null && safeLink(href) === null) || (xlink !== null && safeLink(xlink) === null)) return null;
            return safeLink(href !== null ? href : xlink);
          }
          function detail(el) {
            return {
              id: el.hasAttribute("data-id") ? el.getAttribute("data-id") : null,
              index: Number(el.getAttribute("data-index")),
              text: el.getAttribute("data-text"),
              weight: Number(el.getAttribute("data-weight")),
              link: linkOf(el)
            };
          }
          function select(el) {
            var d = detail(el);
            // Dispatched on the word so it bubbles through the SVG to document; cancelable so a page
            // can keep a linked word from navigating.
            return el.dispatchEvent(new CustomEvent("tagcloud:select", { bubbles: true, cancelable: true, detail: d }));
          }
          function show(el) {
            var d = detail(el);
            tip.textContent = d.text + " \\u2014 weight " + d.weight;
            var box = el.getBoundingClientRect(), host = root.getBoundingClientRect();
            tip.style.left = (box.left + box.width / 2 - host.left) + "px";
            tip.style.top = Math.max(0, box.top - host.top - 4) + "px";
            tip.hidden = false;
          }
          function hide() { tip.hidden = true; }
          function word(target) { return target && target.closest ? target.closest(".word") : null; }
          // A click anywhere in an <a> (on its word or on the word's pill) follows the link only when
          // it is safe; a middle click too.
          function keepSafe(e) {
            var a = e.target && e.target.closest ? e.target.closest("a") : null;
            if (a && linkOf(a) === null) e.preventDefault();
          }
          root.addEventListener("auxclick", keepSafe);
          root.addEventListener("click", function (e) {
            keepSafe(e);
            var el = word(e.target);
            if (!el) return;
            // The <a> around a linked word navigates by itself (also without JavaScript).
            if (!select(el)) e.preventDefault();
          });
          root.addEventListener("keydown", function (e) {
            var el = word(e.target);
            if (!el || (e.key !== "Enter" && e.key !== " ")) return;
            e.preventDefault();
            var go = select(el);
            var link = linkOf(el);
            if (go && link && e.key === "Enter") window.location.href = link;
          });
          root.addEventListener("mouseover", function (e) { var el = word(e.target); if (el) show(el); });
          root.addEventListener("mouseout", function (e) { if (word(e.target)) hide(); });
          root.addEventListener("focusin", function (e) { var el = word(e.target); if (el) show(el); });
          root.addEventListener("focusout", hide);
        })();

        """
}
