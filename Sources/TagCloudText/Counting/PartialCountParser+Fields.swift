/// The fields of a partial count's line, read and checked: each failure names the line and field.
extension PartialCountParser {
    func bad(_ column: Int, _ reason: String) -> TextError {
        .badRow(name: name, line: line, column: column, reason: reason + "; give files written by tagcloud count --partial")
    }

    func expectFields(_ n: Int) throws {
        guard fields.count == n else { throw bad(min(fields.count, n), "expected \(n) fields, found \(fields.count)") }
    }

    func field(_ text: UnsafeBufferPointer<UInt8>, _ k: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: text[fields[k]])
    }

    func flag(_ text: UnsafeBufferPointer<UInt8>, _ k: Int) throws -> Bool {
        let f = field(text, k)
        guard f.count == 1, f[0] == UInt8(ascii: "0") || f[0] == UInt8(ascii: "1") else { throw bad(k + 1, "expected 0 or 1") }
        return f[0] == UInt8(ascii: "1")
    }

    func number(_ text: UnsafeBufferPointer<UInt8>, _ k: Int) throws -> Int {
        let f = field(text, k)
        guard !f.isEmpty, f.count <= 18, f.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
            throw bad(k + 1, "expected a count (digits only, at most 18)")
        }
        return f.reduce(0) { $0 * 10 + Int($1 - 48) }
    }

    func kindOf(_ f: UnsafeBufferPointer<UInt8>) throws -> WordKind {
        guard f.count == 1 else { throw bad(4, "expected a word kind: l, n, k or i") }
        switch f[0] {
        case UInt8(ascii: "l"): return .letter
        case UInt8(ascii: "n"): return .number
        case UInt8(ascii: "k"): return .kana
        case UInt8(ascii: "i"): return .ideograph
        default: throw bad(4, "expected a word kind: l, n, k or i")
        }
    }

    func nonEmpty(_ text: UnsafeBufferPointer<UInt8>, _ k: Int) throws -> [UInt8] {
        let w = try unescaped(text, k)
        guard !w.isEmpty else { throw bad(k + 1, "a word is never empty") }
        return w
    }

    /// Field `k` with its escapes undone.
    func unescaped(_ text: UnsafeBufferPointer<UInt8>, _ k: Int) throws -> [UInt8] {
        let f = field(text, k)
        if !f.contains(0x5C) && !f.contains(0) { return Array(f) }
        var out: [UInt8] = []
        out.reserveCapacity(f.count)
        var escape = false
        for b in f {
            if b == 0 { throw bad(k + 1, "a NUL character") }
            if escape {
                switch b {
                case 0x5C: out.append(0x5C)
                case UInt8(ascii: "t"): out.append(9)
                case UInt8(ascii: "n"): out.append(10)
                case UInt8(ascii: "r"): out.append(13)
                default: throw bad(k + 1, "an unknown escape \\\(Character(Unicode.Scalar(b)))")
                }
                escape = false
            } else if b == 0x5C {
                escape = true
            } else {
                out.append(b)
            }
        }
        if escape { throw bad(k + 1, "a field ends in a lone backslash") }
        return out
    }
}
