import Foundation
import Testing

/// Runs the built `tagcloud` as a hostile user would: under resource limits (`prlimit`, so a
/// regression that eats memory or time fails fast instead of exhausting the machine), with standard
/// input from a file, and standard output to a file, a device or nowhere (closed).
public struct HostileRun {
    /// Where the child's standard output goes.
    public enum Output {
        /// A pipe the test reads.
        case pipe
        /// A file or device opened for writing (`/dev/full`).
        case path(String)
        /// Closed, as `>&-` leaves it.
        case closed
    }

    /// Address space and CPU seconds a hostile run may use: the legitimate runs of the suite need a
    /// fraction of each, the defects they guard against needed gigabytes or minutes.
    public static let addressSpaceBytes = 4_000_000_000
    /// See `addressSpaceBytes`.
    public static let cpuSeconds = 60

    /// The exit status (128 + the signal's number when a signal ended the run).
    public var status: Int32
    /// What the run wrote to standard output.
    public var stdout: Data
    /// What the run wrote to standard error.
    public var stderr: String

    /// The `prlimit` program that bounds a run, when the machine has one.
    public static var prlimit: String? {
        ["/usr/bin/prlimit", "/bin/prlimit"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs `args` with standard input from `stdinPath` (or empty) and standard output to `output`.
    public static func run(
        _ args: [String], stdinPath: String? = nil, output: Output = .pipe,
        addressSpace: Int = addressSpaceBytes
    ) throws -> HostileRun {
        let p = Process()
        var command = [try ToolRun.binary.path] + args
        if let prlimit {
            command = [prlimit, "--as=\(addressSpace)", "--cpu=\(cpuSeconds)", "--"] + command
        }
        if case .closed = output {
            // Foundation cannot leave a descriptor closed in the child; the shell can.
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", "exec \"$@\" >&-", "sh"] + command
        } else {
            p.executableURL = URL(fileURLWithPath: command[0])
            p.arguments = Array(command.dropFirst())
        }
        let out = Pipe(), err = Pipe()
        switch output {
        case .pipe, .closed: p.standardOutput = out
        case .path(let path):
            guard let handle = FileHandle(forWritingAtPath: path) else { throw CocoaError(.fileNoSuchFile) }
            p.standardOutput = handle
        }
        p.standardError = err
        p.standardInput = stdinPath.flatMap { FileHandle(forReadingAtPath: $0) } ?? FileHandle.nullDevice
        try p.run()
        if case .path = output { try out.fileHandleForWriting.close() }
        let (o, e) = PipeDrain.collect(out: out.fileHandleForReading, err: err.fileHandleForReading)
        p.waitUntilExit()
        return HostileRun(status: p.terminationStatus, stdout: o, stderr: String(decoding: e, as: UTF8.self))
    }
}

/// A folder of files given to one run, with the bytes each held, so a test can tell that nothing
/// was changed, replaced or left behind.
public struct Scratch {
    /// The folder.
    public let url: URL
    private var originals: [String: Data] = [:]

    /// A new, empty folder.
    public init() throws { url = try scratchFolder() }

    /// The folder's path.
    public var path: String { url.path }

    /// The path of the file `name` in the folder.
    public func file(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Writes `bytes` to `name` and remembers them.
    public mutating func add(_ name: String, _ bytes: Data) throws {
        try bytes.write(to: url.appendingPathComponent(name))
        originals[name] = bytes
    }

    /// Every file written by `add` still holds its bytes, and the folder holds nothing else except
    /// `allowed` (no output of a failed run, no hidden temporary file).
    public func expectUntouched(
        allowing allowed: Set<String> = [], _ comment: String = "",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for (name, bytes) in originals {
            let now = FileManager.default.contents(atPath: file(name))
            #expect(now == bytes, "\(name) was changed \(comment)", sourceLocation: sourceLocation)
        }
        let present = Set(try FileManager.default.contentsOfDirectory(atPath: path))
        let extra = present.subtracting(originals.keys).subtracting(allowed)
        #expect(extra.isEmpty, "left behind: \(extra.sorted()) \(comment)", sourceLocation: sourceLocation)
    }

    /// Deletes the folder and everything in it.
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
