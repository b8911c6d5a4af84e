import Foundation

/// How other threads reach the event loop: they post a message and write a byte to a pipe the loop
/// polls, so the loop wakes at once instead of at its next timeout.
final class Mailbox: @unchecked Sendable {
    /// What the loop is told.
    enum Message {
        /// A worker's answer for connection `id`, encoded; `reserved` bytes of body budget are freed.
        case answered(id: UInt64, bytes: [UInt8], keepAlive: Bool, reserved: Int)
        /// Close the listening socket; serve the open connections on.
        case stopAccepting
        /// Close everything and end the loop.
        case stop
    }

    private let lock = NSLock()
    private var messages: [Message] = []
    private let readEnd: Int32
    private let writeEnd: Int32

    /// A mailbox with its wake-up pipe.
    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw ServeError("cannot make a pipe: \(String(cString: strerror(errno)))") }
        readEnd = ends[0]
        writeEnd = ends[1]
        Socket.prepare(readEnd)
        Socket.prepare(writeEnd)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// The descriptor the loop polls for input.
    var pollDescriptor: Int32 { readEnd }

    /// Posts `message` and wakes the loop (a full pipe already holds a wake-up).
    func post(_ message: Message) {
        lock.withLock { messages.append(message) }
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Every message posted since the last call, in order.
    func take() -> [Message] {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(readEnd, &buffer, buffer.count) > 0 {}
        return lock.withLock {
            defer { messages = [] }
            return messages
        }
    }
}
