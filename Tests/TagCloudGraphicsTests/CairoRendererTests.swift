import Foundation
import TagCloud
import TagCloudTestSupport
import Testing

@testable import TagCloudGraphics

private let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
private let wordColor = Color(red: 200, green: 0, blue: 0)

/// A hand-made layout with one word (glyph ids from the font's cmap, advances unkerned), so the
/// renderer is tested without the typesetter.
private func layout(
    text: String = "Hello", size: Double = 32, origin: Point = Point(x: 20, y: 60),
    rotation: Double = 0, decoration: TagDecoration? = nil,
    background: Color? = .white, canvas: Size = Size(width: 200, height: 100)
) throws -> CloudLayout {
    let run = try CairoFontCache.simpleGlyphRun(text, fontFile: dejaVu, size: size)
    // Generous box: DejaVu's ascent is 0.93 em and descent 0.24 em; 4 pt margin on every side.
    let frame = Rect(x: origin.x - 4, y: origin.y - size - 4, width: run.advance + 8, height: size * 1.3 + 8)
    let word = PlacedWord(
        index: 0, text: text, id: nil, link: nil, weight: 1, frame: frame, origin: origin,
        inkBounds: frame, font: ResolvedFont(family: "DejaVu Sans", file: dejaVu),
        fontSize: size, color: wordColor, rotation: rotation, glyphs: run.glyphs,
        rightToLeft: false, fallbackFont: false, decoration: decoration)
    return CloudLayout(kind: .flow, size: canvas, background: background, placed: [word], unplaced: [], seed: 1)
}

private struct Image {
    var width: Int, height: Int, pixels: [UInt32]
    init(_ r: (width: Int, height: Int, pixels: [UInt32])) { width = r.width; height = r.height; pixels = r.pixels }
    subscript(x: Int, y: Int) -> UInt32 { pixels[y * width + x] }

    /// Pixel positions matching `predicate`.
    func points(where predicate: (UInt32) -> Bool) -> [(x: Int, y: Int)] {
        var out: [(x: Int, y: Int)] = []
        for y in 0..<height { for x in 0..<width where predicate(self[x, y]) { out.append((x, y)) } }
        return out
    }
}

/// Opaque and within `tolerance` of `c` on every channel (fully covered glyph pixels).
private func close(_ p: UInt32, to c: Color, tolerance: Int = 8) -> Bool {
    let channels = [(p >> 24) & 255, (p >> 16) & 255, (p >> 8) & 255, p & 255].map { Int($0) }
    let want = [c.alpha, c.red, c.green, c.blue].map { Int($0) }
    return zip(channels, want).allSatisfy { abs($0 - $1) <= tolerance }
}

/// Whether pixel (x, y) lies inside `r` (in points) at `scale`, widened by one pixel for
/// anti-aliasing at the edges.
private func inside(_ x: Int, _ y: Int, _ r: Rect, scale: Double = 1) -> Bool {
    Double(x) >= (r.minX * scale).rounded(.down) - 1 && Double(x) < (r.maxX * scale).rounded(.up) + 1
        && Double(y) >= (r.minY * scale).rounded(.down) - 1 && Double(y) < (r.maxY * scale).rounded(.up) + 1
}

@Suite struct CairoRendererTests {
    @Test func glyphsAreDrawnInsideTheFrameOnTheBackground() throws {
        let l = try layout()
        let frame = l.placed[0].frame
        let image = Image(try CairoRenderer().renderARGB(l))
        #expect(image.width == 200 && image.height == 100)
        #expect(image[0, 0] == argb(.white))
        #expect(image[199, 99] == argb(.white))
        let ink = image.points { close($0, to: wordColor) }
        #expect(ink.count > 50)
        #expect(ink.allSatisfy { inside($0.x, $0.y, frame) })
        let stray = image.points { $0 != argb(.white) }.filter { !inside($0.x, $0.y, frame) }
        #expect(stray.isEmpty, "pixels drawn outside the frame: \(stray.prefix(5))")
    }

