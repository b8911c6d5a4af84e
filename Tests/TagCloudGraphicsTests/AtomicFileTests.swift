import Foundation
import TagCloud
import Testing

@testable import TagCloudGraphics

/// `AtomicFile`, the one write-to-temporary-then-rename in the package: a complete file or no change.
@Suite("Atomic file writes")
struct AtomicFileTests {
    private func folder() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test("writes and replaces a file, leaving no temporary file")
    func writes() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("out.bin")
        try AtomicFile.write(Data("first".utf8), to: file)
        try AtomicFile.write(Data("second".utf8), to: file)
        try AtomicFile.write(Data(), to: dir.appendingPathComponent("empty.bin"))
        #expect(try Data(contentsOf: file) == Data("second".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["empty.bin", "out.bin"])
    }

    @Test("a failed write names the path, leaves the target alone and removes its temporary file")
    func failures() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let missing = dir.appendingPathComponent("no/such/folder/out.bin")
        #expect {
            try AtomicFile.write(Data("x".utf8), to: missing)
        } throws: { error in
            guard case GraphicsError.outputFailed(let path, _) = error else { return false }
            return path == missing.path
        }
        // A folder in the way: the rename fails, the folder stays as it was.
        let folder = dir.appendingPathComponent("taken")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        #expect(throws: GraphicsError.self) { try AtomicFile.write(Data("x".utf8), to: folder) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["taken"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        #expect(throws: GraphicsError.self) { try AtomicFile.write(Data(), to: URL(string: "https://example.com/x")!) }
        // AtomicFile.removeInFlight() is not called here: it is process-wide, so it would unlink the
        // temporary files of tests writing in parallel (it failed CI once that way). The interrupt
        // suite of the CLI tests covers it, in a process of its own.
    }

    @Test("the renderer's failed writes are AtomicFile's, naming the path")
    func rendererErrors() throws {
        let dir = try folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let layout = CloudLayout(
            kind: .flow, size: Size(width: 10, height: 10), background: .white, placed: [], unplaced: [], seed: 0)
        let target = dir.appendingPathComponent("none/x.png")
        #expect {
            try CairoRenderer().writePNG(layout, to: target)
        } throws: { error in
            guard case GraphicsError.outputFailed(let path, _) = error else { return false }
            return path == target.path
        }
        try CairoRenderer().writePDF(layout, to: dir.appendingPathComponent("x.pdf"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["x.pdf"])
    }
}
