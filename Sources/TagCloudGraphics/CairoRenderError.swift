/// Errors from drawing a cloud with Cairo, each naming the culprit and what to do about it.
public enum CairoRenderError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The layout's canvas size is zero, negative or not a number.
    case invalidCanvasSize(width: Double, height: Double)
    /// The render scale is zero, negative or not a number.
    case invalidScale(Double)
    /// The image would exceed what Cairo can allocate (pixel width and height).
    case imageTooLarge(width: Double, height: Double)
    /// The PDF page would be larger than `CairoRenderer.maximumPDFPageSide` (width and height in points).
    case pageTooLarge(width: Double, height: Double)
    /// A word's font file is missing, unreadable, not a font, or lacks the face index.
    case fontUnreadable(path: String, faceIndex: Int)
    /// A placed word that cannot be drawn (bad size, position or rotation).
    case invalidWord(text: String, problem: String)
    /// Cairo reported a failure while doing `operation`.
    case cairo(operation: String, status: String)
    /// The output file could not be written.
    case writeFailed(path: String, reason: String)

    /// One clear sentence for the user.
    public var description: String {
        switch self {
        case .invalidCanvasSize(let w, let h):
            return "cannot render a canvas of \(w)×\(h) points: give the layout a finite width and height above 0"
        case .invalidScale(let s):
            return "invalid render scale \(s): use a finite number above 0, such as 1 or 2"
        case .imageTooLarge(let w, let h):
            return "an image of \(Self.format(w))×\(Self.format(h)) pixels is too large (at most "
                + "\(CairoRenderer.maximumPixelsPerSide) pixels a side and \(CairoRenderer.maximumPixels) "
                + "pixels in all): lower the scale or the canvas size, or export PDF or SVG instead"
        case .pageTooLarge(let w, let h):
            return "a PDF page of \(Self.points(w))×\(Self.points(h)) points is too large (at most "
                + "\(CairoRenderer.maximumPDFPageSide) points a side): use fewer tags, a wider page or smaller "
                + "fonts, or export SVG or HTML instead"
        case .fontUnreadable(let path, let index):
            return "cannot open face \(index) of the font file \(path): check that the file exists, "
                + "is readable and is a TrueType/OpenType font with that face"
        case .invalidWord(let text, let problem):
            return "cannot draw the word \"\(text)\": \(problem); fix the layout or lay it out again"
        case .cairo(let operation, let status):
            return "Cairo failed while \(operation) (\(status)): check free memory and the layout's fonts, "
                + "then try again"
        case .writeFailed(let path, let reason):
            return "could not write \(path) (\(reason)): check that its folder exists and is writable"
        }
    }

    private static func format(_ v: Double) -> String {
        v.isFinite && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }

    /// A length in points, whole numbers without a decimal point.
    private static func points(_ v: Double) -> String {
        v.isFinite && abs(v) < 1e15 && v == v.rounded() ? String(Int(v)) : "\(v)"
    }
}
