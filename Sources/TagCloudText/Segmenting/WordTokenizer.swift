#if !hasFeature(Embedded)
import Foundation
#endif

/// Splits text into words with ICU's word-break rules (UAX #29 plus ICU's dictionaries, so Chinese,
/// Japanese and Thai are split into words; Arabic and Hindi words stay whole), or with a custom
/// regular expression. Hyphen and apostrophe handling follow `TextOptions`; numbers are returned
/// with kind `.number` whatever `includeNumbers` says (filtering is the counter's job).
public struct WordTokenizer {
    let segmenter: Segmenter

    /// Creates a tokenizer; throws when the pattern is not a valid regular expression or ICU is missing.
    public init(options: TextOptions = TextOptions()) throws(TextError) {
        segmenter = try Segmenter(options: options)
    }

    /// The words of `text`, in order. With a word pattern, each match is normalised (`TermText`), and
    /// throws `TextError.patternTooComplex` when matching the pattern spends a limit of `WordPattern`.
    public func words(in text: String) throws(TextError) -> [Word] {
        final class Collector: TokenSink {
            var words: [Word] = []
            func token(_ bytes: UnsafeBufferPointer<UInt8>, kind: WordKind, afterPunctuation: Bool, afterParagraph: Bool) {
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
