import Foundation
import TagCloudGraphics
import TagCloudTestSupport
import Testing

/// `tagcloud fonts --script`: the families that cover a writing system, as fontconfig records it.
/// The machine has DejaVu and Noto (with CJK) installed by `scripts/setup`.
@Suite("tagcloud fonts")
struct FontsCommandTests {
    private func families(_ args: [String]) throws -> [String] {
        let run = try ToolRun.run(["fonts"] + args)
        #expect(run.status == 0, "\(args): \(run.stderr)")
        return String(decoding: run.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    @Test("--script han lists the Noto CJK families and not DejaVu", arguments: ["han", "Hani", "HAN", "chinese"])
    func han(_ name: String) throws {
        let list = try families(["--script", name])
        #expect(list.contains { $0.hasPrefix("Noto Sans CJK") }, "\(list)")
        #expect(!list.contains { $0.hasPrefix("DejaVu") }, "\(list)")
    }

    @Test("--script latin lists DejaVu Sans; the ISO code gives the same list")
    func latin() throws {
        let list = try families(["--script", "latin"])
        #expect(list.contains("DejaVu Sans"))
        #expect(try families(["--script", "latn"]) == list)
        // A script is a filter of the full list.
        #expect(Set(list).isSubset(of: Set(try families([]))))
    }

    @Test(
        "each script lists its Noto family",
        arguments: [
            ("arabic", "Noto Sans Arabic"), ("Arab", "Noto Sans Arabic"), ("hebrew", "Noto Sans Hebrew"),
            ("devanagari", "Noto Sans Devanagari"), ("Deva", "Noto Sans Devanagari"), ("thai", "Noto Sans Thai"),
            ("cyrillic", "DejaVu Sans"), ("greek", "Noto Sans"), ("japanese", "Noto Sans CJK JP"),
            ("hiragana", "Noto Sans CJK JP"), ("korean", "Noto Sans CJK KR"), ("Hang", "Noto Sans CJK KR"),
        ])
    func scripts(_ name: String, _ family: String) throws {
        #expect(try families(["--script", name]).contains(family))
    }

    @Test("fonts for one script do not leak into another")
    func exclusive() throws {
        #expect(!(try families(["--script", "thai"])).contains("Noto Sans Arabic"))
        #expect(!(try families(["--script", "arabic"])).contains("Noto Sans Thai"))
        // Noto Kufi Arabic covers Punjabi in Arabic letters (pa-pk), which is not Gurmukhi.
        #expect(!(try families(["--script", "gurmukhi"])).contains("Noto Kufi Arabic"))
    }

    @Test("--script with --sample keeps the families that pass both")
    func withSample() throws {
        let list = try families(["--script", "han", "--sample", "한국"])
        #expect(list.contains("Noto Sans CJK KR"))
        #expect(Set(list).isSubset(of: Set(try families(["--script", "han"]))))
    }

    @Test("an unknown script is a usage error listing the accepted names")
    func unknownScript() throws {
        let run = try ToolRun.run(["fonts", "--script", "klingon"])
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(run.stderr.hasPrefix("tagcloud: error: unknown script \"klingon\""))
        for name in ["latin", "cyrillic", "han", "japanese", "hangul", "Hani"] { #expect(run.stderr.contains(name)) }
    }

    @Test("script names: name, ISO 15924 code and aliases in any case")
    func names() {
        #expect(FontScript.named("HANI")?.name == "han")
        #expect(FontScript.named("Katakana")?.name == "japanese")
        #expect(FontScript.named("Kore")?.name == "hangul")
        #expect(FontScript.named("latn")?.name == "latin")
        #expect(FontScript.named("klingon") == nil)
        #expect(Set(FontScript.all.map(\.code)).count == FontScript.all.count)
        // Every name leads back to its own script (no alias shadowed by another script's name).
        for script in FontScript.all {
            for name in [script.name, script.code] + script.aliases {
                #expect(FontScript.named(name) == script, "\(name)")
            }
        }
    }
}
