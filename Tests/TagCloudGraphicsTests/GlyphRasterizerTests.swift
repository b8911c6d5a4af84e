import Dispatch
import Foundation
import TagCloud
import Testing

@testable import TagCloudGraphics

/// Shared like in the app: one typesetter (its word cache keeps the suite fast) and one rasteriser.
private let typesetter = FreeTypeTypesetter()
private let rasterizer = FreeTypeGlyphRasterizer()
private let dejaVu = FontDescriptor(family: "DejaVu Sans")

private func word(_ text: String, size: Double = 30, font: FontDescriptor = dejaVu) throws -> TypesetWord {
    try typesetter.typeset(text, font: font, size: size)
}

/// Set pixels of a mask as (x, y) relative to the word's origin.
private func points(_ mask: WordMask) -> Set<[Int]> {
    var out = Set<[Int]>()
    for y in 0..<mask.bits.height {
        for x in 0..<mask.bits.width where mask.bits[x, y] { out.insert([x + mask.offsetX, y + mask.offsetY]) }
    }
    return out
}

/// Whether the mask has a set pixel in its first/last row and column (it is cropped tight).
private func isTight(_ mask: WordMask) -> Bool {
    let b = mask.bits
    guard b.width > 0, b.height > 0 else { return false }
    let rows = (0..<b.width).contains { b[$0, 0] } && (0..<b.width).contains { b[$0, b.height - 1] }
    let columns = (0..<b.height).contains { b[0, $0] } && (0..<b.height).contains { b[b.width - 1, $0] }
    return rows && columns
}

/// How a mask compares with cairo's drawing of the same word.
private struct Agreement: CustomStringConvertible {
    /// Pixels cairo painted (alpha > 0) that the mask lacks: must be none.
    var missing: Int
    /// Pixels of the mask.
    var maskPixels: Int
    /// Pixels of the mask that cairo painted.
    var painted: Int
    /// Whether the whole mask lies on the canvas (otherwise the comparison would be partial).
    var onCanvas: Bool

    var description: String { "missing \(missing), mask \(maskPixels), painted \(painted), on canvas \(onCanvas)" }
}

/// Draws `word` with `CairoRenderer` at `origin`, rotated, on a transparent canvas, and compares
/// every pixel with the word's mask placed at origin + offset.
private func compareWithCairo(
    _ word: TypesetWord, rotation: Double, origin: Point = Point(x: 400, y: 400),
    canvas: Size = Size(width: 800, height: 800)
) throws -> Agreement {
    let mask = try rasterizer.coverage(of: word, rotation: word.glyphRotation(at: rotation))
    let placed = PlacedWord(
        index: 0, text: word.text, id: nil, link: nil, weight: 1,
        frame: Rect(
            x: origin.x, y: origin.y - word.ascent, width: word.advance,
            height: word.ascent + word.descent),
        origin: origin, inkBounds: word.inkBounds.offsetBy(dx: origin.x, dy: origin.y),
        font: word.font, fontSize: word.size, color: .black, rotation: rotation,
        glyphs: word.glyphs, rightToLeft: word.isRightToLeft, fallbackFont: word.usedFallback,
        fallbackFonts: word.fallbackFonts, upright: word.isVertical)
    let layout = CloudLayout(kind: .cloud, size: canvas, background: nil, placed: [placed], unplaced: [], seed: 1)
    let image = try CairoRenderer(options: RenderOptions(transparent: true)).renderARGB(layout)
    let left = Int(origin.x) + mask.offsetX, top = Int(origin.y) + mask.offsetY
    var result = Agreement(
        missing: 0, maskPixels: mask.bits.popCount, painted: 0,
        onCanvas: left >= 0 && top >= 0 && left + mask.bits.width <= image.width
            && top + mask.bits.height <= image.height)
    for y in 0..<image.height {
        for x in 0..<image.width where image.pixels[y * image.width + x] >> 24 != 0 {
            if mask.bits[x - left, y - top] { result.painted += 1 } else { result.missing += 1 }
        }
    }
    return result
}

