import CWebP
import Foundation
import TagCloud
import TagCloudTestSupport
import Testing

@testable import TagCloudGraphics

private let dejaVu = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
private let red = Color(red: 200, green: 0, blue: 0)

/// An animated WebP read back with libwebp's animation decoder: the canvas, the loop count, and every
/// frame as the full canvas (`0xAARRGGBB`, straight alpha) with the time it ends.
private struct DecodedAnimation {
    var width = 0, height = 0, loopCount = 0
    var frames: [(pixels: [UInt32], end: Int)] = []

    init(_ data: Data) throws {
        var options = WebPAnimDecoderOptions()
        try #require(WebPAnimDecoderOptionsInit(&options) != 0)
        options.color_mode = MODE_RGBA
        let bytes = [UInt8](data)
        try bytes.withUnsafeBufferPointer { buffer in
            var webp = WebPData(bytes: buffer.baseAddress, size: buffer.count)
            let decoder = try #require(WebPAnimDecoderNew(&webp, &options), "libwebp reads the animation")
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            try #require(WebPAnimDecoderGetInfo(decoder, &info) != 0)
            width = Int(info.canvas_width)
            height = Int(info.canvas_height)
            loopCount = Int(info.loop_count)
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                var canvas: UnsafeMutablePointer<UInt8>?
                var end: Int32 = 0
                try #require(WebPAnimDecoderGetNext(decoder, &canvas, &end) != 0)
                let rgba = try #require(canvas)
                let pixels = (0..<(width * height)).map { i -> UInt32 in
                    let p = rgba + 4 * i
                    return UInt32(p[3]) << 24 | UInt32(p[0]) << 16 | UInt32(p[1]) << 8 | UInt32(p[2])
                }
                frames.append((pixels, Int(end)))
            }
            try #require(frames.count == Int(info.frame_count))
        }
    }
}

/// A word of `text` in DejaVu Sans at `size` points whose box is centred on `center`.
private func word(_ text: String, center: Point, size: Double, color: Color = red) throws -> PlacedWord {
    let run = try CairoFontCache.simpleGlyphRun(text, fontFile: dejaVu, size: size)
    // DejaVu's ascent is 0.93 em and descent 0.24 em; 2 pt of padding around.
    let height = size * 1.17 + 4, width = run.advance + 4
    let frame = Rect(x: center.x - width / 2, y: center.y - height / 2, width: width, height: height)
    let origin = Point(x: frame.minX + 2, y: frame.minY + 2 + 0.93 * size)
    return PlacedWord(
        index: 0, text: text, id: nil, link: nil, weight: size, frame: frame, origin: origin, inkBounds: frame,
        font: ResolvedFont(family: "DejaVu Sans", file: dejaVu), fontSize: size, color: color, glyphs: run.glyphs,
        rightToLeft: false, fallbackFont: false)
}

/// Three frames on 240 × 120: "cloud" grows from 18 to 36 pt and back; "rain" is in the first two
/// frames only, "sun" in the last only.
private func series(background: Color? = .white, canvas: Size = Size(width: 240, height: 120)) throws -> CloudSeries {
    func frame(_ label: String, _ words: [PlacedWord]) -> CloudSeries.Frame {
        .init(
            label: label,
            layout: CloudLayout(kind: .cloud, size: canvas, background: background, placed: words, unplaced: [], seed: 1))
    }
    return CloudSeries(frames: [
        frame(
            "1",
            [try word("cloud", center: Point(x: 120, y: 60), size: 18), try word("rain", center: Point(x: 50, y: 25), size: 16)]),
        frame(
            "2",
            [try word("cloud", center: Point(x: 120, y: 60), size: 36), try word("rain", center: Point(x: 50, y: 25), size: 16)]),
        frame(
            "3",
            [try word("cloud", center: Point(x: 120, y: 60), size: 24), try word("sun", center: Point(x: 200, y: 100), size: 20)]),
    ])
}

