import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A headless Chromium driven over the DevTools protocol on a pipe: Chromium reads NUL-terminated
/// JSON commands on its fd 3 and writes replies and events on fd 4.
final class Chromium {
    private let pid: pid_t
    private let toBrowser: Int32, fromBrowser: Int32
    private var buffer: [UInt8] = []
    private var nextID = 1
    private var session: String?
    /// Console errors, uncaught exceptions and error log entries, as text.
    private(set) var problems: [String] = []
    /// Every URL the page requested.
    private(set) var requests: [String] = []
    /// The message of every JavaScript dialog (alert, confirm, prompt) the page opened; each is
    /// dismissed at once, so a dialog never blocks the page.
    private(set) var dialogs: [String] = []
    /// Every URL a frame asked to navigate to, or navigated to.
    private(set) var navigations: [String] = []
    private var events: [[String: Any]] = []

    init(profile: URL) throws {
        let path = try tool("chromium", "chromium-browser", "google-chrome", package: "chromium")
        var down: [Int32] = [0, 0], up: [Int32] = [0, 0]
        guard pipe(&down) == 0, pipe(&up) == 0 else { throw ToolMissing(description: "pipe() failed") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, down[0], 3)
        posix_spawn_file_actions_adddup2(&actions, up[1], 4)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let args = [
            path, "--headless", "--remote-debugging-pipe", "--user-data-dir=\(profile.path)",
            "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
            "--hide-scrollbars", "--force-device-scale-factor=1", "--font-render-hinting=none",
            "--disable-extensions", "--disable-background-networking", "--mute-audio", "about:blank",
        ]
        var cargs = args.map { strdup($0) } + [nil]
        defer { for a in cargs { free(a) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, nil, &cargs, environ)
        Glibc.close(down[0]); Glibc.close(up[1])
        guard rc == 0 else { throw ToolMissing(description: "could not start \(path): \(String(cString: strerror(rc)))") }
        pid = child; toBrowser = down[1]; fromBrowser = up[0]
    }

    func close() {
        _ = try? send("Browser.close", [:], inSession: false, timeout: 5)
        Glibc.close(toBrowser); Glibc.close(fromBrowser)
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Opens `url` in a fresh tab whose viewport is `width`×`height` CSS pixels and waits for `load`;
    /// `media` emulates CSS media features (`["prefers-reduced-motion": "reduce"]`) from the start.
    func open(_ url: URL, width: Int, height: Int, media: [String: String] = [:]) throws {
        let target = try send("Target.createTarget", ["url": "about:blank"], inSession: false)
        let attached = try send(
            "Target.attachToTarget", ["targetId": target["targetId"] as Any, "flatten": true],
            inSession: false)
        session = attached["sessionId"] as? String
        for domain in ["Runtime.enable", "Log.enable", "Page.enable", "Network.enable"] { try send(domain, [:]) }
        try send(
            "Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
        if !media.isEmpty {
            let features = media.sorted { $0.key < $1.key }.map { ["name": $0.key, "value": $0.value] }
            try send("Emulation.setEmulatedMedia", ["features": features])
        }
        events.removeAll()
        try send("Page.navigate", ["url": url.absoluteString])
        _ = try waitForEvent("Page.loadEventFired")
        // Fonts load asynchronously; screenshots and boxes need them.
        try evaluate("document.fonts.ready.then(function () { return 1; })", awaitPromise: true)
    }

    /// Evaluates JavaScript in the page and returns its value (JSON types).
    @discardableResult
    func evaluate(_ expression: String, awaitPromise: Bool = false) throws -> Any? {
        let r = try send("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": awaitPromise])
        if let e = r["exceptionDetails"] { throw ToolMissing(description: "JavaScript failed: \(e)") }
        return (r["result"] as? [String: Any])?["value"]
    }

    /// Presses and releases a key, as the keyboard would.
    func key(_ key: String, code: Int, text: String? = nil) throws {
        var down: [String: Any] = [
            "type": text == nil ? "rawKeyDown" : "keyDown", "key": key, "code": key,
            "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code,
        ]
        if let text { down["text"] = text; down["unmodifiedText"] = text }
        try send("Input.dispatchKeyEvent", down)
        try send(
            "Input.dispatchKeyEvent",
            [
                "type": "keyUp", "key": key, "code": key,
                "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code,
            ])
    }

    /// Moves the mouse to a point and clicks the left button there.
    func click(x: Double, y: Double) throws {
        try send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x, "y": y])
        try send("Input.dispatchMouseEvent", ["type": "mousePressed", "x": x, "y": y, "button": "left", "clickCount": 1])
        try send("Input.dispatchMouseEvent", ["type": "mouseReleased", "x": x, "y": y, "button": "left", "clickCount": 1])
    }

