import Foundation
import TagCloud

// `@testable` only for `CountingEngine`: the public API reads a stream in equal chunks, and chunks of
// random sizes (cutting UTF-8 sequences, CRLF pairs and words anywhere) are what this target is for.
@testable import TagCloudText

/// The options the first input byte selects, one bit per option, so libFuzzer explores them all.
func fuzzOptions(_ b: UInt8) -> TextOptions {
    var o = TextOptions()
    o.keepHyphens = b & 1 != 0
    o.includeNumbers = b & 2 != 0
    o.keepApostrophes = b & 4 == 0
    o.language = [nil, .en, .zh, .ar][Int(b >> 3) & 3]
    o.collocations = b & 32 == 0
    if b & 64 != 0 { o.phrases = ["New York", "well-known", "don't", "白兔", "3.14 pi", "ไทย"] }
    if b & 128 != 0 {
        // A tiny pair table and a low threshold: pruning and collocations on inputs of a few bytes.
        o.bigramLimit = 8
        o.collocationThreshold = 1
    }
    return o
}

/// Counts `bytes` through the streaming engine, fed in chunks whose sizes `nextChunk` gives, with
/// words longer than `maximumWordBytes` dropped.
func countBytes(
    _ bytes: UnsafeBufferPointer<UInt8>, _ options: TextOptions, maximumWordBytes: Int,
    nextChunk: () -> Int
) -> Result<TextAnalysis, TextError> {
    do {
        let engine = try CountingEngine(options: options, name: "fuzz", maximumWordBytes: maximumWordBytes)
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + max(1, nextChunk()))
            try engine.feed(UnsafeBufferPointer(rebasing: bytes[start..<end]))
            start = end
        }
        return .success(try engine.finish())
    } catch let e as TextError {
        return .failure(e)
    } catch {
        preconditionFailure("unexpected error type \(error)")
    }
}

/// Traps with both results printed, so a mismatch leaves a crash file and a readable log.
func check(_ same: Bool, _ what: String, _ a: Any, _ b: Any) {
    guard !same else { return }
    print("FuzzTokenizer: \(what) differ\n  whole:   \(a)\n  chunked: \(b)")
    fatalError("FuzzTokenizer: \(what) differ")
}

/// libFuzzer entry: the first byte picks the `TextOptions`, the rest is the text. Invariants: no
/// crash; reading the bytes whole and in random-size chunks gives the same result; the public
/// `String` API (where Swift repairs invalid UTF-8 itself, the same way) gives the same terms; the
/// segmenter's fast paths give ICU's tokens. Half the inputs run with a word bound of a few bytes
/// instead of 1 MB, so short inputs reach the cutting of text without whitespace and the skipping
/// of long words: then the words dropped as too long must be exactly the whole text's words over
/// the bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTokenizer(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    guard size > 0, size - 1 < TermCounter.maximumWordBytes else { return 0 }
    let options = fuzzOptions(data[0])
    let text = UnsafeBufferPointer(start: data + 1, count: size - 1)

    // Chunk sizes from a generator seeded by the input, so a crash file reproduces exactly.
    var seed: UInt64 = 0xcbf2_9ce4_8422_2325
    for b in text { seed = (seed ^ UInt64(b)) &* 0x100_0000_01b3 }
    var rng = SeededRandom(seed: seed)
    let maxChunk = 1 + rng.nextInt(below: 16)
    // A small bound only without Chinese, Japanese and Thai (three-byte characters and up): cutting a
    // run of them changes what ICU's dictionary sees, by design (see `LongWordGuard`).
    let smallBound = seed & 1 == 0 && !text.contains(where: { $0 >= 0xE0 })
    let bound = smallBound ? 4 + rng.nextInt(below: 29) : TermCounter.maximumWordBytes

    let whole = countBytes(text, options, maximumWordBytes: bound) { text.count }
    let chunked = countBytes(text, options, maximumWordBytes: bound) { 1 + rng.nextInt(below: maxChunk) }
    switch (whole, chunked) {
    case (.success(let a), .success(let b)):
        check(a.terms == b.terms, "terms", a.terms, b.terms)
        check(a.words == b.words, "word counts", a.words, b.words)
        check(a.language == b.language, "languages", a.language as Any, b.language as Any)
        check(a.collocations == b.collocations, "collocation counts", a.collocations, b.collocations)
        check(a.invalidUTF8 == b.invalidUTF8, "invalid UTF-8 reports", a.invalidUTF8 as Any, b.invalidUTF8 as Any)
        check(a.bytes == Int64(text.count) && b.bytes == a.bytes, "byte counts", a.bytes, b.bytes)
        check(a.dropped == b.dropped, "dropped words", a.dropped, b.dropped)
        for t in a.terms {
            precondition(!t.text.isEmpty && t.weight.isFinite && t.weight >= 1, "bad term \(t)")
        }
        let string = String(decoding: text, as: UTF8.self)
        if smallBound {
            // The whole text's words (apostrophes kept: a word over the bound is dropped whole).
            var whole = options
            whole.keepApostrophes = true
            let long = ((try? WordTokenizer(options: whole).words(in: string)) ?? []).filter { $0.text.utf8.count > bound }
            check(a.dropped.tooLong == long.count, "words too long", a.dropped.tooLong, long.map(\.text))
            return 0
        }
        // The public API on a Swift string; a leading BOM stays in a String and is dropped by the engine too.
        do {
            let s = try TermCounter(options).analyze(string)
            check(a.terms == s.terms, "terms of bytes and of String", a.terms, s.terms)
            check(a.words == s.words, "word counts of bytes and of String", a.words, s.words)
        } catch {
            preconditionFailure("the String API threw \(error) where the bytes counted")
        }
        // The fast paths (ASCII, and the Unicode classes read from ICU's properties) must give
        // exactly the tokens of ICU's own iterator on the same (repaired) text.
        var valid = Array(string.utf8)
        if let fast = try? Segmenter(options: options), let slow = try? Segmenter(options: options) {
            slow.asciiFastPath = false
            let x = TokenRecorder(), y = TokenRecorder()
            valid.withUnsafeMutableBufferPointer { fast.process($0, into: x) }
            valid.withUnsafeMutableBufferPointer { slow.process($0, into: y) }
            check(x.tokens == y.tokens, "tokens of the fast paths and of ICU", x.tokens, y.tokens)
        }
    case (.failure(let a), .failure(let b)):
        check(a == b, "errors", a, b)
    default:
        check(false, "outcomes", whole, chunked)
    }
    return 0
}

/// Records every token the segmenter gives, with its kind and whether punctuation came before it.
final class TokenRecorder: TokenSink {
    var tokens: [String] = []
    func token(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind, afterPunctuation: Bool) {
        tokens.append("\(String(decoding: bytes, as: UTF8.self))/\(kind)/\(afterPunctuation)")
    }
}
