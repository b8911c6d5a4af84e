import Foundation

/// What a word is made of, from ICU's word-break rule status.
public enum WordKind: Sendable, Equatable {
    /// Digits, possibly with separators (`1,000`, `3.14`).
    case number
    /// Letters of an alphabet or abugida (Latin, Cyrillic, Arabic, Devanagari, Thai…), possibly with digits.
    case letter
    /// Japanese kana.
    case kana
    /// Chinese characters (Han), as split by ICU's dictionary.
    case ideograph
}

/// A word found in a text.
public struct Word: Sendable, Equatable, CustomStringConvertible {
    /// The word as written (not normalised).
    public var text: String
    /// What it is made of.
    public var kind: WordKind
    /// Creates a word.
    public init(_ text: String, kind: WordKind) { self.text = text; self.kind = kind }
    /// The text.
    public var description: String { text }
}

/// Splits text into words with ICU's word-break rules (UAX #29 plus ICU's dictionaries, so Chinese,
/// Japanese and Thai are split into words; Arabic and Hindi words stay whole), or with a custom
/// regular expression. Hyphen and apostrophe handling follow `TextOptions`; numbers are returned
/// with kind `.number` whatever `includeNumbers` says (filtering is the counter's job).
public struct WordTokenizer {
    let segmenter: Segmenter

    /// Creates a tokenizer; throws when the pattern is not a valid regular expression or ICU is missing.
    public init(options: TextOptions = TextOptions()) throws {
        segmenter = try Segmenter(options: options)
    }

    /// The words of `text`, in order. With a word pattern, each match is normalised (`TermText`), and
    /// throws `TextError.patternTooComplex` when matching the pattern spends a limit of `WordPattern`.
    public func words(in text: String) throws -> [Word] {
        final class Collector: TokenSink {
            var words: [Word] = []
            func token(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind, afterPunctuation: Bool) {
                words.append(Word(String(decoding: bytes, as: UTF8.self), kind: kind))
            }
        }
        let collector = Collector()
        var utf8 = Array(text.utf8)
        if utf8.starts(with: [0xEF, 0xBB, 0xBF]) { utf8.removeFirst(3) }
        utf8.withUnsafeMutableBufferPointer { segmenter.process($0, into: collector) }
        if let failure = segmenter.patternFailure, let pattern = segmenter.options.pattern {
            throw TextError.patternTooComplex(pattern: pattern, name: "text", line: failure.lineFeeds + 1, limit: failure.limit)
        }
        return collector.words
    }
}

/// Receives the words the segmenter finds, as UTF-8 bytes valid only during the call.
protocol TokenSink: AnyObject {
    /// One word; `afterPunctuation` is true when punctuation other than spaces and hyphens came
    /// between it and the previous word (so a word pair across it is no phrase).
    func token(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind, afterPunctuation: Bool)
}

@inline(__always) func isASCIISpace(_ b: UInt8) -> Bool { b == 32 || (b >= 9 && b <= 13) }

/// The segmentation engine behind `WordTokenizer` and `TermCounter`.
///
/// Text arrives as valid UTF-8 that is cut only where a run of ASCII whitespace starts. UAX #29
/// always breaks there and no rule looks across a space, so pieces can be segmented independently:
/// that is what makes streaming in chunks give exactly the counts of the whole text, and what lets
/// pure-ASCII stretches take a hand-written fast path (ICU's iterator runs at about 50 MB/s; the fast
/// path agrees with it on ASCII, which a differential test checks).
final class Segmenter {
    let options: TextOptions
    private let breaker: ICUWordBreaker?
    private let regex: CompiledPattern?
    private var utf16: [UInt16] = []
    private var byteOffsets: [Int32] = []
    /// Off only in tests, which compare the fast path with ICU on the same ASCII text.
    var asciiFastPath = true
    /// Whether pattern matches are normalised in place (`TermText`); off for a segmenter that only
    /// looks for where the words are and must leave the text as it is.
    var normalizesMatches = true
    /// A word longer than this many bytes is given to the sink whole even when apostrophes would
    /// split it, so the counter drops it whole as too long (see `LongWordGuard`) whatever its parts.
    var maximumWordBytes = Int.max