    /// A PNG of the viewport.
    func screenshot() throws -> Data {
        let r = try send("Page.captureScreenshot", ["format": "png"])
        guard let b64 = r["data"] as? String, let data = Data(base64Encoded: b64) else {
            throw ToolMissing(description: "no screenshot data")
        }
        return data
    }

    /// Saves the page's downloads into `folder` under the names the page gives them.
    func allowDownloads(into folder: URL) throws {
        try send(
            "Browser.setDownloadBehavior", ["behavior": "allow", "downloadPath": folder.path, "eventsEnabled": true],
            inSession: false)
    }

    /// Types `text` into the focused field, as an input method would.
    func insertText(_ text: String) throws {
        try send("Input.insertText", ["text": text])
    }

    /// Presses the left button at `from`, moves to `to` in `steps` steps, and releases it there.
    func drag(from: (x: Double, y: Double), to: (x: Double, y: Double), steps: Int = 8) throws {
        try send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": from.x, "y": from.y])
        try send(
            "Input.dispatchMouseEvent",
            ["type": "mousePressed", "x": from.x, "y": from.y, "button": "left", "buttons": 1, "clickCount": 1])
        for i in 1...steps {
            let t = Double(i) / Double(steps)
            let x = from.x + (to.x - from.x) * t, y = from.y + (to.y - from.y) * t
            try send("Input.dispatchMouseEvent", ["type": "mouseMoved", "x": x, "y": y, "button": "left", "buttons": 1])
        }
        try send(
            "Input.dispatchMouseEvent",
            ["type": "mouseReleased", "x": to.x, "y": to.y, "button": "left", "buttons": 0, "clickCount": 1])
    }

    /// Chooses `files` in the file input matching `selector`, as the file picker would, and fires
    /// its `change` event.
    func setFiles(_ selector: String, _ files: [URL]) throws {
        let document = try send("DOM.getDocument", [:])
        let root = (document["root"] as? [String: Any])?["nodeId"] as? Int ?? 0
        let node = try send("DOM.querySelector", ["nodeId": root, "selector": selector])
        guard let id = node["nodeId"] as? Int, id != 0 else { throw ToolMissing(description: "no \(selector) on the page") }
        try send("DOM.setFileInputFiles", ["nodeId": id, "files": files.map(\.path)])
    }

    /// A drag-and-drop event carrying `files` at (`x`, `y`): `dragEnter`, `dragOver`, `drop`.
    func dispatchDrag(_ type: String, x: Double, y: Double, files: [URL]) throws {
        try send(
            "Input.dispatchDragEvent",
            [
                "type": type, "x": x, "y": y,
                "data": ["items": [] as [Any], "files": files.map(\.path), "dragOperationsMask": 1] as [String: Any],
            ])
    }

    /// Reloads the page and waits for `load`.
    func reload() throws {
        events.removeAll()
        try send("Page.reload", [:])
        _ = try waitForEvent("Page.loadEventFired")
    }

