import Foundation
import TagCloudCLI

/// libFuzzer entry: the input is a `--config` file for the `cloud` command; it must parse or fail
/// with a `CLIError`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-fuzz-config-\(getpid()).json").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
    do {
        _ = try CommandLineParser(options: TagCloudTool.options(of: "cloud")!).parse(["--config", path])
    } catch let e as CLIError {
        precondition(!e.description.isEmpty)
    } catch {
        preconditionFailure("unexpected error type \(error)")
    }
    return 0
}
