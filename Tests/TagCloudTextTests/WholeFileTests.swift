import Foundation
import Testing

@testable import TagCloudText

/// `WholeFile`, the one way small files are read, and the stop-word files read through it.
@Suite("Reading small files")
struct WholeFileTests {
    @Test("an empty file reads as empty data; a missing file, a folder or a file over the limit is an error")
    func empty() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wholefile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let empty = dir.appendingPathComponent("empty.txt")
        try Data().write(to: empty)
        #expect(try WholeFile.contents(of: empty.path, limit: 10) == Data())
        #expect(throws: WholeFile.Failure.missing) {
            try WholeFile.contents(of: dir.appendingPathComponent("missing.txt").path, limit: 10)
        }
        #expect(throws: WholeFile.Failure.folder) { try WholeFile.contents(of: dir.path, limit: 10) }
        let ten = dir.appendingPathComponent("ten.txt")
        try Data("0123456789".utf8).write(to: ten)
        #expect(try WholeFile.contents(of: ten.path, limit: 10) == Data("0123456789".utf8))
        #expect(throws: WholeFile.Failure.tooLarge(limit: 9)) { try WholeFile.contents(of: ten.path, limit: 9) }
        // A device that never ends is read only to one byte past the limit.
        #expect(throws: WholeFile.Failure.tooLarge(limit: 3 << 20)) { try WholeFile.contents(of: "/dev/zero", limit: 3 << 20) }
        // An empty stop-word file is a list of no words, not an unreadable file.
        #expect(try StopWords.read(path: empty.path).isEmpty)
        let words = dir.appendingPathComponent("stop.txt")
        try Data("# mine\nAlice\n".utf8).write(to: words)
        #expect(try StopWords.read(path: words.path) == ["alice"])
        #expect(throws: TextError.self) { try StopWords.read(path: dir.appendingPathComponent("missing.txt").path) }
    }
}
