import TagCloud

/// One word of a series followed through its frames, drawn by one element of the morphing page:
/// the element is written once, with the word as its first frame has it, and each frame moves,
/// scales and recolours it.
struct SeriesTrack {
    /// The word in each frame; nil where the frame does not have it.
    var words: [PlacedWord?]
    /// The colour the word takes on a dark page, in each frame (theme `.auto` only).
    var dark: [Color?]
    /// The first frame the word is in.
    var first: Int
    /// The word as `first` has it: the geometry the markup holds.
    var reference: PlacedWord

    /// What a word must keep between frames to stay one element that only moves, scales and changes
    /// colour: everything but its place, size, colour and weight. A word that changes more (cut
    /// short differently, set in another font, turned) becomes a new element, which fades in as the
    /// old one fades out.
    struct Shape: Hashable {
        var identity: PreviousLayout.Identity
        var text: String
        var link: String?
        var font: ResolvedFont
        var fallbackFonts: [ResolvedFont]
        var fontRuns: [FontRun]
        var glyphs: [Int]
        var rotation: Double
        var upright: Bool
        var rightToLeft: Bool
        var decoration: TagDecoration?

        init(_ w: PlacedWord) {
            identity = CloudSeries.identity(of: w)
            text = w.text; link = w.link.flatMap(SafeLink.sanitized); font = w.font
            fallbackFonts = w.fallbackFonts; fontRuns = w.fontRuns
            glyphs = w.glyphs.flatMap { [Int($0.id), $0.font] }
            rotation = w.rotation; upright = w.upright; rightToLeft = w.rightToLeft; decoration = w.decoration
        }
    }

    /// The series' words as tracks, in the page's reading (Tab) order: heaviest first (by the
    /// word's heaviest frame) for word clouds, first appearance for flow clouds; ties keep the order
    /// of first appearance. The n-th word of a frame with a given shape continues the n-th track of
    /// that shape, so a word placed twice in each frame stays two elements.
    ///
    /// `recolour` gives the colour each frame's words are drawn in on a dark page (one colour per
    /// placed word, in order), or nil for a light page; `darkInPlace` draws that colour instead of
    /// the word's own (theme `.dark`) rather than beside it (theme `.auto`).
    static func tracks(_ series: CloudSeries, dark recolour: [[Color]]?, darkInPlace: Bool) -> [SeriesTrack] {
        let count = series.frames.count
        var tracks: [SeriesTrack] = []
        var byShape: [Shape: [Int]] = [:]
        for (f, frame) in series.frames.enumerated() {
            var seen: [Shape: Int] = [:]
            for (i, original) in frame.layout.placed.enumerated() {
                var word = original
                let dark = recolour.flatMap { i < $0[f].count ? $0[f][i] : nil }
                if darkInPlace, let dark { word.color = dark }
                let shape = Shape(word)
                let n = seen[shape, default: 0]
                seen[shape] = n + 1
                if let list = byShape[shape], n < list.count {
                    tracks[list[n]].words[f] = word
                    tracks[list[n]].dark[f] = darkInPlace ? nil : dark
                    continue
                }
                var track = SeriesTrack(
                    words: Array(repeating: nil, count: count), dark: Array(repeating: nil, count: count),
                    first: f, reference: word)
                track.words[f] = word
                track.dark[f] = darkInPlace ? nil : dark
                byShape[shape, default: []].append(tracks.count)
                tracks.append(track)
            }
        }
        guard series.frames.first?.layout.kind != .flow else { return tracks }
        // A weight that is not a number sorts as the lightest, so the order stays total.
        func heaviest(_ t: SeriesTrack) -> Double {
            t.words.reduce(-Double.infinity) { m, w in w.map { $0.weight.isNaN ? m : max(m, $0.weight) } ?? m }
        }
        let keyed = tracks.enumerated().map { (weight: heaviest($1), order: $0, track: $1) }
        return keyed.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.order < $1.order }.map { $0.track }
    }
}
