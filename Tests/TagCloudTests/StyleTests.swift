import Testing

@testable import TagCloud

struct ColorTests {
    @Test(
        "colour forms parse",
        arguments: [
            ("navy", Color(rgb: 0x000080)), ("#f00", Color(rgb: 0xFF0000)),
            ("#ff000080", Color(red: 255, green: 0, blue: 0, alpha: 128)),
            ("#1A2b3C", Color(rgb: 0x1A2B3C)), ("rgb(1, 2, 3)", Color(rgb: 0x010203)),
            ("rgba(255,255,255,0.5)", Color(red: 255, green: 255, blue: 255, alpha: 128)),
            ("transparent", Color.transparent), ("  RebeccaPurple ", Color(rgb: 0x663399)),
            ("#abcd", Color(red: 0xAA, green: 0xBB, blue: 0xCC, alpha: 0xDD)),
            ("rgb(100%, 0%, 50%)", Color(red: 255, green: 0, blue: 128)),
        ])
    func parses(text: String, expected: Color) throws {
        #expect(try Color(parsing: text) == expected)
    }

    @Test(
        "blank texts are those that draw nothing: spaces, controls, zero-width and other default-ignorable characters",
        arguments: [
            "", " ", "\t\n", "\u{3000}\u{A0}", "\u{200B}", "\u{200B}\u{200D}\u{FEFF}", "\u{202E}\u{2066}", "\u{1B}\u{7}",
            "\u{FE0F}", "a", " a ", "漢", " \u{301}", "\u{200B}a", "\u{600}",
        ])
    func blankMeansDrawsNothing(text: String) {
        let blank = [
            "", " ", "\t\n", "\u{3000}\u{A0}", "\u{200B}", "\u{200B}\u{200D}\u{FEFF}", "\u{202E}\u{2066}", "\u{1B}\u{7}",
            "\u{FE0F}",
        ]
        #expect(text.isBlank == blank.contains(text))
    }

    @Test(
        "bad colours are refused with the text",
        arguments: ["", "#12", "#gggggg", "rgb(1,2)", "rgb(300,0,0)", "blurple", "#1234567", "rgb(1,2,3"])
    func refuses(text: String) {
        #expect(Color.parse(text) == nil)
        do { _ = try Color(parsing: text); Issue.record("accepted \(text)") } catch {
            #expect("\(error)".contains("\"\(text)\""))
        }
    }

    @Test func hexRoundTrip() {
        #expect(Color(rgb: 0x0A0B0C).hex == "#0a0b0c")
        #expect(Color(red: 1, green: 2, blue: 3, alpha: 4).hex == "#01020304")
        #expect(Color.black.contrastRatio(with: .white) > 20.9)
    }
}

struct StyleTests {
    @Test("at least eight palettes, each found by name")
    func palettes() throws {
        #expect(Palette.names.count >= 8)
        for n in ["tableau10", "set2", "dark2", "viridis", "magma", "plasma", "pastel", "mono"] {
            #expect(try Palette(named: n).name == n)
        }
        #expect(throws: TagCloudError.self) { try Palette(named: "nope") }
    }

    @Test("sizes never decrease with weight", arguments: WeightScale.Curve.allCases)
    func monotoneSizes(curve: WeightScale.Curve) throws {
        let style = CloudStyle(sizing: .scaled(WeightScale(curve: curve, minimumSize: 10, maximumSize: 80)))
        var rng = SeededRandom(seed: 1)
        let terms = (1...200).map { Term("w\($0)", weight: Double($0 * $0)) }
        let sizes = try style.style(terms, using: &rng).map(\.size)
        #expect(sizes == sizes.sorted())
        #expect(sizes.first == 10 && sizes.last == 80)
    }

    @Test("random sizes stay in range and follow the seed")
    func randomSizes() throws {
        let style = CloudStyle(
            sizing: .random(minimum: 10, maximum: 27), fonts: [.default, FontDescriptor(family: "DejaVu Serif")])
        var a = SeededRandom(seed: 5), b = SeededRandom(seed: 5)
        let terms = (0..<300).map { Term("w\($0)") }
        let x = try style.style(terms, using: &a), y = try style.style(terms, using: &b)
        #expect(x == y)
        #expect(x.allSatisfy { (10...27).contains($0.size) })
        #expect(Set(x.map(\.size)).count > 10)
        #expect(Set(x.map(\.font.family)).count == 2)
    }

    @Test("colour modes")
    func colorModes() throws {
        let terms = [Term("a", weight: 1), Term("b", weight: 3), Term("c", weight: 2, color: Color(rgb: 0x123456))]
        var rng = SeededRandom(seed: 1)
        var style = CloudStyle(colorMode: .cycle)
        let cycled = try style.style(terms, using: &rng)
        #expect(cycled[0].color == style.palette.colors[0] && cycled[1].color == style.palette.colors[1])
        #expect(cycled[2].color == Color(rgb: 0x123456))
        style.colorMode = .rank
        let ranked = try style.style(terms, using: &rng)
        #expect(ranked[1].color == style.palette.colors[0])
        style.colorMode = .weight
        style.palette = try Palette(named: "viridis")
        let byWeight = try style.style(terms, using: &rng)
        #expect(byWeight[1].color == style.palette.colors.first)
        #expect(byWeight[0].color == style.palette.colors.last)
    }

    @Test("the generator is stable across platforms and versions")
    func rngStable() {
        var r = SeededRandom(seed: 0)
        // SplitMix64 reference values for seed 0.
        #expect(r.next() == 0xE220_A839_7B1D_CDAF)
        #expect(r.next() == 0x6E78_9E6A_A1B9_65F4)
        var s = SeededRandom(seed: 7)
        for _ in 0..<1000 { #expect((0..<13).contains(s.nextInt(below: 13))) }
    }
}

struct BitMaskTests {
    /// The slow definition: a cell is set when any of its pixels is.
    func reference(_ m: BitMask, _ f: Int, _ ox: Int, _ oy: Int) -> BitMask {
        var out = BitMask(width: (m.width + ox + f - 1) / f, height: (m.height + oy + f - 1) / f)
        for y in 0..<m.height { for x in 0..<m.width where m[x, y] { out[(x + ox) / f, (y + oy) / f] = true } }
        return out
    }

    @Test("downsampling matches its definition for every offset", arguments: [0, 1, 2, 3])
    func downsample(offset: Int) {
        var rng = SeededRandom(seed: UInt64(offset + 1))
        for (w, h) in [(1, 1), (63, 5), (64, 9), (65, 3), (200, 37), (131, 64)] {
            let m = BitMask(width: w, height: h) { _, _ in rng.nextInt(below: 9) == 0 }
            for oy in 0..<4 {
                #expect(m.downsampled(by: 4, offsetX: offset, offsetY: oy) == reference(m, 4, offset, oy))
            }
            for oy in 0..<2 {
                #expect(m.downsampled(by: 2, offsetX: offset % 2, offsetY: oy) == reference(m, 2, offset % 2, oy))
            }
            #expect(m.downsampled(by: 3, offsetX: offset % 3, offsetY: 1) == reference(m, 3, offset % 3, 1))
        }
    }

    @Test("dilation grows by the radius on every side")
    func dilate() {
        var m = BitMask(width: 70, height: 5)
        m[0, 0] = true
        m[69, 4] = true
        let d = m.dilated(by: 2)
        #expect(d.width == 74 && d.height == 9)
        #expect(d.popCount == 50)
        #expect(d[0, 0] && d[4, 4] && !d[5, 0] && d[73, 8] && d[69, 4])
    }
}
