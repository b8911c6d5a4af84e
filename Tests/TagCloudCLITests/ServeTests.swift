import Foundation
import TagCloudTestSupport
import Testing

/// `tagcloud serve` as a browser or a script meets it: the real process on a free port, real HTTP.
@Suite("tagcloud serve")
struct ServeTests {
    static var cloud: [String: Any] {
        [
            "command": "cloud", "width": 300, "height": 200, "seed": 7, "font": ["DejaVu Sans"],
            "tags": ["swift", "linux", "cairo", "harfbuzz", "freetype"],
        ]
    }

    @Test("POST /api/tags reads a pasted tag list as --input reads a file: pins, colours, safe links only")
    func pastedTags() throws {
        let server = try ServerProcess()
        let csv =
            "text,weight,link,id,color,group,x,y,angle,size\nswift,3,javascript:alert(1),,#ff0000,lang,100,50,-90,24\nrust,2,https://rust-lang.org,,,,,,,\n"
        let answer = try server.request("POST", "/api/tags", body: try JSONSerialization.data(withJSONObject: ["data": csv]))
        #expect(answer.status == 200)
        let terms = answer.json["terms"] as? [[String: Any]] ?? []
        #expect(terms.count == 2)
        #expect(terms.first?["link"] == nil && terms.first?["color"] as? String == "#ff0000")
        #expect(
            terms.first?["x"] as? Double == 100 && terms.first?["angle"] as? Double == -90
                && terms.first?["size"] as? Double == 24)
        #expect(terms.last?["link"] as? String == "https://rust-lang.org" && terms.last?["x"] == nil)
        let bad = try server.request("POST", "/api/tags", body: Data("{\"data\": \"swift,abc\\n\"}".utf8))
        #expect(bad.status == 422 && (bad.json["error"] as? String)?.contains("abc") == true, "\(bad.text)")
        #expect(try server.request("POST", "/api/tags", body: Data("[1]".utf8)).status == 400)
        let json = try server.request(
            "POST", "/api/tags", body: Data(#"{"data": "[{\"text\": \"go\", \"x\": 5, \"y\": 6}]"}"#.utf8))
        #expect((json.json["terms"] as? [[String: Any]])?.first?["y"] as? Double == 6, "\(json.text)")
        let lines = try server.request("POST", "/api/tags", body: Data(#"{"data": "a,b\t2", "format": "tsv"}"#.utf8))
        #expect((lines.json["terms"] as? [[String: Any]])?.first?["text"] as? String == "a,b", "\(lines.text)")
        // A dropped file's name decides by its extension, as --input's does; its text only without one.
        let named = try server.request("POST", "/api/tags", body: Data(#"{"data": "a,b\t2", "name": "t.tsv"}"#.utf8))
        #expect((named.json["terms"] as? [[String: Any]])?.first?["text"] as? String == "a,b", "\(named.text)")
        let unnamed = try server.request("POST", "/api/tags", body: Data(#"{"data": "a,2", "name": "t.md"}"#.utf8))
        #expect((unnamed.json["terms"] as? [[String: Any]])?.first?["weight"] as? Double == 2, "\(unnamed.text)")
        let format = try server.request("POST", "/api/tags", body: Data(#"{"data": "a", "format": "xml"}"#.utf8))
        #expect(format.status == 400 && (format.json["error"] as? String)?.contains("csv") == true)
    }

    @Test("GET endpoints: the page, the option tables, fonts, palettes, shapes, with the security headers")
    func listings() throws {
        let site = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: site) }
        try Data("<!doctype html><title>the editor</title>".utf8).write(to: site.appendingPathComponent("index.html"))
        try Data("export const x = 1;".utf8).write(to: site.appendingPathComponent("main.js"))
        let server = try ServerProcess(["--site", site.path])
        let page = try server.request("GET", "/")
        #expect(page.status == 200)
        #expect(page.headers["content-type"]?.hasPrefix("text/html") == true)
        #expect(page.text.contains("<title>the editor</title>"))
        let script = try server.request("GET", "/main.js")
        #expect(script.status == 200 && script.headers["content-type"]?.hasPrefix("text/javascript") == true)
        #expect(try server.request("GET", "/api/missing").status == 404)
        #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        let scripts = page.headers["content-security-policy"]?.split(separator: ";").first { $0.contains("script-src") }
        #expect(scripts?.contains("unsafe-inline") == false)
        #expect(page.headers["x-content-type-options"] == "nosniff")
        #expect(page.headers["referrer-policy"] == "no-referrer")
        let options = try server.request("GET", "/api/options").json
        let cloud = options["cloud"] as? [[String: Any]] ?? []
        let width = cloud.first { $0["name"] as? String == "width" }
        #expect(width?["default"] as? String == "800")
        #expect(width?["valueName"] as? String == "PX")
        #expect(width?["group"] as? String == "Layout")
        #expect(width?["label"] as? String == "Width" && width?["essential"] as? Bool == true)
        #expect((cloud.first { $0["name"] as? String == "margin" })?["label"] as? String == "Space between words")
        #expect((cloud.first { $0["name"] as? String == "font" })?["repeatable"] as? Bool == true)
        let vertical = cloud.first { $0["name"] as? String == "cjk-vertical" }
        #expect(vertical?["choices"] as? [String] == ["upright", "rotated"] && vertical?["default"] as? String == "upright")
        #expect((options["flow"] as? [[String: Any]])?.contains { $0["name"] as? String == "justify" } == true)
        #expect((try server.request("GET", "/api/fonts").json["families"] as? [String])?.contains("DejaVu Sans") == true)
        let palettes = try server.request("GET", "/api/palettes").json["palettes"] as? [[String: Any]]
        #expect(palettes?.contains { $0["name"] as? String == "tableau10" } == true)
        #expect((try server.request("GET", "/api/shapes").json["shapes"] as? [String])?.contains("heart") == true)
        let stopped = server.stop()
        #expect(stopped.status == 0)
        #expect(stopped.log.contains("GET /api/shapes 200 "))
    }

    @Test("POST /api/count counts a text with the count options")
    func count() throws {
        let server = try ServerProcess(["--quiet"])
        let answer = try server.post("/api/count", ["text": "Apples and apples and pears. Apples!", "top": 2])
        #expect(answer.status == 200)
        let terms = answer.json["terms"] as? [[String: Any]] ?? []
        #expect(terms.count == 2)
        #expect((terms.first?["text"] as? String)?.lowercased() == "apples")
        #expect(terms.first?["weight"] as? Double == 3)
        // Partial counts name files on the server: a request cannot ask for them.
        for option in ["merge", "partial"] {
            let refused = try server.post("/api/count", ["text": "Apples and pears", option: true])
            #expect(refused.status == 400, "\(option)")
        }
        #expect(server.stop().log.isEmpty)
    }

    @Test("POST /api/layout answers the JSON layout, the SVG and the summary; term objects are taken")
    func layout() throws {
        let server = try ServerProcess()
        let answer = try server.post("/api/layout", Self.cloud)
        #expect(answer.status == 200)
        #expect((answer.json["layout"] as? [String: Any])?["placed"] != nil)
        #expect(
            (answer.json["svg"] as? String)?.hasPrefix("<svg") == true
                || (answer.json["svg"] as? String)?.contains("<svg") == true)
        #expect((answer.json["summary"] as? String)?.hasPrefix("placed 5 of 5 words") == true)
        var flow = Self.cloud
        flow["command"] = "flow"
        flow.removeValue(forKey: "height")
        flow["tags"] = [["text": "swift", "weight": 3, "color": "#ff0000"], "linux"]
        let flowAnswer = try server.post("/api/layout", flow)
        #expect(flowAnswer.status == 200)
        #expect((flowAnswer.json["svg"] as? String)?.lowercased().contains("#ff0000") == true)
        #expect(server.stop().status == 0)
    }

    @Test(
        "POST /api/render gives the bytes the CLI writes for the same configuration",
        arguments: ["png", "svg", "pdf", "html", "json"])
    func renderMatchesCLI(format: String) throws {
        let server = try ServerProcess(["--quiet"])
        for command in ["cloud", "flow"] {
            var body = Self.cloud
            body["command"] = command
            if command == "flow" { body.removeValue(forKey: "height") }
            let answer = try server.post("/api/render?format=\(format)", body)
            #expect(answer.status == 200)
            #expect(answer.headers["content-disposition"] == "attachment; filename=\"tagcloud.\(format)\"")
            let folder = try scratchFolder()
            defer { try? FileManager.default.removeItem(at: folder) }
            // The body as it was sent is a configuration the CLI runs.
            let config = folder.appendingPathComponent("config.json")
            try JSONSerialization.data(withJSONObject: body).write(to: config)
            let out = folder.appendingPathComponent("out.\(format)")
            let run = try ToolRun.run([command, "--config", config.path, "-o", out.path, "--quiet"])
            #expect(run.status == 0, "\(run.stderr)")
            // PDFs carry their creation date; everything else must match byte for byte.
            if format == "pdf" {
                #expect(answer.body.starts(with: Data("%PDF".utf8)))
            } else {
                #expect(answer.body == (try Data(contentsOf: out)), "\(command) \(format)")
            }
        }
        #expect(server.stop().status == 0)
    }

    @Test("Each error has its status and a JSON message, and the server answers on after it")
    func errors() throws {
        let server = try ServerProcess(["--max-body", "100000"])
        let host = "127.0.0.1:\(server.port)"
        var bad = Self.cloud
        bad["width"] = -5
        var noTags = Self.cloud
        noTags["tags"] = [String]()
        var unknown = Self.cloud
        unknown["widht"] = 5
        var path = Self.cloud
        path["input"] = "/etc/passwd"
        var badTerm = Self.cloud
        badTerm["tags"] = [["text": "swift", "weight": "heavy"]]
        var fontFile = Self.cloud
        fontFile["font"] = ["DejaVu Sans", "/usr/share/fonts/truetype/dejavu/DejaVuSerif.ttf"]
        let cases: [(String, () throws -> ServerProcess.Answer, Int, String?)] = [
            ("bad JSON", { try server.request("POST", "/api/layout", body: Data("{\"width\": ".utf8)) }, 400, nil),
            ("bad option", { try server.post("/api/layout", bad) }, 400, "width"),
            ("unknown option", { try server.post("/api/layout", unknown) }, 400, nil),
            ("a file path", { try server.post("/api/layout", path) }, 400, "input"),
            ("a font file", { try server.post("/api/layout", fontFile) }, 400, "font"),
            ("no such path", { try server.request("GET", "/api/nothing") }, 404, nil),
            ("wrong method", { try server.request("GET", "/api/layout") }, 405, nil),
            ("too large", { try server.request("POST", "/api/layout", body: Data(count: 200_000)) }, 413, nil),
            (
                "not JSON", { try server.request("POST", "/api/layout", body: Data("x".utf8), contentType: "text/plain") }, 415,
                nil
            ),
            ("no tags", { try server.post("/api/layout", noTags) }, 422, nil),
            ("a bad term object", { try server.post("/api/layout", badTerm) }, 422, nil),
            ("bad format", { try server.post("/api/render?format=gif", Self.cloud) }, 400, "format"),
            (
                "foreign Host", { try server.request("GET", "/api/shapes", headers: ["Host": "evil.example:\(server.port)"]) },
                403, nil
            ),
            (
                "cross-origin POST", { try server.post("/api/layout", Self.cloud, headers: ["Origin": "http://evil.example"]) },
                403, nil
            ),
        ]
        for (name, send, status, key) in cases {
            let answer = try send()
            #expect(answer.status == status, "\(name): \(answer.text)")
            #expect(answer.headers["content-type"]?.hasPrefix("application/json") == true, "\(name)")
            #expect((answer.json["error"] as? String)?.isEmpty == false, "\(name)")
            // The server's scratch folder is its own business.
            #expect(!answer.text.contains("tagcloud-serve-"), "\(name): \(answer.text)")
            // The key to blame, spelled in the message as the request spells it.
            if let key {
                #expect(answer.json["key"] as? String == key, "\(name): \(answer.text)")
                #expect(!answer.text.contains("--\(key)"), "\(name): \(answer.text)")
            }
            #expect(try server.request("GET", "/api/shapes").status == 200, "after \(name)")
        }
        let sameOrigin = try server.post("/api/layout", Self.cloud, headers: ["Origin": "http://\(host)"])
        #expect(sameOrigin.status == 200)
        #expect(server.stop().status == 0)
    }

    @Test("The request log escapes what a web page can put in a path: no terminal escape, no forged line")
    func logInjection() throws {
        let server = try ServerProcess()
        let answer = try server.request("GET", "/%1b]0;HACKED%07%1b[2J%0aGET%20/api/render%20200%205%20ms")
        #expect(answer.status == 404)
        let stopped = server.stop()
        #expect(!stopped.log.contains("\u{1b}") && !stopped.log.contains("\u{07}"))
        let lines = stopped.log.split(separator: "\n")
        #expect(lines.count == 1, "\(stopped.log)")
        #expect(
            lines.first?.hasPrefix("GET /\\x1b]0;HACKED\\x07\\x1b[2J\\nGET /api/render 200 5 ms 404 ") == true, "\(stopped.log)")
    }

    @Test("With 100 slow clients trickling headers or bodies, the real binary still answers a layout")
    func slowClients() throws {
        let server = try ServerProcess(["--quiet"])
        let host = "Host: 127.0.0.1:\(server.port)\r\n"
        let heads = try (0..<50).map { _ in try server.openConnection(sending: "GET / HTTP/1.1\r\n" + host) }
        let bodies = try (0..<50).map { _ in
            try server.openConnection(
                sending: "POST /api/tags HTTP/1.1\r\n\(host)Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{")
        }
        defer { (heads + bodies).forEach { close($0) } }
        for _ in 0..<2 {
            for fd in heads { _ = send(fd, "X-Slow: 1\r\n", 11, Int32(MSG_NOSIGNAL)) }
            for fd in bodies { _ = send(fd, " ", 1, Int32(MSG_NOSIGNAL)) }
            usleep(300_000)
        }
        let answer = try server.post("/api/layout", Self.cloud)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(server.stop().status == 0)
    }

    @Test("Framing the server refuses itself gets the security headers and a JSON error too")
    func framingErrors() throws {
        let server = try ServerProcess(["--quiet"])
        let lengthAndChunked = try server.request(
            "POST", "/api/tags", body: Data("{}".utf8), headers: ["Transfer-Encoding": "chunked"])
        #expect(lengthAndChunked.status == 400, "\(lengthAndChunked.text)")
        #expect(lengthAndChunked.headers["x-content-type-options"] == "nosniff")
        #expect(lengthAndChunked.headers["content-type"]?.hasPrefix("application/json") == true)
        #expect((lengthAndChunked.json["error"] as? String)?.contains("Transfer-Encoding") == true, "\(lengthAndChunked.text)")
        let folded = try server.request("GET", "/api/shapes HTTP/1.1\r\nX-A: b\r\n c")
        #expect(folded.status == 400 && folded.headers["content-security-policy"] != nil, "\(folded.text)")
        #expect(server.stop().status == 0)
    }

    @Test("A request over the time limit gets 503 with Retry-After, and SIGTERM still exits 0")
    func timeLimit() throws {
        let server = try ServerProcess(["--timeout", "0.01"])
        let words = (0..<5000).map { "word\($0)" }
        let body: [String: Any] = [
            "command": "cloud", "width": 3000, "height": 3000, "max-words": 5000, "seed": 1, "tags": words,
        ]
        let answer = try server.post("/api/layout", body)
        #expect(answer.status == 503, "\(answer.text)")
        #expect(answer.headers["retry-after"] == "1")
        #expect((answer.json["error"] as? String)?.contains("--timeout") == true)
        #expect(try server.request("GET", "/api/shapes").status == 200)
        #expect(server.stop().status == 0)
    }

    /// A cloud whose layout takes about 16 s on the project's 2-core machine: 20 words repeated
    /// 100,000 times on a 5000×5000 canvas (its answer would be some 100 MB), from a tiny body.
    static var slowCloud: [String: Any] {
        [
            "command": "cloud", "width": 5000, "height": 5000, "max-words": 100_000, "repeat": true, "seed": 1,
            "tags": (0..<20).map { "w\($0)" },
        ]
    }

    /// The layout slots of the server: one per core (it counts them as this process does).
    static var workers: Int { ProcessInfo.processInfo.activeProcessorCount }

    @Test("A layout past the time limit is stopped: its slot is free long before the layout would have ended")
    func timedOutLayoutIsStopped() throws {
        let server = try ServerProcess(["--timeout", "0.5", "--quiet"])
        let slow = try ServerProcess.concurrently(Self.workers) { _ in try server.post("/api/layout", Self.slowCloud) }
        for answer in slow {
            #expect(answer.status == 503, "\(answer.text)")
            #expect((answer.json["error"] as? String)?.contains("time limit (--timeout 0.5)") == true, "\(answer.text)")
        }
        // Every slot held a layout of some 16 s. Left to run, they would make every request of the
        // next seconds wait in the queue past its own limit (503); stopped, they free the slots at
        // once. Retried for 5 time limits, so that a slow machine cannot fail the test.
        let start = DispatchTime.now()
        var small = try server.post("/api/layout", Self.cloud)
        while small.status == 503 && DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds < 2_500_000_000 {
            small = try server.post("/api/layout", Self.cloud)
        }
        #expect(small.status == 200, "\(small.text)")
        #expect((small.json["summary"] as? String)?.hasPrefix("placed 5 of 5 words") == true)
        #expect(server.stop().status == 0)
    }

    @Test("With every slot and the queue taken, a further request gets 503 busy at once")
    func busy() throws {
        // A time limit long enough for every request to arrive while the first ones still run.
        let server = try ServerProcess(["--timeout", "3", "--queue", String(2 * Self.workers), "--quiet"])
        let capacity = 3 * Self.workers
        let answers = try ServerProcess.concurrently(capacity + 1) { _ in try server.post("/api/layout", Self.slowCloud) }
        let busy = answers.filter { ($0.json["error"] as? String)?.hasPrefix("busy:") == true }
        #expect(busy.count == 1, "\(answers.map(\.text))")
        // Refused on arrival, it is answered before any admitted request reaches its time limit.
        #expect(answers.first.map { ($0.json["error"] as? String)?.hasPrefix("busy:") == true } == true)
        for answer in answers {
            #expect(answer.status == 503, "\(answer.text)")
            #expect(answer.headers["retry-after"] == "1")
        }
        #expect(answers.filter { ($0.json["error"] as? String)?.contains("--timeout 3") == true }.count == capacity)
        #expect(try server.post("/api/layout", Self.cloud).status == 200)
        #expect(server.stop().status == 0)
    }
}
