import Foundation
import TagCloudGraphics
import TagCloudTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The site `make web` builds (.build/web), served as plain files, in headless Chromium: the page
/// lays out with no server behind it and fetches nothing from elsewhere, the picture is in view on
/// a phone, and the engine in the browser gives `tagcloud`'s bytes for the same command line.
@Suite("the WebAssembly engine in headless Chromium", .serialized, .enabled(if: StaticSite.built))
struct WebEngineBrowserTests {
    @Test(
        "the editor draws its words on a desktop and a phone screen, from its own files only",
        arguments: [false, true])
    func page(throughTagCloudServe: Bool) throws {
        let site = try throughTagCloudServe ? StaticSite.serve() : StaticSite.start()
        defer { site.stop() }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        for (width, height) in [(1280, 800), (390, 844)] {
            try browser.open(site.url("index.html"), width: width, height: height)
            try browser.waitUntil("document.querySelector('#preview svg')", "the picture")
            let status = try browser.evaluate("document.getElementById('status').textContent") as? String ?? ""
            #expect(status.contains("Placed 20 of 20 words"), "\(status)")
            let top =
                try browser.evaluate("document.querySelector('#preview').getBoundingClientRect().top") as? Double ?? .infinity
            #expect(top < Double(height) / 2, "the picture starts at \(top) on a \(width)×\(height) screen")
            let words = try browser.evaluate("document.querySelectorAll('#preview .preview-word').length") as? Int ?? 0
            #expect(words == 20)
            let name = "web-\(width)x\(height)\(throughTagCloudServe ? "-serve" : "").png"
            try browser.screenshot().write(to: StaticSite.screenshots.appendingPathComponent(name))
        }
        try browser.open(site.url("example.html"), width: 800, height: 600)
        try browser.waitUntil("document.querySelectorAll('#cloud svg text').length === 20", "the example's cloud")
        #expect(browser.problems.isEmpty, "console errors or exceptions: \(browser.problems)")
        let foreign = browser.requests.filter { !$0.hasPrefix(site.origin) && !$0.hasPrefix("blob:") && !$0.hasPrefix("data:") }
        #expect(foreign.isEmpty, "the page fetched \(foreign)")
    }

    @Test("a text pasted in the page is counted into its cloud, and is still there after a reload")
    func pageCountsText() throws {
        let site = try StaticSite.start()
        defer { site.stop() }
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let browser = try Chromium(profile: dir.appendingPathComponent("profile"))
        defer { browser.close() }
        let text = """
            Alice was beginning to get very tired of sitting by her sister on the bank, and of having nothing \
            to do: once or twice she had peeped into the book her sister was reading. The White Rabbit ran \
            close by her; Alice heard the Rabbit say to itself, "Oh dear! I shall be late!" La reine de cœur \
            arriva, et Alice courut après le lapin blanc. 兔子跑了。
            """
        try browser.open(site.url("index.html"), width: 1280, height: 800)
        try browser.waitUntil("document.querySelector('#preview svg')", "the first picture")
        try browser.evaluate(
            "document.getElementById('tab-text').click(); const w = document.getElementById('source-text'); "
                + "w.value = \(try json(text)); w.dispatchEvent(new Event('input')); document.getElementById('count').click()")
        let alice =
            "[...document.querySelectorAll('#preview .preview-word')].some((b) => b.getAttribute('aria-label').toLowerCase() === 'alice')"
        try browser.waitUntil(alice, "the counted text's picture")
        let status = try browser.evaluate("document.getElementById('status').textContent") as? String ?? ""
        #expect(status.contains("Placed"), "\(status)")
        try browser.screenshot().write(to: StaticSite.screenshots.appendingPathComponent("web-text.png"))
        try browser.open(site.url("index.html"), width: 1280, height: 800)
        try browser.waitUntil(alice, "the picture after a reload")
        #expect(try browser.evaluate("document.getElementById('source-text').value.startsWith('Alice was')") as? Bool == true)
        #expect(browser.problems.isEmpty, "console errors or exceptions: \(browser.problems)")
    }

    @Test(
        "the engine in Chromium writes tagcloud's bytes",
        arguments: [
            ["cloud", "--input", "t.tsv", "--seed", "3", "--rotate", "any", "--format", "json", "-o", "-"],
            ["cloud", "--input", "t.tsv", "--seed", "4", "--shape", "heart", "--legend", "--format", "svg", "-o", "-"],
            ["flow", "--input", "t.tsv", "--seed", "5", "--pill", "--width", "420", "--format", "html", "-o", "-"],
            // Counting the list as a text: its languages detected with the site's stop-word lists.
            ["count", "--text", "t.tsv", "--top", "8"],
        ])
    func parity(_ args: [String]) throws {
        let tags = "swift\t9\nrust\t7\nשלום\t6\nسلام\t5\nnamaste नमस्ते\t4\ngo\t4\nkotlin\t3\nzig\t2\nocaml\t2\ncafé\t1\n"
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(tags.utf8).write(to: dir.appendingPathComponent("t.tsv"))
        let tool = try ToolRun.run(args, in: dir)
        #expect(tool.status == 0, "\(tool.stderr)")
        let call = """
            import('./tagcloud.js').then(async ({ TagCloud }) => {
              const result = await new TagCloud().run(\(try json(args)), { 't.tsv': \(try json(tags)) });
              return new TextDecoder().decode(result.output);
            })
            """
        let output = try inExamplePage(call, profile: dir) as? String
        #expect(output == String(decoding: tool.stdout, as: UTF8.self))
    }