    /// The word waiting to see whether a hyphen and another word follow (with keepHyphens).
    private struct Assembly {
        var pendingStart = -1, pendingEnd = -1
        var pendingKind = WordKind.letter
        var pendingAfterPunctuation = false
        /// Whether the waiting word may hold an apostrophe to split at (the ASCII path knows; others scan).
        var pendingApostrophe = true
        var hyphenEnd = -1
        /// Punctuation seen since the last word; sticky across calls, as it is a property of the stream.
        var punctuation = false
    }
    // Changed on every word: kept behind a pointer, because each write to a stored property of a
    // class pays a dynamic exclusivity check, which cost more than scanning the word.
    private let assemblyCell = PointerCell(Assembly())
    /// `assemblyCell`'s pointer, kept directly so the hot path does not load it through the cell.
    private let assembly: UnsafeMutablePointer<Assembly>
    private var pendingStart: Int { get { assembly.pointee.pendingStart } set { assembly.pointee.pendingStart = newValue } }
    private var pendingEnd: Int { get { assembly.pointee.pendingEnd } set { assembly.pointee.pendingEnd = newValue } }
    private var pendingKind: WordKind { get { assembly.pointee.pendingKind } set { assembly.pointee.pendingKind = newValue } }
    private var pendingAfterPunctuation: Bool {
        get { assembly.pointee.pendingAfterPunctuation } set { assembly.pointee.pendingAfterPunctuation = newValue }
    }
    private var pendingApostrophe: Bool { get { assembly.pointee.pendingApostrophe } set { assembly.pointee.pendingApostrophe = newValue } }
    private var hyphenEnd: Int { get { assembly.pointee.hyphenEnd } set { assembly.pointee.hyphenEnd = newValue } }
    private var punctuation: Bool { get { assembly.pointee.punctuation } set { assembly.pointee.punctuation = newValue } }

    init(options: TextOptions) throws {
        self.options = options
        assembly = assemblyCell.pointer
        if let pattern = options.pattern {
            regex = try CompiledPattern(pattern)
            breaker = nil
        } else {
            regex = nil
            breaker = try ICUWordBreaker()
        }
    }

    /// Forgets punctuation seen after the last word, so the next `process` segments its text as if it
    /// began the stream (for pieces segmented apart and counted in order, which carry it themselves).
    func beginIndependentPiece() { punctuation = false }

    /// Whether punctuation came after the last word given to the sink (the state the next word's
    /// `afterPunctuation` comes from).
    var punctuationAfterLastWord: Bool { punctuation }

    /// Where the word pattern was stopped by a limit in the text of the last `process` call (a byte
    /// offset into it, and how many line feeds came before it there as the text was given, since
    /// normalising matches in place may remove some), and which limit; nil when it was not. Once set,
    /// the text after that point was not segmented.
    private(set) var patternFailure: (byteOffset: Int, lineFeeds: Int, limit: TextError.PatternLimit)?

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
    /// curly double quotes and ellipses; each used to send the text around it to ICU.
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
            return p[j + 1] == 0x97 ? 2 : 0     // ×
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

    // MARK: - ASCII fast path

    private func ascii(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ sink: some TokenSink) {
        WordClass.ascii.withUnsafeBufferPointer { cls in WordClass.runBits.withUnsafeBufferPointer { bits in
            var i = start
            while i < end {
                let c = cls[Int(p[i])]
                if WordClass.isWordCharacter(c) {
                    let wordStart = i
                    var status = WordStatus()
                    var last = c
                    var apostrophe = false
                    while true {
                        // Cross the run of word characters; only a run mixing kinds replays the rules.
                        let runStart = i
                        var kinds: UInt8 = 0
                        while i < end {
                            let b = bits[Int(p[i])]
                            guard b & 7 != 0 else { break }
                            kinds |= b
                            i += 1
                        }
                        if kinds == 1 {
                            status.takeLetters(); last = WordClass.letter
                        } else {
                            for j in runStart..<i { last = cls[Int(p[j])]; status.take(last) }
                        }
                        // WB6/7: letter (MidLetter | MidNumLetQ) letter; WB11/12: digit (MidNum | MidNumLetQ) digit.
                        if i + 1 < end, Self.joins(last, cls[Int(p[i])], cls[Int(p[i + 1])]) {
                            if p[i] == UInt8(ascii: "'") { apostrophe = true }
                            status.take(cls[Int(p[i])])
                            i += 1
                            continue
                        }
                        break
                    }
                    if status.status != WordClass.other {
                        word(p, wordStart, i, status.status == WordClass.letter ? .letter : .number, sink, apostrophe: apostrophe)
                    } else {
                        gap(wordStart, i, punctuation: true, singleHyphen: false)
                    }
                } else {
                    let gapStart = i
                    var marks: UInt8 = 0
                    while i < end {
                        let b = bits[Int(p[i])]
                        if b & 7 != 0 { break }
                        marks |= b
                        i += 1
                    }
                    gap(gapStart, i, punctuation: marks != 0, singleHyphen: i - gapStart == 1 && c == WordClass.hyphen)
                }
            }
        } }
    }

