/// JSON string literals as `JSONEncoder` writes them, for every JSON the package writes by hand.
public enum JSONString {
    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `s` as a quoted JSON string: quote, backslash and the control characters escaped (`\b \f
    /// \n \r \t` by name, the others as `\u00xx`); everything else as UTF-8, slashes too.
    public static func quoted(_ s: String) -> String {
        var bytes: [UInt8] = []
        append(s, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `s` as a quoted JSON string to `bytes`.
    public static func append(_ s: String, to bytes: inout [UInt8]) {
        bytes.append(0x22)
        var s = s
        s.withUTF8 { utf8 in
            var start = 0
            for (i, c) in utf8.enumerated() where c < 0x20 || c == 0x22 || c == 0x5C {
                bytes.append(contentsOf: utf8[start..<i])
                start = i + 1
                bytes.append(0x5C)
                switch c {
                case 0x22: bytes.append(0x22)
                case 0x5C: bytes.append(0x5C)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hexDigits[Int(c >> 4)], hexDigits[Int(c & 15)]])
                }
            }
            bytes.append(contentsOf: utf8[start...])
        }
        bytes.append(0x22)
    }
}
