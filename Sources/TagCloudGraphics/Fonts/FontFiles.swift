import TagCloud

/// Font files held in memory, by the path a layout names them with. In WebAssembly there is no
/// file system: the page (or the Node runner) hands the engine each font's bytes under its native
/// path, so layouts name the same files in both builds. Natively nothing is registered and
/// FreeType opens the path itself.
public enum FontFiles {
    /// The registered files. Kept for the life of the process: FreeType reads a memory face's
    /// bytes for as long as the face is open, and faces are cached.
    nonisolated(unsafe) private static var files: [String: UnsafeMutableBufferPointer<UInt8>] = [:]
    private static let lock = Lock()

    /// Registers `bytes` as the contents of `path`; a path registered twice keeps its first bytes
    /// (a face may already be reading them).
    public static func register(_ bytes: [UInt8], path: String) {
        lock.withLock {
            guard files[path] == nil else { return }
            let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(1, bytes.count))
            _ = copy.initialize(from: bytes)
            files[path] = UnsafeMutableBufferPointer(rebasing: copy[0..<bytes.count])
        }
    }

    /// Where fonts not registered come from, when set: the WebAssembly engine asks its host for a
    /// font the first time a word needs it, so a page loads only the fonts its clouds use.
    nonisolated(unsafe) public static var loader: ((String) -> [UInt8]?)?

    /// The bytes registered for `path`, or those `loader` gives for it (then registered).
    public static func bytes(_ path: String) -> UnsafeMutableBufferPointer<UInt8>? {
        if let known = lock.withLock({ files[path] }) { return known }
        guard let loaded = loader?(path) else { return nil }
        register(loaded, path: path)
        return lock.withLock { files[path] }
    }
}
