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
        }
    }
}
