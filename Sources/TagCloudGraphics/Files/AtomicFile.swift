import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes every output of the package (the renderer's `writePNG`/`writePDF` and the command line's
/// files) so that nothing is lost and nothing is put where it does not belong:
///
/// - a regular file, new or existing, is written to a hidden temporary file beside it, flushed and
///   renamed over it, so a reader or a run that fails or is interrupted never sees a truncated file;
///   the file replaced keeps its permissions (and, for root, its owner), and a read-only file or one
///   the user may not write is refused rather than replaced;
/// - a symbolic link is followed, so its target gets the new contents and the link stays a link;
/// - anything else that exists (a device such as `/dev/null`, a FIFO, a terminal) is written
///   through, never replaced, and the process's own standard output (`/dev/stdout`, `/dev/fd/1`) is
///   written as standard output.
public enum AtomicFile {
    /// Temporary files being written, so an interrupt handler can remove them before exiting.
    nonisolated(unsafe) private static var inFlight: Set<String> = []
    nonisolated(unsafe) private static var completed = 0
    private static let lock = NSLock()
    /// The longest file name most file systems take (NAME_MAX), in bytes.
    private static let maximumNameBytes = 255
    /// Links followed before the path is refused as a loop, as the kernel's own limit (ELOOP).
    private static let maximumLinks = 40

    /// Writes `data` to the file at `url` as the type's documentation describes. Throws
    /// `GraphicsError.outputFailed` with the reason; nothing at `url` changes when it fails.
    public static func write(_ data: Data, to url: URL) throws {
        try write(to: url) { sink in try data.withUnsafeBytes { try sink($0) } }
    }

    /// Writes what `produce` hands its sink, piece by piece, to the file at `url`, as `write(_:to:)`
    /// writes data: a large output need not be held whole in memory, and a regular file still
    /// appears complete or not at all. An error `produce` throws (after removing the partial
    /// temporary file) is rethrown as it is; a failed write ends `produce` with
    /// `GraphicsError.outputFailed`. `ownName` says the file name is the tool's own (a file it
    /// writes in a folder it was given), not the user's: then only a regular file is replaced, and
    /// a link or device found there is refused rather than followed.
    public static func write(
        to url: URL, ownName: Bool = false, _ produce: (_ sink: (UnsafeRawBufferPointer) throws -> Void) throws -> Void
    ) throws {
        let path = url.path
        func fail(_ reason: String) -> GraphicsError { .outputFailed(path: path, reason: reason) }
        guard url.isFileURL else { throw fail("not a file URL") }
        if ownName {
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
                throw fail(
                    "something other than a regular file is there (a link or a device): remove it, or choose another folder")
            }
        }
        switch try destination(of: path) {
        case .standardOutput:
            try produce { try writeToStandardOutput($0) }
        case .writeThrough:
            let fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
            guard fd >= 0 else { throw fail(errnoText()) }
            var failure: String?
            do {
                failure = try writeProduced(produce, to: fd)
            } catch {
                close(fd)
                throw error
            }
            if close(fd) != 0, failure == nil { failure = errnoText() }
            if let failure { throw fail(failure) }
            lock.withLock { completed += 1 }
        case .replace(let target, let existing):
            try replace(target, existing: existing, with: produce, fail: fail)
        }
    }

    /// Writes all of `data` to the process's standard output; throws `GraphicsError.outputFailed`
    /// naming standard output when it is closed, full or otherwise fails.
    public static func writeToStandardOutput(_ data: Data) throws {
        try data.withUnsafeBytes { try writeToStandardOutput($0) }
    }

    /// Writes all of `bytes` to the process's standard output, as `writeToStandardOutput(_:)` does.
    public static func writeToStandardOutput(_ bytes: UnsafeRawBufferPointer) throws {
        if let failure = writeAll(bytes, to: STDOUT_FILENO) {
            throw GraphicsError.outputFailed(path: "standard output", reason: failure)
        }
    }

    /// Files written in full (renamed into place or written through) by this process so far: an
    /// interrupt handler says whether the output is there.
    public static var filesWritten: Int { lock.withLock { completed } }

    /// Removes every temporary file still being written. Meant for a signal handler that is about
    /// to exit, so an interrupted run leaves nothing behind; unlink is all it does, so it is safe
    /// while a write is under way (that write then fails, or its rename finds nothing).
    public static func removeInFlight() {
        for path in lock.withLock({ inFlight }) { unlink(path) }
    }

    /// What writing to a path means.
    private enum Destination {
        /// The path is this process's standard output.
        case standardOutput
        /// An existing file that is not a regular file: opened and written, never replaced.
        case writeThrough
        /// A regular file (existing, with its status, or new) at `target`, the path with every
        /// symbolic link resolved.
        case replace(target: String, existing: stat?)
    }

    private static func destination(of path: String) throws -> Destination {
        func fail(_ reason: String) -> GraphicsError { .outputFailed(path: path, reason: reason) }
        var status = stat()
        if stat(path, &status) == 0 {
            var out = stat()
            if fstat(STDOUT_FILENO, &out) == 0, out.st_dev == status.st_dev, out.st_ino == status.st_ino {
                return .standardOutput
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: throw fail("it is a folder")
            case S_IFREG: return .replace(target: try resolvingLinks(path), existing: status)
            default: return .writeThrough
            }
        }
        guard errno == ENOENT else { throw fail(errnoText()) }
        // Missing, or a link to something missing: the file is created where the links lead.
        return .replace(target: try resolvingLinks(path), existing: nil)
    }

    /// `path` with its last component's symbolic links followed, as many as `maximumLinks`.
    private static func resolvingLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0...maximumLinks {
            var status = stat()
            guard lstat(current, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count >= 0 else { throw GraphicsError.outputFailed(path: path, reason: errnoText()) }
            let target = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : (current as NSString).deletingLastPathComponent + "/" + target
        }
        throw GraphicsError.outputFailed(path: path, reason: "too many levels of symbolic links")
    }

    /// Writes `data` to a temporary file beside `target` and renames it over `target`, keeping the
    /// permissions (and for root the owner) of the file it replaces.
    private static func replace(
        _ target: String, existing: stat?, with produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void,
        fail: (String) -> GraphicsError
    ) throws {
        if let existing {
            // rename(2) needs only the folder's permission: without these checks it would quietly
            // replace a file its owner marked read-only, or one that belongs to someone else.
            if existing.st_mode & 0o222 == 0 {
                throw fail("the file is read-only: make it writable (chmod u+w) or choose another output file")
            }
            if access(target, W_OK) != 0 { throw fail("\(errnoText()): choose another output file") }
        }
        let (temp, fd) = try createTemporary(beside: target, fail: fail)
        defer { lock.withLock { _ = inFlight.remove(temp) } }
        var failure: String?
        if let existing {
            if fchmod(fd, existing.st_mode & 0o7777) != 0 { failure = errnoText() }
            // Only root may give a file away; for others the new file is theirs, as it would be anyway.
            if geteuid() == 0 { _ = fchown(fd, existing.st_uid, existing.st_gid) }
        }
        if failure == nil {
            do {
                failure = try writeProduced(produce, to: fd)
            } catch {
                close(fd)
                unlink(temp)
                throw error
            }
        }
        // fsync before rename: otherwise a crash can leave the new name pointing at empty blocks.
        if failure == nil, fsync(fd) != 0 { failure = errnoText() }
        if close(fd) != 0, failure == nil { failure = errnoText() }
        if failure == nil, rename(temp, target) != 0 { failure = errnoText() }
        if let failure {
            unlink(temp)
            throw fail(failure)
        }
        lock.withLock { completed += 1 }
    }

    /// Creates a new hidden file in `target`'s folder and registers it as in flight. Same folder so
    /// the final rename stays on one file system and is atomic; hidden and unique so concurrent
    /// writers and directory listings ignore it; its name is cut so it fits where `target`'s does.
    private static func createTemporary(beside target: String, fail: (String) -> GraphicsError) throws -> (String, Int32) {
        let folder = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let suffixBytes = ".12345678.tmp".utf8.count
        var stem = Substring(name)
        while 1 + stem.utf8.count + suffixBytes > maximumNameBytes { stem = stem.dropLast() }
        for _ in 0..<16 {
            let tag = String(UInt32.random(in: 0...UInt32.max), radix: 16)
            let file = "." + stem + "." + String(repeating: "0", count: 8 - tag.count) + tag + ".tmp"
            let temp = folder.isEmpty ? file : folder + "/" + file
            // Registered before it exists, so an interrupt can never miss a file already created.
            lock.withLock { _ = inFlight.insert(temp) }
            let fd = open(temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            if fd >= 0 { return (temp, fd) }
            let reason = errnoText()
            let exists = errno == EEXIST
            lock.withLock { _ = inFlight.remove(temp) }
            if !exists { throw fail(reason) }
        }
        throw fail("could not create a temporary file beside it")
    }
}

/// A write to the temporary file failed, with the system's reason: told apart from the producer's
/// own errors, which are rethrown as they are.
private struct WriteFailure: Error { var reason: String }

/// Hands `produce` a sink that writes to `fd`: the reason a write failed, or nil when every write
/// succeeded. An error `produce` throws itself is rethrown.
private func writeProduced(
    _ produce: ((UnsafeRawBufferPointer) throws -> Void) throws -> Void, to fd: Int32
) throws -> String? {
    do {
        try produce { bytes in if let reason = writeAll(bytes, to: fd) { throw WriteFailure(reason: reason) } }
    } catch let e as WriteFailure {
        return e.reason
    }
    return nil
}

/// Writes every byte of `buf` to `fd`, retrying short and interrupted writes; the error text or nil.
/// Outside `AtomicFile` so `write` is the system call, not the enum's own method.
private func writeAll(_ buf: UnsafeRawBufferPointer, to fd: Int32) -> String? {
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

private func errnoText() -> String { String(cString: strerror(errno)) }
