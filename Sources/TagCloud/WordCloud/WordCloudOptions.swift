/// Everything that shapes a word cloud. Every field has a default; the CLI maps one flag to one field.
public struct WordCloudOptions: Hashable, Sendable {
    /// Where font sizes come from.
    public enum Sizing: Hashable, Codable, Sendable {
        /// As the Python wordcloud package defines it: each word's size is the previous word's size
        /// times `scaling * (weight / previous weight) + (1 - scaling)`; 0 ranks only, 1 proportional.
        case relativeScaling(Double)
        /// Through a weight scale between the minimum and maximum font size.
        case scale(WeightScale.Curve)
    }

    /// Which angles words are drawn at (degrees, clockwise on screen; -90 reads bottom to top).
    public enum Rotation: Hashable, Codable, Sendable {
        /// A fixed set of angles; `preferHorizontal` decides how often 0° is chosen.
        case angles([Double])
        /// Any angle in the range (a fresh random angle per word).
        case range(from: Double, to: Double)
    }

    /// What the words may cover.
    public enum Area: Hashable, Sendable {
        /// The whole canvas.
        case canvas
        /// A built-in shape inscribed in the canvas.
        case shape(Shape)
        /// An image mask, already at the canvas size: set pixels are allowed.
        case mask(BitMask)
    }

    /// What to do when words do not all fit.
    public enum Fit: String, Hashable, Codable, Sendable, CaseIterable {
        /// Place what fits (shrinking words down to the minimum size), report the rest.
        case bestEffort = "best-effort"
        /// Scale the whole cloud down until every word fits.
        case all
    }

    /// Canvas width in points (= pixels at scale 1).
    public var width: Int = 800
    /// Canvas height in points.
    public var height: Int = 600
    /// Most words placed (the heaviest ones).
    public var maxWords: Int = 200
    /// Space between words, in pixels, as the Python package counts it: each word keeps
    /// `margin / 2` pixels (rounded up) clear around its ink.
    public var margin: Int = 2
    /// How weights become sizes.
    public var sizing: Sizing = .relativeScaling(0.5)
    /// Size of the heaviest word; nil: the largest at which it fits the area comfortably.
    public var maxFontSize: Double? = nil
    /// Smallest size a word is shrunk to before it is reported unplaced.
    public var minFontSize: Double = 4
    /// Step by which a word that does not fit is shrunk.
    public var fontStep: Double = 1
    /// Angles.
    public var rotation: Rotation = .angles([0, -90])
    /// Share of words drawn horizontally when the angles include 0.
    public var preferHorizontal: Double = 0.9
    /// Candidate order.
    public var strategy: SearchStrategy = .archimedean
    /// Start each word's search at a random point near the centre instead of the centre.
    public var randomStart: Bool = false
    /// What the words may cover.
    public var area: Area = .canvas
    /// Stroke width of the area's outline; 0 draws none.
    public var contourWidth: Double = 0
    /// Colour of the area's outline.
    public var contourColor: Color = .black
    /// Whether every word must be placed.
    public var fit: Fit = .bestEffort
    /// Fill the space left by repeating the words, smaller and smaller, up to `maxWords`.
    public var repeatWords: Bool = false
    /// Colour each word with the mean colour of this image (at the canvas size) under its pixels.
    public var colorImage: RGBAImage? = nil
    /// Fonts, palette, colour mode and background (its `sizing` is not used: see `sizing`).
    public var style: CloudStyle = CloudStyle()
    /// Seed for every random choice.
    public var seed: UInt64 = 0

    /// Options with every default.
    public init() {}

    /// Largest canvas side accepted: the longest side Cairo draws an image with (its image
    /// surfaces stop at 32767 pixels), so every canvas can be rendered as a PNG at scale 1.
    public static let maximumSide = 32_767
    /// Largest canvas area accepted, in pixels (the occupancy pyramids, vertical and horizontal, need
    /// about 1.6 bytes per pixel).
    public static let maximumPixels = 400_000_000
    /// Most angles in a list of `Rotation.angles`: a word that fits nowhere tries each of them, so
    /// the list bounds the work a word can cost (720 is every half degree of a turn).
    public static let maximumAngles = 720
    /// Most words (placements, with `repeatWords`) in one cloud: each costs a search, and the
    /// largest canvas filled to this many takes under a minute.
    public static let maximumWords = 100_000

    /// Checks the options, naming the first bad one.
    public func validate() throws {
        func bad(_ name: String, _ value: String, _ expected: String) -> TagCloudError {
            TagCloudError.invalidOption(name: name, value: value, expected: expected)
        }
        guard (1...Self.maximumSide).contains(width) else { throw bad("width", "\(width)", "1 to \(Self.maximumSide) pixels") }
        guard (1...Self.maximumSide).contains(height) else { throw bad("height", "\(height)", "1 to \(Self.maximumSide) pixels") }
        guard width * height <= Self.maximumPixels else {
            throw bad("canvas size", "\(width)x\(height)", "at most \(Self.maximumPixels / 1_000_000) million pixels")
        }
        guard (1...Self.maximumWords).contains(maxWords) else {
            throw bad("max words", "\(maxWords)", "1 to \(Self.maximumWords)")
        }
        guard (0...1000).contains(margin) else { throw bad("margin", "\(margin)", "0 to 1000 pixels") }
        try CloudStyle.checkSize(minFontSize, "minimum font size")
        if let m = maxFontSize {
            try CloudStyle.checkSize(m, "maximum font size")
            guard m >= minFontSize else { throw bad("maximum font size", "\(m)", "at least the minimum font size \(minFontSize)") }
        }
        guard fontStep.isFinite, fontStep > 0 else { throw bad("font step", "\(fontStep)", "a positive number of points") }
        guard preferHorizontal.isFinite, (0...1).contains(preferHorizontal) else {
            throw bad("prefer horizontal", "\(preferHorizontal)", "a share from 0 to 1")
        }
        switch sizing {
        case .relativeScaling(let r):
            guard r.isFinite, (0...1).contains(r) else { throw bad("relative scaling", "\(r)", "a number from 0 to 1") }
        case .scale: break
        }
        switch rotation {
        case .angles(let a):
            guard !a.isEmpty, a.allSatisfy({ $0.isFinite }) else { throw bad("rotation", "\(a)", "at least one finite angle") }
            guard a.count <= Self.maximumAngles else {
                throw bad("rotation", "a list of \(a.count) angles", "at most \(Self.maximumAngles) angles")
            }
        case .range(let lo, let hi):
            guard lo.isFinite, hi.isFinite, lo <= hi else { throw bad("rotation range", "\(lo)..\(hi)", "from <= to") }
        }
        guard contourWidth.isFinite, contourWidth >= 0, contourWidth <= 1000 else {
            throw bad("contour width", "\(contourWidth)", "0 to 1000 points")
        }
        if case .mask(let m) = area, m.width != width || m.height != height {
            throw bad("mask", "\(m.width)x\(m.height)", "a mask of the canvas size \(width)x\(height)")
        }
        if let img = colorImage, img.width != width || img.height != height {
            throw bad("colour image", "\(img.width)x\(img.height)", "an image of the canvas size \(width)x\(height)")
        }
        try style.validate()
    }
}