/// The PNG `CairoRenderer` makes of `layout`, read back as straight-alpha pixels.
private func pngPixels(_ layout: CloudLayout, _ options: RenderOptions) throws -> [UInt32] {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("webp-\(UUID().uuidString).png")
    defer { try? FileManager.default.removeItem(at: url) }
    try CairoRenderer(options: options).writePNG(layout, to: url)
    return try ImageLoader.loadRGBA(path: url.path).pixels
}

private func channels(_ p: UInt32) -> [Int] { [24, 16, 8, 0].map { Int((p >> UInt32($0)) & 255) } }

/// The largest difference of any channel between two images, and the mean difference per channel.
private func difference(_ a: [UInt32], _ b: [UInt32]) -> (largest: Int, mean: Double) {
    var largest = 0, sum = 0
    for (p, q) in zip(a, b) {
        for (x, y) in zip(channels(p), channels(q)) {
            largest = max(largest, abs(x - y))
            sum += abs(x - y)
        }
    }
    return (largest, Double(sum) / Double(4 * max(1, a.count)))
}

/// The pixels of an image `width` wide inside `rect` (in points, at scale 1).
private func region(_ pixels: [UInt32], width: Int, _ rect: Rect) -> [UInt32] {
    let height = pixels.count / width
    let xs = max(0, Int(rect.minX))..<min(width, Int(rect.maxX.rounded(.up)))
    let ys = max(0, Int(rect.minY))..<min(height, Int(rect.maxY.rounded(.up)))
    return ys.flatMap { y in xs.map { x in pixels[y * width + x] } }
}

/// How many pixels differ between two images.
private func changed(_ a: [UInt32], _ b: [UInt32]) -> Int { zip(a, b).filter { $0 != $1 }.count }

@Suite struct AnimatedWebPTests {
    /// Hold 0.5 s, morph 0.2 s in 4 images of 50 ms: 3 held frames and 2 × 4 in-between images.
    let timing = AnimatedWebPOptions(holdSeconds: 0.5, transitionSeconds: 0.2, framesPerSecond: 20, loopCount: 3)
    let ends = [500, 550, 600, 650, 700, 1200, 1250, 1300, 1350, 1400, 1900]

    @Test("lossless (the default): every image in order with its time, the held frames exactly the renderer's PNGs")
    func losslessFramesAndTimes() throws {
        let options = timing
        let s = try series()
        let decoded = try DecodedAnimation(try AnimatedWebP(options: options).data(s))
        #expect(decoded.width == 240 && decoded.height == 120)
        #expect(decoded.loopCount == 3)
        #expect(decoded.frames.map(\.end) == ends)
        for (k, index) in [0, 5, 10].enumerated() {
            let png = try pngPixels(s.frames[k].layout, options.render)
            #expect(difference(decoded.frames[index].pixels, png).largest == 0, "frame \(k)")
        }
        // Every in-between image differs from both frames it lies between and from its neighbours.
        for index in [1, 2, 3, 4, 6, 7, 8, 9] {
            let image = decoded.frames[index].pixels
            let before = decoded.frames[index < 5 ? 0 : 5].pixels, after = decoded.frames[index < 5 ? 5 : 10].pixels
            #expect(changed(image, before) > 50 && changed(image, after) > 50, "image \(index)")
            #expect(changed(image, decoded.frames[index - 1].pixels) > 0, "image \(index)")
        }
    }

