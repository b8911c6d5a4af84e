import Dispatch
import Foundation

/// What `tagcloud serve` was asked for: where to listen and the limits of its requests.
public struct ServeSettings: Sendable {
    /// The IP address to listen on.
    public var host = "127.0.0.1"
    /// The port; 0 lets the system choose a free one.
    public var port: UInt16 = 8080
    /// The largest request body read, in bytes (413 past it).
    public var maximumBody = 16 << 20
    /// Seconds a request may take, queue included (503 past it).
    public var timeout = 30.0
    /// Requests that may wait for a layout slot before more are refused with 503 busy.
    public var queue = 32
    /// No log line per request.
    public var quiet = false
    /// The folder of the WebAssembly engine's static site (`make web` builds `.build/web`),
    /// served under `/web/`; nil serves none.
    public var site: String?

    /// The longest `queue`: each waiting request holds a worker thread and its connection.
    public static let maximumQueue = 64

    /// The default settings: loopback, port 8080.
    public init() {}
}

/// The editor's HTTP server on this machine.
public enum Server {
    /// Serves until SIGINT or SIGTERM, then lets the requests in flight finish (up to the time
    /// limit). Prints the editor's address on standard output once it listens; throws a
    /// `ServeError` for an address that is not one or a port that cannot be listened on.
    public static func run(_ settings: ServeSettings) throws {
        guard var address = ServeAddress(host: settings.host, port: settings.port) else {
            throw ServeError(
                "invalid value \"\(settings.host)\" for --host: expected an IP address such as 127.0.0.1 or ::1")
        }
        // A request never reads the server's standard input (a tag "-" is standard input to the CLI).
        let null = open("/dev/null", O_RDONLY)
        if null >= 0 { dup2(null, STDIN_FILENO); close(null) }
        signal(SIGPIPE, SIG_IGN)
        // Before any thread is started (they inherit what libdispatch sets up for the signals).
        let stop = try StopSignal()
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let pool = LayoutPool(workers: cores, queue: settings.queue)
        raiseDescriptorLimit()
        let site = try settings.site.map { (path) throws(ServeError) in try SiteFolder(path) } ?? SiteFolder.besideTool()
        let listener = try Listener(address)
        address.port = listener.port
        let router = Router(
            hosts: HostCheck(address: address.ip, port: address.port), pool: pool, timeout: settings.timeout, site: site)
        let server = try HTTPServer(
            listener: listener, router: router, limits: HTTPLimits(maximumBody: settings.maximumBody),
            log: settings.quiet ? nil : HTTPServer.standardErrorLog)
        server.start()
        let started =
            site == nil
            ? "API at http://\(address.display)/api/  (Ctrl-C to stop). " + Router.noSite
            : "Editor at http://\(address.display)/  (Ctrl-C to stop)"
        FileHandle.standardOutput.write(Data((started + "\n").utf8))
        if !address.isLoopback {
            FileHandle.standardError.write(
                Data(
                    ("tagcloud: warning: listening on \(address.display), which other machines can reach: anyone who can "
                        + "connect may use this server (it has no login); use --host 127.0.0.1 to keep it to this machine\n").utf8
                ))
        }
        stop.wait()
        server.stopAccepting()
        let end = DispatchTime.now() + settings.timeout
        while pool.inFlight > 0 && DispatchTime.now() < end { usleep(20_000) }
        server.stop()
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
}
