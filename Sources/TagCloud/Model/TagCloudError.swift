/// Errors from the core: bad options and bad input, each naming the culprit and the fix.
public enum TagCloudError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A colour string that is not a name, hex or rgb() form.
    case invalidColor(String)
    /// A palette name that does not exist.
    case unknownPalette(String)
    /// An option value out of its range: option name, value, what is allowed.
    case invalidOption(name: String, value: String, expected: String)
    /// Nothing to lay out.
    case noTerms
    /// A term with an unusable weight (NaN, infinite or negative).
    case invalidWeight(text: String, weight: Double)
    /// The mask leaves no pixel for words.
    case noRoom(String)
    /// A built-in shape drawn on this canvas (inset by half the contour's width) leaves no pixel for
    /// words: the canvas is too small for it.
    case shapeLeavesNoRoom(shape: String, width: Int, height: Int, contourWidth: Double)
    /// A pin with an unusable value: the pinned word, the field (`x`, `y`, `angle`, `size`), the
    /// value and what is allowed.
    case invalidPin(text: String, field: String, value: Double, expected: String)
    /// A pinned word whose ink leaves `area` ("the canvas", "the shape heart", "the mask").
    case pinOutside(text: String, area: String)
    /// Two pinned words whose ink (kept `margin` pixels apart) overlaps.
    case pinsOverlap(first: String, second: String, margin: Int)
    /// A size an image cannot be resized to (a side over `WordCloudOptions.Limits.side`, or more
    /// pixels than a canvas may have).
    case imageSizeOutOfRange(width: Int, height: Int)
    /// The layout (or a count of a text) was stopped midway through its `CancellationToken`.
    case cancelled
    /// A previous layout (`WordCloudOptions.previous`) made for another canvas size.
    case previousLayoutSize(width: Double, height: Double, canvasWidth: Int, canvasHeight: Int)
    /// A previous layout (`FlowOptions.previous`) made for a flow of another width, or of an
    /// unusable height.
    case previousFlowWidth(width: Double, height: Double, flowWidth: Double)
    /// A previous layout with an unusable value: the word, the field (`x`, `y`, `angle`, or
    /// `words` for their number), the value and what is allowed.
    case previousWordUnusable(text: String, field: String, value: Double, expected: String)

    /// A series frame that holds the same word twice: the frame's label and the word.
    case seriesWordTwice(frame: String, text: String)
    /// A series input a series cannot use (a pin; too many frames or words): the word or count,
    /// and what is allowed.
    case seriesInputUnusable(what: String, expected: String)
    /// A typesetter's or rasteriser's failure (a font that cannot be found or read), as its own
    /// message, and whether it is a mistake in an option (an unknown family) rather than in an
    /// input: how the WebAssembly engine, whose errors are all typed, carries the graphics
    /// library's errors through the core.
    case typesetting(message: String, isUsageError: Bool)

    /// One clear sentence for the user.
    public var description: String {
        switch self {
        case .invalidColor(let s):
            return "invalid colour \"\(s)\": use a CSS name (navy), #rgb, #rrggbb, #rrggbbaa or rgb(r, g, b)"
        case .unknownPalette(let s):
            return "unknown palette \"\(s)\": choose one of \(Palette.names.joined(separator: ", "))"
        case .invalidOption(let name, let value, let expected):
            return "invalid value \"\(value)\" for \(name): \(expected)"
        case .noTerms:
            return "no tags to lay out: give at least one tag"
        case .noRoom(let what):
            return "\(what) leaves no room for words: use a mask with a dark (or opaque) area, or --mask-invert"
        case .shapeLeavesNoRoom(let shape, let width, let height, let contourWidth):
            let wide =
                contourWidth == contourWidth.rounded() && abs(contourWidth) < 1e9
                ? "\(Int(contourWidth))" : "\(contourWidth)"
            let contour = contourWidth > 0 ? " inside a contour \(wide) px wide" : ""
            return "the shape \(shape) on a \(width)x\(height) canvas\(contour) leaves no room for words: "
                + "use a larger --width/--height" + (contourWidth > 0 ? " or a thinner --contour" : "")
        case .invalidWeight(let text, let weight):
            return "tag \"\(text)\" has weight \(weight): weights must be finite and not negative"
        case .invalidPin(let text, let field, let value, let expected):
            return "tag \"\(text)\": pin \(field) \(Self.number(value)) is unusable: give \(expected)"
        case .pinOutside(let text, let area):
            return "the pinned word \"\(text)\" leaves \(area): move its pin (x, y) inside, or make it smaller"
        case .pinsOverlap(let first, let second, let margin):
            let apart = margin > 0 ? " (with the margin of \(margin) px between words)" : ""
            return "the pinned words \"\(first)\" and \"\(second)\" overlap\(apart): move one of their pins"
        case .imageSizeOutOfRange(let width, let height):
            return "cannot resize an image to \(width)×\(height) pixels: give at most "
                + "\(WordCloudOptions.Limits.side) pixels a side and \(WordCloudOptions.Limits.pixels) in all"
        case .cancelled:
            return "the layout was stopped before it finished: allow it more time, or give fewer words or a smaller canvas"
        case .previousLayoutSize(let width, let height, let canvasWidth, let canvasHeight):
            return "the previous layout is \(Self.number(width))x\(Self.number(height)), the canvas "
                + "\(canvasWidth)x\(canvasHeight): lay the cloud out on the previous layout's canvas size"
        case .previousFlowWidth(let width, let height, let flowWidth):
            if width == flowWidth {
                return "the previous layout's height \(Self.number(height)) is unusable: give a flow's layout, "
                    + "at most \(Self.number(PreviousLayout.flowHeightLimit)) points tall"
            }
            return "the previous layout is \(Self.number(width)) points wide, the flow \(Self.number(flowWidth)): "
                + "lay the flow out at the previous layout's width"
        case .previousWordUnusable(let text, let field, let value, let expected):
            if field == "words" { return "the previous layout has \(Self.number(value)) words: give \(expected)" }
            return "the previous layout's word \"\(text)\": \(field) \(Self.number(value)) is unusable: give \(expected)"
        case .seriesWordTwice(let frame, let text):
            return "frame \"\(frame)\" has the word \"\(text)\" twice: add up its weights, or give each an id"
        case .seriesInputUnusable(let what, let expected):
            return "\(what): \(expected)"
        case .typesetting(let message, _):
            return message
        }
    }

    /// A value as a person writes it: whole numbers without a fraction.
    private static func number(_ value: Double) -> String { DecimalText.plain(value) }
}

#if hasFeature(Embedded)
/// What a core function throws. Embedded Swift (the WebAssembly build) has no `any Error`, so
/// there the core throws only its own errors, and a typesetter or rasteriser plugged into it
/// reports its failures as `TagCloudError`s too.
public typealias CoreError = TagCloudError
#else
/// What a core function throws: any error, so a typesetter or rasteriser plugged into the core
/// passes its own errors through unchanged.
public typealias CoreError = any Error
#endif
