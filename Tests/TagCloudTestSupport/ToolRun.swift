import Foundation

/// Runs the built `tagcloud` binary as a user would and returns its exit status and output.
public struct ToolRun {
    /// The exit status.
    public var status: Int32
    /// What the run wrote to standard output.
    public var stdout: Data
    /// What the run wrote to standard error.
    public var stderr: String

    /// The `tagcloud` the tests run, or why there is none to run. Never a binary from another build
    /// (such as `.build/debug/tagcloud` under a release test run): an old binary passes or fails
    /// tests for code that is no longer there.
    static let located: Result<URL, ToolNotBuilt> = ToolLocator.locate()

    /// The `tagcloud` built with these tests; throws, naming the path looked at and the command that
    /// builds it, when it is missing or older than the code it is built from.
    public static var binary: URL {
        get throws { try located.get() }
    }

    /// Runs `tagcloud` with `args`, `stdin` (or nothing) on its standard input, in `folder` (or
    /// the tests' own).
    public static func run(_ args: [String], stdin: Data? = nil, in folder: URL? = nil) throws -> ToolRun {
        try run(executable: try binary, args, stdin: stdin, in: folder)
    }

    /// Runs the program at `executable` (a runtime beside `tagcloud`, such as WasmKit) with `args`,
    /// `stdin` (or nothing) on its standard input, in `folder` (or the tests' own).
    public static func run(executable: URL, _ args: [String], stdin: Data? = nil, in folder: URL? = nil) throws -> ToolRun {
        let p = Process()
        p.executableURL = executable
        p.arguments = args
        if let folder { p.currentDirectoryURL = folder }
        let out = Pipe(), err = Pipe(), inp = Pipe()
        p.standardOutput = out
        p.standardError = err
        p.standardInput = inp
        try p.run()
        // Both pipes read at once, and the input fed meanwhile, before waiting for the child.
        let (o, e) = PipeDrain.collect(
            out: out.fileHandleForReading, err: err.fileHandleForReading, stdin: inp.fileHandleForWriting,
            input: stdin)
        p.waitUntilExit()
        return ToolRun(status: p.terminationStatus, stdout: o, stderr: String(decoding: e, as: UTF8.self))
    }
}

/// A fresh empty folder for one test's files.
public func scratchFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
