import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The editor: the static site of the WebAssembly engine (`make web` builds it into `.build/web`),
/// served read-only at `/` by `tagcloud serve`: the same files any static host serves.
/// A request names a file by plain path components only; what it opens must be a regular file
/// inside the folder once links are resolved.
struct SiteFolder: Sendable {
    /// Where the site is served.
    static let prefix = "/"
    /// The largest file served (the biggest font of a Debian system is about 20 MB).
    static let maximumFile = 64 << 20

    /// The folder, links resolved, without a trailing slash.
    let root: String

    /// The site in `path`; a `ServeError` naming it unless it is a folder holding `index.html`.
    init(_ path: String) throws(ServeError) {
        guard let resolved = realpath(path, nil) else {
            throw ServeError("--site \(path): no such folder: build the site with make web, then --site .build/web")
        }
        root = String(cString: resolved)
        free(resolved)
        var info = stat()
        guard stat(root + "/index.html", &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw ServeError("--site \(path): no index.html in it: give the folder make web builds (.build/web)")
        }
    }

    /// The site beside the tool, when there is one: `share/tagcloud/web` of an installed tool, or
    /// `.build/web` of the build tree the tool was built in.
    static func besideTool() -> SiteFolder? {
        guard let tool = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return nil }
        let folder = tool.deletingLastPathComponent()
        for candidate in ["../share/tagcloud/web", "../../web"] {
            if let site = try? SiteFolder(folder.appendingPathComponent(candidate).path) { return site }
        }
        return nil
    }

    /// The answer to GET `path` (under `prefix`); `known` is the request's `If-None-Match`.
    func answer(_ path: String, known: String?) -> HTTPResponse {
        var relative = String(path.dropFirst(Self.prefix.count))
        if relative.isEmpty || relative.hasSuffix("/") { relative += "index.html" }
        guard Self.isPlain(relative), let file = openFile(relative) else {
            return .error(404, "no such file in the site: \(path)")
        }
        defer { close(file.descriptor) }
        let tag = "\"\(file.size)-\(file.modified)\""
        if known == tag {
            // A browser keeps the headers of a 304 in place of the cached ones: the policy too.
            var r = HTTPResponse(status: 304, body: Data(), contentType: Self.mediaType(relative))
            r.policy = .site
            r.headers.append(("ETag", tag))
            return r
        }
        guard file.size <= Self.maximumFile else {
            return .error(500, "the site's file \(path) is larger than the \(Self.maximumFile >> 20) MB this server sends")
        }
        guard let bytes = Self.read(file.descriptor, size: file.size) else {
            return .error(500, "the site's file \(path) could not be read (it changed while read)")
        }
        var r = HTTPResponse(status: 200, body: bytes, contentType: Self.mediaType(relative))
        r.policy = .site
        r.headers.append(("ETag", tag))
        return r
    }

    /// Path components of letters, digits and `._-+@ ` that do not start with a dot: no `..`,
    /// no hidden files, no control characters or backslashes.
    static func isPlain(_ relative: String) -> Bool {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false)
        return parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first != "." else { return false }
            return part.unicodeScalars.allSatisfy { s in
                s.properties.isAlphabetic || s.properties.numericType != nil || "._-+@ ,()".unicodeScalars.contains(s)
            }
        }
    }

    private struct OpenFile {
        let descriptor: Int32
        let size: Int
        let modified: Int
    }

    /// The file at `relative`, open, when it is a regular file whose resolved path is in the folder.
    private func openFile(_ relative: String) -> OpenFile? {
        guard let resolved = realpath(root + "/" + relative, nil) else { return nil }
        let real = String(cString: resolved)
        free(resolved)
        guard real.hasPrefix(root + "/") else { return nil }
        let fd = open(real, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            return nil
        }
        #if canImport(Darwin)
        let modified = Int(info.st_mtimespec.tv_sec)
        #else
        let modified = Int(info.st_mtim.tv_sec)
        #endif
        return OpenFile(descriptor: fd, size: Int(info.st_size), modified: modified)
    }

    /// The `size` bytes of the open file, or nil when it changed size while read.
    private static func read(_ fd: Int32, size: Int) -> Data? {
        var bytes = Data(count: size)
        let got = bytes.withUnsafeMutableBytes { buffer -> Int in
            var done = 0
            while done < size {
                let n = Foundation.read(fd, buffer.baseAddress! + done, size - done)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                done += n
            }
            return done
        }
        return got == size ? bytes : nil
    }

    /// The media type of a site file, by its extension; the module scripts and the engine need
    /// theirs (a browser refuses a module or streamed WebAssembly of another type).
    static func mediaType(_ name: String) -> String {
        let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
        switch ext {
        case "html": return "text/html; charset=utf-8"
        case "js", "mjs": return "text/javascript; charset=utf-8"
        case "css": return "text/css; charset=utf-8"
        case "json": return "application/json"
        case "wasm": return "application/wasm"
        case "svg": return "image/svg+xml"
        case "png": return "image/png"
        case "ts": return "text/plain; charset=utf-8"
        case "txt": return "text/plain; charset=utf-8"
        case "ttf": return "font/ttf"
        case "otf": return "font/otf"
        case "ttc": return "font/collection"
        case "woff": return "font/woff"
        case "woff2": return "font/woff2"
        default: return "application/octet-stream"
        }
    }
}
