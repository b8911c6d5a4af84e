// The WebAssembly side of `RecipeProbe.cloudLayoutText` (Tests/TagCloudCLITests/Embedded): reads a
// font manifest's path on the first line of standard input and a cloud's recipe after it, and
// writes the layout's JSON. Built by scripts/check-embedded with FreeType and HarfBuzz; run in Node,
// whose WASI gives it the font files' folders.
import TagCloudGraphics

@_extern(c, "getchar") func getchar() -> Int32
@_extern(c, "putchar") func putchar(_ c: Int32) -> Int32
@_extern(c, "fopen") func fopen(_ path: UnsafePointer<UInt8>, _ mode: UnsafePointer<UInt8>) -> OpaquePointer?
@_extern(c, "fgetc") func fgetc(_ file: OpaquePointer) -> Int32
@_extern(c, "fclose") func fclose(_ file: OpaquePointer) -> Int32

@main struct LayoutProbeMain {
    static func main() {
        var bytes: [UInt8] = []
        while case let c = getchar(), c >= 0 { bytes.append(UInt8(truncatingIfNeeded: c)) }
        let newline = bytes.firstIndex(of: 0x0A) ?? bytes.count
        let manifest: FontManifest
        do throws(GraphicsError) {
            manifest = try FontManifest(json: read(Array(bytes[..<newline])))
        } catch {
            write("error \(error.description)\n")
            return
        }
        write(RecipeProbe.cloudLayoutText(Array(bytes[min(bytes.count, newline + 1)...]), fonts: manifest))
    }

    /// The bytes of the file at `path`, empty when it cannot be opened.
    static func read(_ path: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        guard let file = fopen(path + [0], [0x72, 0]) else { return out }
        while case let c = fgetc(file), c >= 0 { out.append(UInt8(truncatingIfNeeded: c)) }
        _ = fclose(file)
        return out
    }

    static func write(_ text: String) {
        for b in text.utf8 { _ = putchar(Int32(b)) }
    }
}