    @Test("lossy: held frames within the compression's tolerance of the renderer's PNGs")
    func lossyFramesAreClose() throws {
        var options = timing
        options.lossless = false
        options.quality = 80
        options.render.scale = 2
        let s = try series()
        let data = try AnimatedWebP(options: options).data(s)
        let decoded = try DecodedAnimation(data)
        #expect(decoded.width == 480 && decoded.height == 240)
        #expect(decoded.frames.map(\.end) == ends)
        for (k, index) in [0, 5, 10].enumerated() {
            let png = try pngPixels(s.frames[k].layout, options.render)
            let d = difference(decoded.frames[index].pixels, png)
            #expect(d.mean < 0.5, "frame \(k): mean difference \(d.mean)")
            // Against the next frame's PNG the difference is many times larger: the frame is its own.
            let other = try pngPixels(s.frames[(k + 1) % 3].layout, options.render)
            #expect(difference(decoded.frames[index].pixels, other).mean > 5 * d.mean, "frame \(k)")
        }
    }

    @Test("fades on a transparent background: half-transparent pixels keep their colour, not darkened")
    func transparentFades() throws {
        var options = timing
        options.render.transparent = true
        let s = try series(background: nil)
        let decoded = try DecodedAnimation(try AnimatedWebP(options: options).data(s))
        for (k, index) in [0, 5, 10].enumerated() {
            let png = try pngPixels(s.frames[k].layout, options.render)
            for (p, q) in zip(decoded.frames[index].pixels, png) {
                let (a, b) = (channels(p), channels(q))
                #expect(a[0] == b[0])
                // Under full transparency the colour is not stored; elsewhere it is, to rounding.
                if a[0] > 0 { #expect(zip(a, b).allSatisfy { abs($0 - $1) <= 1 }) }
            }
        }
        // At t = 0.375 from frame 2 to frame 3 (eased, 0.316), "rain" fades out at alpha 174 and "sun"
        // fades in at 81: every pixel at least a quarter opaque is the words' red, so the premultiplied
        // colour was divided back out (to within what Cairo's 8-bit premultiplied channel, ±1, is worth
        // at that alpha), and "rain" is nowhere more opaque than its faded alpha.
        let mid = decoded.frames[7].pixels
        let translucent = mid.filter { (64..<200).contains($0 >> 24) }
        #expect(translucent.count > 30)
        #expect(
            translucent.allSatisfy { p in
                let c = channels(p), tolerance = 255 / c[0] + 1
                return zip(c.dropFirst(), [200, 0, 0]).allSatisfy { abs($0 - $1) <= tolerance }
            })
        let rain = region(mid, width: decoded.width, s.frames[1].layout.placed[1].frame)
        #expect(abs(Int(rain.map { $0 >> 24 }.max() ?? 0) - 174) <= 1)
        #expect(mid[0] >> 24 == 0)
    }

    @Test("a fading word is blended with the background on an opaque canvas")
    func fadesBlendOnWhite() throws {
        let options = timing
        let s = try series()
        let decoded = try DecodedAnimation(try AnimatedWebP(options: options).data(s))
        // "rain" at alpha 174 over white: its fully covered pixels are (217, 81, 81), none darker.
        let frame = s.frames[1].layout.placed[1].frame
        let held = region(decoded.frames[5].pixels, width: decoded.width, frame).map { channels($0)[2] }
        let fading = region(decoded.frames[7].pixels, width: decoded.width, frame).map { channels($0)[2] }
        #expect(held.min() == 0)
        #expect(abs((fading.min() ?? 0) - 81) <= 2)
        #expect(fading.filter { abs($0 - 81) <= 2 }.count > 10)
    }

