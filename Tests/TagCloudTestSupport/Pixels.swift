import Foundation
import TagCloud

/// `c` as a pixel of Cairo's ARGB32 format: alpha, red, green, blue from the high byte down. For an
/// opaque colour this is also its premultiplied value, as Cairo stores it.
public func argb(_ c: Color) -> UInt32 {
    UInt32(c.alpha) << 24 | UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
}

/// The width and height in a PNG's header (the IHDR chunk's first two big-endian words).
public func pngSize(_ png: Data) -> (Int, Int) {
    let d = [UInt8](png)
    func be(_ i: Int) -> Int { Int(d[i]) << 24 | Int(d[i + 1]) << 16 | Int(d[i + 2]) << 8 | Int(d[i + 3]) }
    return (be(16), be(20))
}

/// The width and height in the header of the PNG file at `path`.
public func pngSize(_ path: String) throws -> (Int, Int) {
    pngSize(try Data(contentsOf: URL(fileURLWithPath: path)))
}
