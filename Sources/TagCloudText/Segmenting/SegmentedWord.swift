/// One word found by the segmenter, waiting to be counted: where its bytes are, its hash (computed
/// where it was found, so a second thread shares the hashing), and its id once interned. 32 bytes, as
/// a chunk of text holds a few hundred thousand of them.
struct SegmentedWord {
    var start: UnsafePointer<UInt8>
    var length: Int32
    /// Filled in when the word is counted.
    var id: Int32 = -1
    var hash: UInt64
    var kind: WordKind
    var afterPunctuation: Bool
    var afterParagraph: Bool

    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind, afterPunctuation: Bool, afterParagraph: Bool) {
        self.init(
            bytes, key: ByteTable.Key(bytes.baseAddress!, bytes.count), kind: kind, afterPunctuation: afterPunctuation,
            afterParagraph: afterParagraph)
    }

    /// A word whose key the caller has computed (it prefetches the key's slot right away).
    @inline(__always)
    init(
        _ bytes: UnsafeBufferPointer<UInt8>, key: ByteTable.Key, kind: WordKind, afterPunctuation: Bool,
        afterParagraph: Bool
    ) {
        start = bytes.baseAddress!
        length = Int32(bytes.count)
        hash = key.hash
        self.kind = kind
        self.afterPunctuation = afterPunctuation
        self.afterParagraph = afterParagraph
    }

    /// The word's hash-table key.
    @inline(__always) var key: ByteTable.Key { ByteTable.Key(start, Int(length), hash: hash) }
}
