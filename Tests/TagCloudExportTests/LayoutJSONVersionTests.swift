import Foundation
import TagCloud
import Testing

@testable import TagCloudExport

/// A flow of `count` copies of one word, in two fonts, as a large flow's JSON holds them.
private func largeFlow(_ count: Int) -> CloudLayout {
    let fonts = [
        ResolvedFont(family: "DejaVu Sans", file: "/fonts/DejaVuSans.ttf", faceIndex: 0, weight: 400, style: .normal),
        ResolvedFont(family: "DejaVu Serif", file: "/fonts/DejaVuSerif.ttf", faceIndex: 0, weight: 700, style: .italic),
    ]
    let words = (0..<count).map { i -> PlacedWord in
        let x = Double(i % 10) * 60, y = Double(i / 10) * 20
        let glyphs = (0..<5).map { PositionedGlyph(id: UInt32(70 + $0), x: Double($0) * 8.5, y: 0) }
        return PlacedWord(
            index: i, text: "word\(i)", id: nil, link: nil, weight: Double(count - i),
            frame: Rect(x: x, y: y, width: 55.25, height: 17), origin: Point(x: x, y: y + 13),
            inkBounds: Rect(x: x + 1, y: y + 2, width: 53.5, height: 12.75),
            font: fonts[i % 2], fontSize: 14, color: Color(rgb: 0x4E79A7), glyphs: glyphs,
            rightToLeft: false, fallbackFont: false)
    }
    return CloudLayout(
        kind: .flow, size: Size(width: 600, height: Double(count / 10) * 20), background: .white,
        placed: words, unplaced: [], seed: 1)
}

/// `layout` as the JSON without glyphs reads it back.
private func withoutGlyphs(_ layout: CloudLayout) -> CloudLayout {
    var out = layout
    for i in out.placed.indices { out.placed[i].glyphs = [] }
    out.legend = out.legend?.withoutGlyphs
    return out
}

extension SizeLegend {
    fileprivate var withoutGlyphs: SizeLegend {
        var out = self
        out.caption.glyphs = []
        for k in out.entries.indices {
            out.entries[k].sample.glyphs = []
            out.entries[k].label.glyphs = []
        }
        return out
    }
}

@Suite("JSON layout versions and detail")
struct LayoutJSONVersionTests {
    @Test("by default a layout's JSON has no glyphs and reads back as the layout without them")
    func compactByDefault() throws {
        for seed in 0..<200 as Range<UInt64> {
            let l = randomLayout(seed)
            let text = String(decoding: try LayoutJSON.encode(l), as: UTF8.self)
            #expect(!text.contains("\"glyphs\""), "seed \(seed)")
            #expect(try LayoutJSON.decode(Data(text.utf8)) == withoutGlyphs(l), "seed \(seed)")
        }
    }

    @Test("a word costs under 300 bytes without its glyphs, its font named once in the table")
    func wordBytes() throws {
        let flow = largeFlow(1000)
        let compact = try LayoutJSON.encode(flow)
        let full = try LayoutJSON.encode(flow, glyphs: true)
        #expect(compact.count < 300 * 1000, "\(compact.count) bytes")
        #expect(full.count > compact.count + 1000 * 5 * 20, "each glyph written with glyphs: true")
        let root = try #require(try JSONSerialization.jsonObject(with: compact) as? [String: Any])
        #expect((root["fonts"] as? [Any])?.count == 2)
        #expect(root["version"] as? Int == CloudLayout.jsonVersion)
        let text = String(decoding: compact, as: UTF8.self)
        #expect(text.split(separator: "\n").count == 1000 + 14, "one line for each word, and for each key and font")
        #expect(try LayoutJSON.decode(full) == flow)
    }

