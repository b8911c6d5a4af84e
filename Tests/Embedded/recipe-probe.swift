// The WebAssembly side of `RecipeProbe` (Tests/TagCloudCLITests/Embedded): reads a configuration on
// standard input and writes what it reads as. Built and linked by scripts/check-embedded.

@_extern(c, "getchar") func getchar() -> Int32
@_extern(c, "putchar") func putchar(_ c: Int32) -> Int32

@main struct RecipeProbeMain {
    static func main() {
        var bytes: [UInt8] = []
        while case let c = getchar(), c >= 0 { bytes.append(UInt8(truncatingIfNeeded: c)) }
        for b in RecipeProbe.text(bytes).utf8 { _ = putchar(Int32(b)) }
    }
}
