import CICUShim

/// Owns one ICU word break iterator (UAX #29 rules, with ICU's dictionaries for Chinese, Japanese,
/// Thai, Lao, Khmer and Burmese). Not thread-safe: one per tokenizer.
final class ICUWordBreaker {
    private let handle: OpaquePointer

    /// Opens an iterator with the root rules; throws when ICU's data cannot be loaded.
    init() throws(TextError) {
        var error: Int32 = 0
        ICUData.prepare()
        guard let h = tc_word_breaker_open("", &error) else {
            throw TextError.textEngine(
                reason: "ICU could not open a word break iterator (error \(error)); \(ICUData.fix)")
        }
        handle = h
    }

    deinit { tc_word_breaker_close(handle) }

    /// Calls `body(start, end, status)` for each segment of `text` (UTF-16 offsets), in order.
    func segments(_ text: UnsafeBufferPointer<UInt16>, _ body: (Int, Int, Int32) -> Void) {
        guard let base = text.baseAddress, text.count > 0 else { return }
        guard tc_word_breaker_set_text(handle, base, Int32(text.count)) == 0 else { return }
        var start = 0
        while true {
            let end = Int(tc_word_breaker_next(handle))
            if end < 0 { break }
            body(start, end, tc_word_breaker_status(handle))
            start = end
        }
    }
}
