import Foundation
import TagCloudTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `tagcloud serve --port 0` with `arguments` besides, started, and the address it printed
/// (`http://127.0.0.1:PORT/`); a server that prints none is killed and the failure names its line.
func startServe(_ arguments: [String]) throws -> (process: Process, address: String) {
    let process = Process()
    process.executableURL = try ToolRun.binary
    process.arguments = ["serve", "--port", "0"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = firstLine(of: output)
    guard let start = text.range(of: "http://"), let end = text.range(of: "/", range: start.upperBound..<text.endIndex)
    else {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        throw ToolMissing(description: "tagcloud serve printed no address: \(text)")
    }
    return (process, String(text[start.lowerBound..<end.lowerBound]) + "/")
}
