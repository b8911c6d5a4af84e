/// What a lead byte of UTF-8 allows after it (Unicode's table 3-7 of well-formed sequences): the
/// one table every reader of raw UTF-8 in the package checks bytes against.
public enum UTF8Lead {
    /// For a non-ASCII byte that can begin a well-formed sequence: the sequence's length in bytes
    /// and the range its second byte must be in (later bytes are 0x80–0xBF); nil for any other byte
    /// (a continuation byte, an overlong lead, a lead beyond U+10FFFF).
    @inlinable public static func shape(of lead: UInt8) -> (length: Int, second: ClosedRange<UInt8>)? {
        switch lead {
        case 0xC2...0xDF: return (2, 0x80...0xBF)
        case 0xE0: return (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE, 0xEF: return (3, 0x80...0xBF)
        // 0xED 0xA0–0xBF would encode a surrogate.
        case 0xED: return (3, 0x80...0x9F)
        case 0xF0: return (4, 0x90...0xBF)
        case 0xF1...0xF3: return (4, 0x80...0xBF)
        case 0xF4: return (4, 0x80...0x8F)
        default: return nil
        }
    }
}