    @Test("written to a sink in pieces, the bytes are encode's, none of them held whole")
    func streamed() throws {
        let flow = largeFlow(12_000)
        for glyphs in [false, true] {
            var pieces: [Int] = []
            var bytes = Data()
            try LayoutJSON.write(flow, glyphs: glyphs) { piece in
                pieces.append(piece.count)
                bytes.append(contentsOf: piece)
            }
            #expect(bytes == (try LayoutJSON.encode(flow, glyphs: glyphs)))
            #expect(pieces.count > 1 && pieces.allSatisfy { $0 < 2 * LayoutJSONWriter.chunkBytes }, "\(pieces)")
        }
        // The sink's error ends the writing.
        struct Full: Error {}
        var calls = 0
        #expect(throws: Full.self) {
            try LayoutJSON.write(flow) { _ in
                calls += 1
                throw Full()
            }
        }
        #expect(calls == 1)
    }

    @Test("a version 1 layout (fonts in full, every key written, pretty-printed) still reads")
    func versionOne() throws {
        let font = """
            { "faceIndex" : 0, "family" : "DejaVu Sans", "file" : "/f/DejaVuSans.ttf", "style" : "normal", "weight" : 400 }
            """
        let v1 = """
            {
              "kind" : "flow",
              "placed" : [
                {
                  "baseline" : 30, "color" : "#4e79a7", "fallbackFont" : true, "fallbackFonts" : [ \(font) ],
                  "font" : \(font), "fontSize" : 20,
                  "frame" : { "height" : 24, "width" : 50, "x" : 12, "y" : 12 },
                  "glyphs" : [ { "id" : 86, "x" : 0, "y" : 0 }, { "font" : 1, "id" : 90, "x" : 10.5, "y" : 0 } ],
                  "index" : 0, "inkBounds" : { "height" : 14, "width" : 48, "x" : 13, "y" : 16 },
                  "origin" : { "x" : 12, "y" : 30 }, "rightToLeft" : false, "rotation" : 90, "shrunk" : true,
                  "text" : "swift", "weight" : 40
                }
              ],
              "seed" : 7,
              "size" : { "height" : 48, "width" : 150 },
              "unplaced" : [ ]
            }
            """
        let layout = try LayoutJSON.decode(Data(v1.utf8))
        let word = try #require(layout.placed.first)
        #expect(word.font.file == "/f/DejaVuSans.ttf" && word.fallbackFonts == [word.font])
        #expect(word.glyphs.map(\.font) == [0, 1] && word.rotation == 90 && word.shrunk && word.fallbackFont)
        // Written again as version 2, it reads back the same.
        #expect(try LayoutJSON.decode(LayoutJSON.encode(layout, glyphs: true)) == layout)
    }

    @Test("a newer version, or a font index outside the table, is refused")
    func refused() throws {
        var text = String(decoding: try LayoutJSON.encode(largeFlow(3)), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"version\":2", with: "\"version\":3")
        #expect(throws: LayoutJSONError("version 3 is not one this reader knows (1 to 2)")) {
            try LayoutJSON.decode(Data(text.utf8))
        }
        let badFont = String(decoding: try LayoutJSON.encode(largeFlow(3)), as: UTF8.self)
            .replacingOccurrences(of: "\"font\":1,", with: "\"font\":2,")
        let error = #expect(throws: LayoutJSONError.self) { try LayoutJSON.decode(Data(badFont.utf8)) }
        #expect(error?.description.hasSuffix(".font: font 2 is not in the layout's fonts (it has 2)") == true)
    }

    @Test(
        "a damaged layout is refused naming the field, and fields it does not know are read past",
        arguments: [
            (#"{"layout": 1}"#, #"no "kind" in the top level"#),
            (#"{"kind": "cloud", "size": {"width": 10}, "placed": [], "unplaced": []}"#, #"no "height" in size"#),
            (
                #"{"kind": "cloud", "size": {"width": 1, "height": 1}, "placed": [{}], "unplaced": []}"#,
                #"no "index" in placed[0]"#
            ),
            (#"{"kind": "tree", "size": {"width": 1, "height": 1}, "placed": [], "unplaced": []}"#, "kind is unusable"),
            (#"{"kind": "cloud", "size": {"width": "1", "height": 1}, "placed": [], "unplaced": []}"#, "size.width is unusable"),
            (
                #"{"kind": "cloud", "size": {"width": 1, "height": 1}, "placed": [], "unplaced": [], "seed": 1.5}"#,
                "seed is unusable"
            ),
            (
                #"{"kind": "cloud", "size": {"width": 1, "height": 1}, "placed": [], "unplaced": [],}"#,
                "1:83: not valid JSON (unexpected \"}\""
            ),
            (#"{"kind": "cloud", "size": {"width": 1, "height": 1}, "placed": [], "unplaced": [], "new": [1]}"#, ""),
        ])
    func damaged(text: String, message: String) throws {
        do throws(LayoutJSONError) {
            let layout = try CloudLayout(json: Array(text.utf8))
            #expect(message.isEmpty && layout.size == Size(width: 1, height: 1), "read \(text)")
        } catch {
            #expect(!message.isEmpty && error.description.hasPrefix(message), "\(error) for \(text)")
        }
    }
}
