import CCairo
import Foundation
import TagCloud
import Testing

@testable import TagCloudGraphics

/// A fresh temporary folder for one test.
private func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("ImageMaskTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Draws with Cairo on a `width` × `height` surface of `format` and writes it as a PNG at `url`.
private func writePNG(
    _ url: URL, width: Int32, height: Int32, format: cairo_format_t,
    draw: (OpaquePointer) -> Void
) throws {
    let surface = try #require(cairo_image_surface_create(format, width, height))
    defer { cairo_surface_destroy(surface) }
    let cr = try #require(cairo_create(surface))
    draw(cr)
    cairo_destroy(cr)
    try #require(cairo_surface_write_to_png(surface, url.path) == CAIRO_STATUS_SUCCESS)
}

/// A disc of radius `r` centred at (`cx`, `cy`).
private func disc(_ cr: OpaquePointer, _ cx: Double, _ cy: Double, _ r: Double) {
    cairo_new_path(cr)
    cairo_arc(cr, cx, cy, r, 0, 2 * Double.pi)
    cairo_fill(cr)
}

/// Checks that `mask` holds a disc: pixels clearly inside allowed, clearly outside forbidden
/// (the antialiased rim may go either way).
private func expectDisc(
    _ mask: BitMask, cx: Double, cy: Double, r: Double,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var wrong = 0
    for y in 0..<mask.height {
        for x in 0..<mask.width {
            let d = ((Double(x) + 0.5 - cx) * (Double(x) + 0.5 - cx) + (Double(y) + 0.5 - cy) * (Double(y) + 0.5 - cy))
                .squareRoot()
            if d < r - 1, !mask[x, y] { wrong += 1 }
            if d > r + 1, mask[x, y] { wrong += 1 }
        }
    }
    #expect(wrong == 0, "\(wrong) pixels disagree with the disc", sourceLocation: sourceLocation)
}

@Suite struct ImageMaskTests {
    @Test func alphaPNGMasksTheOpaqueShape() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("disc.png")
        try writePNG(url, width: 64, height: 48, format: CAIRO_FORMAT_ARGB32) { cr in
            cairo_set_source_rgb(cr, 0.8, 0.2, 0.2)
            disc(cr, 32, 24, 16)
        }
        let image = try ImageLoader.loadRGBA(path: url.path)
        #expect(image.width == 64 && image.height == 48)
        #expect(image.hasTransparency)
        #expect(image.pixels[24 * 64 + 32] == 0xFFCC_3333)
        #expect(image.pixels[0] == 0)
        let mask = BitMask(image: image)
        expectDisc(mask, cx: 32, cy: 24, r: 16)
        #expect(BitMask(image: image, options: .init(invert: true)) == mask.inverted())
    }

    @Test func semiTransparentPixelsAreUnpremultiplied() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("half.png")
        try writePNG(url, width: 4, height: 4, format: CAIRO_FORMAT_ARGB32) { cr in
            cairo_set_source_rgba(cr, 1, 0.5, 0, 0.5)
            cairo_paint(cr)
        }
        let image = try ImageLoader.loadRGBA(path: url.path)
        let p = image.pixels[5]
        #expect(p >> 24 == 128)
        #expect(abs(Int((p >> 16) & 0xFF) - 255) <= 2 && abs(Int((p >> 8) & 0xFF) - 128) <= 2 && p & 0xFF == 0)
        // Alpha 128 passes the default threshold, and fails a stricter one.
        #expect(BitMask(image: image).popCount == 16)
        #expect(BitMask(image: image, options: .init(threshold: 200)).isEmpty)
    }

    @Test func opaquePNGMasksTheDarkShape() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("black-on-white.png")
        try writePNG(url, width: 64, height: 48, format: CAIRO_FORMAT_RGB24) { cr in
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_set_source_rgb(cr, 0, 0, 0)
            disc(cr, 30, 20, 14)
        }
        let image = try ImageLoader.loadRGBA(path: url.path)
        #expect(!image.hasTransparency)
        #expect(image.pixels[0] == 0xFFFF_FFFF && image.pixels[20 * 64 + 30] == 0xFF00_0000)
        let mask = BitMask(image: image)
        expectDisc(mask, cx: 30, cy: 20, r: 14)
        let inverted = BitMask(image: image, options: ImageMaskOptions(invert: true))
        #expect(inverted == mask.inverted())
        #expect(inverted[0, 0] && !inverted[30, 20])
        // Pure white is forbidden whatever the threshold; black is allowed from threshold 1.
        #expect(BitMask(image: image, options: .init(threshold: 255))[0, 0] == false)
        #expect(BitMask(image: image, options: .init(threshold: 1))[30, 20])
        #expect(BitMask(image: image, options: .init(threshold: 0)).isEmpty)
    }

    @Test func resizingKeepsTheDisc() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("disc.png")
        try writePNG(url, width: 64, height: 48, format: CAIRO_FORMAT_ARGB32) { cr in
            cairo_set_source_rgb(cr, 0, 0, 1)
            disc(cr, 32, 24, 16)
        }
        let image = try ImageLoader.loadRGBA(path: url.path)
        let half = try image.resized(width: 32, height: 24)
        #expect(half.width == 32 && half.height == 24)
        #expect(half.pixels[12 * 32 + 16] == 0xFF00_00FF, "colour survives premultiplied averaging")
        expectDisc(BitMask(image: half), cx: 16, cy: 12, r: 8)
        let double = try image.resized(width: 128, height: 96)
        expectDisc(BitMask(image: double), cx: 64, cy: 48, r: 32)
        let odd = try image.resized(width: 21, height: 16)
        expectDisc(BitMask(image: odd), cx: 10.5, cy: 8, r: 16 * 21.0 / 64)
        #expect(try image.resized(width: 0, height: 5).pixels.isEmpty)
        #expect(try image.resized(width: 64, height: 48) == image)
    }

    @Test func nonPNGFileIsAnErrorNamingThePath() throws {
        let dir = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("words.txt")
        try Data("not a picture at all\n".utf8).write(to: url)
        let error = try #require(throws: GraphicsError.self) { try ImageLoader.loadRGBA(path: url.path) }
        #expect(error == .invalidPNG(path: url.path, problem: "it does not start with the PNG signature"))
        #expect(error.description.contains(url.path))
        #expect(!error.description.contains("\n"))

        // A PNG cut short after its signature.
        let broken = dir.appendingPathComponent("broken.png")
        try Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0]).write(to: broken)
        let cairoError = try #require(throws: GraphicsError.self) { try ImageLoader.loadRGBA(path: broken.path) }
        #expect(cairoError.description.contains(broken.path))

        // A folder is not an image either.
        let folderError = try #require(throws: GraphicsError.self) { try ImageLoader.loadRGBA(path: dir.path) }
        #expect(folderError.description.contains(dir.path))
    }

    @Test func missingFileIsAnErrorNamingThePath() throws {
        let path = "/nonexistent-\(UUID().uuidString)/mask.png"
        let error = try #require(throws: GraphicsError.self) { try ImageLoader.loadRGBA(path: path) }
        #expect(error == .imageFileNotFound(path))
        #expect(error.description.contains(path))
        #expect(!error.description.contains("\n"))
    }
}
