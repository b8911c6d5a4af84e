import Foundation
import TagCloud
import TagCloudExport
import Testing

@testable import TagCloudGraphics

/// Links that run script or leave the page for something other than the web, in the disguises
/// browsers see through (case, leading space and controls, tabs and newlines inside the scheme).
let dangerousLinks = [
    "javascript:alert(document.domain)", " JavaScript:alert(document.domain)", "JAVASCRIPT:alert(document.domain)",
    "java\tscript:alert(document.domain)", "java\nscript:alert(document.domain)", "\u{0001}javascript:alert(document.domain)",
    "java\u{0001}script:alert(document.domain)", "java\u{FFFE}script:alert(document.domain)",
    "vbscript:msgbox(document.domain)", "data:text/html,<script>alert(document.domain)</script>",
    "DATA:text/html;base64,PHNjcmlwdD5hbGVydChkb2N1bWVudC5kb21haW4pPC9zY3JpcHQ+", "file:///etc/passwd",
]

extension BrowserTests {
    /// A flow cloud: one word per dangerous link, then one with the safe relative link
    /// `safe.html`; one word's text tries to close the page's script.
    static func linkLayout() throws -> CloudLayout {
        var o = FlowOptions()
        o.style.palette = palette
        o.style.colorMode = .cycle
        var terms = dangerousLinks.enumerated().map { i, link in Term("word\(i)", weight: 10, id: "danger-\(i)", link: link) }
        terms[0].text = "</script><script>alert(document.domain)</script>\u{2028}"
        terms.append(Term("safe", weight: 10, id: "safe", link: "safe.html"))
        return try FlowLayout(o).layout(terms, typesetter: FreeTypeTypesetter(), width: 640).contrastGuarded()
    }

    /// Clicks the middle of a word, as the mouse would.
    func click(_ browser: Chromium, word index: Int) throws {
        let box = try #require(
            browser.evaluate(
                """
                (function () { var r = document.getElementById('tc-word-\(index)').getBoundingClientRect();
                  return [r.left + r.width / 2, r.top + r.height / 2]; })()
                """) as? [Double])
        try browser.click(x: box[0], y: box[1])
    }

    /// Focuses a word and presses Enter on it.
    func pressEnter(_ browser: Chromium, word index: Int) throws {
        try browser.evaluate("document.getElementById('tc-word-\(index)').focus(); 0")
        try browser.key("Enter", code: 13, text: "\r")
    }

    /// Navigations whose URL, read as the browser reads it, runs script or holds a document.
    func scriptNavigations(_ browser: Chromium) -> [String] {
        browser.navigations.filter { url in
            let plain = String(url.unicodeScalars.filter { $0.value > 0x20 }.map(Character.init)).lowercased()
            return ["javascript:", "vbscript:", "data:"].contains { plain.hasPrefix($0) }
        }
    }

    @Test("no link runs script: click and Enter on every word of dangerous links; the safe link navigates")
    func dangerousLinksStayDead() throws {
        let layout = try Self.linkLayout()
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = try writePage(layout, dir)
        let safe = dir.appendingPathComponent("safe.html")
        try Data("<!DOCTYPE html><title>safe</title><p>safe".utf8).write(to: safe)
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        try browser.open(page, width: Int(layout.size.width), height: Int(layout.size.height))
        #expect(try browser.evaluate("document.querySelectorAll('svg .word').length") as? Int == dangerousLinks.count + 1)

        // A link that did navigate took the page away: the checks below report it; open the page
        // again to try the other words.
        func backToPage() throws {
            if (try? browser.evaluate("location.href") as? String) != page.absoluteString {
                try browser.open(page, width: Int(layout.size.width), height: Int(layout.size.height))
            }
        }
        for index in dangerousLinks.indices {
            for act in [click, pressEnter] {
                try backToPage()
                try act(browser, index)
            }
        }
        try backToPage()
        // A link that other script put on the page later goes through the same rule.
        let safeIndex = dangerousLinks.count
        func setLink(_ link: String) throws {
            try browser.evaluate(
                """
                (function () { var a = document.getElementById('tc-word-\(safeIndex)').closest('a');
                  a.setAttribute('href', \(link)); a.setAttributeNS('http://www.w3.org/1999/xlink', 'xlink:href', \(link));
                  return 0; })()
                """)
        }
        try setLink("' javascript:alert(document.domain)'")
        try click(browser, word: safeIndex)
        try pressEnter(browser, word: safeIndex)
        #expect(try browser.evaluate("location.href") as? String == page.absoluteString, "navigated away")

        // The safe link is followed on a click; every click before it was handled first.
        try setLink("'safe.html'")
        try click(browser, word: safeIndex)
        do {
            try browser.wait(for: "navigation to safe.html", timeout: 15) { browser.navigations.contains(safe.absoluteString) }
        } catch {
            Issue.record("the safe link did not navigate (\(error)); navigations: \(browser.navigations)")
        }
        #expect(browser.dialogs.isEmpty, "dialogs opened: \(browser.dialogs)")
        #expect(scriptNavigations(browser).isEmpty, "navigated to \(scriptNavigations(browser))")
        #expect(!browser.navigations.contains { $0.hasPrefix("file:///etc") })
        #expect(browser.problems.isEmpty, "console errors or exceptions: \(browser.problems)")

        // And on Enter, through the page's own navigation.
        try browser.open(page, width: Int(layout.size.width), height: Int(layout.size.height))
        let before = browser.navigations.count
        try pressEnter(browser, word: safeIndex)
        try browser.wait(for: "navigation to safe.html on Enter", timeout: 15) {
            browser.navigations[before...].contains(safe.absoluteString)
        }
        #expect(browser.dialogs.isEmpty, "dialogs opened: \(browser.dialogs)")
        #expect(scriptNavigations(browser).isEmpty, "navigated to \(scriptNavigations(browser))")
    }

    @Test("rsvg-convert reads the SVG of tags holding U+FFFE, U+FFFF and control characters", arguments: [false, true])
    func awkwardCharactersRender(outlines: Bool) throws {
        let awkward = "a\u{FFFE}b\u{FFFF}c\u{1}\u{1B}[2Jd\u{7F}e"
        let terms = [Term(awkward, weight: 2, id: awkward, link: "https://example.org/\u{FFFE}"), Term("plain", weight: 1)]
        let layout = try FlowLayout(FlowOptions()).layout(terms, typesetter: FreeTypeTypesetter(), width: 400)
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let svgURL = dir.appendingPathComponent("awkward.svg")
        let writer = SVGWriter(mode: outlines ? .outlines(GlyphOutlineCache()) : .text)
        try Data(writer.data(layout)).write(to: svgURL)
        try run(
            try tool("rsvg-convert", package: "librsvg2-bin"),
            ["-o", dir.appendingPathComponent("awkward.png").path, svgURL.path])
    }
}
