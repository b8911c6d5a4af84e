import TagCloud

/// Writes a `CloudSeries` as one self-contained HTML page that morphs between its frames: words
/// move, grow and shrink about their centres, change colour, and fade in and out. No network
/// access, no external file; a Content-Security-Policy allows the page's own two scripts (by hash)
/// and nothing else to run, and nothing at all to be fetched.
///
/// The page is `HTMLWriter`'s page with the series' words in it: the same inline SVG, word
/// elements, safe links, tooltip, `tagcloud:select` event and themes. Each word is written once (as
/// the first frame that has it draws it), with its size, place, colour, weight and presence in
/// every frame as short per-frame lists, so the page grows with words + words × frames numbers
/// rather than with one SVG per frame. Once a frame is reached, every word is exactly where,
/// and as large as, that frame's layout puts it.
///
/// What the page does:
/// - plays the frames on its own (`autoplay`), `frameDuration` seconds each, morphing for
///   `transitionDuration`, and starts again at the end (`loop`);
/// - a bar above the cloud shows the current frame's label and holds Previous, Play/Pause and Next
///   buttons and a frame slider (with the frames' labels as its ticks); moving to a frame by hand
///   pauses;
/// - keys: Space or K plays and pauses, ← and → go to the previous and next frame, Home and End
///   to the first and last; a key a focused control or word uses itself is left to it (Space on a
///   word selects it, Space on a button presses it, the arrows, Home and End on the slider move it);
/// - under `prefers-reduced-motion: reduce` nothing moves: frames switch at once and the page does
///   not play by itself (Play still steps through the frames, without motion);
/// - a word not in the current frame is hidden, out of the accessibility tree and the tab order;
///   the others stay focusable and clickable exactly as on `HTMLWriter`'s page, their weight and
///   index those of the current frame. The container `.tagcloud` says which frame is shown
///   (`data-frame`, from 0) and whether it plays (`data-playing`).
public struct SeriesHTMLWriter {
    /// How each cloud is drawn: theme, title, text or outlines, dark colours (`HTMLWriter`'s options).
    public var page: HTMLWriter
    /// Seconds each frame is shown while playing, its morph included: 0.1 to 3600.
    public var frameDuration: Double
    /// Seconds a morph from one frame to the next takes: 0 to `frameDuration`.
    public var transitionDuration: Double
    /// Whether the page starts playing when it opens (never under reduced motion).
    public var autoplay: Bool
    /// Whether playing starts again from the first frame after the last.
    public var loop: Bool

    /// Creates a writer.
    public init(
        page: HTMLWriter = HTMLWriter(title: "Tag clouds"), frameDuration: Double = 2.5,
        transitionDuration: Double = 1, autoplay: Bool = true, loop: Bool = true
    ) {
        self.page = page; self.frameDuration = frameDuration; self.transitionDuration = transitionDuration
        self.autoplay = autoplay; self.loop = loop
    }

    /// The HTML document. Throws `TagCloudError.invalidOption` for a series without frames or a
    /// duration out of range.
    public func html(_ series: CloudSeries) throws(CoreError) -> String {
        try validate(series)
        let tracks = SeriesTrack.tracks(series, dark: darkColours(series), darkInPlace: page.theme == .dark)
        let first = series.frames[0]
        let markup = CloudLayout(
            kind: first.layout.kind, size: series.size,
            background: page.theme == .dark ? page.darkBackground : first.layout.background,
            placed: tracks.enumerated().map { k, t in
                var w = t.reference
                w.index = k
                return w
            }, unplaced: [], seed: nil, contour: first.layout.contour)
        var writer = SVGWriter(mode: page.mode, uprightOutlines: page.uprightOutlines)
        writer.xmlDeclaration = false
        let frames = series.frames.count
        writer.rootAttributes =
            " class=\"tagcloud-svg\" role=\"group\" aria-label=\"\(page.title.xmlEscaped), \(frames) frame\(frames == 1 ? "" : "s")\""
        writer.linkAttributes = " tabindex=\"-1\""
        writer.wordAttributes = { w in
            let t = tracks[w.index]
            return HTMLWriter.wordAttributes(t.reference, element: w.index, focusable: t.first == 0, dark: t.dark[t.first])
        }
        writer.wordGroupAttributes = { w in tracks[w.index].groupAttributes }
        let svg = try writer.svg(markup)

        let css = HTMLWriter.css + page.themeCSS(background: first.layout.background) + seriesCSS
        let meta = "<meta http-equiv=\"Content-Security-Policy\" content=\"\(Self.contentSecurityPolicy)\">\n"
        return page.head(css: css, meta: meta) + bar(series) + """
            <div class="tagcloud tagcloud-series" data-kind="\(first.layout.kind.rawValue)" data-frame="0" \
            data-playing="false" data-autoplay="\(autoplay)" data-loop="\(loop)" \
            data-frame-ms="\(Int((frameDuration * 1000).rounded()))">
            \(svg)<div class="tagcloud-tip" role="tooltip" hidden></div>
            </div>
            <script>
            \(HTMLWriter.script)</script>
            <script>
            \(Self.script)</script>
            </body>
            </html>

            """
    }

