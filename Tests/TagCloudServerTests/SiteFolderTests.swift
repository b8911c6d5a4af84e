import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloudServer

/// `tagcloud serve --site DIR`: the WebAssembly engine's static site at `/`, read-only,
/// only the regular files inside the folder, with the types and the policy the engine needs.
@Suite("The editor's static site at /")
struct SiteFolderTests {
    /// A new empty folder.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-site-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A site folder with a page, a script, a font in a subfolder, a hidden file, and links out.
    static func makeSite() throws -> (site: URL, outside: URL) {
        let dir = try Self.folder()
        let site = dir.appendingPathComponent("web")
        try FileManager.default.createDirectory(
            at: site.appendingPathComponent("fonts/usr"), withIntermediateDirectories: true)
        try Data("<!doctype html><title>site</title>".utf8).write(to: site.appendingPathComponent("index.html"))
        try Data("export const a = 1;\n".utf8).write(to: site.appendingPathComponent("tagcloud.js"))
        try Data([0, 97, 115, 109]).write(to: site.appendingPathComponent("tagcloud.wasm"))
        try Data(repeating: 7, count: 3000).write(to: site.appendingPathComponent("fonts/usr/Font Name.ttf"))
        try Data("secret".utf8).write(to: site.appendingPathComponent(".env"))
        let outside = dir.appendingPathComponent("secret.txt")
        try Data("outside".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(
            at: site.appendingPathComponent("link.txt"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: site.appendingPathComponent("fonts/up"), withDestinationURL: dir)
        return (site, outside)
    }

    @Test("Its files are served with their types, the engine's policy and an ETag the browser revalidates")
    func files() throws {
        let (site, _) = try Self.makeSite()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let server = try TestServer(site: try SiteFolder(site.path))
        defer { server.stop() }
        let page = try server.get("/")
        #expect(page.status == 200 && String(decoding: page.body, as: UTF8.self).contains("<title>site</title>"))
        #expect(page.headers["content-security-policy"]?.contains("'wasm-unsafe-eval'") == true)
        #expect(page.headers["content-security-policy"]?.contains("worker-src 'self'") == true)
        #expect(page.headers["cache-control"] == "no-cache")
        #expect(try server.get("/tagcloud.js").headers["content-type"] == "text/javascript; charset=utf-8")
        #expect(try server.get("/tagcloud.wasm").headers["content-type"] == "application/wasm")
        let font = try server.get("/fonts/usr/Font%20Name.ttf")
        #expect(font.status == 200 && font.body.count == 3000 && font.headers["content-type"] == "font/ttf")
        let tag = try #require(page.headers["etag"])
        let client = try server.connect()
        try client.send("GET /index.html HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nIf-None-Match: \(tag)\r\n\r\n")
        let again = try client.answer()
        #expect(again.status == 304 && again.body.isEmpty)
        #expect(again.headers["content-security-policy"] == page.headers["content-security-policy"])
        // The API keeps its own, stricter policy.
        #expect(try server.get("/api/shapes").headers["content-security-policy"]?.contains("wasm") == false)
    }

    @Test(
        "Nothing outside the folder, hidden, linked out or not a file is served",
        arguments: [
            "/../Package.swift", "/%2e%2e/secret.txt", "/.env", "/link.txt", "/fonts/up/secret.txt",
            "/fonts", "/fonts/usr/", "/a%00b", "/a%5c..%5csecret.txt", "/missing.js",
        ])
    func refused(_ path: String) throws {
        let (site, _) = try Self.makeSite()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let server = try TestServer(site: try SiteFolder(site.path))
        defer { server.stop() }
        let answer = try server.get(path)
        #expect(answer.status == 404, "\(path): \(answer.status)")
        #expect(!String(decoding: answer.body, as: UTF8.self).contains("outside"))
        let post = try server.connect()
        try post.send("POST /index.html HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nContent-Length: 0\r\n\r\n")
        #expect(try post.answer().status == 405)
    }

    @Test("Large answers waiting for slow readers are bounded: past the budget another gets 503, a small one still goes")
    func outboxBudget() throws {
        let (site, _) = try Self.makeSite()
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let size = 32 << 20
        try Data(repeating: 1, count: size).write(to: site.appendingPathComponent("big.ttf"))
        let server = try TestServer(site: try SiteFolder(site.path)) { $0.outboxBudget = 1 << 20 }
        defer { server.stop() }
        let hold = try server.connect(timeout: 30)
        try hold.send("GET /big.ttf HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
        // The held answer must be the first: a request answered before it would be the one that goes.
        #expect(hold.waitReadable(timeout: 30), "the held request got no answer")
        // Not read yet: far more than the socket buffers take waits in the server.
        var refused = try server.get("/big.ttf")
        for _ in 0..<50 where refused.status == 200 {
            usleep(100_000)
            refused = try server.get("/big.ttf")
        }
        #expect(refused.status == 503 && refused.headers["retry-after"] == "1")
        #expect(try server.get("/index.html").status == 200)
        let held = try hold.answer()
        #expect(held.status == 200 && held.body.count == size)
        #expect(try server.get("/big.ttf", timeout: 30).body.count == size)
    }

    @Test("Without a site, a page says in one line how to build and serve it; a folder without a page is refused at start")
    func unset() throws {
        let server = try TestServer()
        defer { server.stop() }
        let answer = try server.get("/")
        #expect(answer.status == 404)
        let text = String(decoding: answer.body, as: UTF8.self)
        #expect(text.contains("run make web") && text.contains("--site DIR") && text.hasSuffix("docs/serve.md).\n"))
        let empty = try Self.folder()
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: ServeError.self) { try SiteFolder(empty.path) }
        #expect(throws: ServeError.self) { try SiteFolder(empty.appendingPathComponent("none").path) }
    }
}
