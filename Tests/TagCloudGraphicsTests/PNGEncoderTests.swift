import CCairo
import CZlib
import Foundation
import TagCloud
import Testing

@testable import TagCloudGraphics

/// A PNG read back independently of the encoder: chunks checked (lengths, CRCs, order), IDAT
/// inflated, every row unfiltered (all five filter types, since Cairo's writer uses them all).
private struct DecodedPNG: Equatable {
    var width: Int
    var height: Int
    /// 2 (RGB) or 6 (RGBA).
    var colorType: UInt8
    var idatChunks: Int
    /// The samples, rows after one another, no filter bytes.
    var samples: [UInt8]

    struct Invalid: Error, CustomStringConvertible {
        var description: String
    }

    init(_ png: Data) throws {
        let bytes = [UInt8](png)
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Invalid(description: "signature")
        }
        func u32(_ i: Int) -> Int { bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
        var i = 8
        var chunks: [(type: String, data: ArraySlice<UInt8>)] = []
        while i < bytes.count {
            guard i + 12 <= bytes.count else { throw Invalid(description: "truncated chunk at \(i)") }
            let length = u32(i)
            guard i + 12 + length <= bytes.count else { throw Invalid(description: "chunk past the end at \(i)") }
            let type = String(decoding: bytes[i + 4..<i + 8], as: UTF8.self)
            let crc = bytes[i + 4..<i + 8 + length].withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
            guard Int(crc) == u32(i + 8 + length) else { throw Invalid(description: "bad CRC in \(type)") }
            chunks.append((type, bytes[i + 8..<i + 8 + length]))
            i += 12 + length
        }
        guard chunks.first?.type == "IHDR", chunks.last?.type == "IEND", chunks.last?.data.isEmpty == true else {
            throw Invalid(description: "chunk order \(chunks.map(\.type))")
        }
        let header = Array(chunks[0].data)
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        colorType = header[9]
        guard header[8] == 8, colorType == 2 || colorType == 6, header[10] == 0, header[11] == 0, header[12] == 0 else {
            throw Invalid(description: "header \(header)")
        }
        let idat = chunks.filter { $0.type == "IDAT" }
        idatChunks = idat.count
        let compressed = idat.flatMap { Array($0.data) }
        let channels = colorType == 2 ? 3 : 4
        let rowBytes = 1 + width * channels
        var raw = [UInt8](repeating: 0, count: rowBytes * height + 1)
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw Invalid(description: "inflateInit")
        }
        defer { inflateEnd(&stream) }
        var input = compressed
        let status = input.withUnsafeMutableBufferPointer { inBuffer in
            raw.withUnsafeMutableBufferPointer { outBuffer -> Int32 in
                stream.next_in = inBuffer.baseAddress
                stream.avail_in = uInt(inBuffer.count)
                stream.next_out = outBuffer.baseAddress
                stream.avail_out = uInt(outBuffer.count)
                return inflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END, Int(stream.total_out) == rowBytes * height, stream.avail_in == 0 else {
            throw Invalid(description: "inflate status \(status), \(stream.total_out) bytes")
        }
        samples = []
        samples.reserveCapacity(width * channels * height)
        var previous = [UInt8](repeating: 0, count: width * channels)
        for y in 0..<height {
            let filter = raw[y * rowBytes]
            var row = Array(raw[y * rowBytes + 1..<(y + 1) * rowBytes])
            for x in row.indices {
                let a = x >= channels ? Int(row[x - channels]) : 0, b = Int(previous[x])
                let c = x >= channels ? Int(previous[x - channels]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = a
                case 2: predictor = b
                case 3: predictor = (a + b) / 2
                case 4:
                    let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predictor = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: throw Invalid(description: "filter \(filter)")
                }
                row[x] = UInt8(truncatingIfNeeded: Int(row[x]) + predictor)
            }
            samples += row
            previous = row
        }
    }
}

/// Where two sample arrays first differ (nil when they are equal), so a failure names a place
/// rather than printing megabytes.
private func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
    if let i = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset { return i }
    return a.count == b.count ? nil : min(a.count, b.count)
}

/// A Cairo image surface holding `pixels` (premultiplied ARGB32).
private func surface(width: Int, height: Int, _ pixel: (Int, Int) -> UInt32) throws -> OpaquePointer {
    let s = try #require(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
    let stride = Int(cairo_image_surface_get_stride(s))
    let base = try #require(cairo_image_surface_get_data(s))
    for y in 0..<height {
        let row = UnsafeMutableRawPointer(base + y * stride).assumingMemoryBound(to: UInt32.self)
        for x in 0..<width { row[x] = pixel(x, y) }
    }
    cairo_surface_mark_dirty(s)
    return s
}

/// Cairo's own PNG of a surface, the encoder's reference.
private func cairoPNG(_ s: OpaquePointer) throws -> Data {
    final class Sink { var data = Data() }
    let sink = Sink()
    let status = cairo_surface_write_to_png_stream(
        s,
        { closure, bytes, length in
            guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
            return CAIRO_STATUS_SUCCESS
        }, Unmanaged.passUnretained(sink).toOpaque())
    #expect(status == CAIRO_STATUS_SUCCESS)
    return sink.data
}

