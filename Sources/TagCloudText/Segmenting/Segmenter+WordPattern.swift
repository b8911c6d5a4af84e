#if !hasFeature(Embedded)
import Foundation
#endif

/// Words as the matches of a regular expression (`TextOptions.pattern`) instead of word breaks.
extension Segmenter {
    /// The pattern's matches are the words, each normalised in place (`TermText`: a match holding a
    /// tab or a line break must not become a term with one). Empty matches, and matches of nothing
    /// but spaces and controls, are no words. Stops at the first match a limit of `WordPattern`
    /// stopped, recording where in `patternFailure`; stops without a word more once the count's
    /// cancellation token is cancelled (the counter then throws).
    func processRegex(_ buffer: UnsafeMutableBufferPointer<UInt8>, _ regex: CompiledPattern, _ sink: some TokenSink) {
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
                case .end, .cancelled: return
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
                    gap(
                        p, last, s, punctuation: between.contains { !isASCIISpace($0) && $0 != UInt8(ascii: "-") },
                        singleHyphen: false)
                }
                let length =
                    normalizesMatches && TermText.needsNormalizing(p + s, e - s) ? TermText.normalize(p + s, e - s) : e - s
                if length > 0 { word(UnsafePointer(p), s, s + length, .letter, sink) }
                last = e
            }
        }
    }
}
