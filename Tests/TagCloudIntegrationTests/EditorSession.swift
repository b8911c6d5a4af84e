import Foundation
import TagCloudTestSupport

/// `tagcloud serve --port 0` and a headless Chromium on its editor page, for one test: a fresh
/// browser profile (so local storage starts empty) and a download folder of its own.
final class EditorSession {
    let process: Process
    let browser: Chromium
    /// The page's address, `http://127.0.0.1:PORT/`.
    let address: String
    /// The test's folder: the browser profile, downloads, files the test writes.
    let folder: URL
    var downloads: URL { folder.appendingPathComponent("downloads") }

    init(width: Int = 1400, height: Int = 1000) throws {
        folder = try temporaryDirectory()
        (process, address) = try startServe(["--quiet"])
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("downloads"), withIntermediateDirectories: true)
        browser = try Chromium(profile: folder.appendingPathComponent("profile"))
        try browser.allowDownloads(into: folder.appendingPathComponent("downloads"))
        try browser.open(URL(string: address)!, width: width, height: height)
        try waitForStart()
    }

    /// Waits until the editor has started and shown its first preview.
    func waitForStart() throws {
        try browser.waitUntil(
            "document.body.dataset.ready === 'true' && Number(document.body.dataset.layouts) > 0 "
                + "&& document.getElementById('cloud').complete", "the editor's first preview")
    }

    func close() {
        browser.close()
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }

    /// JavaScript's answer as a string, number, Boolean or JSON-decoded value.
    @discardableResult
    func js(_ expression: String) throws -> Any? { try browser.evaluate(expression) }

    /// Writes a screenshot named `name` into the folder `EDITOR_SCREENSHOTS` names, when it is set:
    /// the pictures to look at after a change to the page.
    func snapshot(_ name: String) throws {
        guard let folder = ProcessInfo.processInfo.environment["EDITOR_SCREENSHOTS"] else { return }
        try js("window.scrollTo(0, 0)")
        try browser.screenshot().write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".png"))
    }

    /// Previews shown so far.
    func layouts() throws -> Int { try js("Number(document.body.dataset.layouts || 0)") as? Int ?? 0 }

    /// Runs `action`, then waits for the preview after it (and for its image to load).
    func waitForPreview(after action: () throws -> Void) throws {
        let before = try layouts()
        try action()
        try browser.waitUntil(
            "Number(document.body.dataset.layouts) > \(before) && document.getElementById('cloud').complete",
            "a new preview")
    }

    /// The words the preview shows (its word buttons' labels).
    func previewWords() throws -> [String] {
        try js("[...document.querySelectorAll('#hits .hit')].map(b => b.getAttribute('aria-label'))") as? [String] ?? []
    }

    /// Sets control `id` (a select or a field) to `value` as a user would: its `input` and `change` events.
    func setControl(_ id: String, _ value: String) throws {
        try js(
            "(() => { const c = document.getElementById(\(quoted(id))); c.value = \(quoted(value)); "
                + "c.dispatchEvent(new Event('input', {bubbles: true})); c.dispatchEvent(new Event('change', {bubbles: true})); })()"
        )
    }

    /// Clicks the element matching `selector` with a real mouse click at its centre.
    func click(_ selector: String) throws {
        let box = try center(selector)
        try browser.click(x: box.x, y: box.y)
    }

    /// The centre of the element matching `selector`, scrolled into view, in viewport pixels.
    func center(_ selector: String) throws -> (x: Double, y: Double) {
        let r =
            try js(
                "(() => { const e = document.querySelector(\(quoted(selector))); e.scrollIntoView({block: 'center'}); "
                    + "const r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; })()")
            as? [Double] ?? []
        guard r.count == 2 else { throw ToolMissing(description: "no element \(selector) on the page") }
        return (r[0], r[1])
    }

    /// Waits for a download named `name` to be complete and returns its bytes.
    func downloaded(_ name: String, timeout: Double = 30) throws -> Data {
        let path = downloads.appendingPathComponent(name)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let partial =
                (try? FileManager.default.contentsOfDirectory(atPath: downloads.path))?
                .contains { $0.hasSuffix(".crdownload") } ?? false
            if !partial, let data = try? Data(contentsOf: path), !data.isEmpty { return data }
            usleep(100_000)
        }
        throw ToolMissing(description: "no download \(name) in \(timeout) s")
    }

    /// Runs the tagcloud of this build in `directory` with `arguments`; returns its exit status.
    func runTool(_ arguments: [String], in directory: URL) throws -> Int32 {
        let p = Process()
        p.executableURL = try ToolRun.binary
        p.arguments = arguments
        p.currentDirectoryURL = directory
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        try p.run()
        p.waitUntilExit()
        return p.terminationStatus
    }

    func quoted(_ s: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: s, options: .fragmentsAllowed)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
