import Foundation

/// Reads one request at a time from the bytes of a connection, in whatever pieces they arrive (a
/// byte at a time as well as many requests at once): first the header section, up to its size
/// limits, then — when the caller has accepted the head — exactly `Content-Length` bytes of body.
/// Bytes after the request are left unread for the next one.
struct RequestParser {
    /// What a call to `feed` found.
    enum Event: Equatable {
        /// The input is used up and the request is not complete yet.
        case needMore
        /// The header section is complete: the caller checks it and calls `beginBody` (or refuses it).
        case head(RequestHead)
        /// The body is complete (empty when the request has none); the request is read.
        case body(Data)
        /// The request is malformed or over a limit; nothing more can be read from the connection.
        case failed(HTTPFailure)
    }

    private enum Phase {
        case head
        case waitingForBody
        case body(remaining: Int)
        case done
    }

    private let limits: HTTPLimits
    private var phase = Phase.head
    private var headBytes: [UInt8] = []
    private var requestLineEnded = false
    private var blankLines = 0
    private var body = Data()

    /// A parser under `limits`.
    init(limits: HTTPLimits) { self.limits = limits }

    /// Whether any byte of the current request's header section has arrived (a connection that
    /// is waiting without one is idle, not slow).
    var hasStarted: Bool { !headBytes.isEmpty || blankLines > 0 }

    /// Whether the header section has been read and the body is being read.
    var isReadingBody: Bool {
        if case .body = phase { return true }
        return false
    }

    /// Reads from `input` starting at `offset`, moving `offset` past what it used; stops at each event.
    mutating func feed(_ input: UnsafeRawBufferPointer, offset: inout Int) -> Event {
        switch phase {
        case .head: return feedHead(input, offset: &offset)
        case .body(let remaining):
            let take = min(remaining, input.count - offset)
            if take > 0 {
                body.append(contentsOf: UnsafeRawBufferPointer(rebasing: input[offset..<(offset + take)]))
                offset += take
            }
            if remaining - take > 0 {
                phase = .body(remaining: remaining - take)
                return .needMore
            }
            phase = .done
            defer { body = Data() }
            return .body(body)
        case .waitingForBody, .done: return .needMore
        }
    }

    /// Starts reading the body of the head just returned, `length` bytes.
    mutating func beginBody(length: Int) {
        phase = .body(remaining: length)
        // Not the whole declared length at once: a client that declares much and sends little
        // holds only what it sent.
        body = Data(capacity: min(length, 1 << 20))
    }

    /// Readies the parser for the next request on the connection.
    mutating func reset() {
        self = RequestParser(limits: limits)
    }

    private mutating func feedHead(_ input: UnsafeRawBufferPointer, offset: inout Int) -> Event {
        while offset < input.count {
            let byte = input[offset]
            offset += 1
            headBytes.append(byte)
            // Empty lines before a request line are skipped (some clients end a body with CRLF).
            if headBytes.count == 2 && headBytes == [13, 10] {
                headBytes.removeAll(keepingCapacity: true)
                blankLines += 1
                if blankLines > 4 { return fail(HTTPFailure(400, "empty lines where a request line belongs")) }
                continue
            }
            // A lone CR or LF is refused as it arrives, not left waiting for a CRLF CRLF that
            // such a client never sends.
            let previous = headBytes.count >= 2 ? headBytes[headBytes.count - 2] : 0
            if previous == 13 && byte != 10 { return fail(HTTPFailure(400, "a bare CR in the request's header section")) }
            if byte == 10 && previous != 13 {
                return fail(HTTPFailure(400, "a bare LF in the request's header section: lines end in CRLF"))
            }
            if byte == 10 {
                if !requestLineEnded {
                    requestLineEnded = true
                } else if headBytes.count >= 4 && headBytes.suffix(4) == [13, 10, 13, 10] {
                    return finishHead()
                }
            } else if !requestLineEnded && headBytes.count > limits.requestLine {
                return fail(HTTPFailure(414, "the request line is longer than \(limits.requestLine) bytes"))
            }
            if headBytes.count > limits.headerSection {
                return fail(HTTPFailure(431, "the request's header section is larger than \(limits.headerSection) bytes"))
            }
        }
        return .needMore
    }

    private mutating func finishHead() -> Event {
        do {
            let head = try RequestHead.parse(headBytes.dropLast(2), limits: limits)
            phase = .waitingForBody
            return .head(head)
        } catch {
            return fail(error)
        }
    }

    private mutating func fail(_ failure: HTTPFailure) -> Event {
        phase = .done
        return .failed(failure)
    }
}
