import Foundation
import TagCloud
import Testing

@testable import TagCloudGraphics

private let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"

/// DejaVu Sans changed by `damage`, written to a fresh file; returns its path and folder.
private func damagedCopy(_ name: String, _ damage: (inout [UInt8]) -> Void) throws -> (path: String, folder: URL) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("DamagedFontTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: dejaVu)))
    damage(&bytes)
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return (path, folder)
}

/// The offset of a table in a TrueType file.
private func tableOffset(_ bytes: [UInt8], _ tag: String) -> Int? {
    func u32(_ o: Int) -> Int { Int(bytes[o]) << 24 | Int(bytes[o + 1]) << 16 | Int(bytes[o + 2]) << 8 | Int(bytes[o + 3]) }
    let count = Int(bytes[4]) << 8 | Int(bytes[5])
    return (0..<count).first { Array(bytes[12 + 16 * $0..<16 + 16 * $0]) == Array(tag.utf8) }.map { u32(20 + 16 * $0) }
}

@Suite("damaged fonts: one-sentence input errors naming the file, no crash")
struct DamagedFontTests {
    @Test("a font HarfBuzz cannot subset gives a damaged-font error, not \"could not cannot subset\"")
    func subsetOfDamagedFont() throws {
        // Cut at 90%: FreeType still opens it and lays words out, HarfBuzz's subsetter gives up.
        let (path, folder) = try damagedCopy("cut.ttf") { $0.removeLast($0.count / 10) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let font = try FontLibrary.shared.resolve(FontDescriptor(family: path))
        let problem = "HarfBuzz cannot subset it to embed it"
        #expect(throws: GraphicsError.damagedFont(path: path, problem: problem)) {
            try FontSubsetter().subset(of: font, text: "hello")
        }
        let message = GraphicsError.damagedFont(path: path, problem: problem).description
        #expect(
            message
                == "the font file \"\(path)\" is damaged (\(problem)): replace it with an undamaged copy or choose another font")
    }

    @Test(
        "a name table whose records leave it is refused when the font opens, and before Cairo embeds it",
        arguments: [
            ("count", "its name table lists 65535 names but has room for 1301"),
            ("offset", "name 1 of its name table points past the table's end"),
        ])
    func damagedNameTable(field: String, problem: String) throws {
        let (path, folder) = try damagedCopy("name-\(field).ttf") { bytes in
            guard let name = tableOffset(bytes, "name") else { return }
            if field == "count" {
                bytes[name + 2] = 0xFF; bytes[name + 3] = 0xFF
            } else {
                bytes[name + 16] = 0xFF; bytes[name + 17] = 0xF0
            }
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let error = GraphicsError.damagedFont(path: path, problem: problem)
        #expect(throws: error) { try FontLibrary.shared.resolve(FontDescriptor(family: path)) }
        // A layout made elsewhere still names the font: the renderer checks it before Cairo reads it.
        #expect(throws: error) { try CairoFontCache().face(for: ResolvedFont(family: "DejaVu Sans", file: path)) }
    }

    @Test("a file that is no font at all is refused with the file's name", arguments: [0, 100, 1000, 379_860])
    func truncatedFonts(length: Int) throws {
        let (path, folder) = try damagedCopy("short.ttf") { $0 = Array($0.prefix(length)) }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: GraphicsError.notAFont(path)) { try FontLibrary.shared.resolve(FontDescriptor(family: path)) }
    }
}