@Suite("PNG encoder")
struct PNGEncoderTests {
    @Test(
        "the same samples as Cairo's writer: RGB when opaque, RGBA un-premultiplied as Cairo rounds it",
        arguments: [false, true])
    func sameSamplesAsCairo(opaque: Bool) throws {
        var rng = SeededRandom(seed: opaque ? 1 : 2)
        // Every alpha value, colour values up to it (premultiplied), and runs of flat colour.
        let s = try surface(width: 301, height: 203) { x, y in
            if y % 7 == 0 { return 0xFF20_4080 }
            let a: UInt32 = opaque ? 255 : UInt32((x + 3 * y) % 256)
            func c() -> UInt32 { a == 0 ? 0 : UInt32(rng.nextInt(below: Int(a) + 1)) }
            return a << 24 | c() << 16 | c() << 8 | c()
        }
        defer { cairo_surface_destroy(s) }
        let ours = try DecodedPNG(CairoRenderer.pngData(of: s))
        let theirs = try DecodedPNG(cairoPNG(s))
        #expect(ours.colorType == (opaque ? 2 : 6))
        #expect(ours.width == 301 && ours.height == 203 && theirs.colorType == ours.colorType)
        #expect(firstDifference(ours.samples, theirs.samples) == nil)
        #expect(try CairoRenderer.pngData(of: s) == CairoRenderer.pngData(of: s))
    }

    @Test("a large image spans several IDAT chunks and still decodes to its pixels")
    func manyChunks() throws {
        var rng = SeededRandom(seed: 3)
        // Noise hardly compresses: about 3 MB of data.
        let s = try surface(width: 1024, height: 1024) { _, _ in 0xFF00_0000 | UInt32(rng.nextInt(below: 1 << 24)) }
        defer { cairo_surface_destroy(s) }
        let png = try CairoRenderer.pngData(of: s)
        let decoded = try DecodedPNG(png)
        #expect(decoded.idatChunks >= 3)
        #expect(decoded.width == 1024 && decoded.height == 1024)
        #expect(firstDifference(decoded.samples, try DecodedPNG(cairoPNG(s)).samples) == nil)
    }

    @Test(
        "an image too large to compress whole is streamed through zlib to the same pixels",
        arguments: [false, true])
    func streamed(opaque: Bool) throws {
        var rng = SeededRandom(seed: opaque ? 4 : 5)
        let s = try surface(width: 517, height: 389) { x, y in
            if (x / 40 + y / 30) % 3 == 0 { return opaque ? 0xFFFF_FFFF : 0 }
            let a: UInt32 = opaque ? 255 : UInt32(1 + rng.nextInt(below: 255))
            return a << 24 | UInt32(rng.nextInt(below: Int(a) + 1)) << 16 | (a / 2) << 8 | a / 3
        }
        defer { cairo_surface_destroy(s) }
        cairo_surface_flush(s)
        let pixels = try #require(cairo_image_surface_get_data(s))
        let stride = Int(cairo_image_surface_get_stride(s))
        func encode(limit: Int) throws -> Data {
            try PNGEncoder.data(argb32: pixels, width: 517, height: 389, stride: stride, wholeImageLimit: limit)
        }
        let whole = try encode(limit: PNGEncoder.wholeImageBytes)
        let streamed = try encode(limit: 0)
        #expect(whole != streamed, "the two compressors make different streams")
        #expect(try encode(limit: 0) == streamed)
        let decoded = try DecodedPNG(streamed)
        #expect(decoded.colorType == (opaque ? 2 : 6))
        #expect(firstDifference(decoded.samples, try DecodedPNG(whole).samples) == nil)
        #expect(firstDifference(decoded.samples, try DecodedPNG(cairoPNG(s)).samples) == nil)
    }

    @Test("a word cloud's PNG: the pixels drawn, in a smaller file than Cairo's writer makes")
    func wordCloud() throws {
        var o = WordCloudOptions()
        o.width = 400
        o.height = 300
        o.maximumWords = 60
        o.seed = 9
        let terms = (0..<60).map { Term("word\($0)", weight: Double(100 - $0)) }
        let layout = try WordCloudLayout(o).layout(terms, typesetter: FreeTypeTypesetter())
        let png = try CairoRenderer().pngData(layout)
        let decoded = try DecodedPNG(png)
        #expect(decoded.colorType == 2 && decoded.width == 400 && decoded.height == 300)
        let drawn = try CairoRenderer().renderARGB(layout)
        var expected: [UInt8] = []
        for p in drawn.pixels {
            expected += [UInt8(truncatingIfNeeded: p >> 16), UInt8(truncatingIfNeeded: p >> 8), UInt8(truncatingIfNeeded: p)]
        }
        #expect(firstDifference(decoded.samples, expected) == nil)
        // The file Cairo would have written, for comparison.
        let s = try surface(width: 400, height: 300) { x, y in drawn.pixels[y * 400 + x] }
        defer { cairo_surface_destroy(s) }
        let cairo = try cairoPNG(s)
        #expect(firstDifference(try DecodedPNG(cairo).samples, expected) == nil)
        #expect(png.count < cairo.count, "\(png.count) bytes, Cairo's \(cairo.count)")
    }
}