    @Test func scaleMultipliesThePixelSizeButNotTheLayout() throws {
        let l = try layout()
        let one = try CairoRenderer().pngData(l)
        let two = try CairoRenderer(options: RenderOptions(scale: 2)).pngData(l)
        #expect(pngSize(one) == (200, 100))
        #expect(pngSize(two) == (400, 200))
        let odd = try CairoRenderer(options: RenderOptions(scale: 1.5)).pngData(try layout(canvas: Size(width: 201, height: 99)))
        #expect(pngSize(odd) == (302, 149))

        let image = Image(try CairoRenderer(options: RenderOptions(scale: 2)).renderARGB(l))
        let frame = l.placed[0].frame
        let ink = image.points { close($0, to: wordColor) }
        #expect(ink.count > 200)
        #expect(image.points { $0 != argb(.white) }.allSatisfy { inside($0.x, $0.y, frame, scale: 2) })
    }

    @Test func pngStartsWithTheSignatureAndIsDeterministic() throws {
        let l = try layout()
        let a = try CairoRenderer().pngData(l)
        let b = try CairoRenderer().pngData(l)
        #expect(Array(a.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(String(decoding: a[12..<16], as: UTF8.self) == "IHDR")
        #expect(a == b)
    }

    @Test func pdfHasTheLayoutsPageSizeAndIsDeterministic() throws {
        let l = try layout(canvas: Size(width: 300, height: 120))
        let a = try CairoRenderer().pdfData(l)
        // A different renderer (cold font cache) and a different scale must not change a byte.
        let b = try CairoRenderer(options: RenderOptions(scale: 3)).pdfData(l)
        let text = String(decoding: a, as: UTF8.self)
        #expect(text.hasPrefix("%PDF"))
        #expect(text.contains("/MediaBox [ 0 0 300 120 ]"))
        #expect(!text.contains("/CreationDate"))
        #expect(!text.contains("/ModDate"))
        #expect(a == b)
    }

    @Test func transparentAndOverriddenBackgrounds() throws {
        let l = try layout()
        let clear = Image(try CairoRenderer(options: RenderOptions(transparent: true)).renderARGB(l))
        #expect(clear[0, 0] == 0)
        #expect(clear.points { close($0, to: wordColor) }.count > 50)
        // transparent wins over an override.
        let stillClear = Image(
            try CairoRenderer(options: RenderOptions(backgroundOverride: .black, transparent: true))
                .renderARGB(l))
        #expect(stillClear[0, 0] == 0)
        let black = Image(try CairoRenderer(options: RenderOptions(backgroundOverride: .black)).renderARGB(l))
        #expect(black[0, 0] == argb(.black))
        let none = Image(try CairoRenderer().renderARGB(try layout(background: nil)))
        #expect(none[5, 5] == 0)
        // A translucent background is stored as given (premultiplied), not blended.
        let half = Image(
            try CairoRenderer(options: RenderOptions(backgroundOverride: Color(red: 0, green: 0, blue: 255, alpha: 128)))
                .renderARGB(l))
        #expect(half[0, 0] == 0x8000_0080)
    }

    @Test func decorationFillsAndBordersStayInsideTheFrame() throws {
        let fill = Color(red: 0, green: 0, blue: 220), border = Color(red: 0, green: 160, blue: 0)
        let l = try layout(decoration: TagDecoration(fill: fill, border: border, borderWidth: 2, cornerRadius: 8))
        let f = l.placed[0].frame
        let image = Image(try CairoRenderer().renderARGB(l))
        let midY = Int(f.center.y)
        // Just inside the border, left of the first glyph.
        #expect(close(image[Int(f.minX) + 3, midY], to: fill))
        #expect(image.points { close($0, to: fill) }.count > 200)
        #expect(close(image[Int(f.minX), midY], to: border) || close(image[Int(f.minX) + 1, midY], to: border))
        // Rounded corner: the frame's very corner stays background.
        #expect(image[Int(f.minX), Int(f.minY)] == argb(.white))
        #expect(image[Int(f.minX) - 1, midY] == argb(.white))
        #expect(image[Int(f.maxX.rounded(.up)), midY] == argb(.white))
        #expect(image.points { $0 != argb(.white) }.allSatisfy { inside($0.x, $0.y, f) })
        // The glyphs are drawn on top of the fill.
        #expect(image.points { close($0, to: wordColor) }.count > 50)
    }

    @Test func hugeCornerRadiusAndBorderDoNotSpill() throws {
        let border = Color(red: 0, green: 160, blue: 0)
        let l = try layout(decoration: TagDecoration(fill: nil, border: border, borderWidth: 500, cornerRadius: 1000))
        let f = l.placed[0].frame
        let image = Image(try CairoRenderer().renderARGB(l))
        #expect(close(image[Int(f.center.x), Int(f.minY) + 2], to: border))
        #expect(image.points { $0 != argb(.white) }.allSatisfy { inside($0.x, $0.y, f) })
    }

