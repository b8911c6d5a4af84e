// Masks and images are Codable so that `WordCloudOptions` is; decoding checks the sizes the
// initialisers check, as a decoded value is input like any other.

#if !hasFeature(Embedded)
extension BitMask: Codable {
    private enum CodingKeys: String, CodingKey { case width, height, words }

    /// Decodes a mask, refusing one whose words do not match its size.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let width = try c.decode(Int.self, forKey: .width)
        let height = try c.decode(Int.self, forKey: .height)
        let words = try c.decode([UInt64].self, forKey: .words)
        let (count, overflow) = ((max(0, width) + 63) >> 6).multipliedReportingOverflow(by: max(0, height))
        guard width >= 0, height >= 0, !overflow, words.count == count else {
            throw DecodingError.dataCorruptedError(
                forKey: .words, in: c,
                debugDescription:
                    "a \(width)x\(height) mask needs \(overflow ? "too many" : "\(count)") words, not \(words.count)")
        }
        self.init(width: width, height: height, words: words)
    }

    /// Encodes the size and the rows' words.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(words, forKey: .words)
    }
}

extension RGBAImage: Codable {
    private enum CodingKeys: String, CodingKey { case width, height, pixels }

    /// Decodes an image, refusing one whose pixels do not match its size.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let width = try c.decode(Int.self, forKey: .width)
        let height = try c.decode(Int.self, forKey: .height)
        let pixels = try c.decode([UInt32].self, forKey: .pixels)
        let (count, overflow) = max(0, width).multipliedReportingOverflow(by: max(0, height))
        guard width >= 0, height >= 0, !overflow, pixels.count == count else {
            throw DecodingError.dataCorruptedError(
                forKey: .pixels, in: c,
                debugDescription:
                    "a \(width)x\(height) image needs \(overflow ? "too many" : "\(count)") pixels, not \(pixels.count)")
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// Encodes the size and the pixels.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
        try c.encode(pixels, forKey: .pixels)
    }
}
#endif