    /// The HTML document as UTF-8 bytes.
    public func data(_ series: CloudSeries) throws(CoreError) -> [UInt8] { Array(try html(series).utf8) }

    private func validate(_ series: CloudSeries) throws(CoreError) {
        guard !series.frames.isEmpty else {
            throw TagCloudError.invalidOption(name: "frames", value: "0", expected: "give at least one frame")
        }
        guard frameDuration.isFinite, frameDuration >= 0.1, frameDuration <= 3600 else {
            throw TagCloudError.invalidOption(
                name: "frame duration", value: "\(frameDuration)", expected: "give 0.1 to 3600 seconds")
        }
        guard transitionDuration.isFinite, transitionDuration >= 0, transitionDuration <= frameDuration else {
            throw TagCloudError.invalidOption(
                name: "transition duration", value: "\(transitionDuration)",
                expected: "give 0 to the frame duration (\(formatNumber(frameDuration)) seconds)")
        }
    }

    /// Each frame's word colours on the dark page (nil for the light theme).
    private func darkColours(_ series: CloudSeries) -> [[Color]]? {
        guard page.theme != .light else { return nil }
        return series.frames.map {
            page.darkContrast.apply(to: $0.layout, background: page.darkBackground).placed.map { $0.color }
        }
    }

    /// The bar above the cloud: the current frame's label (shown with or without script), and the
    /// controls, which the script shows as it starts (they do nothing without it).
    private func bar(_ series: CloudSeries) -> String {
        let n = series.frames.count
        let first = series.frames[0].label.xmlEscaped
        var options = ""
        for (k, frame) in series.frames.enumerated() {
            options += "<option value=\"\(k)\" label=\"\(frame.label.xmlEscaped)\"></option>"
        }
        return """
            <div class="tc-bar">
            <output class="tc-label" for="tc-slider">\(first)</output>
            <span class="tc-controls" role="group" aria-label="Frames" hidden>
            <button type="button" class="tc-prev" aria-keyshortcuts="ArrowLeft">Previous</button>
            <button type="button" class="tc-play" aria-keyshortcuts="K Space">Play</button>
            <button type="button" class="tc-next" aria-keyshortcuts="ArrowRight">Next</button>
            <input type="range" id="tc-slider" class="tc-slider" min="0" max="\(n - 1)" step="1" value="0" \
            list="tc-frames" aria-label="Frame" aria-valuetext="\(first)">
            <span class="tc-count">1 / \(n)</span>
            </span>
            <datalist id="tc-frames">\(options)</datalist>
            </div>

            """
    }

    /// The page's policy: no fetch of any kind, no script but the page's own two (by hash), inline
    /// styles (the words' dark colours are style attributes), no form, no `<base>`.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src \(SHA256.cspSource("\n" + HTMLWriter.script)) \(SHA256.cspSource("\n" + script)); "
        + "style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; form-action 'none'"

    /// The series' own rules after `HTMLWriter`'s; the morph's duration is the only variable.
    private var seriesCSS: String {
        var css = ":root{--tc-morph:\(formatNumber(transitionDuration))s}\n" + Self.css
        if page.theme == .auto { css += "@media (prefers-color-scheme: dark){.tc-live .word{fill:var(--tc-dark)}}\n" }
        return css
    }
}