    @Test func rotationTurnsClockwiseAboutTheOrigin() throws {
        // Rotated 90° clockwise, the run goes down the page from its origin and the ascenders
        // point right.
        let size = 24.0
        let l = try layout(
            text: "Hi", size: size, origin: Point(x: 100, y: 10), rotation: 90,
            canvas: Size(width: 200, height: 100))
        let run = try CairoFontCache.simpleGlyphRun("Hi", fontFile: dejaVu, size: size)
        let box = Rect(x: 100 - size * 0.3, y: 10, width: size * 1.3, height: run.advance)
        let image = Image(try CairoRenderer().renderARGB(l))
        let ink = image.points { close($0, to: wordColor) }
        #expect(ink.count > 30)
        #expect(image.points { $0 != argb(.white) }.allSatisfy { inside($0.x, $0.y, box) })
        #expect(ink.contains { $0.x > 110 })
    }

    @Test func writesFilesAtomically() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let l = try layout()
        let renderer = CairoRenderer()
        let png = dir.appendingPathComponent("cloud.png"), pdf = dir.appendingPathComponent("cloud.pdf")
        try renderer.writePNG(l, to: png)
        try renderer.writePDF(l, to: pdf)
        try renderer.writePNG(l, to: png)  // replacing an existing file works too
        #expect(try Data(contentsOf: png) == renderer.pngData(l))
        #expect(try Data(contentsOf: pdf) == renderer.pdfData(l))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["cloud.pdf", "cloud.png"])

        let missing = dir.appendingPathComponent("no/such/folder/cloud.png")
        #expect(throws: GraphicsError.self) { try renderer.writePNG(l, to: missing) }
        // A failed render never touches the destination.
        var bad = l
        bad.placed[0].font.file = "/nonexistent/font.ttf"
        let target = dir.appendingPathComponent("bad.png")
        #expect(throws: GraphicsError.fontUnreadable(path: "/nonexistent/font.ttf", faceIndex: 0)) {
            try renderer.writePNG(bad, to: target)
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["cloud.pdf", "cloud.png"])
    }

    @Test func refusesImpossibleImagesWithClearErrors() throws {
        let l = try layout()
        #expect(throws: GraphicsError.renderedImageTooLarge(width: 40000, height: 20000)) {
            try CairoRenderer(options: RenderOptions(scale: 200)).pngData(l)
        }
        #expect(throws: GraphicsError.renderedImageTooLarge(width: 20000, height: 20000)) {
            try CairoRenderer().pngData(try layout(canvas: Size(width: 20000, height: 20000)))
        }
        #expect(throws: GraphicsError.invalidScale(0)) {
            try CairoRenderer(options: RenderOptions(scale: 0)).pngData(l)
        }
        #expect(throws: GraphicsError.invalidCanvasSize(width: 0, height: 100)) {
            try CairoRenderer().pdfData(try layout(canvas: Size(width: 0, height: 100)))
        }
        var zero = l
        zero.placed[0].fontSize = 0
        #expect(throws: GraphicsError.self) { try CairoRenderer().pngData(zero) }
        let message = GraphicsError.renderedImageTooLarge(width: 40000, height: 20000).description
        #expect(message.contains("40000×20000") && message.contains("lower the scale"))
    }

    @Test func missingGlyphsAndEmptyRunsDoNotCrash() throws {
        // Characters DejaVu lacks map to .notdef; an empty run draws nothing but its decoration.
        let l = try layout(text: "😀漢")
        _ = try CairoRenderer().pngData(l)
        var empty = l
        empty.placed[0].glyphs = []
        empty.placed[0].decoration = TagDecoration(fill: .black)
        let image = Image(try CairoRenderer().renderARGB(empty))
        #expect(image[Int(empty.placed[0].frame.center.x), Int(empty.placed[0].frame.center.y)] == argb(.black))
        _ = try CairoRenderer().pdfData(empty)
    }

    @Test func rendersConcurrentlyWithOneRenderer() async throws {
        let l = try layout()
        let renderer = CairoRenderer()
        let expected = try renderer.pngData(l)
        try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0..<8 { group.addTask { try renderer.pngData(l) } }
            for try await data in group { #expect(data == expected) }
        }
    }
}