    @Test("layout(config, {files}) in Chromium lays out in a PNG mask as tagcloud cloud --config does")
    func layoutWithMask() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (w, h) = (120, 90)
        let rows = (0..<h).map { y in
            Array(
                (0..<w).map { x -> [UInt8] in
                    let dx = Double(2 * x + 1 - w) / Double(w), dy = Double(2 * y + 1 - h) / Double(h)
                    return [30, 60, 90, UInt8(max(0, min(255, Int((1 - dx * dx - dy * dy) * 500))))]
                }.joined())
        }
        let mask = PNGBytes.image(width: UInt32(w), height: UInt32(h), depth: 8, color: 6, rows: rows)
        try Data(mask).write(to: dir.appendingPathComponent("m.png"))
        let words = ["swift", "rust", "go", "zig", "ocaml", "kotlin", "lua", "nim"]
        let config: [String: Any] = [
            "width": 400, "height": 300, "seed": 3, "mask": "m.png",
            "tags": words.enumerated().map { ["text": $0.element, "weight": 8 - $0.offset] },
        ]
        try JSONSerialization.data(withJSONObject: config).write(to: dir.appendingPathComponent("c.json"))
        let tool = try ToolRun.run(["cloud", "--config", "c.json", "--format", "svg", "-o", "-"], in: dir)
        #expect(tool.status == 0, "\(tool.stderr)")
        let call = """
            import('./tagcloud.js').then(async ({ TagCloud }) => {
              const png = Uint8Array.from(atob('\(Data(mask).base64EncodedString())'), (c) => c.charCodeAt(0));
              const { svg } = await new TagCloud().layout(\(try json(config)), { files: { 'm.png': png } });
              return svg;
            })
            """
        let svg = try inExamplePage(call, profile: dir) as? String
        #expect(svg == String(decoding: tool.stdout, as: UTF8.self))
    }

    @Test("png(config) draws the layout's outlines in the browser: its ink where the tool's PNG has its ink")
    func pngDrawnByTheBrowser() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let words = ["swift", "rust", "שלום", "سلام", "नमस्ते", "你好", "kotlin", "zig", "ocaml", "café"]
        let config: [String: Any] = [
            "width": 500, "height": 320, "seed": 4, "rotate": "0,-90",
            "tags": words.enumerated().map { ["text": $0.element, "weight": 10 - $0.offset] },
        ]
        try JSONSerialization.data(withJSONObject: config).write(to: dir.appendingPathComponent("c.json"))
        let tool = try ToolRun.run(["cloud", "--config", "c.json", "-o", "tool.png"], in: dir)
        #expect(tool.status == 0, "\(tool.stderr)")
        let call = """
            import('./tagcloud.js').then(async ({ TagCloud }) => {
              const blob = await new TagCloud().png(\(try json(config)));
              const bytes = new Uint8Array(await blob.arrayBuffer());
              let text = '';
              for (const b of bytes) text += String.fromCharCode(b);
              return btoa(text);
            })
            """
        let encoded = try #require(try inExamplePage(call, profile: dir) as? String)
        let drawn = try ImageLoader.loadRGBA(data: [UInt8](try #require(Data(base64Encoded: encoded))), name: "browser")
        let expected = try ImageLoader.loadRGBA(path: dir.appendingPathComponent("tool.png").path)
        #expect(drawn.width == expected.width && drawn.height == expected.height)
        // Ink: a pixel well away from the white background. Anti-aliasing differs at the edges only.
        func ink(_ p: UInt32) -> Bool { min(p >> 16 & 0xFF, p >> 8 & 0xFF, p & 0xFF) < 160 }
        let both = zip(drawn.pixels, expected.pixels).filter { ink($0) && ink($1) }.count
        let either = zip(drawn.pixels, expected.pixels).filter { ink($0) || ink($1) }.count
        #expect(either > 5000, "the tool's PNG has almost no ink")
        #expect(Double(both) / Double(max(1, either)) > 0.93, "ink in common: \(both) of \(either) pixels")
    }

    @Test("tagcloud.js counts a text as tagcloud count does")
    func count() throws {
        let text = "The Queen said to the King: the Queen's croquet ground is the Queen's own. The King said nothing.\n"
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(text.utf8).write(to: dir.appendingPathComponent("text.txt"))
        let tool = try ToolRun.run(["count", "--text", "text.txt", "--top", "3", "--no-collocations"], in: dir)
        #expect(tool.status == 0, "\(tool.stderr)")
        let call = """
            import('./tagcloud.js').then(async ({ TagCloud }) => {
              const { table } = await new TagCloud().count(\(try json(text)), { top: 3, noCollocations: true });
              return table.map((t) => `${t.text}\\t${t.weight}\\n`).join('');
            })
            """
        let output = try inExamplePage(call, profile: dir) as? String
        #expect(output == String(decoding: tool.stdout, as: UTF8.self))
        #expect(output?.hasPrefix("Queen\t3\nKing\t2\n") == true, "\(output ?? "")")
    }

    /// What `script` (a promise) resolves to on the site's example page, in a fresh Chromium whose
    /// profile is in `folder`.
    private func inExamplePage(_ script: String, profile folder: URL) throws -> Any? {
        let site = try StaticSite.start()
        defer { site.stop() }
        let browser = try Chromium(profile: folder.appendingPathComponent("profile"))
        defer { browser.close() }
        try browser.open(site.url("example.html"), width: 800, height: 600)
        return try browser.evaluate(script, awaitPromise: true)
    }

    private func json(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed]), as: UTF8.self)
    }
}
