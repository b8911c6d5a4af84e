import TagCloud

/// The segmentation engine behind `WordTokenizer` and `TermCounter`.
///
/// Text arrives as valid UTF-8 that is cut only where a run of ASCII whitespace starts. UAX #29
/// always breaks there and no rule looks across a space, so pieces can be segmented independently:
/// that is what makes streaming in chunks give exactly the counts of the whole text, and what lets
/// pure-ASCII stretches take a hand-written fast path (much faster than ICU's iterator, which needs
/// UTF-16; the fast path agrees with it on ASCII, which a differential test checks).
///
/// The stages live in extensions, one file each: `Segmenter+ASCII` and `Segmenter+Unicode` (the fast
/// paths), `Segmenter+ICU` (ICU's iterator, for everything else), `Segmenter+WordPattern` (a custom
/// regular expression instead of word breaks) and `Segmenter+WordAssembly` (hyphens, apostrophes
/// and punctuation between the words they find).
final class Segmenter {
    let options: TextOptions
    /// Stops a word pattern's search midway once cancelled (see `CompiledPattern`); the counter
    /// checks it between pieces itself.
    let cancellation: CancellationToken?
    let breaker: ICUWordBreaker?
    private let regex: CompiledPattern?
    /// Reused by `withUTF16` (see there).
    var utf16: [UInt16] = []
    var byteOffsets: [Int32] = []
    /// Off only in tests, which compare the fast path with ICU on the same ASCII text.
    var asciiFastPath = true
    /// Whether pattern matches are normalised in place (`TermText`); off for a segmenter that only
    /// looks for where the words are and must leave the text as it is.
    var normalizesMatches = true
    /// A word longer than this many bytes is given to the sink whole even when apostrophes would
    /// split it, so the counter drops it whole as too long (see `LongWordGuard`) whatever its parts.
    var maximumWordBytes = Int.max

    // The word being assembled (see `Assembly`), changed on every word: kept behind a pointer,
    // because each write to a stored property of a class pays a dynamic exclusivity check, which
    // costs more than scanning the word.
    private let assemblyCell = PointerCell(Assembly())
    /// `assemblyCell`'s pointer, kept directly so the hot path does not load it through the cell.
    let assembly: UnsafeMutablePointer<Assembly>

    init(options: TextOptions, cancellation: CancellationToken? = nil) throws(TextError) {
        self.options = options
        self.cancellation = cancellation
        assembly = assemblyCell.pointer
        if let pattern = options.pattern {
            regex = try CompiledPattern(pattern, cancellation: cancellation)
            breaker = nil
        } else {
            regex = nil
            breaker = try ICUWordBreaker()
        }
    }

    /// Forgets punctuation seen after the last word, so the next `process` segments its text as if it
    /// began the stream (for pieces segmented apart and counted in order, which carry it themselves).
    func beginIndependentPiece() {
        punctuation = false
        assembly.pointee.paragraph = false
        assembly.pointee.lineFeeds = 0
    }

    /// Whether punctuation came after the last word given to the sink (the state the next word's
    /// `afterPunctuation` comes from).
    var punctuationAfterLastWord: Bool { punctuation }

    /// Where the word pattern was stopped by a limit in the text of the last `process` call (a byte
    /// offset into it, and how many line feeds came before it there as the text was given, since
    /// normalising matches in place may remove some), and which limit; nil when it was not. Once set,
    /// the text after that point was not segmented.
    var patternFailure: (byteOffset: Int, lineFeeds: Int, limit: TextError.PatternLimit)?

    /// Segments `buffer` (valid UTF-8, cut at the start of a whitespace run or at the end of the text).
    /// With a word pattern, each match is normalised in place (see `TermText`), so the buffer is mutable.
    func process(_ buffer: UnsafeMutableBufferPointer<UInt8>, into sink: some TokenSink) {
        patternFailure = nil
        guard let base = UnsafePointer(buffer.baseAddress), buffer.count > 0 else { return }
        if let regex {
            processRegex(buffer, regex, sink)
        } else if !asciiFastPath {
            icu(base, 0, buffer.count, sink)
        } else if !containsNonASCII(UnsafeBufferPointer(buffer)) {
            ascii(base, 0, buffer.count, sink)
        } else {
            processMixed(base, buffer.count, sink)
        }
        flush(base, sink)
    }

