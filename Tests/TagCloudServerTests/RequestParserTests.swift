import Foundation
import Testing

@testable import TagCloudServer

/// The request parser on its own, fed whole and a byte at a time: the same requests, the same
/// failures, whichever way the bytes arrive.
@Suite("HTTP request parser")
struct RequestParserTests {
    static let limits = HTTPLimits(maximumBody: 1000)

    /// The events of reading `text` (each head accepted as it comes), fed `piece` bytes at a time.
    static func events(_ text: String, piece: Int) -> [RequestParser.Event] {
        let bytes = Array(text.utf8)
        var parser = RequestParser(limits: limits)
        var events: [RequestParser.Event] = []
        var start = 0
        while start < bytes.count {
            let chunk = Array(bytes[start..<min(bytes.count, start + piece)])
            start += piece
            chunk.withUnsafeBytes { raw in
                var offset = 0
                while true {
                    let event = parser.feed(raw, offset: &offset)
                    if event == .needMore { return }
                    events.append(event)
                    switch event {
                    case .head(let head): parser.beginBody(length: head.contentLength ?? 0)
                    case .body: parser.reset()
                    default: return
                    }
                }
            }
            if case .failed = events.last { break }
        }
        return events
    }

    @Test("Two pipelined requests, the first with a body, read alike whole and byte by byte", arguments: [1, 2, 7, 1000])
    func pipelined(piece: Int) {
        let text =
            "\r\nPOST /api/layout HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nContent-Type: application/json\r\n"
            + "Content-Length: 5\r\n\r\nhello"
            + "GET /a%20b?format=p%6Eg&x=1+2 HTTP/1.0\r\nConnection:keep-alive\r\n\r\n"
        let events = Self.events(text, piece: piece)
        #expect(events.count == 4, "\(events)")
        guard events.count == 4, case .head(let first) = events[0], case .head(let second) = events[2] else { return }
        #expect(first.method == "POST" && first.target == "/api/layout" && first.minorVersion == 1)
        #expect(first.field("content-type") == "application/json" && first.contentLength == 5 && first.keepAlive)
        #expect(events[1] == .body(Data("hello".utf8)))
        #expect(second.minorVersion == 0 && second.keepAlive && second.contentLength == nil)
        #expect(events[3] == .body(Data()))
        let target = RequestTarget(second.target)
        #expect(target.path == "/a b" && target.query["format"] == "png" && target.query["x"] == "1 2")
    }

    /// Requests refused by their framing, with the status each gets.
    static let refused: [(String, Int)] = [
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n", 411),
        ("POST / HTTP/1.1\r\nHost: a\r\n\r\n", 411),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5x\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: +5\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 5, 5\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 1001\r\n\r\n", 413),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 9223372036854775808\r\n\r\n", 413),
        ("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999999999999999\r\n\r\n", 413),
        ("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nX-A: b\rc\r\n\r\n", 400),
        ("GET / HTTP/1.1\nHost: a\n\n", 400),
        ("GET / HTTP/1.1\r\nHost : a\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nX-A: \u{01}\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET /  HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET http://a/ HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("G@T / HTTP/1.1\r\nHost: a\r\n\r\n", 400),
        ("GET / HTTP/1\r\nHost: a\r\n\r\n", 400),
        ("GET / HTTP/2.0\r\nHost: a\r\n\r\n", 505),
        ("GET / HTTP/1.2\r\nHost: a\r\n\r\n", 505),
        ("GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: a\r\n\r\n", 414),
        ("GET / HTTP/1.1\r\nHost: a\r\nX-A: \(String(repeating: "a", count: 40000))\r\n\r\n", 431),
        ("GET / HTTP/1.1\r\nHost: a\r\n" + String(repeating: "X-A: b\r\n", count: 101) + "\r\n", 431),
    ]

    @Test("Each framing error gets its status, whole or byte by byte", arguments: 0..<refused.count)
    func framing(index: Int) {
        let (text, status) = Self.refused[index]
        for piece in [1, 3, 100_000] {
            let events = Self.events(text, piece: piece)
            guard case .failed(let failure)? = events.last else {
                Issue.record("\(index) (\(piece) at a time): no failure in \(events)")
                continue
            }
            #expect(failure.status == status, "\(index) (\(piece) at a time): \(failure.message)")
            #expect(!failure.message.isEmpty)
        }
    }

    @Test("A header section larger than the limit fails as it arrives, before its end is sent")
    func oversizedHeadFailsEarly() {
        let text = "GET / HTTP/1.1\r\nHost: a\r\nX-A: " + String(repeating: "a", count: 40000)
        if case .failed(let f)? = Self.events(text, piece: 1000).last {
            #expect(f.status == 431)
        } else {
            Issue.record("no 431 for a header section without its end")
        }
        let line = "GET /" + String(repeating: "a", count: 9000)
        if case .failed(let f)? = Self.events(line, piece: 1).last {
            #expect(f.status == 414)
        } else {
            Issue.record("no 414 for a request line without its end")
        }
    }

    @Test("Connection: close ends HTTP/1.1 keep-alive; Expect: 100-continue is seen")
    func connectionOptions() {
        let events = Self.events(
            "POST / HTTP/1.1\r\nHost: a\r\nConnection: Keep-Alive, close\r\nExpect: 100-continue\r\nContent-Length: 0\r\n\r\n",
            piece: 5)
        guard case .head(let head)? = events.first else {
            Issue.record("\(events)")
            return
        }
        #expect(!head.keepAlive && head.expectsContinue)
        guard case .head(let old)? = Self.events("GET / HTTP/1.0\r\n\r\n", piece: 1).first else {
            Issue.record("1.0")
            return
        }
        #expect(!old.keepAlive)
    }

    @Test("Percent-decoding: malformed escapes kept, bytes that are not UTF-8 replaced, + only in the query")
    func targets() {
        #expect(RequestTarget("/a+b%zz%4").path == "/a+b%zz%4")
        #expect(RequestTarget("/%ff").path == "/\u{fffd}")
        #expect(RequestTarget("/%1b%0a").path == "/\u{1b}\n")
        #expect(RequestTarget("/?format=svg&format=png").query["format"] == "svg")
        #expect(RequestTarget("/?a").query["a"] == "")
    }
}
