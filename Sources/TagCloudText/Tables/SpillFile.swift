#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls behind the word pairs moved to temporary files (`PairRuns`, `RunCursor`). The
/// WebAssembly engine has no file system: there no file is ever made (`create` gives -1), so the
/// pairs stay in memory, as they do natively whenever no temporary file can be made.
enum SpillFile {
    /// The folder of the temporary files when none is given: `TMPDIR`, else /tmp.
    static var defaultFolder: String {
        #if hasFeature(Embedded)
        return "/tmp"
        #else
        return getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        #endif
    }

    /// A fresh temporary file in `folder`, already unlinked (nothing is left behind, whatever ends
    /// the process) and closed on exec; -1 when none could be made.
    static func create(in folder: String) -> Int32 {
        #if hasFeature(Embedded)
        return -1
        #else
        var template = Array((folder + "/tagcloud-pairs-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { $0.baseAddress.map { mkstemp($0) } ?? -1 }
        guard fd >= 0 else { return -1 }
        // Closed on exec: a program the process starts never inherits it.
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { if let path = $0.baseAddress { unlink(path) } }
        return fd
        #endif
    }

    /// Writes up to `count` bytes to `fd`: how many were written, -1 on a failure (an interrupted
    /// call is retried).
    static func writeSome(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if hasFeature(Embedded)
        return -1
        #else
        while true {
            let n = write(fd, bytes, count)
            if n < 0 && errno == EINTR { continue }
            return n
        }
        #endif
    }

    /// Reads up to `count` bytes of `fd` at `offset`: how many were read, 0 at the end, -1 on a
    /// failure (an interrupted call is retried).
    static func readSome(_ fd: Int32, _ into: UnsafeMutableRawPointer, _ count: Int, at offset: Int64) -> Int {
        #if hasFeature(Embedded)
        return -1
        #else
        while true {
            let n = pread(fd, into, count, off_t(offset))
            if n < 0 && errno == EINTR { continue }
            return n
        }
        #endif
    }

    /// Why the last call failed, in the system's words.
    static func lastFailure() -> String {
        #if hasFeature(Embedded)
        return "no file system"
        #else
        return String(cString: strerror(errno))
        #endif
    }

    /// Closes `fd`.
    static func closeFile(_ fd: Int32) {
        #if !hasFeature(Embedded)
        _ = close(fd)
        #endif
    }
}
