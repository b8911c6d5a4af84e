import Dispatch
import Foundation
import TagCloud
import TagCloudRecipe

/// A request as the router sees it: the decoded path, the headers it checks, and the whole body.
struct HTTPRequest: Sendable {
    var method: String
    var path: String
    /// The `format` query argument (`/api/render?format=png`).
    var format: String?
    var host: String?
    var origin: String?
    var contentType: String?
    /// The ETag the browser has of a site file.
    var ifNoneMatch: String? = nil
    var body: Data
}

/// Maps a request to its answer: the Host and Origin checks, the routes, and the work through the
/// layout pool with the request's time limit. Never throws: every failure is a JSON error answer.
struct Router: Sendable {
    /// Which `Host` headers name this server (DNS rebinding is refused by it).
    let hosts: HostCheck
    /// Runs the layouts.
    let pool: LayoutPool
    /// Seconds a request may take, queue included.
    let timeout: Double
    /// The editor, the WebAssembly engine's static site, served at `/`.
    var site: SiteFolder? = nil

    private static let routes: [String: String] = [
        "/api/options": "GET", "/api/fonts": "GET", "/api/palettes": "GET", "/api/shapes": "GET",
        "/api/count": "POST", "/api/tags": "POST", "/api/layout": "POST", "/api/render": "POST",
    ]

    /// The answer to `request`.
    func respond(_ request: HTTPRequest) -> HTTPResponse {
        let start = DispatchTime.now()
        guard let host = request.host, hosts.accepts(host) else {
            return .error(
                403, "the Host header \"\(request.host ?? "")\" is not this server's address: open the address it printed")
        }
        if !request.path.hasPrefix("/api/") { return siteFile(request) }
        guard let method = Self.routes[request.path] else {
            return .error(404, "no such page or endpoint: \(request.path)")
        }
        guard request.method == method || (method == "GET" && request.method == "HEAD") else {
            var r = HTTPResponse.error(405, "\(request.path) takes \(method), not \(request.method)")
            r.headers.append(("Allow", method == "GET" ? "GET, HEAD" : method))
            return r
        }
        if method == "GET" { return get(request.path) }
        if let origin = request.origin, origin != "http://" + host {
            return .error(403, "cross-origin request from \(origin) refused: this server answers only its own page")
        }
        let type = request.contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased()
        guard type == "application/json" else {
            return .error(415, "send the body as application/json, not \(request.contentType ?? "no Content-Type")")
        }
        var format: OutputFormat?
        if request.path == "/api/render" {
            guard let name = request.format, let f = OutputFormat(rawValue: name.lowercased()) else {
                return .error(400, "give ?format=png, pdf, svg, html or json", key: "format")
            }
            format = f
        }
        return work(request, format: format, deadline: start + timeout)
    }

    /// A file of the static site, or why not.
    private func siteFile(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            var r = HTTPResponse.error(405, "\(request.path) takes GET, not \(request.method)")
            r.headers.append(("Allow", "GET, HEAD"))
            return r
        }
        guard let site else {
            return HTTPResponse(
                status: 404, body: Data((Self.noSite + "\n").utf8), contentType: "text/plain; charset=utf-8")
        }
        return site.answer(request.path, known: request.ifNoneMatch)
    }

    /// What a page request is told when the editor's site was not built.
    static let noSite =
        "The editor is not built here: run make web (it builds .build/web), or start tagcloud serve --site DIR; "
        + "the JSON API is at /api/ (docs/serve.md)."

    private func get(_ path: String) -> HTTPResponse {
        switch path {
        case "/api/options": return .json(ToolService.optionTables())
        case "/api/fonts": return .json(ToolService.fonts())
        case "/api/palettes": return .json(ToolService.palettes())
        case "/api/shapes": return .json(ToolService.shapes())
        default: return .error(404, "no such page or endpoint: \(path)")
        }
    }

    /// Counts, lays out or renders in the pool; the work stops at the deadline.
    private func work(_ request: HTTPRequest, format: OutputFormat?, deadline: DispatchTime) -> HTTPResponse {
        let outcome = pool.run(deadline: deadline) { (cancellation) -> HTTPResponse in
            do {
                return try Self.answer(request, format: format, cancellation: cancellation)
            } catch let e as ServiceError {
                return .error(e)
            } catch {
                return .error(400, "\(error)")
            }
        }
        switch outcome {
        case .done(let response): return response
        case .busy: return .error(503, "busy: every layout slot and the queue are taken; try again in a moment")
        case .timedOut:
            return .error(
                503,
                "the request took longer than the server's time limit (--timeout \(Self.seconds(timeout))): "
                    + "ask for fewer words or a smaller canvas")
        }
    }

    private static func answer(
        _ request: HTTPRequest, format: OutputFormat?, cancellation: CancellationToken
    ) throws -> HTTPResponse {
        if request.path == "/api/count" {
            return .json(try ToolService.count(request.body, cancellation: cancellation))
        }
        if request.path == "/api/tags" { return .json(try ToolService.tags(request.body)) }
        let drawing = try ToolService.draw(request.body, cancellation: cancellation)
        guard let format else { return .json(try drawing.answer()) }
        var r = HTTPResponse(status: 200, body: try drawing.render(format), contentType: contentType(format))
        r.headers.append(("Content-Disposition", "attachment; filename=\"tagcloud.\(format.rawValue)\""))
        return r
    }

    static func contentType(_ format: OutputFormat) -> String {
        switch format {
        case .png: return "image/png"
        case .pdf: return "application/pdf"
        case .svg: return "image/svg+xml"
        case .html: return "text/html; charset=utf-8"
        case .json: return "application/json"
        }
    }

    static func seconds(_ s: Double) -> String {
        s == s.rounded() ? String(Int(s)) : String(s)
    }
}
