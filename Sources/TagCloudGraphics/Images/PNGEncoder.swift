import CLibDeflate
import CZlib
import Foundation

/// PNG files made from the pixels of a Cairo image surface, written here rather than by Cairo.
///
/// Cairo hands PNG writing to libpng with its defaults: every row is filtered five ways to keep
/// the one that looks most compressible, and zlib compresses at level 6. For a word cloud (a flat
/// background, anti-aliased text) that costs several times what laying the cloud out does, and
/// does not even give the smallest file: rows of flat colour compress best left unfiltered, where
/// deflate finds them repeated whole. So rows go unfiltered, and an image whose rows fit in
/// `wholeImageBytes` is compressed in one piece by libdeflate (level `wholeImageLevel`), which is
/// faster than zlib and makes smaller files (bench/README.md gives the figures); a larger one is
/// streamed through zlib at level `streamLevel` a batch of rows at a time, so that its PNG never
/// needs a second copy of the image in memory.
///
/// The pixels are the ones Cairo writes: RGB when every pixel is opaque (Cairo checks the same),
/// otherwise RGBA with the premultiplied colours divided back by alpha exactly as Cairo rounds
/// them. Deterministic: the same pixels give the same bytes.
enum PNGEncoder {
    /// The most bytes of rows (filter bytes included) compressed in one piece by libdeflate; a
    /// 3840×2160 RGB image takes 25 MB. Larger images are streamed through zlib.
    static let wholeImageBytes = 32 << 20

    /// libdeflate's level: 1 to 12, faster to smaller. 5 is the fastest whose files are no larger
    /// than zlib's at `streamLevel`.
    static let wholeImageLevel: Int32 = 5

    /// zlib's level for streamed images: 1 to 9, faster to smaller.
    static let streamLevel: Int32 = 3

    /// Compressed data is stored in IDAT chunks of this many bytes or a little more.
    private static let chunkSize = 1 << 20

    /// The PNG of a `width` × `height` image in Cairo's ARGB32 format (32-bit native-endian
    /// pixels, alpha premultiplied) whose rows start `stride` bytes apart at `pixels`, compressed
    /// in one piece when its rows take at most `wholeImageLimit` bytes. Throws `GraphicsError.zlib`
    /// when compression fails (out of memory).
    static func data(
        argb32 pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int,
        wholeImageLimit: Int = wholeImageBytes
    ) throws -> Data {
        precondition(width > 0 && height > 0 && stride >= 4 * width)
        let image = Rows(
            pixels: pixels, width: width, height: height, stride: stride,
            opaque: isOpaque(pixels, width: width, height: height, stride: stride))

        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        // 8 bits per channel, truecolour (2) or truecolour with alpha (6), deflate, no filter
        // method beyond the standard one, not interlaced.
        header.append(contentsOf: [8, image.opaque ? 2 : 6, 0, 0, 0])
        png.appendChunk("IHDR", header)
        if image.rowBytes * height <= wholeImageLimit {
            try compressWhole(image, into: &png)
        } else {
            try compressStreaming(image, into: &png)
        }
        png.appendChunk("IEND", Data())
        return png
    }

    /// The image's rows as PNG stores them: a filter byte (None), then RGB or RGBA samples.
    private struct Rows {
        var pixels: UnsafeRawPointer
        var width: Int
        var height: Int
        var stride: Int
        var opaque: Bool
        var rowBytes: Int { 1 + width * (opaque ? 3 : 4) }

        /// Writes `count` rows from row `y` on to `target`, `rowBytes` apart.
        func convert(from y: Int, count: Int, into target: UnsafeMutablePointer<UInt8>) {
            for r in 0..<count {
                let source = (pixels + (y + r) * stride).assumingMemoryBound(to: UInt32.self)
                let row = target + r * rowBytes
                row[0] = 0  // filter type None
                if opaque {
                    PNGEncoder.convertOpaque(source, width: width, into: row + 1)
                } else {
                    PNGEncoder.convertUnpremultiplying(source, width: width, into: row + 1)
                }
            }
        }
    }

    /// All rows converted, compressed by libdeflate into one zlib stream, stored in IDAT chunks.
    private static func compressWhole(_ image: Rows, into png: inout Data) throws {
        let count = image.rowBytes * image.height
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        defer { rows.deallocate() }
        image.convert(from: 0, count: image.height, into: rows)
        guard let compressor = libdeflate_alloc_compressor(wholeImageLevel) else {
            throw GraphicsError.zlib(operation: "starting to compress", status: Z_MEM_ERROR)
        }
        defer { libdeflate_free_compressor(compressor) }
        let capacity = libdeflate_zlib_compress_bound(compressor, count)
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        defer { output.deallocate() }
        let written = libdeflate_zlib_compress(compressor, rows, count, output, capacity)
        // The bound is libdeflate's own, so it cannot run out of room.
        guard written > 0 else { throw GraphicsError.zlib(operation: "compressing the image", status: Z_BUF_ERROR) }
        var start = 0
        while start < written {
            let end = min(written, start + chunkSize)
            png.appendChunk("IDAT", Data(bytesNoCopy: output + start, count: end - start, deallocator: .none))
            start = end
        }
    }

