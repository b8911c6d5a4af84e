import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes a file completely or not at all, for every writer in the package (the renderer's
/// `writePNG`/`writePDF` and the command line's outputs): a reader, or a run that fails or is
/// interrupted half-way, never sees a truncated file under the final name.
public enum AtomicFile {
    /// Temporary files being written, so an interrupt handler can remove them before exiting.
    nonisolated(unsafe) private static var inFlight: Set<String> = []
    private static let lock = NSLock()

    /// Writes `data` to the file at `url`: to a hidden temporary file beside it, flushed to disk,
    /// then renamed over it. Throws `GraphicsError.outputFailed` with the system's reason; the
    /// temporary file is removed on failure and an existing file at `url` is left untouched.
    public static func write(_ data: Data, to url: URL) throws {
        let path = url.path
        func fail(_ reason: String) -> GraphicsError { .outputFailed(path: path, reason: reason) }
        guard url.isFileURL else { throw fail("not a file URL") }
        // Same folder as the destination so the final rename stays on one file system and is
        // atomic; hidden and unique so concurrent writers and directory listings ignore it.
        let temp = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp").path
        // Registered before it exists, so an interrupt can never miss a file already created.
        lock.withLock { _ = inFlight.insert(temp) }
        defer { lock.withLock { _ = inFlight.remove(temp) } }
        let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw fail(errnoText()) }
        var failure = writeAll(data, to: fd)
        // fsync before rename: otherwise a crash can leave the new name pointing at empty blocks.
        if failure == nil, fsync(fd) != 0 { failure = errnoText() }
        if close(fd) != 0, failure == nil { failure = errnoText() }
        if failure == nil, rename(temp, path) != 0 { failure = errnoText() }
        if let failure {
            unlink(temp)
            throw fail(failure)
        }
    }

    /// Removes every temporary file still being written. Meant for a signal handler that is about
    /// to exit, so an interrupted run leaves nothing behind; unlink is all it does, so it is safe
    /// while a write is under way (that write then fails, or its rename finds nothing).
    public static func removeInFlight() {
        for path in lock.withLock({ inFlight }) { unlink(path) }
    }

}

/// Writes every byte of `data` to `fd`, retrying short and interrupted writes; the error text or nil.
/// Outside `AtomicFile` so `write` is the system call, not the enum's own method.
private func writeAll(_ data: Data, to fd: Int32) -> String? {
    data.withUnsafeBytes { (buf: UnsafeRawBufferPointer) -> String? in
        var offset = 0
        while offset < buf.count, let base = buf.baseAddress {
            let n = write(fd, base + offset, buf.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return errnoText()
            }
            offset += n
        }
        return nil
    }
}

private func errnoText() -> String { String(cString: strerror(errno)) }