    /// Whether `mid` between a word character of class `last` and one of class `next` keeps them in
    /// one word: WB6/7 letter (MidLetter | MidNumLet | ') letter, WB11/12 digit (MidNum | MidNumLet | ') digit.
    @inline(__always)
    private static func joins(_ last: UInt8, _ mid: UInt8, _ next: UInt8) -> Bool {
        if last == WordClass.letter && next == WordClass.letter {
            return mid == WordClass.midNumLet || mid == WordClass.midLetter
        }
        if last == WordClass.digit && next == WordClass.digit {
            return mid == WordClass.midNumLet || mid == WordClass.midNum
        }
        return false
    }

    // MARK: - Unicode fast path

    /// Segments `start..<end` (cut at whitespace-run starts) a piece at a time: pieces whose characters
    /// all have fast-path classes are segmented here, runs of the others by ICU in one call.
    private func unicode(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ sink: some TokenSink) {
        WordClass.belowLimit.withUnsafeBufferPointer { table in
            var pieceStart = start
            var icuStart = -1
            while pieceStart < end {
                var e = pieceStart
                while e < end && isASCIISpace(p[e]) { e += 1 }
                while e < end && !isASCIISpace(p[e]) { e += 1 }
                if Self.fastSegmentable(p, pieceStart, e, table) {
                    if icuStart >= 0 { icu(p, icuStart, pieceStart, sink); icuStart = -1 }
                    unicodePiece(p, pieceStart, e, table, sink)
                } else if icuStart < 0 {
                    icuStart = pieceStart
                }
                pieceStart = e
            }
            if icuStart >= 0 { icu(p, icuStart, end, sink) }
        }
    }

    /// The class of the code point at `p[i]`, and its length in bytes.
    @inline(__always)
    private static func classAt(_ p: UnsafePointer<UInt8>, _ i: Int, _ table: UnsafeBufferPointer<UInt8>) -> (UInt8, Int) {
        let (scalar, length) = decodeScalar(p, i)
        return (scalar < WordClass.limit ? table[Int(scalar)] : WordClass.needsICU, length)
    }

    /// Whether the fast path can segment the piece: no character needs ICU, and every Extend, Format
    /// or ZWJ follows a letter or a digit (elsewhere WB4 glues it to punctuation or spaces in ways
    /// only ICU's iterator reproduces).
    private static func fastSegmentable(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int,
                                        _ table: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = start
        var previous = WordClass.space
        while i < end {
            let (c, length) = classAt(p, i, table)
            if c == WordClass.needsICU { return false }
            if c == WordClass.extend {
                if previous != WordClass.letter && previous != WordClass.digit { return false }
            } else {
                previous = c
            }
            i += length
        }
        return true
    }