@Suite("FreeType glyph rasteriser")
struct GlyphRasterizerTests {
    @Test("an upright word's mask is its ink box, cropped tight")
    func upright() throws {
        let hello = try word("Hello")
        let mask = try rasterizer.coverage(of: hello, rotation: 0)
        let ink = hello.inkBounds
        #expect(abs(Double(mask.bits.width) - ink.width) <= 2)
        #expect(abs(Double(mask.bits.height) - ink.height) <= 2)
        #expect(abs(Double(mask.offsetX) - ink.minX) <= 2)
        #expect(abs(Double(mask.offsetY) - ink.minY) <= 2)
        // "Hello" has no descender: its ink sits on the baseline, above the origin.
        #expect(Double(mask.offsetY) < -hello.size * 0.6)
        #expect(mask.offsetY + mask.bits.height <= 2)
        #expect(abs(Double(mask.bits.width) - hello.advance) <= 4)
        #expect(isTight(mask))
        // Solid strokes: a 30 pt word covers a good share of its box, but far from all of it.
        let fill = Double(mask.bits.popCount) / Double(mask.bits.width * mask.bits.height)
        #expect(fill > 0.2 && fill < 0.8)
    }

    @Test("a quarter turn swaps width and height")
    func quarterTurnSwapsSides() throws {
        let hello = try word("Hello")
        let upright = try rasterizer.coverage(of: hello, rotation: 0)
        for rotation in [90.0, -90.0] {
            let turned = try rasterizer.coverage(of: hello, rotation: rotation)
            #expect(abs(turned.bits.width - upright.bits.height) <= 1, "rotation \(rotation)")
            #expect(abs(turned.bits.height - upright.bits.width) <= 1, "rotation \(rotation)")
            #expect(abs(turned.bits.popCount - upright.bits.popCount) <= upright.bits.popCount / 20)
            #expect(isTight(turned))
        }
    }

    @Test("+90 turns clockwise: the word runs down from the origin, tops to the right")
    func clockwiseDirection() throws {
        let hello = try word("Hello")
        let ascent = Int(hello.ascent.rounded(.up))
        // Clockwise on screen with y down maps (x, y) to (−y, x): the pen direction points down and
        // "up" (−y) points right. "Hello" has no descender, so its ink lies right of and below
        // the origin.
        let cw = try rasterizer.coverage(of: hello, rotation: 90)
        #expect(cw.offsetY >= -2 && cw.offsetY + cw.bits.height <= Int(hello.advance) + 3)
        #expect(cw.offsetX >= -2 && cw.offsetX + cw.bits.width <= ascent + 2)
        // −90 reads bottom to top: the ink lies left of and above the origin.
        let ccw = try rasterizer.coverage(of: hello, rotation: -90)
        #expect(ccw.offsetY + ccw.bits.height <= 2 && ccw.offsetY >= -Int(hello.advance) - 3)
        #expect(ccw.offsetX + ccw.bits.width <= 2 && ccw.offsetX >= -ascent - 2)
    }

    @Test("an L turned clockwise has its stem along the top and its foot along the left")
    func letterLOrientation() throws {
        let l = try word("L", size: 60)
        // Upright: stem on the left, foot along the bottom.
        let upright = try rasterizer.coverage(of: l, rotation: 0)
        let ub = upright.bits
        #expect(ub[1, 1] && ub[1, ub.height - 2] && ub[ub.width - 2, ub.height - 2])
        #expect(!ub[ub.width - 2, 1])
        // +90 (clockwise): the stem becomes the top edge, the foot the left edge, and the
        // bottom-right corner stays empty — a "Γ". Counter-clockwise it would be the mirror "⌟".
        let cw = try rasterizer.coverage(of: l, rotation: 90).bits
        #expect(cw[1, 1] && cw[cw.width - 2, 1] && cw[1, cw.height - 2])
        #expect(!cw[cw.width - 2, cw.height - 2])
        // −90: the stem becomes the bottom edge and the foot the right edge; top-left empty.
        let ccw = try rasterizer.coverage(of: l, rotation: -90).bits
        #expect(ccw[ccw.width - 2, ccw.height - 2] && ccw[1, ccw.height - 2] && ccw[ccw.width - 2, 1])
        #expect(!ccw[1, 1])
    }

