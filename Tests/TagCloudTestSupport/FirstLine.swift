import Foundation

/// The first line a child process writes on `pipe` (without waiting for the rest): how a test
/// learns the address `tagcloud serve --port 0` chose.
public func firstLine(of pipe: Pipe) -> String {
    var line = Data()
    while !line.contains(UInt8(ascii: "\n")) {
        let chunk = pipe.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        line.append(chunk)
    }
    return String(decoding: line, as: UTF8.self)
}
