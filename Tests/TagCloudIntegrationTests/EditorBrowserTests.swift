import Foundation
import Testing

@testable import TagCloudGraphics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The editor page of `tagcloud serve` in a real headless Chromium: real typing, clicks, drags and
/// Tab presses; what the page shows, what it requests, and what it downloads.
@Suite("tagcloud serve's editor in headless Chromium", .serialized)
struct EditorBrowserTests {
    @Test("the page starts with no console error, asks only its own server, and labels every control")
    func startsCleanly() throws {
        let s = try EditorSession(width: 1440, height: 860)
        defer { s.close() }
        // The README's picture: `EDITOR_SCREENSHOTS=docs/images swift test --filter startsCleanly`.
        try s.snapshot("editor")
        #expect(s.browser.problems.isEmpty, "console errors: \(s.browser.problems)")
        let outside = s.browser.requests.filter { !$0.hasPrefix(s.address) && !$0.hasPrefix("blob:") && !$0.hasPrefix("data:") }
        #expect(outside.isEmpty, "requests outside the server: \(outside)")
        #expect(
            try s.js("document.getElementById('summary').textContent") as? String
                == "placed 24 of 24 words (4 shrunk, 0 unplaced)")
        #expect(try s.previewWords().count == 24)
        let unlabelled =
            try s.js(
                """
                [...document.querySelectorAll('input, select, textarea, button')]
                  .filter(e => !(e.labels && e.labels.length) && !e.getAttribute('aria-label')
                    && !(e.tagName === 'BUTTON' && e.textContent.trim()))
                  .map(e => e.outerHTML.slice(0, 80))
                """) as? [String]
        #expect(unlabelled == [], "controls without a label: \(unlabelled ?? [])")
    }

    @Test("typing tags into the table redraws the cloud with them, a heavier word larger")
    func typingTags() throws {
        let s = try EditorSession()
        defer { s.close() }
        try s.click("#clear-tags")
        try s.click("#add-tag")
        try s.waitForPreview { try s.browser.insertText("Zebra") }
        #expect(try s.previewWords() == ["Zebra"])
        try s.click("#add-tag")
        // The preview of "Yak" at weight 1 comes first: waited for here, it cannot pass for the one of weight 5.
        try s.waitForPreview { try s.browser.insertText("Yak") }
        try s.waitForPreview {
            try s.browser.key("Tab", code: 9)
            try s.browser.insertText("5")
        }
        try s.browser.waitUntil("document.getElementById('summary').textContent.startsWith('placed 2 of 2')", "two words")
        #expect(Set(try s.previewWords()) == ["Zebra", "Yak"])
        let heights =
            try s.js(
                "['Yak', 'Zebra'].map(w => document.querySelector(`#hits [aria-label=\"${w}\"]`).getBoundingClientRect().height)")
            as? [Double] ?? []
        #expect(heights.count == 2 && heights[0] > heights[1] * 1.5, "Yak (5) and Zebra (1) heights: \(heights)")
        #expect(s.browser.problems.isEmpty, "console errors: \(s.browser.problems)")
    }

    @Test("a shape keeps every word inside it; a palette gives the words its colours")
    func shapeAndPalette() throws {
        let s = try EditorSession()
        defer { s.close() }
        try s.waitForPreview { try s.setControl("opt-shape", "circle") }
        // The circle fills the 800×600 canvas's height: no word's centre may lie beyond its radius.
        let outside =
            try s.js(
                """
                (() => { const img = document.getElementById('cloud').getBoundingClientRect();
                  const k = img.width / 800, cx = img.left + img.width / 2, cy = img.top + img.height / 2;
                  return [...document.querySelectorAll('#hits .hit')].filter(h => { const r = h.getBoundingClientRect();
                    return Math.hypot(r.left + r.width / 2 - cx, r.top + r.height / 2 - cy) > 300 * k; }).length; })()
                """) as? Int
        #expect(outside == 0)
        #expect(try s.js("document.querySelectorAll('#opt-palette-row .swatch').length") as? Int == 10)
        try s.waitForPreview { try s.setControl("opt-palette", "dark2") }
        #expect(try s.js("document.querySelectorAll('#opt-palette-row .swatch').length") as? Int == 8)
        let palettes = try s.browser.evaluate("fetch('/api/palettes').then(r => r.json())", awaitPromise: true)
        let list = (palettes as? [String: Any])?["palettes"] as? [[String: Any]] ?? []
        func colors(_ name: String) -> [(Int, Int, Int)] {
            let hexes = list.first { $0["name"] as? String == name }?["colors"] as? [String] ?? []
            return hexes.compactMap { h in
                Int(h.dropFirst().prefix(6), radix: 16).map { ($0 >> 16 & 255, $0 >> 8 & 255, $0 & 255) }
            }
        }
        let dark2 = colors("dark2"), tableau = colors("tableau10")
        let shot = s.folder.appendingPathComponent("shot.png")
        try s.browser.screenshot().write(to: shot)
        let image = try ImageLoader.loadRGBA(path: shot.path)
        var near = (dark2: 0, tableau: 0)
        for p in image.pixels {
            let c = (Int(p >> 16 & 255), Int(p >> 8 & 255), Int(p & 255))
            let close = { (q: (Int, Int, Int)) in abs(c.0 - q.0) + abs(c.1 - q.1) + abs(c.2 - q.2) <= 6 }
            if dark2.contains(where: close) { near.dark2 += 1 } else if tableau.contains(where: close) { near.tableau += 1 }
        }
        #expect(
            dark2.count == 8 && near.dark2 > 5000 && near.tableau * 20 < near.dark2, "pixels near dark2 and tableau10: \(near)")
    }

    @Test("Chinese text pasted in the text tab is counted into the table and drawn")
    func chineseText() throws {
        let s = try EditorSession()
        defer { s.close() }
        try s.click("#tab-text")
        try s.click("#source-text")
        try s.browser.insertText("我们喜欢中文。中文很美。我们学习中文和汉字。汉字很有意思。汉字和中文是朋友。")
        try s.waitForPreview { try s.click("#count") }
        #expect(try s.js("document.getElementById('panel-tags').hidden") as? Bool == false)
        let rows =
            try s.js("[...document.querySelectorAll('#tag-table [data-field=\"text\"]')].map(i => i.value)") as? [String] ?? []
        #expect(rows.prefix(2).sorted() == ["中文", "汉字"], "rows: \(rows)")
        try s.snapshot("editor-chinese")
        let words = try s.previewWords()
        #expect(words.contains("中文") && words.contains("汉字"), "preview: \(words)")
        #expect(try (s.js("document.getElementById('summary').textContent") as? String)?.contains("0 unplaced") == true)
    }

    @Test("dragging a word pins it where it is dropped, and the cloud is laid out around it")
    func dragPins() throws {
        let s = try EditorSession()
        defer { s.close() }
        let selector = "#hits .hit[data-row=\"0\"]"
        let before = try s.center(selector)
        try s.waitForPreview { try s.browser.drag(from: before, to: (before.x + 40, before.y + 30)) }
        try s.browser.waitUntil("(localStorage.getItem('tagcloud-editor') || '').includes('\"pin\"')", "the pin to be kept")
        let after = try s.center(selector)
        #expect(abs(after.x - before.x - 40) <= 1.5 && abs(after.y - before.y - 30) <= 1.5, "moved from \(before) to \(after)")
        #expect(try s.js("document.querySelector('\(selector)').classList.contains('pinned')") as? Bool == true)
        let pin =
            try s.js("JSON.parse(localStorage.getItem('tagcloud-editor')).tags[0].pin") as? [String: Double] ?? [:]
        #expect(pin["angle"] == 0 && (pin["size"] ?? 0) > 50, "pin \(pin)")
        #expect(try s.js("document.getElementById('summary').textContent.startsWith('placed 24 of 24')") as? Bool == true)
        try s.click(selector)
        #expect(try s.js("document.getElementById('word-detail').hidden") as? Bool == false)
        let shown = Double(try s.js("document.getElementById('detail-size').value") as? String ?? "") ?? 0
        #expect(abs(shown - (pin["size"] ?? 0)) < 0.01, "the panel shows size \(shown), the pin has \(pin)")
        try s.snapshot("editor-pinned")
        #expect(s.browser.problems.isEmpty, "console errors: \(s.browser.problems)")
    }

    @Test("Tag flow has the flow's options and draws every tag in rows; pills change the picture")
    func flow() throws {
        let s = try EditorSession()
        defer { s.close() }
        try s.waitForPreview { try s.click("input[name=command][value=flow]") }
        #expect(
            try s.js("Boolean(document.getElementById('opt-align')) && !document.getElementById('opt-shape')") as? Bool == true)
        #expect(
            try s.js("document.getElementById('summary').textContent") as? String
                == "placed 24 of 24 tags; 0 hidden by --max-rows, 0 empty")
        #expect(try s.js("document.getElementById('cloud').naturalWidth") as? Int == 600)
        let plain = try s.js("document.getElementById('cloud').naturalHeight") as? Int ?? 0
        try s.waitForPreview { try s.click("#opt-pill") }
        let pills = try s.js("document.getElementById('cloud').naturalHeight") as? Int ?? 0
        #expect(pills > plain, "pills (\(pills) pt) are taller than plain rows (\(plain) pt)")
        try s.click("#hits .hit[data-row=\"3\"]")
        #expect(try s.js("document.activeElement.value") as? String == "FreeType")
        try s.snapshot("editor-flow")
        // Back to the word cloud: its own options are still there.
        try s.waitForPreview { try s.click("input[name=command][value=cloud]") }
        #expect(try s.previewWords().count == 24)
    }

    @Test("the PNG download is byte-identical to what the copied command draws from the saved configuration")
    func downloadMatchesCommand() throws {
        let s = try EditorSession()
        defer { s.close() }
        try s.waitForPreview { try s.setControl("download-scale", "2") }
        // A pinned word too: the configuration must carry the pin to the command line.
        let word = try s.center("#hits .hit[data-row=\"1\"]")
        try s.waitForPreview { try s.browser.drag(from: word, to: (word.x - 25, word.y + 15)) }
        try s.click("#download")
        let png = try s.downloaded("tagcloud.png")
        try s.click("#save-config")
        let config = try s.downloaded("tagcloud-config.json")
        try s.click("#copy-command")
        try s.browser.waitUntil("document.getElementById('command-text').value !== ''", "the command")
        let command = try #require(s.js("document.getElementById('command-text').value") as? String)
        #expect(command == "tagcloud cloud --config tagcloud-config.json -o tagcloud.png")
        let saved = try JSONSerialization.jsonObject(with: config) as? [String: Any]
        let pinned = (saved?["tags"] as? [[String: Any]])?[1]
        #expect(pinned?["x"] is Double && pinned?["y"] is Double, "the pinned tag as saved: \(pinned ?? [:])")
        let work = s.folder.appendingPathComponent("cli")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try config.write(to: work.appendingPathComponent("tagcloud-config.json"))
        #expect(try s.runTool(Array(command.split(separator: " ").dropFirst().map(String.init)), in: work) == 0)
        let drawn = try Data(contentsOf: work.appendingPathComponent("tagcloud.png"))
        #expect(drawn == png, "the command's PNG (\(drawn.count) bytes) differs from the download (\(png.count) bytes)")
        let image = try ImageLoader.loadRGBA(path: work.appendingPathComponent("tagcloud.png").path)
        #expect(image.width == 1600 && image.height == 1200)
    }

    @Test("files by the picker: a CSV tag list with colours and pins, a PNG mask; a colour set in the table")
    func filesAndColours() throws {
        let s = try EditorSession()
        defer { s.close() }
        let csv = s.folder.appendingPathComponent("tags.csv")
        try Data("text,weight,link,id,color,group\nalpha,5,,,#ff0000,\nbeta,3\ngamma,2\ndelta,2\n".utf8).write(to: csv)
        try s.waitForPreview { try s.browser.setFiles("#tag-file", [csv]) }
        #expect(try s.previewWords().sorted() == ["alpha", "beta", "delta", "gamma"])
        #expect(try s.js("document.querySelector('#tag-table [data-field=\"color\"]').value") as? String == "#ff0000")
        #expect(try redPixels(s) > 300)
        // A colour chosen in the table colours the word.
        try s.waitForPreview {
            try s.js(
                "(() => { const c = document.querySelectorAll('#tag-table [data-field=\"color\"]')[1]; c.value = '#0000ff'; "
                    + "c.dispatchEvent(new Event('input', {bubbles: true})); })()")
        }
        let blue = try pixels(s) { r, g, b in r < 10 && g < 10 && b > 245 }
        #expect(blue > 200, "blue pixels: \(blue)")
        // A mask: a black square on white, 400×300; the words stay in the dark part (as the Python package's masks).
        let mask = s.folder.appendingPathComponent("mask.png")
        var pixels = [UInt32](repeating: 0xFFFF_FFFF, count: 400 * 300)
        for y in 50..<250 { for x in 100..<300 { pixels[y * 400 + x] = 0xFF00_0000 } }
        try pixels.withUnsafeBytes { try PNGEncoder.data(argb32: $0.baseAddress!, width: 400, height: 300, stride: 1600) }
            .write(to: mask)
        try s.waitForPreview { try s.browser.setFiles("#opt-mask", [mask]) }
        #expect(try s.js("document.getElementById('cloud').naturalWidth") as? Int == 400)
        #expect(try s.js("document.querySelector('#opt-mask-row .image-name').textContent") as? String == "mask.png")
        let outside =
            try s.js(
                """
                (() => { const img = document.getElementById('cloud').getBoundingClientRect(); const k = img.width / 400;
                  return [...document.querySelectorAll('#hits .hit')].filter(h => { const r = h.getBoundingClientRect();
                    const x = (r.left + r.width / 2 - img.left) / k, y = (r.top + r.height / 2 - img.top) / k;
                    return x < 100 || x > 300 || y < 50 || y > 250; }).length; })()
                """) as? Int
        #expect(outside == 0)
        try s.click("#save-config")
        let config = try JSONSerialization.jsonObject(with: try s.downloaded("tagcloud-config.json")) as? [String: Any]
        #expect(config?["mask"] as? String == "mask.png")
    }

    @Test("a text file dropped on the page is counted into the table; unplaced words are listed with their reason")
    func droppedTextAndUnplaced() throws {
        let s = try EditorSession()
        defer { s.close() }
        let text = s.folder.appendingPathComponent("fox.txt")
        let sentence = "The quick brown fox jumps over the lazy dog. The fox sleeps. The fox runs home to the fox den.\n"
        try Data(String(repeating: sentence, count: 3).utf8).write(to: text)
        let at = try s.center("#stage")
        try s.waitForPreview {
            for type in ["dragEnter", "dragOver", "drop"] {
                try s.browser.dispatchDrag(type, x: at.x, y: at.y, files: [text])
            }
        }
        let rows =
            try s.js("[...document.querySelectorAll('#tag-table [data-field=\"text\"]')].map(i => i.value)") as? [String] ?? []
        #expect(rows.first == "fox", "rows: \(rows)")
        #expect(try s.js("document.getElementById('source-text').value.startsWith('The quick')") as? Bool == true)
        // A canvas too small for the words: the summary names the ones left out and why.
        try s.waitForPreview {
            try s.setControl("opt-width", "60")
            try s.setControl("opt-height", "30")
        }
        let summary = try s.js("document.getElementById('summary').textContent") as? String ?? ""
        #expect(summary.contains("unplaced). Unplaced: ") && summary.contains("(no space left at any size)"), "\(summary)")
    }

    @Test("the theme switch makes the page dark and is remembered")
    func darkTheme() throws {
        let s = try EditorSession()
        defer { s.close() }
        let light = try s.js("getComputedStyle(document.body).backgroundColor") as? String
        try s.click("#theme")
        let dark = try s.js("getComputedStyle(document.body).backgroundColor") as? String
        #expect(light == "rgb(255, 255, 255)" && dark == "rgb(23, 24, 26)", "light \(light ?? ""), dark \(dark ?? "")")
        try s.browser.reload()
        try s.waitForStart()
        #expect(try s.js("getComputedStyle(document.body).backgroundColor") as? String == "rgb(23, 24, 26)")
        #expect(try s.js("document.getElementById('theme').getAttribute('aria-pressed')") as? String == "true")
    }

    @Test("Export writes the whole state to a file and Import brings it back")
    func exportImport() throws {
        let s = try EditorSession()
        defer { s.close() }
        try s.waitForPreview { try s.setControl("opt-width", "520") }
        try s.click("#export-state")
        let exported = try s.downloaded("tagcloud-editor.json")
        try s.click("#clear-tags")
        try s.setControl("opt-width", "900")
        try s.browser.waitUntil("document.querySelectorAll('#tag-table tbody tr').length === 0", "the table to empty")
        let file = s.folder.appendingPathComponent("state.json")
        try exported.write(to: file)
        try s.waitForPreview { try s.browser.setFiles("#import-state", [file]) }
        #expect(try s.js("document.querySelectorAll('#tag-table tbody tr').length") as? Int == 24)
        #expect(try s.js("document.getElementById('cloud').naturalWidth") as? Int == 520)
        // A file that is not an editor state is refused with a message, and changes nothing.
        try Data("{\"tags\": 3}".utf8).write(to: file)
        try s.browser.setFiles("#import-state", [file])
        try s.browser.waitUntil(
            "document.getElementById('error').textContent.includes('not a TagCloud editor file')", "the error")
        #expect(try s.js("document.querySelectorAll('#tag-table tbody tr').length") as? Int == 24)
    }

    private func pixels(_ s: EditorSession, _ match: (Int, Int, Int) -> Bool) throws -> Int {
        let shot = s.folder.appendingPathComponent("shot.png")
        try s.browser.screenshot().write(to: shot)
        let image = try ImageLoader.loadRGBA(path: shot.path)
        return image.pixels.filter { p in match(Int(p >> 16 & 255), Int(p >> 8 & 255), Int(p & 255)) }.count
    }

    private func redPixels(_ s: EditorSession) throws -> Int {
        try pixels(s) { r, g, b in r > 245 && g < 10 && b < 10 }
    }

    @Test("the editor's state survives a reload")
    func reloadKeepsState() throws {
        let s = try EditorSession()
        defer { s.close() }
        try s.click("#add-tag")
        try s.waitForPreview { try s.browser.insertText("Persist") }
        try s.waitForPreview { try s.setControl("opt-width", "640") }
        try s.browser.waitUntil("(localStorage.getItem('tagcloud-editor') || '').includes('640')", "the state to be kept")
        try s.browser.reload()
        try s.waitForStart()
        let rows =
            try s.js("[...document.querySelectorAll('#tag-table [data-field=\"text\"]')].map(i => i.value)") as? [String] ?? []
        #expect(rows.last == "Persist" && rows.count == 25)
        #expect(try s.js("document.getElementById('opt-width').value") as? String == "640")
        #expect(try s.js("document.getElementById('cloud').naturalWidth") as? Int == 640)
        #expect(try s.previewWords().contains("Persist"))
    }

    @Test("undo and redo walk back and forth through changes, and the preview follows")
    func undoRedo() throws {
        let s = try EditorSession()
        defer { s.close() }
        try s.waitForPreview { try s.setControl("opt-width", "500") }
        #expect(try s.js("document.getElementById('cloud').naturalWidth") as? Int == 500)
        try s.waitForPreview { try s.click("#undo") }
        #expect(try s.js("document.getElementById('cloud').naturalWidth") as? Int == 800)
        #expect(try s.js("document.getElementById('opt-width').value") as? String == "")
        try s.waitForPreview { try s.click("#redo") }
        #expect(try s.js("document.getElementById('cloud').naturalWidth") as? Int == 500)
    }

    @Test("the selected word's angle and size pin it turned and resized; Shuffle draws a new seed")
    func overridesAndShuffle() throws {
        let s = try EditorSession()
        defer { s.close() }
        let selector = "#hits .hit[data-row=\"2\"]"
        // The saved state, once the editor has saved one (null before: a condition on it waits).
        let saved = { (condition: String) in
            "(s => s !== null && (\(condition)))(JSON.parse(localStorage.getItem('tagcloud-editor')))"
        }
        try s.click(selector)
        #expect(try s.js("document.getElementById('word-detail').hidden") as? Bool == false)
        let before =
            try s.js(
                "(() => { const r = document.querySelector('\(selector)').getBoundingClientRect(); return r.width / r.height; })()"
            ) as? Double ?? 0
        try s.waitForPreview { try s.setControl("detail-size", "30") }
        try s.waitForPreview { try s.setControl("detail-angle", "90") }
        let after =
            try s.js(
                "(() => { const r = document.querySelector('\(selector)').getBoundingClientRect(); return r.width / r.height; })()"
            ) as? Double ?? 0
        #expect(before > 1.5 && after < 0.7, "HarfBuzz's width/height before \(before), turned \(after)")
        try s.browser.waitUntil(saved("(s.tags[2].pin || {}).angle === 90"), "the pin kept")
        let pin = try s.js("JSON.parse(localStorage.getItem('tagcloud-editor')).tags[2].pin") as? [String: Double] ?? [:]
        #expect(pin["angle"] == 90 && pin["size"] == 30, "pin \(pin)")
        try s.js("document.querySelector('\(selector)').focus()")
        try s.browser.key("Enter", code: 13, text: "\r")
        try s.waitForPreview { try s.click("#word-detail button") }
        try s.browser.waitUntil(saved("s.tags[2].pin === undefined"), "the unpinned word")
        try s.waitForPreview { try s.click("#shuffle") }
        try s.browser.waitUntil(saved("s.options.cloud.seed !== '1'"), "a new seed")
    }

    @Test("an option's error is shown next to its control, naming its key, and goes when fixed")
    func errorNextToControl() throws {
        let s = try EditorSession()
        defer { s.close() }
        try s.setControl("opt-width", "abc")
        try s.browser.waitUntil("document.getElementById('opt-width-error').textContent !== ''", "the error")
        let message = try s.js("document.getElementById('opt-width-error').textContent") as? String ?? ""
        #expect(message.contains("\"abc\"") && message.contains("for \"width\""), "message: \(message)")
        #expect(try s.js("document.getElementById('opt-width').getAttribute('aria-invalid')") as? String == "true")
        try s.waitForPreview { try s.setControl("opt-width", "700") }
        #expect(try s.js("document.getElementById('opt-width-error').textContent") as? String == "")
    }

    @Test("a late answer to an older request never replaces the newer picture")
    func staleAnswerDropped() throws {
        let s = try EditorSession()
        defer { s.close() }
        // The first layout answer after this is held back 1.5 s, so it arrives after the second.
        try s.js(
            """
            (() => { const real = window.fetch; let held = false;
              window.fetch = async (url, options) => { const r = await real(url, options);
                if (String(url).includes('/api/layout') && !held) { held = true; await new Promise(f => setTimeout(f, 1500)); }
                return r; }; })()
            """)
        let before = try s.layouts()
        try s.setControl("opt-width", "500")
        usleep(600_000)
        try s.setControl("opt-width", "600")
        try s.browser.waitUntil("Number(document.body.dataset.layouts) > \(before)", "the newer preview")
        usleep(2_000_000)
        #expect(try s.layouts() == before + 1)
        #expect(try s.js("document.getElementById('cloud').naturalWidth") as? Int == 600)
    }

    @Test("Tab reaches the toolbar, the tag table, the words of the preview and the options, each with a name")
    func keyboard() throws {
        let s = try EditorSession()
        defer { s.close() }
        var seen: [String] = []
        for _ in 0..<400 {
            try s.browser.key("Tab", code: 9)
            let name =
                try s.js(
                    """
                    (() => { const e = document.activeElement; const label = e.labels && e.labels[0];
                      return (e.id ? '#' + e.id : e.className ? '.' + e.className.split(' ')[0] : e.tagName) + '|'
                        + (e.getAttribute('aria-label') || (label && label.textContent) || e.textContent || '').trim(); })()
                    """) as? String ?? ""
            seen.append(name)
        }
        for target in ["#shuffle", "#download", "#save-config", "#add-tag", ".hit|Swift", "#opt-width"] {
            #expect(seen.contains { $0.hasPrefix(target) }, "Tab never reached \(target)")
        }
        let nameless = seen.filter { $0.hasSuffix("|") }
        #expect(nameless.isEmpty, "focused without a name: \(Set(nameless))")
        // A word of the preview moves with the arrow keys: it is pinned 10 pt to the right.
        try s.js("document.querySelector('#hits .hit[data-row=\"0\"]').focus()")
        try s.waitForPreview {
            try s.browser.evaluate(
                "document.activeElement.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', shiftKey: true, bubbles: true}))"
            )
        }
        #expect(try s.js("document.querySelector('#hits .hit[data-row=\"0\"]').classList.contains('pinned')") as? Bool == true)
    }
}
