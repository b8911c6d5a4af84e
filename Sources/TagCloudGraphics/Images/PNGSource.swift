#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of a PNG as its checks read them, in order: a file natively (read in blocks, so
/// memory does not grow with it), the bytes the host handed over in WebAssembly, which has no
/// C streams Embedded Swift can name.
struct PNGSource {
    #if hasFeature(Embedded)
    /// The whole image file.
    let bytes: [UInt8]
    private var offset = 0

    /// A source over `bytes`.
    init(bytes: [UInt8]) { self.bytes = bytes }
    #else
    /// The open file, read from where it stands.
    let file: UnsafeMutablePointer<FILE>

    /// A source over `file`.
    init(file: UnsafeMutablePointer<FILE>) { self.file = file }
    #endif

    /// Up to `count` bytes into `buffer` (from its start), fewer only where the bytes end; the
    /// number read. A failure of the file itself is a `.readFailed`.
    mutating func read(into buffer: inout [UInt8], count: Int) throws(PNGFault) -> Int {
        #if hasFeature(Embedded)
        let n = min(count, bytes.count - offset)
        for i in 0..<n { buffer[i] = bytes[offset + i] }
        offset += n
        return n
        #else
        let n = fread(&buffer, 1, count, file)
        if n < count && ferror(file) != 0 { throw .readFailed(String(cString: strerror(errno))) }
        return n
        #endif
    }

    /// Up to `count` bytes, fewer only where the bytes end.
    mutating func read(upTo count: Int) throws(PNGFault) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let n = try read(into: &buffer, count: count)
        return n == count ? buffer : Array(buffer.prefix(n))
    }
}
