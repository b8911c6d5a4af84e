/// Each option in the words a person reads in an editor, beside its flag: "Space between words"
/// for `--margin`. `essential` are the few an editor shows first (the words' look and the
/// picture's size; for a count, its language, phrases and how many words); the rest go under
/// "More". One table for every command, by option name.
package enum OptionLabels {
    /// The options an editor shows before "More".
    package static let essential: Set<String> = [
        "shape", "palette", "font", "rotate", "width", "height", "sizes", "background", "pill",
        "language", "phrase", "top",
    ]

    /// The plain title of the help section `group`, as an editor heads its options ("Counting a
    /// text" for "Text (--text)"); the section's own title when it reads plainly already.
    package static func group(_ group: String) -> String {
        if group.hasPrefix("Text") { return "Counting a text" }
        if group.hasPrefix("Partial counts") { return "Partial counts" }
        return ["Input": "Words in", "Output": "Saving and messages"][group] ?? group
    }

    /// The plain label of option `name`, or nil when it has none.
    package static func label(_ name: String) -> String? {
        layout[name] ?? style[name] ?? shape[name] ?? output[name] ?? text[name] ?? other[name]
    }

    private static let layout: [String: String] = [
        "width": "Width", "height": "Height", "max-words": "Most words shown", "margin": "Space between words",
        "relative-scaling": "How much size follows weight (0 to 1)", "font-step": "Shrink step for words that do not fit",
        "rotate": "Turn words", "prefer-horizontal": "Share of level words",
        "cjk-vertical": "Chinese, Japanese, Korean down the page",
        "strategy": "Where words go first", "random-start": "Start each word at a random point",
        "fit": "When words do not fit", "sizes": "Word sizes", "arrange": "Arrange words",
        "previous": "Keep words where an earlier layout put them", "repeat": "Fill the space by repeating words",
        "max-pixels": "Largest picture (pixels)", "insets": "Space around the rows", "spacing": "Space between tags",
        "row-spacing": "Space between rows", "align": "Align rows", "justify": "Fill rows edge to edge",
        "valign": "Align tags in a row", "rtl": "Rows from right to left", "overflow": "A tag too wide for its row",
        "min-remaining": "Least room for a shrunk tag", "oversize": "A tag wider than a row",
        "max-rows": "Most rows", "padding": "Space inside each tag", "pill": "Tags as pills",
        "tag-fill": "Tag fill colour", "tag-border": "Tag border colour", "tag-border-width": "Tag border width",
        "corner-radius": "Tag corner radius",
    ]

    private static let style: [String: String] = [
        "font": "Font", "font-weight": "Font weight", "font-style": "Font style",
        "font-choice": "With several fonts, pick", "min-size": "Smallest size (pt)", "max-size": "Largest size (pt)",
        "size-scale": "Weight to size", "random-sizes": "Random sizes", "weight-range": "Weights span",
        "legend": "Show a key of sizes", "palette": "Colours", "color": "Your own colours",
        "color-mode": "How colours are given", "background": "Background", "no-contrast-guard": "Keep faint colours as given",
        "seed": "Random seed",
    ]

    private static let shape: [String: String] = [
        "shape": "Shape", "mask": "Shape from a picture", "mask-invert": "Swap inside and outside of the picture",
        "mask-threshold": "Picture threshold", "contour": "Outline width", "contour-color": "Outline colour",
        "strict": "Refuse pictures of another size", "color-image": "Colours from a picture",
    ]

    private static let output: [String: String] = [
        "output": "Save to", "format": "File format", "scale": "Pixels per point (PNG)", "theme": "Web page colours",
        "svg-outlines": "SVG words as outlines", "svg-embed-fonts": "SVG with fonts inside",
        "json-glyphs": "JSON with glyphs", "quiet": "Say nothing but errors", "verbose": "Say each step",
    ]

    private static let text: [String: String] = [
        "input": "Words file", "text": "Text to count", "top": "Most words kept", "language": "Language",
        "stopwords": "Words to leave out, instead of the language's", "add-stopwords": "More words to leave out",
        "no-stopwords": "Keep every word", "no-collocations": "Keep word pairs apart",
        "phrase": "Phrases to keep whole", "min-length": "Shortest word (letters)", "numbers": "Count numbers",
        "keep-hyphens": "Keep hyphenated words whole", "no-plurals": "Keep plurals apart",
        "no-clitics": "Keep elided articles on words", "word-pattern": "Words are matches of",
    ]

    private static let other: [String: String] = [
        "frame": "Frame column", "separator": "Frames start at lines matching", "labels": "Frame names",
        "hold": "Each frame stays (s)",
        "transition": "Morph takes (s)", "fps": "Images per second", "loop": "Times the WebP plays",
        "quality": "Lossy WebP quality", "weights": "Frame weights", "partial": "Write a partial count",
        "shard": "Shard", "merge": "Merge partial counts",
    ]
}