    @Test("a half turn is the upright mask turned about the origin")
    func halfTurn() throws {
        let hello = try word("Hello", size: 32)
        let upright = points(try rasterizer.coverage(of: hello, rotation: 0))
        let turned = points(try rasterizer.coverage(of: hello, rotation: 180))
        // A pixel [x, x+1) turns into [−x−1, −x); outlines land on the same grid to within cairo's
        // 16.16 rounding, so almost every pixel must match its image.
        let mapped = Set(upright.map { [-$0[0] - 1, -$0[1] - 1] })
        let common = mapped.intersection(turned).count
        #expect(Double(common) >= 0.95 * Double(max(mapped.count, turned.count)))
    }

    @Test(
        "every pixel cairo paints is in the mask, and the mask is not oversized",
        arguments: [0.0, 90, -90, 33, 147])
    func agreesWithCairo(rotation: Double) throws {
        let words = [
            try word("Hello"), try word("Typography", size: 33.7), try word("wave AVA", size: 12.25),
            try word("Quixotic jumps", size: 47.5), try word("fi", size: 9),
        ]
        for w in words {
            let result = try compareWithCairo(w, rotation: rotation)
            #expect(result.onCanvas, "\(w.text) at \(rotation)°")
            #expect(result.missing == 0, "\(w.text) at \(w.size) pt, \(rotation)°: \(result)")
            #expect(
                Double(result.painted) >= 0.9 * Double(result.maskPixels),
                "\(w.text) at \(w.size) pt, \(rotation)°: \(result)")
        }
    }

    @Test("agreement holds at other whole-pixel origins")
    func agreesAtOtherOrigins() throws {
        let w = try word("Kerning Wave", size: 27.3)
        for (origin, rotation) in [
            (Point(x: 50, y: 120), 0.0), (Point(x: 61, y: 317), -90),
            (Point(x: 333, y: 57), 90), (Point(x: 240, y: 222), 12.5),
        ] {
            let result = try compareWithCairo(w, rotation: rotation, origin: origin)
            #expect(result.onCanvas && result.missing == 0, "\(origin) \(rotation)°: \(result)")
            #expect(Double(result.painted) >= 0.9 * Double(result.maskPixels))
        }
    }

    @Test("agreement holds for right-to-left text with marks and for CFF outlines in a collection")
    func agreesForOtherScripts() throws {
        // Installed by the set-up scripts on Linux; skipped where the fonts are missing.
        let samples: [(String, String, Double)] = [
            ("سَلام عليكم", "Noto Naskh Arabic", 28),
            ("漢字テスト", "Noto Sans CJK JP", 26),
        ]
        for (text, family, size) in samples {
            guard let w = try? word(text, size: size, font: FontDescriptor(family: family)), !w.usedFallback else {
                continue
            }
            for rotation in [0.0, 90, -33] {
                let result = try compareWithCairo(w, rotation: rotation)
                #expect(result.onCanvas && result.missing == 0, "\(text) \(rotation)°: \(result)")
                #expect(Double(result.painted) >= 0.9 * Double(result.maskPixels), "\(text): \(result)")
            }
        }
    }

    @Test("a vertical word's upright glyphs agree with cairo, at a quarter turn either way")
    func agreesForVerticalWords() throws {
        for (text, family, size) in [("學而時習之", "Noto Sans CJK SC", 31.5), ("ひらがな、カタカナ。", "Noto Sans CJK JP", 17)] {
            let w = try typesetter.typesetVertical(text, font: FontDescriptor(family: family), size: size)
            #expect(w.isVertical)
            for angle in [90.0, -90] {
                let result = try compareWithCairo(w, rotation: angle)
                #expect(result.onCanvas && result.missing == 0, "\(text) \(angle)°: \(result)")
                #expect(Double(result.painted) >= 0.9 * Double(result.maskPixels), "\(text): \(result)")
                let mask = try rasterizer.coverage(of: w, rotation: w.glyphRotation(at: angle))
                #expect(mask.bits.height > 3 * mask.bits.width, "\(text) is a column")
            }
        }
    }

    @Test("glyphs flagged as overlapping, which FreeType renders oversampled, agree with cairo too")
    func agreesForOverlapFlaggedGlyphs() throws {
        let plain = try FontLibrary.shared.resolve(dejaVu)
        let path = try overlapFlaggedCopy(of: plain.file)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let flagged = FontDescriptor(family: path)
        var differs = false
        for (text, size) in [("Hello", 30.0), ("Quixotic", 13.3), ("savoir-faire", 21.7)] {
            let w = try word(text, size: size, font: flagged)
            #expect(w.font.file == path)
            for rotation in [0.0, 90, -41] {
                let result = try compareWithCairo(w, rotation: rotation)
                #expect(result.onCanvas && result.missing == 0, "\(text) \(rotation)°: \(result)")
                #expect(Double(result.painted) >= 0.9 * Double(result.maskPixels), "\(text): \(result)")
                let unflagged = try rasterizer.coverage(of: try word(text, size: size), rotation: rotation)
                if try rasterizer.coverage(of: w, rotation: rotation) != unflagged { differs = true }
            }
        }
        // The oversampled path really ran: it drops some faint pixels the plain one keeps.
        #expect(differs)
    }

    @Test("glyphs rendered into a coverage bitmap set the very pixels their spans do")
    func coverageBitmapMatchesSpans() throws {
        // The default path renders into bytes; this one collects FreeType's spans instead.
        let spans = FreeTypeGlyphRasterizer(placement: .matchingCairo, spansOnly: true)
        let bytes = FreeTypeGlyphRasterizer()
        var samples: [(String, Double, FontDescriptor)] = [
            ("Hello", 8, dejaVu), ("Typography", 33.7, dejaVu), ("wave AVA", 12.25, dejaVu),
            ("Quixotic jumps", 97.5, dejaVu), ("mow", 226, dejaVu), ("fi@%&", 4, dejaVu), ("Øresund", 151.3, dejaVu),
        ]
        // Installed by the set-up scripts on Linux; left out where the fonts are missing.
        for (text, family) in [("سَلام عليكم", "Noto Naskh Arabic"), ("漢字テスト", "Noto Sans CJK JP")] {
            let font = FontDescriptor(family: family)
            if let w = try? word(text, size: 40, font: font), !w.usedFallback { samples.append((text, 40, font)) }
        }
        var pixels = 0
        for (text, size, font) in samples {
            let w = try word(text, size: size, font: font)
            for rotation in [0.0, 90, -90, 180, 33, -147.5] {
                let fromBytes = try bytes.coverage(of: w, rotation: rotation)
                #expect(fromBytes == (try spans.coverage(of: w, rotation: rotation)), "\(text) at \(size) pt, \(rotation)°")
                pixels += fromBytes.bits.popCount
            }
        }
        #expect(pixels > 100_000)
    }

    @Test("concurrent calls give the same masks as serial ones")
    func concurrentCallsAgree() throws {
        let texts = ["Hello", "Typography", "concurrency", "wave AVA", "Quixotic", "Zebra", "mmmm", "fjord"]
        let jobs = try texts.enumerated().flatMap { i, text in
            try [0.0, 90, -90, 33].map { (try word(text, size: 14 + Double(i) * 3.5), $0) }
        }
        let serial = try jobs.map { try FreeTypeGlyphRasterizer().coverage(of: $0.0, rotation: $0.1) }
        // A fresh rasteriser so that faces are opened concurrently too.
        let shared = FreeTypeGlyphRasterizer()
        let results = ResultBox(count: 8)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            var masks: [WordMask] = []
            // Each thread walks the jobs from a different start, several times over, so the same
            // glyphs are rendered and cached by different threads at the same moment.
            for round in 0..<4 {
                for j in jobs.indices {
                    let (w, rotation) = jobs[(j + thread * 5 + round) % jobs.count]
                    if let mask = try? shared.coverage(of: w, rotation: rotation) { masks.append(mask) }
                }
            }
            results.set(thread, masks)
        }
        for thread in 0..<8 {
            let masks = results.get(thread)
            #expect(masks.count == 4 * jobs.count)
            guard masks.count == 4 * jobs.count else { continue }
            for round in 0..<4 {
                for j in jobs.indices {
                    let expected = serial[(j + thread * 5 + round) % jobs.count]
                    #expect(masks[round * jobs.count + j] == expected)
                }
            }
        }
    }

    @Test("a word without ink gives an empty mask")
    func emptyWords() throws {
        for text in [" ", "   "] {
            let space = try word(text)
            let mask = try rasterizer.coverage(of: space, rotation: 30)
            #expect(mask.bits.width == 0 && mask.bits.height == 0)
            #expect(mask.offsetX == 0 && mask.offsetY == 0)
        }
        var none = try word("x")
        none.glyphs = []
        #expect(
            try rasterizer.coverage(of: none, rotation: 0)
                == WordMask(
                    bits: BitMask(width: 0, height: 0),
                    offsetX: 0, offsetY: 0))
        // Spaces inside a word add no pixels of their own.
        let spaced = try rasterizer.coverage(of: try word("a b"), rotation: 0)
        let a = try rasterizer.coverage(of: try word("a"), rotation: 0)
        let b = try rasterizer.coverage(of: try word("b"), rotation: 0)
        #expect(spaced.bits.popCount <= a.bits.popCount + b.bits.popCount + 4)
    }

    @Test("the typesetter is a rasteriser too, and bad input is refused")
    func typesetterConformance() throws {
        func mask(_ t: some Typesetter & GlyphRasterizer, _ text: String) throws -> WordMask {
            try t.coverage(of: try t.typeset(text, font: dejaVu, size: 24), rotation: 15)
        }
        #expect(try mask(typesetter, "Cloud") == rasterizer.coverage(of: try word("Cloud", size: 24), rotation: 15))
        // A typesetter given its own rasteriser uses it (its glyph cache starts empty), with the
        // same result; without one it uses the shared rasteriser.
        let own = FreeTypeGlyphRasterizer()
        let fresh = FreeTypeTypesetter(rasterizer: own)
        #expect(fresh.rasterizer === own && typesetter.rasterizer === FreeTypeGlyphRasterizer.shared)
        #expect(try mask(fresh, "Cloud") == mask(typesetter, "Cloud"))
        let hello = try word("Hello")
        #expect(throws: (any Error).self) { try rasterizer.coverage(of: hello, rotation: .nan) }
        var huge = hello
        huge.size = .infinity
        #expect(throws: GraphicsError.invalidFontSize(.infinity)) { try rasterizer.coverage(of: huge, rotation: 0) }
        var missing = hello
        missing.font.file = "/nonexistent/font.ttf"
        #expect(throws: GraphicsError.fontFileNotFound("/nonexistent/font.ttf")) {
            try rasterizer.coverage(of: missing, rotation: 0)
        }
    }

    @Test("the size bound never exceeds the mask, and is given only at quarter turns")
    func coverageLowerBound() throws {
        var rng = SeededRandom(seed: 11)
        let texts = ["Wolf", "jumpy", "il", "AVATAR", "quartz fox", "i", "北京", "مرحبا", "नमस्ते", "🐇 rabbit", "ﬁ"]
        var tight = 0
        for _ in 0..<120 {
            let text = texts[rng.nextInt(below: texts.count)]
            let size = Double(4 + rng.nextInt(below: 160))
            let set = try typesetter.typeset(text, font: dejaVu, size: size)
            for angle in [0.0, 90, -90, 180, 270] {
                let mask = try typesetter.coverage(of: set, rotation: angle)
                let bound = try #require(typesetter.coverageLowerBound(of: set, rotation: angle))
                #expect(
                    bound.width <= mask.bits.width && bound.height <= mask.bits.height,
                    "\(text) at \(size) pt, \(angle)°: bound \(bound), mask \(mask.bits.width)x\(mask.bits.height)")
                if mask.bits.width - bound.width <= 4 && mask.bits.height - bound.height <= 4 { tight += 1 }
            }
        }
        // A bound of zero would pass the check above and save nothing.
        #expect(tight > 500)
        #expect(typesetter.coverageLowerBound(of: try word("Wolf"), rotation: 45) == nil)
        #expect(typesetter.coverageLowerBound(of: try word(" "), rotation: 0) == nil)
    }

    @Test("cairo's glyph snapping: halves round up, quarter phases stay in 0...3")
    func snapping() {
        #expect(GlyphPlacement.wholePixel.snap(2.5) == (3, 0))
        #expect(GlyphPlacement.wholePixel.snap(-2.5) == (-2, 0))
        #expect(GlyphPlacement.wholePixel.snap(-2.51) == (-3, 0))
        #expect(GlyphPlacement.quarterPixel.snap(2.3) == (2, 1))
        #expect(GlyphPlacement.quarterPixel.snap(2.9) == (3, 0))
        #expect(GlyphPlacement.quarterPixel.snap(-0.2) == (-1, 3))
    }

    @Test("quarter-pixel placement (cairo ≥ 1.17.6) keeps the mask close to the whole-pixel one")
    func quarterPixelPlacement() throws {
        let w = try word("Typography", size: 33.7)
        let quarter = FreeTypeGlyphRasterizer(placement: .quarterPixel)
        for rotation in [0.0, 33] {
            let a = points(try rasterizer.coverage(of: w, rotation: rotation))
            let b = points(try quarter.coverage(of: w, rotation: rotation))
            // Glyphs move by at most half a pixel between the two, so the masks mostly overlap.
            #expect(Double(a.intersection(b).count) >= 0.7 * Double(max(a.count, b.count)))
        }
    }
}

