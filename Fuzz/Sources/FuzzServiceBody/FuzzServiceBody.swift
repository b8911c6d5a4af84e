import Foundation
import TagCloud
import TagCloudCLI

/// libFuzzer's set-up: loads the fontconfig configuration and lists the fonts before any input
/// runs, with LeakSanitizer looking away. Loading the configuration leaks a few hundred bytes
/// inside fontconfig (its XML parsing), once per process, and the font list is kept for good:
/// during an input, either would be reported as that input's leak.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> Int32 {
    typealias Switch = @convention(c) () -> Void
    // Looked up, not linked: the functions exist only in a build with a sanitizer.
    let disable = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__lsan_disable").map { unsafeBitCast($0, to: Switch.self) }
    let enable = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__lsan_enable").map { unsafeBitCast($0, to: Switch.self) }
    disable?()
    _ = ToolService.fonts()
    enable?()
    return 0
}

/// libFuzzer entry: the input is a request body of `tagcloud serve`, handed to what the server runs
/// for `/api/layout` (`ToolService.draw` with a token cancelled already: the body is read, its
/// options parsed and resolved and its tags read, and the layout stops before it starts),
/// `/api/count` and `/api/tags`. Each must answer or fail with a `ServiceError` of status 400 or
/// 422 whose message is not empty, leaves out the request's scratch folder and makes valid JSON;
/// an answer must be valid JSON; and a body accepted in full names no file on the server.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzServiceBody(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let body = Data(bytes: data, count: size)
    let scratch = Scratch.folder()
    defer { try? FileManager.default.removeItem(at: scratch) }
    let stopped = CancellationToken()
    stopped.cancel()
    do {
        _ = try ToolService.draw(body, scratch: scratch, cancellation: stopped)
        preconditionFailure("a layout ran with a cancelled token")
    } catch let e as ServiceError {
        check(e)
        if e.message == TagCloudError.cancelled.description { checkNamesNoFile(body) }
    } catch {
        preconditionFailure("unexpected error type \(error)")
    }
    Scratch.reset(scratch)
    do {
        checkTerms(try ToolService.count(body, scratch: scratch))
    } catch let e as ServiceError {
        check(e)
    } catch {
        preconditionFailure("unexpected error type \(error)")
    }
    do {
        checkTerms(try ToolService.tags(body))
    } catch let e as ServiceError {
        check(e)
    } catch {
        preconditionFailure("unexpected error type \(error)")
    }
    return 0
}

/// A scratch folder for each input, inside one private folder for the run, as the server has.
enum Scratch {
    static let root: URL = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-fuzz-body-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    static func folder() -> URL {
        let url = root.appendingPathComponent("request")
        reset(url)
        return url
    }

    /// Empties `url` for the next call.
    static func reset(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
        do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false) } catch {
            preconditionFailure("cannot make the scratch folder \(url.path): \(error)")
        }
    }
}

/// An error as the server sends it: a client's status, a message, valid JSON, no scratch path.
func check(_ e: ServiceError) {
    precondition(e.status == 400 || e.status == 422, "status \(e.status): \(e.message)")
    precondition(!e.message.isEmpty, "an empty message")
    precondition(!e.message.contains(Scratch.root.path), "the scratch folder in \(e.message)")
    let json = (try? JSONSerialization.jsonObject(with: Data(e.json.utf8))) as? [String: Any]
    precondition(json?["error"] as? String == e.message, "bad error JSON: \(e.json)")
}

/// An answer of `/api/count` or `/api/tags`: `{"terms": [{"text": ..., "weight": ...}, ...]}`.
func checkTerms(_ answer: Data) {
    guard let json = (try? JSONSerialization.jsonObject(with: answer)) as? [String: Any],
        let terms = json["terms"] as? [[String: Any]]
    else { preconditionFailure("not a JSON term list: \(String(decoding: answer, as: UTF8.self))") }
    for t in terms {
        precondition(t["text"] is String, "a term without text: \(t)")
        let weight = (t["weight"] as? NSNumber)?.doubleValue ?? -1
        precondition(weight.isFinite && weight >= 0, "a bad weight: \(t)")
    }
}

/// A body the server accepted in full: no option that names a file (as the option tables mark
/// them) is set, fonts are families, images are `data:` URLs.
func checkNamesNoFile(_ body: Data) {
    guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
        preconditionFailure("a body accepted that is not a JSON object")
    }
    for (key, value) in object where value as? NSNull == nil {
        precondition(!FileOptions.names.contains(key), "\"\(key)\" accepted: \(value)")
        let strings = (value as? [Any] ?? [value]).compactMap { $0 as? String }
        if key == "font" {
            precondition(!strings.contains { FontDescriptor(family: $0).isFilePath }, "a font file accepted: \(strings)")
        }
        if key == "mask" || key == "color-image" {
            precondition(strings.allSatisfy { $0.hasPrefix("data:") }, "\"\(key)\" accepted: \(strings)")
        }
    }
}

/// The options the server's own tables mark as naming files (`"file": true`), and `config`, which
/// the tables leave out (every command takes it).
enum FileOptions {
    static let names: Set<String> = {
        guard let tables = (try? JSONSerialization.jsonObject(with: ToolService.optionTables())) as? [String: Any] else {
            preconditionFailure("the option tables are not JSON")
        }
        var names: Set<String> = ["config"]
        for case let rows as [[String: Any]] in tables.values {
            for row in rows where row["file"] as? Bool == true { names.insert(row["name"] as? String ?? "") }
        }
        precondition(names.contains("input"), "no file options in the tables")
        return names
    }()
}
