/// A request target split and percent-decoded as the router reads it: the path (`%20` is a space)
/// and the query's arguments (`+` is a space too, as forms send it). Malformed escapes are kept
/// as written, and bytes that are not UTF-8 become U+FFFD: a bad target only misses every route.
struct RequestTarget: Equatable, Sendable {
    /// The decoded path, without the query.
    var path: String
    /// The query's arguments by decoded name; of a name given twice, the first.
    var query: [String: String]

    /// Splits and decodes `target` (`/api/render?format=png`).
    init(_ target: String) {
        let bytes = Array(target.utf8)
        let mark = bytes.firstIndex(of: UInt8(ascii: "?")) ?? bytes.endIndex
        path = Self.decode(bytes[..<mark], plusIsSpace: false)
        query = [:]
        guard mark < bytes.endIndex else { return }
        for pair in bytes[(mark + 1)...].split(separator: UInt8(ascii: "&")) {
            let equals = pair.firstIndex(of: UInt8(ascii: "=")) ?? pair.endIndex
            let name = Self.decode(pair[..<equals], plusIsSpace: true)
            let value = equals < pair.endIndex ? Self.decode(pair[(equals + 1)...], plusIsSpace: true) : ""
            if query[name] == nil { query[name] = value }
        }
    }

    /// `bytes` with each `%XX` replaced by its byte (and `+` by a space when `plusIsSpace`).
    static func decode(_ bytes: ArraySlice<UInt8>, plusIsSpace: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "%"), i + 2 < bytes.endIndex, let high = hex(bytes[i + 1]), let low = hex(bytes[i + 2]) {
                out.append(high << 4 | low)
                i += 3
                continue
            }
            out.append(plusIsSpace && b == UInt8(ascii: "+") ? 32 : b)
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 48...57: return b - 48
        case 65...70: return b - 55
        case 97...102: return b - 87
        default: return nil
        }
    }
}