    /// Rows converted a batch at a time and streamed through zlib, the output stored in IDAT
    /// chunks of about `chunkSize` bytes as it comes.
    private static func compressStreaming(_ image: Rows, into png: inout Data) throws {
        var stream = z_stream()
        var status = tagcloud_deflate_init(&stream, streamLevel)
        guard status == Z_OK else { throw GraphicsError.zlib(operation: "starting to compress", status: status) }
        defer { deflateEnd(&stream) }

        let rowBytes = image.rowBytes
        let batch = max(1, (64 << 10) / rowBytes)
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: batch * rowBytes)
        defer { rows.deallocate() }
        let outputCapacity = 256 << 10
        let output = UnsafeMutablePointer<UInt8>.allocate(capacity: outputCapacity)
        defer { output.deallocate() }
        var pending = Data()
        func flushPending(all: Bool) {
            if pending.count >= chunkSize || (all && !pending.isEmpty) {
                png.appendChunk("IDAT", pending)
                pending.removeAll(keepingCapacity: true)
            }
        }

        var y = 0
        while y < image.height {
            let count = min(batch, image.height - y)
            image.convert(from: y, count: count, into: rows)
            y += count
            stream.next_in = rows
            stream.avail_in = UInt32(count * rowBytes)
            let flush = y == image.height ? Z_FINISH : Z_NO_FLUSH
            repeat {
                stream.next_out = output
                stream.avail_out = UInt32(outputCapacity)
                status = deflate(&stream, flush)
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else {
                    throw GraphicsError.zlib(operation: "compressing the image", status: status)
                }
                pending.append(output, count: outputCapacity - Int(stream.avail_out))
                flushPending(all: false)
            } while stream.avail_out == 0 || (flush == Z_FINISH && status != Z_STREAM_END)
        }
        flushPending(all: true)
    }

    /// Whether every pixel's alpha is 255.
    private static func isOpaque(_ pixels: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            let row = (pixels + y * stride).assumingMemoryBound(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= row[x] }
            if all < 0xFF00_0000 { return false }
        }
        return true
    }

    /// R, G, B bytes of opaque pixels.
    @inline(__always)
    fileprivate static func convertOpaque(_ source: UnsafePointer<UInt32>, width: Int, into target: UnsafeMutablePointer<UInt8>) {
        var t = target
        for x in 0..<width {
            let p = source[x]
            t[0] = UInt8(truncatingIfNeeded: p >> 16)
            t[1] = UInt8(truncatingIfNeeded: p >> 8)
            t[2] = UInt8(truncatingIfNeeded: p)
            t += 3
        }
    }

    /// R, G, B, A bytes, the colours divided by alpha as Cairo's PNG writer rounds them
    /// ((c · 255 + a / 2) / a), and a fully transparent pixel all zero.
    @inline(__always)
    fileprivate static func convertUnpremultiplying(
        _ source: UnsafePointer<UInt32>, width: Int,
        into target: UnsafeMutablePointer<UInt8>
    ) {
        var t = target
        for x in 0..<width {
            let p = source[x]
            let a = p >> 24
            switch a {
            case 0:
                t[0] = 0; t[1] = 0; t[2] = 0; t[3] = 0
            case 255:
                t[0] = UInt8(truncatingIfNeeded: p >> 16)
                t[1] = UInt8(truncatingIfNeeded: p >> 8)
                t[2] = UInt8(truncatingIfNeeded: p)
                t[3] = 255
            default:
                @inline(__always) func unpremultiplied(_ c: UInt32) -> UInt8 {
                    UInt8(truncatingIfNeeded: ((c & 0xFF) * 255 + a / 2) / a)
                }
                t[0] = unpremultiplied(p >> 16)
                t[1] = unpremultiplied(p >> 8)
                t[2] = unpremultiplied(p)
                t[3] = UInt8(truncatingIfNeeded: a)
            }
            t += 4
        }
    }
}

private extension Data {
    mutating func appendBigEndian(_ v: UInt32) {
        append(contentsOf: [
            UInt8(v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8),
            UInt8(truncatingIfNeeded: v),
        ])
    }

    /// A chunk: its length, type, data and the CRC of type and data.
    mutating func appendChunk(_ type: String, _ data: Data) {
        appendBigEndian(UInt32(data.count))
        let typeBytes = Array(type.utf8)
        append(contentsOf: typeBytes)
        append(data)
        var crc = typeBytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, 4) }
        data.withUnsafeBytes { raw in
            if let base = raw.bindMemory(to: Bytef.self).baseAddress {
                crc = crc32(crc, base, uInt(raw.count))
            }
        }
        appendBigEndian(UInt32(truncatingIfNeeded: crc))
    }
}
