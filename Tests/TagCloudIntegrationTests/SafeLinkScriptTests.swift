import Foundation
import TagCloud
import TagCloudExport
import Testing

@testable import TagCloudGraphics

extension BrowserTests {
    /// Links built at random from the characters the rule turns on: scheme letters, `:`, the
    /// characters browsers strip or remove, controls, and characters that only look like them.
    static func randomLinks(_ count: Int) -> [String] {
        let alphabet: [String] = [
            "j", "a", "v", "s", "c", "r", "i", "p", "t", "h", "J", "A", "T", "P", "S", ":", ":", "/", "+", "-",
            ".", "1", "#", "?", " ", "\t", "\n", "\r", "\u{0}", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}",
            "\u{A0}", "\u{2028}", "\u{FFFE}", "\u{FFFF}", "é", "ｊ", "😀",
        ]
        var rng = SeededRandom(seed: 23)
        return (0..<count).map { _ in
            (0..<rng.nextInt(below: 12)).map { _ in alphabet[rng.nextInt(below: alphabet.count)] }.joined()
        }
    }

    @Test("the page's script judges links exactly as SafeLink does")
    func scriptRuleMatchesSwift() throws {
        let html = try HTMLWriter().html(try Self.linkLayout())
        let start = try #require(html.range(of: "function safeLink(link) {"))
        let end = try #require(html[start.upperBound...].range(of: "\n  }\n"))
        let function = String(html[start.lowerBound..<end.upperBound])

        let links =
            dangerousLinks + [
                "https://swift.org/", " HTTP://e.org/ ", "mailto:a@b.org", "page.html", "#top", "?q=1",
                "//e.org/", "ht\ttps://e.org/", "./javascript:x", "", " ",
            ] + Self.randomLinks(3000)
        let linksJSON = String(decoding: try JSONSerialization.data(withJSONObject: links), as: UTF8.self)
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("blank.html")
        try Data("<!DOCTYPE html><title>blank</title>".utf8).write(to: page)
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        try browser.open(page, width: 100, height: 100)
        let result = try #require(
            browser.evaluate(
                """
                (function () { \(function) return JSON.stringify(\(linksJSON).map(safeLink)); })()
                """) as? String)
        let judged = try #require(JSONSerialization.jsonObject(with: Data(result.utf8)) as? [Any])
        #expect(judged.count == links.count)
        for (link, verdict) in zip(links, judged) {
            #expect(verdict as? String == SafeLink.sanitized(link), "\(link.debugDescription)")
        }
    }
}
