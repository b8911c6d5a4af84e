import Dispatch
import Foundation
import TagCloudCLI

/// `tagcloud serve`: the editor's HTTP server on this machine.
public enum ServeCommand {
    /// The word typed after `tagcloud`.
    public static let name = "serve"

    // One option per line, as a table: the formatter would spread each over several.
    // swift-format-ignore
    static let options: [OptionSpec] = [
        OptionSpec("host", valueName: "ADDRESS", help: "The IP address to listen on. Anything but a loopback address (127.0.0.1, ::1) lets other machines use the server: a warning says so.", defaultValue: "127.0.0.1"),
        OptionSpec("port", short: "p", valueName: "N", help: "The port; 0 lets the system choose a free one (printed).", defaultValue: "8080"),
        OptionSpec("max-body", valueName: "BYTES", help: "The largest request body read; a larger one is refused with 413.", defaultValue: String(16 << 20)),
        OptionSpec("timeout", valueName: "SECONDS", help: "Time limit of a request, queue included (503 past it), and of the in-flight work at shutdown.", defaultValue: "30"),
        OptionSpec("queue", valueName: "N", help: "Requests that may wait for a layout slot (one per core) before more are refused with 503 busy.", defaultValue: "32"),
        OptionSpec("quiet", short: "q", help: "No log line per request."),
        OptionSpec("help", short: "h", help: "Show this help."),
    ]

    /// The longest `--queue`: each waiting request holds a worker thread and its connection.
    static let maximumQueue = 64

    static var helpPage: String {
        helpText(
            command: "tagcloud serve",
            summary: "Serve the editor and its JSON API (docs/serve.md) on this machine, until Ctrl-C.",
            usage: ["[--host ADDRESS] [--port N] [--max-body BYTES] [--timeout SECONDS] [--queue N] [--quiet]"], options: options,
            examples: ["tagcloud serve", "tagcloud serve --port 0", "tagcloud serve --host 0.0.0.0 --port 8080"])
    }

    /// Runs the server until SIGINT or SIGTERM; returns the exit status (0 after a clean stop,
    /// 1 for a usage error or a port that cannot be listened on).
    public static func main(_ arguments: [String]) -> Int32 {
        do {
            let parsed = try CommandLineParser(options: options).parse(arguments)
            if parsed.flag("help") {
                print(helpPage, terminator: "")
                return 0
            }
            try serve(parsed)
            return 0
        } catch {
            FileHandle.standardError.write(Data("tagcloud: error: \(error)\n".utf8))
            return 1
        }
    }

    private static func serve(_ args: ParsedArguments) throws {
        let host = args.string("host") ?? "127.0.0.1"
        let port = try args.int("port", range: 0...65535) ?? 8080
        guard var address = ServeAddress(host: host, port: UInt16(port)) else {
            throw ServeError("invalid value \"\(host)\" for --host: expected an IP address such as 127.0.0.1 or ::1")
        }
        let maximumBody = try args.int("max-body", range: 1...(1 << 30)) ?? (16 << 20)
        let timeout = try args.double("timeout", range: 0.001...86400) ?? 30
        let quiet = args.flag("quiet")
        // A request never reads the server's standard input (a tag "-" is standard input to the CLI).
        let null = open("/dev/null", O_RDONLY)
        if null >= 0 { dup2(null, STDIN_FILENO); close(null) }
        signal(SIGPIPE, SIG_IGN)
        // Before any thread is started (they inherit what libdispatch sets up for the signals).
        let stop = StopSignal()
        let scratch = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let queue = try args.int("queue", range: 0...maximumQueue) ?? 32
        let pool = LayoutPool(workers: cores, queue: queue)
        raiseDescriptorLimit()
        let listener = try Listener(address)
        address.port = listener.port
        let router = Router(
            hosts: HostCheck(address: address.ip, port: address.port), pool: pool, timeout: timeout, scratchRoot: scratch)
        let server = try HTTPServer(
            listener: listener, router: router, limits: HTTPLimits(maximumBody: maximumBody),
            log: quiet ? nil : HTTPServer.standardErrorLog)
        server.start()
        FileHandle.standardOutput.write(Data("Editor at http://\(address.display)/  (Ctrl-C to stop)\n".utf8))
        if !address.isLoopback {
            FileHandle.standardError.write(
                Data(
                    ("tagcloud: warning: listening on \(address.display), which other machines can reach: anyone who can "
                        + "connect may use this server (it has no login); use --host 127.0.0.1 to keep it to this machine\n").utf8
                ))
        }
        stop.wait()
        server.stopAccepting()
        let end = DispatchTime.now() + timeout
        while pool.inFlight > 0 && DispatchTime.now() < end { usleep(20_000) }
        server.stop()
    }

    /// SIGINT and SIGTERM, caught from before the address is printed: whoever reads the address
    /// may signal at once, and a signal between ignoring it and watching for it would be lost.
    private final class StopSignal {
        private let semaphore = DispatchSemaphore(value: 0)
        private var sources: [DispatchSourceSignal] = []

        init() {
            for sig in [SIGINT, SIGTERM] {
                signal(sig, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
                source.setEventHandler { [semaphore] in semaphore.signal() }
                source.resume()
                sources.append(source)
            }
        }

        /// Blocks until SIGINT or SIGTERM.
        func wait() {
            semaphore.wait()
            sources.forEach { $0.cancel() }
        }
    }

    /// Raises the soft limit on open descriptors towards the hard one: each connection holds one,
    /// and where the soft limit is low (256 on macOS) it, not the connection cap, would bound them.
    private static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(descriptorResource, &limit) == 0 else { return }
        let wanted = min(limit.rlim_max, 4096)
        if limit.rlim_cur < wanted {
            limit.rlim_cur = wanted
            _ = setrlimit(descriptorResource, &limit)
        }
    }

    #if canImport(Glibc)
    private static let descriptorResource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
    private static let descriptorResource = RLIMIT_NOFILE
    #endif

    /// A folder only this user can read, for the files of requests (tags, masks, texts).
    private static func scratchFolder() throws -> URL {
        var template = Array((NSTemporaryDirectory() + "/tagcloud-serve-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ServeError("cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        return URL(fileURLWithPath: String(cString: made))
    }
}
