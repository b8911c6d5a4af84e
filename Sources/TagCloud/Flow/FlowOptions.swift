/// Everything that shapes a flow tag cloud. Every field has a default; the CLI maps one flag to one field.
public struct FlowOptions: Hashable, Sendable {
    /// Horizontal placement of a row's tags.
    public enum Alignment: String, Hashable, Sendable, CaseIterable {
        /// Rows start at the leading edge (left, or right under right-to-left).
        case leading
        /// Rows are centred.
        case center
        /// Rows end at the trailing edge.
        case trailing
    }

    /// Vertical placement of mixed sizes within a row.
    public enum CrossAlignment: String, Hashable, Sendable, CaseIterable {
        /// Tops line up.
        case top
        /// Centres line up.
        case center
        /// Bottoms line up.
        case bottom
        /// Baselines line up, as text does (the default).
        case baseline
    }

    /// Reading direction of rows.
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        /// First tag at the left.
        case leftToRight = "ltr"
        /// First tag at the right, rows mirrored.
        case rightToLeft = "rtl"
    }

    /// What happens to a tag wider than the space left in its row.
    public enum Overflow: String, Hashable, Sendable, CaseIterable {
        /// Start a new row (the default).
        case wrap
        /// Shrink the font until the tag fits the space left, when at least
        /// `minimumRemainingWidth` is left (the original recipe); otherwise wrap.
        case shrink
        /// Cut the text with an ellipsis to fit the space left, when at least
        /// `minimumRemainingWidth` is left; otherwise wrap.
        case truncate
    }

    /// What happens to a tag wider than a whole row.
    public enum Oversize: String, Hashable, Sendable, CaseIterable {
        /// Cut the text with an ellipsis.
        case truncate
        /// Scale the font down until it fits.
        case scale
    }

    /// Space between the canvas edges and the tags.
    public var insets: EdgeInsets = EdgeInsets(all: 12)
    /// Horizontal space between neighbouring tags.
    public var itemSpacing: Double = 10
    /// Vertical space between rows.
    public var rowSpacing: Double = 6
    /// Row alignment.
    public var alignment: Alignment = .leading
    /// Fill every row but the last exactly from edge to edge by widening the gaps.
    public var justify: Bool = false
    /// Alignment of mixed sizes in a row.
    public var crossAlignment: CrossAlignment = .baseline
    /// Reading direction.
    public var direction: Direction = .leftToRight
    /// Policy for a tag wider than the space left in its row.
    public var overflow: Overflow = .wrap
    /// Least space, in points, a row must have left for `shrink`/`truncate` to use it (30 in the recipe).
    public var minimumRemainingWidth: Double = 30
    /// Policy for a tag wider than a whole row.
    public var oversize: Oversize = .truncate
    /// Smallest font size `shrink` and `scale` go down to, in points.
    public var minimumFontSize: Double = 6
    /// Most rows; tags beyond are reported as unplaced with reason `rowLimit`. `nil`: no limit.
    public var maximumRows: Int? = nil
    /// Space between a tag's text and its frame (the button's padding).
    public var padding: EdgeInsets = .zero
    /// A pill or button drawn behind each tag, if any.
    public var decoration: TagDecoration? = nil
    /// Fonts, sizes, colours and background.
    public var style: CloudStyle = CloudStyle()
    /// Seed for every random choice.
    public var seed: UInt64 = 0
    /// An earlier flow of the same width whose tags keep their places, colours and fonts (see
    /// `FlowLayout`); nil: a new flow. The layout checks it against its width
    /// (`PreviousLayout.validate(flowWidth:)`).
    public var previous: PreviousLayout? = nil
    /// Add a key of weights and their sizes (`CloudLayout.legend`), as a band below the rows.
    /// Needs sizes from a weight scale (`CloudStyle.Sizing.scaled`). A tag shrunk or cut to fit
    /// its row (`overflow`, `oversize`) is drawn smaller than the key says, and says so (`shrunk`).
    public var legend: Bool = false

    /// Options with every default.
    public init() {}

    /// Checks the options, naming the first bad one.
    public func validate() throws(TagCloudError) {
        func check(_ v: Double, _ name: String, limit: Double = 100_000) throws(TagCloudError) {
            guard v.isFinite, v >= 0, v <= limit else {
                throw TagCloudError.invalidOption(
                    name: name, value: "\(v)",
                    expected: "a length in points from 0 to \(Int(limit))")
            }
        }
        for (v, n) in [
            (insets.top, "insets.top"), (insets.left, "insets.left"), (insets.bottom, "insets.bottom"),
            (insets.right, "insets.right"), (minimumRemainingWidth, "minimumRemainingWidth"),
            (padding.top, "padding.top"), (padding.left, "padding.left"), (padding.bottom, "padding.bottom"),
            (padding.right, "padding.right"),
        ] {
            try check(v, n)
        }
        try check(itemSpacing, "itemSpacing", limit: 10_000)
        try check(rowSpacing, "rowSpacing", limit: 10_000)
        if let m = maximumRows, !(1...1_000_000).contains(m) {
            throw TagCloudError.invalidOption(name: "maximumRows", value: "\(m)", expected: "a whole number from 1 to 1000000")
        }
        if let d = decoration {
            try check(d.borderWidth, "decoration.borderWidth", limit: 1000)
            // Any radius past half a tag's height draws a pill; only a negative or NaN one is wrong.
            guard d.cornerRadius >= 0 else {
                throw TagCloudError.invalidOption(
                    name: "decoration.cornerRadius", value: "\(d.cornerRadius)", expected: "a length in points of 0 or more")
            }
        }
        try CloudStyle.checkSize(minimumFontSize, "minimumFontSize")
        try style.validate()
        if legend, case .random = style.sizing {
            throw TagCloudError.invalidOption(name: "legend", value: "true", expected: "sizes from the weights, not random sizes")
        }
        if legend, case .fitted = style.sizing {
            throw TagCloudError.invalidOption(name: "legend", value: "true", expected: "sizes from a weight scale (.scaled)")
        }
    }
}

#if !hasFeature(Embedded)
extension FlowOptions: Codable {}
extension FlowOptions.Alignment: Codable {}
extension FlowOptions.CrossAlignment: Codable {}
extension FlowOptions.Direction: Codable {}
extension FlowOptions.Overflow: Codable {}
extension FlowOptions.Oversize: Codable {}
#endif
