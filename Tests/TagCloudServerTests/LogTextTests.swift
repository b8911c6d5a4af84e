import Testing

@testable import TagCloudServer

/// The request log's escaping: what a web page puts in a path never reaches the terminal raw.
@Suite("Log text escaping")
struct LogTextTests {
    @Test("Controls, escapes, line breaks and invisible characters are written as escapes")
    func escapes() {
        #expect(
            LogText.escape("/\u{1b}]0;HACKED\u{07}\u{1b}[2J\nGET /api/render 200 5 ms")
                == "/\\x1b]0;HACKED\\x07\\x1b[2J\\nGET /api/render 200 5 ms")
        #expect(LogText.escape("a\tb\rc\\d\u{7f}\u{0}") == "a\\tb\\rc\\\\d\\x7f\\x00")
        #expect(LogText.escape("\u{9b}2J \u{202e}evil\u{200b}") == "\\u{9b}2J \\u{202e}evil\\u{200b}")
        #expect(LogText.escape("/wörter/云") == "/wörter/云")
    }

    @Test("Long text is cut with an ellipsis, escapes counted at their written length")
    func length() {
        #expect(LogText.escape(String(repeating: "a", count: 300)) == String(repeating: "a", count: 200) + "…")
        #expect(LogText.escape(String(repeating: "a", count: 200)) == String(repeating: "a", count: 200))
        let escaped = LogText.escape(String(repeating: "\u{1b}", count: 100))
        #expect(escaped == String(repeating: "\\x1b", count: 50) + "…")
    }
}
