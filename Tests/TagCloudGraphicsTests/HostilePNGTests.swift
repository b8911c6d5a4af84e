import CZlib
import Foundation
import TagCloud
import TagCloudTestSupport
import Testing

@testable import TagCloudGraphics

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fresh temporary folder for one test.
private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("HostilePNGTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Loads `bytes` written to a file, counting how often decoding started.
private func load(_ bytes: [UInt8], name: String = "image.png") throws -> (
    result: Result<RGBAImage, GraphicsError>, path: String, decodes: Int
) {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(at: dir) }
    let path = dir.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    var decodes = 0
    do {
        let image = try ImageLoader.loadRGBA(path: path, willDecode: { _ in decodes += 1 })
        return (.success(image), path, decodes)
    } catch let error as GraphicsError {
        return (.failure(error), path, decodes)
    }
}

private let valid = PNGBytes.image(width: 64, height: 48)
/// The valid image with the byte at `index` changed.
private func flipped(_ index: Int) -> [UInt8] { var b = valid; b[index] ^= 0xFF; return b }
/// The image with a good chunk structure whose compressed data is damaged (a reserved block type).
private let badDeflate: [UInt8] = {
    var data = PNGBytes.zlib([UInt8](repeating: 0, count: 48 * 257))
    data[2] = 0xFF
    return PNGBytes.signature + PNGBytes.header(width: 64, height: 48) + PNGBytes.chunk("IDAT", data)
        + PNGBytes.chunk("IEND", [])
}()

/// A PNG of `chunks` after the signature.
private func png(_ chunks: [[UInt8]]) -> [UInt8] { PNGBytes.signature + Array(chunks.joined()) }

/// Damaged files and the problem each must be reported with.
private let damagedCases: [([UInt8], String)] = [
    (Array(valid.prefix(20)), "truncated (the file ends at byte 20, inside its IHDR header chunk)"),
    (Array(valid.prefix(45)), "truncated (the file ends inside its IDAT chunk at byte 33)"),
    (Array(valid.dropLast(12)), "truncated (the file ends at byte \(valid.count - 12) without an IEND chunk)"),
    (flipped(29), "bad CRC in its IHDR header chunk"),
    (flipped(45), "bad CRC in its IDAT chunk at byte 33 (the file is damaged)"),
    (badDeflate, "its compressed image data is damaged and cannot be decoded"),
    (
        png([PNGBytes.header(width: 0, height: 48), PNGBytes.chunk("IEND", [])]),
        "its header gives a size of 0×48 pixels (each side must be 1 to 2147483647)"
    ),
    (
        png([
            PNGBytes.header(width: 4, height: 4, color: 3), PNGBytes.chunk("IDAT", PNGBytes.zlib([0])),
            PNGBytes.chunk("IEND", []),
        ]),
        "its image data comes before its palette (PLTE chunk)"
    ),
    (png([PNGBytes.header(width: 4, height: 4), PNGBytes.chunk("IEND", [])]), "it has no image data (no IDAT chunk)"),
]

@Suite("hostile PNGs: refused by their header before decoding, damage described")
struct HostilePNGTests {
    @Test("a small file declaring 20000×20000 pixels is refused before any decoding")
    func bombIsRefusedBeforeDecoding() throws {
        let bomb = PNGBytes.image(width: 20000, height: 20000, rows: 2)
        #expect(bomb.count < 1000, "the bomb is a small file: \(bomb.count) bytes")
        let (result, path, decodes) = try load(bomb, name: "bomb.png")
        #expect(decodes == 0)
        #expect(
            throws: GraphicsError.imageTooLarge(
                path: path, width: 20000, height: 20000,
                limit: "67108864 pixels (8192×8192)")
        ) { try result.get() }
        let message = GraphicsError.imageTooLarge(path: path, width: 20000, height: 20000, limit: "67108864 pixels (8192×8192)")
            .description
        #expect(message.contains(path) && message.contains("20000×20000") && message.contains("scale it down"))
    }

    @Test(
        "the side and 16-bit limits",
        arguments: [
            (40000 as UInt32, 1 as UInt32, 8 as UInt8, "32767 pixels a side"),
            (5000, 5000, 16, "22369621 pixels for a 16-bit PNG"),
            (8193, 8192, 8, "67108864 pixels (8192×8192)"),
        ])
    func limits(width: UInt32, height: UInt32, depth: UInt8, limit: String) throws {
        let (result, path, decodes) = try load(PNGBytes.image(width: width, height: height, depth: depth, rows: 1))
        #expect(decodes == 0)
        #expect(throws: GraphicsError.imageTooLarge(path: path, width: Int(width), height: Int(height), limit: limit)) {
            try result.get()
        }
    }

    @Test("an image within the limits is decoded, once")
    func validImageDecodes() throws {
        let (result, _, decodes) = try load(PNGBytes.image(width: 64, height: 48))
        let image = try result.get()
        #expect(decodes == 1)
        #expect(image.width == 64 && image.height == 48 && image.pixels.allSatisfy { $0 == 0xFFFF_0000 })
    }

    @Test("damaged PNGs are described, never as out of memory", arguments: damagedCases)
    func damagedPNG(bytes: [UInt8], problem: String) throws {
        let (result, path, _) = try load(bytes)
        #expect(throws: GraphicsError.invalidPNG(path: path, problem: problem)) { try result.get() }
        let message = GraphicsError.invalidPNG(path: path, problem: problem).description
        #expect(message.hasPrefix("\"\(path)\" is not a valid PNG: ") && !message.contains("out of memory"))
    }

    @Test("a file over the byte limit is refused before it is read")
    func fileTooLarge() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("huge.png").path
        try Data(valid).write(to: URL(fileURLWithPath: path))
        // Sparse: the size is there without the bytes on disk.
        #expect(truncate(path, off_t(ImageLoader.maximumFileBytes + 1)) == 0)
        #expect(
            throws: GraphicsError.imageFileTooLarge(
                path: path, bytes: ImageLoader.maximumFileBytes + 1,
                limit: ImageLoader.maximumFileBytes)
        ) {
            try ImageLoader.loadRGBA(path: path)
        }
    }

    @Test("a FIFO is refused without reading it")
    func fifoIsRefused() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("pipe.png").path
        try #require(mkfifo(path, 0o600) == 0)
        // Held open both ways, with bytes waiting, so no reader of it blocks.
        let fd = open(path, O_RDWR | O_NONBLOCK)
        try #require(fd >= 0)
        defer { close(fd) }
        let text = Array("not a picture\n".utf8)
        #expect(write(fd, text, text.count) == text.count)
        #expect(
            throws: GraphicsError.unreadableImage(path: path, reason: "it is not a regular file but a pipe, socket or device")
        ) {
            try ImageLoader.loadRGBA(path: path)
        }
    }
}
