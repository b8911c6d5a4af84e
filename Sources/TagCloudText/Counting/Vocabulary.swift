/// The words a count has seen: each distinct spelling as written (a "raw" word, interned as bytes)
/// with its count, and the folded form it counts under (NFC and case folding, each folded form
/// interned too) or the filter that dropped it.
///
/// Raw words get ids 0, 1, 2… in first-seen order, and so do folded forms; every later step works
/// on these ids. A raw word is folded once, when first seen, never per occurrence.
///
/// A value holding the tables (classes): the engine keeps it inline, so the per-word path reaches
/// each table with one load. Copies share the tables.
struct Vocabulary {
    /// The raw spellings.
    let raw = ByteTable()
    /// How often each raw spelling was read (dropped ones included).
    let rawCounts = RawBuffer<Int>(capacity: 1 << 14)
    /// The kind of each raw spelling where it was first read (a partial count records it).
    let rawKinds = RawBuffer<WordKind>(capacity: 1 << 14)
    /// The folded id of each raw spelling; < 0 when a filter dropped it, one of the values below.
    let foldedOf = RawBuffer<Int32>(capacity: 1 << 14)
    /// `foldedOf` values of dropped raw words, one per filter, so counting up can say afterwards
    /// which filter removed how many tokens without any counting per token.
    static let droppedNumber: Int32 = -1
    static let droppedShort: Int32 = -2
    /// The folded forms, by folded id.
    var folded: [String] { foldedForms.texts }
    /// The kind of the word each folded form first came from.
    var foldedKind: [WordKind] { foldedForms.kinds }
    private let foldedForms = FoldedForms()

    /// The folded forms: their texts and kinds by id, and the table from spellings to ids.
    private final class FoldedForms {
        /// Folded spellings → folded ids, hashed as bytes like the raw words.
        let table = ByteTable()
        var texts: [String] = []
        var kinds: [WordKind] = []
    }

    private let minimumLength: Int
    private let minimumIdeographicLength: Int
    private let includeNumbers: Bool

    /// A vocabulary applying the length and number filters of `options`.
    init(options: TextOptions) {
        minimumLength = options.minimumLength
        minimumIdeographicLength = options.minimumIdeographicLength
        includeNumbers = options.includeNumbers
    }

    /// Adds a raw word just interned in `raw`: a count of 0, and its folded form or the filter
    /// (number, too short) that drops it.
    func register(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind) {
        rawCounts.append(0)
        rawKinds.append(kind)
        // One Han character is often a whole word; one kana is nearly always a grammatical fragment
        // that ICU split off (食べました gives 食, べ, ま, した), so kana follow the ordinary minimum.
        var minimum = kind == .ideograph ? minimumIdeographicLength : minimumLength
        guard kind != .number || includeNumbers else { foldedOf.append(Self.droppedNumber); return }
        if !bytes.contains(where: { $0 >= 0x80 }) {
            // ASCII: one character per byte, NFC already, and case folding is lower-casing.
            guard bytes.count >= minimum else { foldedOf.append(Self.droppedShort); return }
            let f = withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count) { lower -> Int32 in
                for (i, b) in bytes.enumerated() { lower[i] = b >= 65 && b <= 90 ? b | 0x20 : b }
                return foldedID(UnsafeBufferPointer(lower), kind: kind)
            }
            foldedOf.append(f)
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        // ICU reports kana that its dictionary split off with the ideograph status too.
        if kind == .ideograph
            && text.unicodeScalars.allSatisfy({ (0x3040...0x30FF).contains($0.value) || (0xFF66...0xFF9F).contains($0.value) })
        {
            minimum = minimumLength
        }
        guard minimum <= 1 || text.count >= minimum else { foldedOf.append(Self.droppedShort); return }
        foldedOf.append(foldedID(ICUText.foldedNFC(text), kind: kind))
    }

    /// The id of the folded form `key`, added when new.
    func foldedID(_ key: String, kind: WordKind) -> Int32 {
        var key = key
        return key.withUTF8 { foldedID($0, kind: kind) }
    }

    /// The id of a folded form given as UTF-8, added when new. Interned as bytes: a String (and its
    /// hashing) only for a folded form not seen before.
    private func foldedID(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind) -> Int32 {
        let (f, isNew) = foldedForms.table.intern(bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!, bytes.count)
        if isNew {
            foldedForms.texts.append(String(decoding: bytes, as: UTF8.self))
            foldedForms.kinds.append(kind)
        }
        return f
    }

    /// The folded id of `key`, or nil when no word folds to it.
    func foldedLookup(_ key: String) -> Int32? {
        var key = key
        return key.withUTF8 { foldedForms.table.find($0.baseAddress ?? UnsafePointer(bitPattern: 1)!, $0.count) }
    }

    /// The text of raw word `id`.
    func rawText(_ id: Int) -> String { String(decoding: raw.bytes(id), as: UTF8.self) }
}
