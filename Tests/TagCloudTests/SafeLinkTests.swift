import TagCloud
import Testing

@Suite("safe links")
struct SafeLinkTests {
    @Test(
        "refused: script, data and file schemes in every disguise a browser sees through",
        arguments: [
            ("javascript:alert(document.domain)", SafeLink.Refusal.scheme("javascript")),
            (" JavaScript:alert(1)", .scheme("javascript")),
            ("JAVASCRIPT:alert(1)", .scheme("javascript")),
            ("\u{1}\u{1F} \tjavascript:alert(1)\u{0} ", .scheme("javascript")),
            ("java\tscript:alert(1)", .scheme("javascript")),
            ("java\nscript:alert(1)", .scheme("javascript")),
            ("j\ra\tv\na\tscript:alert(1)", .scheme("javascript")),
            ("\u{0001}javascript:alert(1)", .scheme("javascript")),
            ("vbscript:msgbox(1)", .scheme("vbscript")),
            ("VbScript:msgbox(1)", .scheme("vbscript")),
            ("data:text/html,<script>alert(1)</script>", .scheme("data")),
            ("file:///etc/passwd", .scheme("file")),
            ("ftp://example.org/", .scheme("ftp")),
            ("chrome://settings", .scheme("chrome")),
            ("x-custom+a.b-c:z", .scheme("x-custom+a.b-c")),
            ("a:", .scheme("a")),
            ("java\u{1}script:alert(1)", .controlCharacter),
            ("java\u{7F}script:alert(1)", .controlCharacter),
            ("java\u{85}script:alert(1)", .controlCharacter),
            ("java\u{FFFE}script:alert(1)", .controlCharacter),
            ("https://e.org/\u{FFFF}", .controlCharacter),
            ("", .empty),
            (" \t\n\u{0}\u{1F}", .empty),
        ])
    func refused(link: String, reason: SafeLink.Refusal) {
        #expect(SafeLink.sanitized(link) == nil, "\(link.debugDescription)")
        #expect(SafeLink.refusal(link) == reason, "\(link.debugDescription)")
    }

    @Test(
        "allowed: http, https, mailto and relative links, as the browser reads them",
        arguments: [
            ("http://example.org/", "http://example.org/"),
            ("https://swift.org/?a=1&b=2#x", "https://swift.org/?a=1&b=2#x"),
            ("HTTPS://EXAMPLE.ORG/", "HTTPS://EXAMPLE.ORG/"),
            ("  https://example.org/ \n", "https://example.org/"),
            ("ht\ttp\ns://example.org/a\tb", "https://example.org/ab"),
            ("mailto:someone@example.org?subject=hi", "mailto:someone@example.org?subject=hi"),
            ("MailTo:someone@example.org", "MailTo:someone@example.org"),
            ("/absolute/path", "/absolute/path"),
            ("relative/page.html", "relative/page.html"),
            ("//example.org/x", "//example.org/x"),
            ("#fragment", "#fragment"),
            ("?query=1", "?query=1"),
            ("./javascript:alert(1)", "./javascript:alert(1)"),
            ("1javascript:alert(1)", "1javascript:alert(1)"),
            ("java script:alert(1)", "java script:alert(1)"),
            ("ｊavascript:alert(1)", "ｊavascript:alert(1)"),
            ("&#106;avascript:alert(1)", "&#106;avascript:alert(1)"),
            ("page.html#a:b", "page.html#a:b"),
            ("https://例え.jp/パス", "https://例え.jp/パス"),
        ])
    func allowed(link: String, written: String) {
        #expect(SafeLink.sanitized(link) == written, "\(link.debugDescription)")
        #expect(SafeLink.refusal(link) == nil)
    }

    @Test("the reason names the scheme, never the rest of the link, and stays short")
    func reasons() {
        #expect(
            SafeLink.Refusal.scheme("javascript").description
                == "scheme \"javascript:\" is not allowed (only http, https, mailto or a relative link)")
        let long = String(repeating: "a", count: 5000) + ":x"
        #expect(SafeLink.refusal(long)?.description.count ?? 0 < 120)
        #expect(SafeLink.Refusal.controlCharacter.description == "it contains a control character or U+FFFE/U+FFFF")
        #expect(SafeLink.Refusal.empty.description == "it is empty")
    }
}
