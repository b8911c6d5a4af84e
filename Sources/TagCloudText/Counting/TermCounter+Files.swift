import Foundation
import TagCloud

// Files and standard input, read in chunks (native only: in WebAssembly the host hands over texts).
extension TermCounter {
    /// The terms of a UTF-8 text file, read in chunks.
    public func count(contentsOf url: URL) throws -> [Term] { try analyze(contentsOf: url).terms }

    /// The size in bytes of the file at `url`, 0 when unknown.
    static func fileSize(_ url: URL) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? NSNumber)??.intValue ?? 0
    }

    /// Counts a file in chunks of `chunkSize` bytes; `progress` is called after each chunk with the bytes read so far.
    public func analyze(
        contentsOf url: URL, chunkSize: Int = 1 << 20,
        progress: ((Int64) -> Void)? = nil
    ) throws -> TextAnalysis {
        try analyze(sources: [.file(url)], chunkSize: chunkSize, progress: progress)
    }

    static func open(_ url: URL) throws -> FileHandle {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory)
        if exists && isDirectory.boolValue { throw TextError.unreadable(name: url.path, reason: "it is a folder, not a file") }
        do { return try FileHandle(forReadingFrom: url) } catch {
            throw TextError.unreadable(name: url.path, reason: exists ? "permission denied" : "no such file")
        }
    }

    static func pump(
        _ handle: FileHandle, name: String, into engine: CountingEngine, chunkSize: Int,
        total: inout Int64, progress: ((Int64) -> Void)?
    ) throws {
        while true {
            let data: Data
            do { data = try handle.read(upToCount: chunkSize) ?? Data() } catch {
                throw TextError.unreadable(name: name, reason: "read failed (\(error.localizedDescription))")
            }
            if data.isEmpty { break }
            try data.withUnsafeBytes { try engine.feed($0.bindMemory(to: UInt8.self)) }
            total += Int64(data.count)
            progress?(total)
        }
    }

    /// Counts everything readable from `fileHandle` (a file or standard input); `name` appears in errors.
    public func analyze(
        fileHandle: FileHandle, name: String, chunkSize: Int = 1 << 20,
        progress: ((Int64) -> Void)? = nil
    ) throws -> TextAnalysis {
        let chunkSize = min(max(1, chunkSize), 1 << 30)
        let engine = try CountingEngine(
            options: options, name: name, pipelinesOnOneCore: pipelinesOnOneCore, cancellation: cancellation)
        var total: Int64 = 0
        try Self.pump(fileHandle, name: name, into: engine, chunkSize: chunkSize, total: &total, progress: progress)
        return try engine.finish()
    }
}
