import Foundation

/// Why the tests have no current `tagcloud` to run, and how to build one.
public struct ToolNotBuilt: Error, CustomStringConvertible {
    /// The path looked at and the command that builds the tool.
    public let description: String
}

/// Finds the `tagcloud` binary of the build the tests belong to.
///
/// `TAGCLOUD_BIN`, when set, names the binary outright (taken as it is). Otherwise the binary is the
/// `tagcloud` in the test bundle's own build folder, where `swift build --build-tests` puts it; it
/// must be at least as new as every object file of the modules it is linked from, or it is a stale
/// build (the tests were rebuilt without the tool).
enum ToolLocator {
    static let buildCommand = "swift build --build-tests -c release -Xswiftc -enable-testing"

    /// The modules the tool is linked from, as their build folders are named.
    static let modules = [
        "TagCloud", "TagCloudText", "TagCloudGraphics", "TagCloudExport", "TagCloudCLI", "TagCloudServer", "tagcloud",
    ]

    static func locate() -> Result<URL, ToolNotBuilt> {
        if let given = ProcessInfo.processInfo.environment["TAGCLOUD_BIN"] {
            guard FileManager.default.isExecutableFile(atPath: given) else {
                return .failure(ToolNotBuilt(description: "TAGCLOUD_BIN is \(given), which is not an executable file"))
            }
            return .success(URL(fileURLWithPath: given))
        }
        let folder = buildFolder()
        let tool = folder.appendingPathComponent("tagcloud")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            return .failure(
                ToolNotBuilt(
                    description: "no tagcloud at \(tool.path) beside the test bundle: build it with "
                        + "`\(buildCommand)` (or set TAGCLOUD_BIN to a tagcloud binary)"))
        }
        if let newer = newestObject(in: folder), let built = modified(tool), newer.date > built {
            return .failure(
                ToolNotBuilt(
                    description: "\(tool.path) is older than \(newer.path), which it is linked "
                        + "from: a stale build. Rebuild it with `\(buildCommand)` (or set TAGCLOUD_BIN)"))
        }
        return .success(tool)
    }

    /// The folder holding the test bundle, and with it every product of the same build.
    static func buildFolder() -> URL {
        // On macOS the tests run inside an .xctest bundle loaded by a runner; on Linux the bundle
        // is the executable itself.
        if let bundle = Bundle.allBundles.first(where: { $0.bundlePath.hasSuffix(".xctest") }) {
            return bundle.bundleURL.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    }

    /// The most recently written object file of the tool's modules in `folder`.
    static func newestObject(in folder: URL) -> (path: String, date: Date)? {
        var newest: (path: String, date: Date)?
        for module in modules {
            let dir = folder.appendingPathComponent("\(module).build")
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
            for name in names where name.hasSuffix(".o") {
                let path = dir.appendingPathComponent(name).path
                if let date = modified(URL(fileURLWithPath: path)), date > newest?.date ?? .distantPast {
                    newest = (path, date)
                }
            }
        }
        return newest
    }

    static func modified(_ url: URL) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: url.path))?[.modificationDate] as? Date
    }
}
