import Foundation
import TagCloudTestSupport
import Testing

/// Pictures given to the WebAssembly engine as files (`--mask`, `--color-image`): its PNG reader
/// (libpng as Cairo reads with it) gives the tool's pixels for every kind of PNG, so masks and
/// colours, and the errors of damaged files, are the tool's bytes through the Node runner.
@Suite("pictures in the WebAssembly engine", .enabled(if: NodeRunner.ready))
struct EnginePictureTests {
    /// How far from the centre of a `w`×`h` picture a pixel is (1 on the inscribed ellipse).
    static func distance(_ x: Int, _ y: Int, _ w: Int, _ h: Int) -> Double {
        let dx = Double(2 * x + 1 - w) / Double(w), dy = Double(2 * y + 1 - h) / Double(h)
        return dx * dx + dy * dy
    }

    /// PNGs of each colour type the readers transform differently, each a disc of some sort.
    static func pictures(width w: Int = 240, height h: Int = 160) -> [String: [UInt8]] {
        let (uw, uh) = (UInt32(w), UInt32(h))
        func rows(_ pixel: (Int, Int) -> [UInt8]) -> [[UInt8]] {
            (0..<h).map { y in Array((0..<w).map { x in pixel(x, y) }.joined()) }
        }
        let soft = rows { x, y in
            let a = UInt8(max(0, min(255, Int((1 - distance(x, y, w, h)) * 400))))
            return [UInt8(x * 7 % 256), UInt8(y * 5 % 256), 128, a]
        }
        let palette = rows { x, y in
            let d = distance(x, y, w, h)
            return [d < 0.7 ? 0 : d < 0.9 ? 1 : 2]
        }
        let gray16 = rows { x, y in
            let v = UInt16(65535 * min(1, distance(x, y, w, h)))
            return [UInt8(v >> 8), UInt8(v & 0xFF)]
        }
        let gray1 = (0..<h).map { y in
            (0..<(w + 7) / 8).map { byte in
                (0..<8).reduce(UInt8(0)) { bits, bit in
                    let x = byte * 8 + bit
                    return bits | (x < w && distance(x, y, w, h) >= 0.8 ? 0x80 >> UInt8(bit) : 0)
                }
            }
        }
        let rgb = rows { x, y in distance(x, y, w, h) < 0.8 ? [20, 40, 60] : [255, 255, 255] }
        return [
            "soft-rgba.png": PNGBytes.image(width: uw, height: uh, depth: 8, color: 6, rows: soft),
            "palette-trns.png": PNGBytes.image(
                width: uw, height: uh, depth: 8, color: 3, rows: palette, palette: [10, 20, 30, 200, 100, 50, 255, 255, 255],
                transparency: [255, 90, 0]),
            "gray-16bit.png": PNGBytes.image(width: uw, height: uh, depth: 16, color: 0, rows: gray16),
            "gray-1bit.png": PNGBytes.image(width: uw, height: uh, depth: 1, color: 0, rows: gray1),
            "rgb.png": PNGBytes.image(width: uw, height: uh, depth: 8, color: 2, rows: rgb),
        ]
    }

    /// The pictures, a damaged copy (its image data changed, its CRC made good again), a cut one
    /// and a text file named .png, in the runner's folder.
    static func folder() throws -> URL {
        let folder = try NodeRunner.files()
        var all = pictures()
        let good = all["rgb.png"]!
        let idat = good.indices.first { Array(good[$0..<min($0 + 4, good.count)]) == Array("IDAT".utf8) }!
        let length = Int(good[idat - 4]) << 24 | Int(good[idat - 3]) << 16 | Int(good[idat - 2]) << 8 | Int(good[idat - 1])
        var data = Array(good[(idat + 4)..<(idat + 4 + length)])
        for i in 10..<40 { data[i] ^= 0x5A }
        all["damaged.png"] = Array(good[..<(idat - 4)]) + PNGBytes.chunk("IDAT", data) + PNGBytes.chunk("IEND", [])
        all["cut.png"] = Array(good.prefix(good.count / 2))
        all["words.png"] = Array("not a picture".utf8)
        for (name, bytes) in all { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        return folder
    }

    @Test(
        "masks and colour images of every PNG kind, and damaged ones, give the tool's bytes and messages",
        arguments: [
            "soft-rgba.png", "palette-trns.png", "gray-16bit.png", "gray-1bit.png", "rgb.png", "damaged.png", "cut.png",
            "words.png", "missing.png",
        ])
    func sameAsTool(_ picture: String) throws {
        let folder = try Self.folder()
        for key in ["--mask", "--color-image"] {
            let args =
                ["cloud", "--input", "tags.tsv", key, picture, "--width", "480", "--height", "320", "--seed", "2"]
                + ["--format", "json", "-o", "-"]
            let tool = try ToolRun.run(args, in: folder)
            let node = try NodeRunner.run(args, in: folder)
            #expect(node.status == tool.status, "\(key) \(picture): \(node.stderr)")
            #expect(node.stderr == tool.stderr, "\(key) \(picture)")
            #expect(node.stdout == tool.stdout, "\(key) \(picture)")
            let broken = ["damaged.png", "cut.png", "words.png", "missing.png"].contains(picture)
            #expect((tool.status == 0) == !broken, "\(key) \(picture): \(tool.stderr)")
        }
    }
}