    @Test("progress climbs to 1; a cancelled token stops the work")
    func progressAndCancellation() throws {
        var seen: [Double] = []
        _ = try AnimatedWebP(options: timing).data(try series()) { seen.append($0) }
        #expect(seen.count == 12)
        #expect(zip(seen, seen.dropFirst()).allSatisfy { $0 < $1 })
        #expect(seen.last == 1)
        let token = CancellationToken()
        var calls = 0
        #expect(throws: TagCloudError.cancelled) {
            try AnimatedWebP(options: timing).data(try series(), cancellation: token) { _ in
                calls += 1
                token.cancel()
            }
        }
        #expect(calls == 1)
    }

    @Test("the plan: one image a frame, n per transition, times without drift; one frame is a still image")
    func plan() throws {
        let s = try series()
        let t = try AnimatedWebP(options: timing).plan(s)
        #expect(t.images.count == 11 && t.end == 1900)
        #expect(t.images.map(\.start) == [0] + ends.dropLast())
        #expect(t.images.map(\.t) == [0, 0.125, 0.375, 0.625, 0.875, 0, 0.125, 0.375, 0.625, 0.875, 0])
        var cut = timing
        cut.transitionSeconds = 0
        #expect(try AnimatedWebP(options: cut).plan(s).images.map(\.start) == [0, 500, 1000])
        var thirds = timing
        thirds.framesPerSecond = 30
        thirds.transitionSeconds = 1
        thirds.holdSeconds = 1
        let starts = try AnimatedWebP(options: thirds).plan(s).images.map(\.start)
        #expect(starts.count == 63 && starts[31] == 2000 && starts[62] == 4000)
        // One frame: libwebp writes a still image, which has no duration.
        let one = CloudSeries(frames: [s.frames[0]])
        #expect(try AnimatedWebP(options: timing).plan(one).images.count == 1)
        let decoded = try DecodedAnimation(try AnimatedWebP(options: timing).data(one))
        #expect(decoded.frames.count == 1 && decoded.width == 240)
    }

    @Test("limits: an empty series, bad options, too many pixels or a too-wide canvas are refused before any work")
    func limits() throws {
        #expect(throws: GraphicsError.emptySeries) { try AnimatedWebP().data(CloudSeries(frames: [])) }
        #expect(GraphicsError.emptySeries.description.contains("no frames"))
        for bad in [
            AnimatedWebPOptions(holdSeconds: .nan), AnimatedWebPOptions(holdSeconds: 0),
            AnimatedWebPOptions(transitionSeconds: 0.001), AnimatedWebPOptions(transitionSeconds: 100),
            AnimatedWebPOptions(framesPerSecond: 0), AnimatedWebPOptions(framesPerSecond: .infinity),
            AnimatedWebPOptions(loopCount: -1), AnimatedWebPOptions(quality: 101),
        ] {
            #expect(throws: GraphicsError.self) { try AnimatedWebP(options: bad).plan(try series()) }
        }
        let error = #expect(throws: GraphicsError.self) {
            try AnimatedWebP(options: AnimatedWebPOptions(framesPerSecond: 0)).plan(try series())
        }
        #expect(error?.description.contains("frames per second 0.0") == true)
        #expect(error?.description.contains("1…50") == true)

        // 3 frames of 5000 × 5000 with 12 images per transition: 27 × 25 million pixels.
        var calls = 0
        let large = try series(canvas: Size(width: 5000, height: 5000))
        let tooLarge = #expect(throws: GraphicsError.self) {
            try AnimatedWebP().data(large) { _ in calls += 1 }
        }
        #expect(tooLarge == .animationTooLarge(images: 27, width: 5000, height: 5000))
        #expect(tooLarge?.description.contains("\(AnimatedWebP.maximumTotalPixels) pixels in all") == true)
        #expect(calls == 0)
        // As a cut (3 images) it is within the limit.
        #expect(try AnimatedWebP(options: AnimatedWebPOptions(transitionSeconds: 0)).plan(large).images.count == 3)
        let wide = try series(canvas: Size(width: 20000, height: 10))
        #expect(throws: GraphicsError.animationTooLarge(images: 27, width: 20000, height: 10)) {
            try AnimatedWebP().plan(wide)
        }
        let long = AnimatedWebPOptions(holdSeconds: 3600, transitionSeconds: 0)
        let day = CloudSeries(frames: Array(repeating: try series().frames[0], count: 25))
        #expect(throws: GraphicsError.animationTooLong(seconds: 90000)) { try AnimatedWebP(options: long).plan(day) }
    }
}