    private func containsNonASCII(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawPointer(buffer.baseAddress!)
        let n = buffer.count
        var i = 0
        var acc: UInt64 = 0
        while i + 8 <= n { acc |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self); i += 8 }
        while i < n { acc |= UInt64(buffer[i]); i += 1 }
        return acc & 0x8080_8080_8080_8080 != 0
    }

    /// Sends the pieces (cut at whitespace-run starts) that hold non-ASCII characters to the Unicode
    /// path and the rest to the ASCII path. Non-ASCII bytes are found a word at a time, so
    /// mostly-English text with the odd "café" leaves the byte-at-a-time path only around those
    /// words; ASCII stretches shorter than `bridge` between non-ASCII pieces go along, so Chinese
    /// text makes one ICU call per stretch rather than one per space.
    private func processMixed(_ p: UnsafePointer<UInt8>, _ n: Int, _ sink: some TokenSink) {
        let bridge = 256
        var asciiStart = 0
        var i = 0
        while let j = nextNeedingUnicode(p, from: i, to: n) {
            // The piece holding byte j starts at the last whitespace-run start at or before it.
            var s = j
            while s > asciiStart && !isASCIISpace(p[s - 1]) { s -= 1 }
            while s > asciiStart && isASCIISpace(p[s - 1]) { s -= 1 }
            // It ends at the first whitespace after j; bridge over short ASCII stretches to the next piece.
            var m = pieceEnd(p, after: j, to: n)
            while m < n, let next = nextNeedingUnicode(p, from: m, to: min(n, m + bridge)) {
                m = pieceEnd(p, after: next, to: n)
            }
            if s > asciiStart { ascii(p, asciiStart, s, sink) }
            unicode(p, s, m, sink)
            asciiStart = m
            i = m
        }
        if asciiStart < n { ascii(p, asciiStart, n, sink) }
    }

    @inline(__always)
    private func pieceEnd(_ p: UnsafePointer<UInt8>, after j: Int, to n: Int) -> Int {
        var m = j + 1
        while m < n && !isASCIISpace(p[m]) { m += 1 }
        return m
    }

    /// The start of the first character in `from..<to` that the ASCII path cannot segment: any
    /// non-ASCII character except a few common punctuation marks. English text is full of dashes,
    /// curly double quotes and ellipses, which would otherwise send the text around them to ICU.
    @inline(__always)
    private func nextNeedingUnicode(_ p: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        var i = from
        while let j = nextNonASCII(p, from: i, to: to) {
            let length = Self.fastPunctuationLength(p, j, to)
            if length == 0 { return j }
            i = j + length
        }
        return nil
    }

    /// The length of the punctuation mark at `j` when it is one the fast path handles, else 0. Each
    /// has Word_Break=Other, so UAX #29 breaks on both sides of it, as the fast path does for any
    /// non-ASCII byte; and none is a hyphen, an apostrophe or a space (’ is MidNumLet, so it is not here).
    @inline(__always)
    static func fastPunctuationLength(_ p: UnsafePointer<UInt8>, _ j: Int, _ end: Int) -> Int {
        switch p[j] {
        case 0xC2 where j + 1 < end:
            // « » ° §
            return [0xAB, 0xBB, 0xB0, 0xA7].contains(p[j + 1]) ? 2 : 0
        case 0xC3 where j + 1 < end:
            return p[j + 1] == 0x97 ? 2 : 0  // ×
        case 0xE2 where j + 2 < end && p[j + 1] == 0x80:
            // – — “ ” • …
            return [0x93, 0x94, 0x9C, 0x9D, 0xA2, 0xA6].contains(p[j + 2]) ? 3 : 0
        default:
            return 0
        }
    }

    /// The index of the first byte ≥ 0x80 in `from..<to`, eight bytes at a time.
    @inline(__always)
    private func nextNonASCII(_ p: UnsafePointer<UInt8>, from: Int, to: Int) -> Int? {
        let raw = UnsafeRawPointer(p)
        var i = from
        while i + 8 <= to {
            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080
            if w != 0 { return i + w.trailingZeroBitCount / 8 }
            i += 8
        }
        while i < to { if p[i] >= 0x80 { return i }; i += 1 }
        return nil
    }
}
