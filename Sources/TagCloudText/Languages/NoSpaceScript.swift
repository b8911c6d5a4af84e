/// The scripts whose words are written without spaces between them (Thai, kana and Han): a pair of
/// such words is joined without a space ("北京" + "大学"), so a single word can equal a pair.
enum NoSpaceScript {
    /// Whether `text` holds a character of a script written without spaces, so a single word could
    /// equal two joined ones (a pair is joined only between such characters, see `joinsWithoutSpace`).
    static func mayBeJoined(_ text: String) -> Bool {
        // Those characters take three or four bytes: most texts are ruled out by a byte test.
        guard text.utf8.contains(where: { $0 >= 0xE0 }) else { return false }
        return text.unicodeScalars.contains { includes($0) }
    }

    /// Thai, kana and Han: the scripts whose words are written without spaces between them.
    static func includes(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x0E00...0x0E7F, 0x3040...0x30FF: return true
        default: return isHan(s)
        }
    }

    /// Han: the Chinese characters (CJK unified ideographs, their extensions and compatibility forms).
    static func isHan(_ s: Unicode.Scalar) -> Bool {
        switch s.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3FFFF: return true
        default: return false
        }
    }

    /// Whether two words of a phrase are written without a space between them (Chinese, Japanese, Thai).
    static func joinsWithoutSpace(_ a: String, _ b: String) -> Bool {
        guard let last = a.unicodeScalars.last, let first = b.unicodeScalars.first else { return false }
        return includes(last) && includes(first)
    }
}
