import Foundation
import Testing
@testable import TagCloudText

/// `WholeFile`, the one way small files are read, and the stop-word files read through it.
@Suite("Reading small files")
struct WholeFileTests {
    @Test("an empty file reads as empty data, a missing file or a folder as nil")
    func empty() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wholefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.txt")
        try Data().write(to: empty)
        #expect(WholeFile.read(empty.path) == Data())
        #expect(WholeFile.read(dir.appendingPathComponent("missing.txt").path) == nil)
        #expect(WholeFile.read(dir.path) == nil)
        // An empty stop-word file is a list of no words, not an unreadable file.
        #expect(try StopWords.read(path: empty.path).isEmpty)
        let words = dir.appendingPathComponent("stop.txt")
        try Data("# mine\nAlice\n".utf8).write(to: words)
        #expect(try StopWords.read(path: words.path) == ["alice"])
        #expect(throws: TextError.self) { try StopWords.read(path: dir.appendingPathComponent("missing.txt").path) }
    }
}