    /// Waits until the JavaScript `condition` is true in the page; fails naming `what` after `timeout` seconds.
    func waitUntil(_ condition: String, _ what: String, timeout: Double = 30) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while try evaluate("Boolean(\(condition))") as? Bool != true {
            guard Date() < deadline else { throw ToolMissing(description: "timed out waiting for \(what)") }
            usleep(50_000)
        }
    }

    // MARK: Protocol

    @discardableResult
    private func send(
        _ method: String, _ params: [String: Any], inSession: Bool = true,
        timeout: Double = 30
    ) throws -> [String: Any] {
        let id = try post(method, params, session: inSession ? session : nil)
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let m = try nextMessage(until: deadline, waitingFor: method)
            if m["id"] as? Int == id {
                if let error = m["error"] { throw ToolMissing(description: "\(method) failed: \(error)") }
                return m["result"] as? [String: Any] ?? [:]
            }
        }
    }

    /// Writes a command without waiting for its answer (which `send` skips when it comes); returns its id.
    @discardableResult
    private func post(_ method: String, _ params: [String: Any], session: String?) throws -> Int {
        let id = nextID
        nextID += 1
        var message: [String: Any] = ["id": id, "method": method, "params": params]
        if let session { message["sessionId"] = session }
        var bytes = [UInt8](try JSONSerialization.data(withJSONObject: message))
        bytes.append(0)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(toBrowser, $0.baseAddress, $0.count) }
            guard n > 0 else { throw ToolMissing(description: "Chromium closed its pipe during \(method)") }
            offset += n
        }
        return id
    }

    /// Reads messages until `condition` holds (checked before each one), or fails after `timeout` seconds.
    func wait(for what: String, timeout: Double = 30, until condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() { _ = try nextMessage(until: deadline, waitingFor: what) }
    }

    private func waitForEvent(_ name: String, timeout: Double = 30) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if let i = events.firstIndex(where: { $0["method"] as? String == name }) { return events.remove(at: i) }
            _ = try nextMessage(until: deadline, waitingFor: name)
        }
    }

    /// Reads the next message, recording events (console problems, requests) on the way.
    private func nextMessage(until deadline: Date, waitingFor what: String) throws -> [String: Any] {
        while true {
            if let end = buffer.firstIndex(of: 0) {
                let data = Data(buffer[..<end])
                buffer.removeSubrange(...end)
                guard let m = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { continue }
                if let method = m["method"] as? String {
                    record(method, m["params"] as? [String: Any] ?? [:])
                    events.append(m)
                    if method == "Page.javascriptDialogOpening" {
                        try post("Page.handleJavaScriptDialog", ["accept": false], session: m["sessionId"] as? String)
                    }
                }
                return m
            }
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw ToolMissing(description: "Chromium did not answer \(what) in time") }
            var fds = pollfd(fd: fromBrowser, events: Int16(POLLIN), revents: 0)
            let ready = poll(&fds, 1, Int32(min(left, 5) * 1000))
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let n = read(fromBrowser, &chunk, chunk.count)
            guard n > 0 else { throw ToolMissing(description: "Chromium exited while waiting for \(what)") }
            buffer += chunk[..<n]
        }
    }

    private func record(_ method: String, _ params: [String: Any]) {
        switch method {
        case "Runtime.exceptionThrown":
            problems.append("exception: \(params["exceptionDetails"] ?? "")")
        case "Runtime.consoleAPICalled" where ["error", "assert", "warning"].contains(params["type"] as? String ?? ""):
            problems.append("console.\(params["type"] ?? ""): \(params["args"] ?? "")")
        case "Log.entryAdded":
            if let entry = params["entry"] as? [String: Any], entry["level"] as? String == "error" {
                problems.append("log: \(entry["text"] ?? "")")
            }
        case "Page.javascriptDialogOpening":
            dialogs.append("\(params["type"] ?? ""): \(params["message"] ?? "")")
        case "Page.frameRequestedNavigation":
            navigations.append(params["url"] as? String ?? "")
        case "Page.frameNavigated":
            navigations.append((params["frame"] as? [String: Any])?["url"] as? String ?? "")
        case "Network.requestWillBeSent":
            if let request = params["request"] as? [String: Any], let url = request["url"] as? String { requests.append(url) }
        default:
            break
        }
    }
}
