import TagCloudRecipe
import TagCloudServer

/// `tagcloud serve`: the editor's HTTP server on this machine, its flags read into `ServeSettings`.
enum ServeCommand: Subcommand {
    /// The word typed after `tagcloud`.
    static let name = "serve"

    // One option per line, as a table: the formatter would spread each over several.
    // swift-format-ignore
    static let options: [RecipeKey] = [
        RecipeKey("host", valueName: "ADDRESS", help: "The IP address to listen on. Anything but a loopback address (127.0.0.1, ::1) lets other machines use the server: a warning says so.", defaultValue: "127.0.0.1"),
        RecipeKey("port", short: "p", valueName: "N", help: "The port; 0 lets the system choose a free one (printed).", defaultValue: "8080"),
        RecipeKey("max-body", valueName: "BYTES", help: "The largest request body read; a larger one is refused with 413.", defaultValue: String(16 << 20)),
        RecipeKey("timeout", valueName: "SECONDS", help: "Time limit of a request, queue included (503 past it), and of the in-flight work at shutdown.", defaultValue: "30"),
        RecipeKey("queue", valueName: "N", help: "Requests that may wait for a layout slot (one per core) before more are refused with 503 busy.", defaultValue: "32"),
        RecipeKey("site", valueName: "DIR", help: "The editor's site (make web builds it in .build/web) to serve at /. Default: the one beside the tool, if any."),
        RecipeKey("quiet", short: "q", help: "No log line per request."),
        RecipeKey("help", short: "h", help: "Show this help."),
    ]

    static var helpPage: String {
        helpText(
            command: "tagcloud serve",
            summary: "Serve the editor and its JSON API (docs/serve.md) on this machine, until Ctrl-C.",
            usage: ["[--host ADDRESS] [--port N] [--max-body BYTES] [--timeout SECONDS] [--queue N] [--site DIR] [--quiet]"],
            options: options,
            examples: [
                "tagcloud serve", "tagcloud serve --port 0", "tagcloud serve --site .build/web",
                "tagcloud serve --host 0.0.0.0 --port 8080",
            ])
    }

    /// Runs the server until SIGINT or SIGTERM; a usage error or a port that cannot be listened on
    /// is a `RecipeError.usage` (exit status 1).
    static func main(_ arguments: [String]) throws {
        let parsed = try CommandLineParser(options: options).parse(arguments)
        if parsed.flag("help") {
            try StandardOutput.print(helpPage)
            return
        }
        var settings = ServeSettings()
        settings.host = parsed.string("host") ?? settings.host
        settings.port = UInt16(try parsed.int("port", range: 0...65535) ?? Int(settings.port))
        settings.maximumBody = try parsed.int("max-body", range: 1...(1 << 30)) ?? settings.maximumBody
        settings.timeout = try parsed.double("timeout", range: 0.001...86400) ?? settings.timeout
        settings.queue = try parsed.int("queue", range: 0...ServeSettings.maximumQueue) ?? settings.queue
        settings.quiet = parsed.flag("quiet")
        settings.site = parsed.string("site")
        do { try Server.run(settings) } catch let e as ServeError { throw RecipeError.usage(e.description) }
    }
}