    /// Segments a piece that passed `fastSegmentable`, by the rules `ascii` follows, a character at a time.
    private func unicodePiece(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int,
                              _ table: UnsafeBufferPointer<UInt8>, _ sink: some TokenSink) {
        var i = start
        while i < end {
            let (c, length) = Self.classAt(p, i, table)
            if WordClass.isWordCharacter(c) {
                let wordStart = i
                var status = WordStatus()
                var last = c
                while true {
                    while i < end {
                        let (k, l) = Self.classAt(p, i, table)
                        if k == WordClass.extend { i += l; continue }
                        guard WordClass.isWordCharacter(k) else { break }
                        status.take(k)
                        last = k
                        i += l
                    }
                    if i < end {
                        let (mid, l) = Self.classAt(p, i, table)
                        if i + l < end, Self.joins(last, mid, Self.classAt(p, i + l, table).0) {
                            status.take(mid)
                            i += l
                            continue
                        }
                    }
                    break
                }
                if status.status != WordClass.other {
                    word(p, wordStart, i, status.status == WordClass.letter ? .letter : .number, sink)
                } else {
                    gap(wordStart, i, punctuation: true, singleHyphen: false)
                }
            } else {
                let gapStart = i
                var punctuation = false
                i += length
                if c != WordClass.space && c != WordClass.hyphen { punctuation = true }
                while i < end {
                    let (k, l) = Self.classAt(p, i, table)
                    if WordClass.isWordCharacter(k) { break }
                    if k != WordClass.space && k != WordClass.hyphen { punctuation = true }
                    i += l
                }
                gap(gapStart, i, punctuation: punctuation, singleHyphen: i - gapStart == 1 && c == WordClass.hyphen)
            }
        }
    }

    // MARK: - ICU

    /// Decodes the (valid) UTF-8 `p[start..<end]` to UTF-16 for ICU, with each unit's byte offset
    /// (and `end` after the last), and calls `body` with both.
    private func withUTF16<R>(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int,
                              _ body: (UnsafeBufferPointer<UInt16>, UnsafeBufferPointer<Int32>) -> R) -> R {
        // The buffers are reused across calls but filled as locals: an append to a class property
        // pays a dynamic exclusivity check, which cost more than the decoding.
        var utf16 = self.utf16, byteOffsets = self.byteOffsets
        self.utf16 = []; self.byteOffsets = []
        defer { self.utf16 = utf16; self.byteOffsets = byteOffsets }
        utf16.removeAll(keepingCapacity: true)
        byteOffsets.removeAll(keepingCapacity: true)
        var i = start
        while i < end {
            let (scalar, len) = decodeScalar(p, i)
            if scalar >= 0x10000 {
                let v = scalar - 0x10000
                utf16.append(UInt16(0xD800 + (v >> 10))); byteOffsets.append(Int32(i))
                utf16.append(UInt16(0xDC00 + (v & 0x3FF))); byteOffsets.append(Int32(i))
            } else {
                utf16.append(UInt16(scalar)); byteOffsets.append(Int32(i))
            }
            i += len
        }
        byteOffsets.append(Int32(end))
        return utf16.withUnsafeBufferPointer { units in byteOffsets.withUnsafeBufferPointer { body(units, $0) } }
    }

    private func icu(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ sink: some TokenSink) {
        guard let breaker else { return }
        withUTF16(p, start, end) { text, offsets in
            breaker.segments(text) { a, b, status in
                let s = Int(offsets[a]), e = Int(offsets[b])
                switch status {
                case 100..<200: word(p, s, e, .number, sink)
                case 200..<300: word(p, s, e, .letter, sink)
                case 300..<400: word(p, s, e, .kana, sink)
                case 400..<500: word(p, s, e, .ideograph, sink)
                default:
                    var punct = false
                    for k in a..<b where !Self.isSpaceOrHyphen(text[k]) { punct = true; break }
                    gap(s, e, punctuation: punct, singleHyphen: b - a == 1 && Self.isHyphen(text[a]))
                }
            }
        }
    }

    private static func isHyphen(_ u: UInt16) -> Bool { u == 0x2D || u == 0x2010 || u == 0x2011 }

    private static func isSpaceOrHyphen(_ u: UInt16) -> Bool {
        if isHyphen(u) { return true }
        switch u {
        case 9...13, 32, 0x85, 0xA0, 0x1680, 0x2000...0x200A, 0x2028, 0x2029, 0x202F, 0x205F, 0x3000, 0xFEFF: return true
        default: return false
        }
    }

    // MARK: - Regular expression