/// A copy of a TrueType font in the temporary folder with every simple glyph flagged
/// OVERLAP_SIMPLE (bit 6 of its first point flag), as variable fonts ship them, so that FreeType
/// renders them with its oversampling overlap renderer. Only flag bytes change; FreeType does not
/// check table checksums.
private func overlapFlaggedCopy(of file: String) throws -> String {
    var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
    func u16(_ o: Int) -> Int { Int(bytes[o]) << 8 | Int(bytes[o + 1]) }
    func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
    var tables: [String: Int] = [:]
    for i in 0..<u16(4) {
        let entry = 12 + 16 * i
        let tag = String(decoding: bytes[entry..<entry + 4], as: UTF8.self)
        tables[tag] = u32(entry + 8)
    }
    guard let head = tables["head"], let maxp = tables["maxp"], let loca = tables["loca"],
        let glyf = tables["glyf"]
    else { throw CocoaError(.fileReadCorruptFile) }
    let longOffsets = u16(head + 50) == 1
    func offset(_ glyph: Int) -> Int { longOffsets ? u32(loca + 4 * glyph) : 2 * u16(loca + 2 * glyph) }
    for glyph in 0..<u16(maxp + 4) {
        let start = glyf + offset(glyph)
        guard offset(glyph + 1) > offset(glyph) else { continue }
        let contours = Int(Int16(bitPattern: UInt16(u16(start))))
        guard contours > 0 else { continue }
        let instructions = start + 10 + 2 * contours
        bytes[instructions + 2 + u16(instructions)] |= 0x40
    }
    let path = NSTemporaryDirectory() + "overlap-\(UUID().uuidString).ttf"
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return path
}

/// Per-thread results of the concurrency test, behind a lock.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [[WordMask]]
    init(count: Int) { slots = Array(repeating: [], count: count) }
    func set(_ i: Int, _ masks: [WordMask]) { lock.lock(); slots[i] = masks; lock.unlock() }
    func get(_ i: Int) -> [WordMask] { lock.lock(); defer { lock.unlock() }; return slots[i] }
}