    /// The pattern's matches are the words, each normalised in place (`TermText`: a match holding a
    /// tab or a line break must not become a term with one). Empty matches, and matches of nothing
    /// but spaces and controls, are no words. Stops at the first match a limit of `WordPattern`
    /// stopped, recording where in `patternFailure`.
    private func processRegex(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ regex: CompiledPattern, _ sink: some TokenSink) {
        let p = buffer.baseAddress!
        withUTF16(UnsafePointer(p), 0, buffer.count) { text, offsets in
            regex.setText(text)
            var last = 0
            // Line feeds before `last`, counted before any match is normalised.
            var lineFeeds = 0
            func countLineFeeds(_ from: Int, _ to: Int) -> Int {
                UnsafeBufferPointer(start: p + from, count: max(to - from, 0)).reduce(0) { $1 == 10 ? $0 + 1 : $0 }
            }
            while true {
                let (start, end): (Int, Int)
                switch regex.next() {
                case .match(let s, let e): (start, end) = (s, e)
                case .end: return
                case .stopped(let limit, let at):
                    let offset = max(Int(offsets[min(max(at, 0), offsets.count - 1)]), last)
                    patternFailure = (offset, lineFeeds + countLineFeeds(last, offset), limit)
                    return
                }
                let s = Int(offsets[start]), e = Int(offsets[end])
                guard e > s else { continue }
                lineFeeds += countLineFeeds(last, e)
                if s > last {
                    let between = UnsafeBufferPointer(start: p + last, count: s - last)
                    gap(last, s, punctuation: between.contains { !isASCIISpace($0) && $0 != UInt8(ascii: "-") }, singleHyphen: false)
                }
                let length = normalizesMatches && TermText.needsNormalizing(p + s, e - s) ? TermText.normalize(p + s, e - s) : e - s
                if length > 0 { word(UnsafePointer(p), s, s + length, .letter, sink) }
                last = e
            }
        }
    }

    // MARK: - Assembling words (hyphens, apostrophes, punctuation)

    @inline(__always)
    private func word(_ p: UnsafePointer<UInt8>, _ start: Int, _ end: Int, _ kind: WordKind, _ sink: some TokenSink,
                      apostrophe: Bool = true) {
        if pendingStart >= 0 {
            if hyphenEnd == start {
                // `well` `-` `known` with keepHyphens: one word.
                pendingEnd = end
                if kind == .letter || pendingKind == .number { pendingKind = kind }
                pendingApostrophe = pendingApostrophe || apostrophe
                hyphenEnd = -1
                return
            }
            flush(p, sink)
        }
        pendingStart = start; pendingEnd = end; pendingKind = kind; pendingApostrophe = apostrophe
        pendingAfterPunctuation = punctuation
        punctuation = false
    }

    @inline(__always)
    private func gap(_ start: Int, _ end: Int, punctuation punct: Bool, singleHyphen: Bool) {
        if singleHyphen && options.keepHyphens && pendingStart >= 0 && pendingEnd == start && hyphenEnd < 0 {
            hyphenEnd = end
            return
        }
        hyphenEnd = -1
        if punct { punctuation = true }
    }

    /// Emits the waiting word, split at apostrophes unless they are kept.
    private func flush(_ p: UnsafePointer<UInt8>, _ sink: some TokenSink) {
        guard pendingStart >= 0 else { return }
        let s = pendingStart, e = pendingEnd
        pendingStart = -1; pendingEnd = -1; hyphenEnd = -1
        if options.keepApostrophes || !pendingApostrophe || e - s > maximumWordBytes {
            sink.token(UnsafeBufferPointer(start: p + s, count: e - s), kind: pendingKind, afterPunctuation: pendingAfterPunctuation)
            return
        }
        var partStart = s, i = s, first = true
        func emit(_ end: Int) {
            if end > partStart {
                sink.token(UnsafeBufferPointer(start: p + partStart, count: end - partStart), kind: pendingKind,
                           afterPunctuation: first ? pendingAfterPunctuation : false)
                first = false
            }
        }
        while i < e {
            if p[i] == UInt8(ascii: "'") {
                emit(i); i += 1; partStart = i
            } else if p[i] == 0xE2 && i + 2 < e && p[i + 1] == 0x80 && p[i + 2] == 0x99 {   // U+2019
                emit(i); i += 3; partStart = i
            } else {
                i += 1
            }
        }
        emit(e)
    }
}
