import Foundation
import TagCloudEngine
import TagCloudTestSupport
import Testing

/// The commands the editor asks the engine for besides the tool's: `options` (the option tables
/// with their plain labels) and `words FILE` (what was typed in "Add a word", read by the
/// library), the same from the engine's code run natively and from the WebAssembly engine in Node;
/// and a count's language, which the editor keeps its own stop words by.
@Suite("the engine's commands for the editor", .enabled(if: NodeRunner.ready))
struct EnginePageCommandTests {
    @Test("options lists cloud, flow and count with plain labels and the essential options")
    func options() throws {
        let folder = try NodeRunner.files()
        let native = try NodeRunner.native(["options"], in: folder)
        let node = try NodeRunner.run(["options"], in: folder)
        #expect(native.status == 0 && node.status == 0, "\(node.stderr)")
        #expect(Data(native.output) == node.stdout)
        let tables = try #require(try JSONSerialization.jsonObject(with: Data(native.output)) as? [String: [[String: Any]]])
        #expect(Set(tables.keys) == ["cloud", "flow", "count"])
        let margin = tables["cloud"]?.first { $0["name"] as? String == "margin" }
        #expect(margin?["label"] as? String == "Space between words" && margin?["essential"] as? Bool == false)
        let shape = tables["cloud"]?.first { $0["name"] as? String == "shape" }
        #expect(shape?["essential"] as? Bool == true && (shape?["choices"] as? [String])?.contains("heart") == true)
        let minLength = tables["count"]?.first { $0["name"] as? String == "min-length" }
        #expect(minLength?["groupLabel"] as? String == "Counting a text")
        let unlabelled = tables.values.flatMap { $0 }.filter { $0["label"] is NSNull }.compactMap { $0["name"] as? String }
        #expect(unlabelled.isEmpty, "options without a plain label: \(unlabelled)")
    }

    @Test("fonts lists the families a page offers, the same in the engine as fontconfig's")
    func fonts() throws {
        let folder = try NodeRunner.files()
        let node = try NodeRunner.run(["fonts"], in: folder)
        let families = try #require(try JSONSerialization.jsonObject(with: node.stdout) as? [String])
        #expect(families.contains("DejaVu Sans") && families == families.sorted(), "\(families.prefix(5))")
        let native = try NodeRunner.native(["fonts"], in: folder)
        let natively = try #require(try JSONSerialization.jsonObject(with: Data(native.output)) as? [String])
        #expect(Set(families).isSubset(of: Set(natively)))
    }

    @Test(
        "words reads typed lists as people mean them, in the engine and natively",
        arguments: [
            ("apple, banana, cherry", "apple\t1\nbanana\t1\ncherry\t1\n", ""),
            ("kiwi 3\nlime: 2.5\nNew York 4", "kiwi\t3\nlime\t2.5\nNew York\t4\n", ""),
            ("fig\nplum\nfig\nfig\n", "fig\t3\nplum\t1\n", ""),
            ("تفاح، موز", "تفاح\t1\nموز\t1\n", ""),
            ("a 0, , b -2, c", "c\t1\n", "left out 2 entries with no word, or a weight that is not a positive number"),
        ])
    func words(_ typed: String, _ expected: String, _ note: String) throws {
        let folder = try NodeRunner.files()
        let file = "typed-\(abs(typed.hashValue)).txt"
        try Data(typed.utf8).write(to: folder.appendingPathComponent(file))
        let native = try NodeRunner.native(["words", file], in: folder)
        let node = try NodeRunner.run(["words", file], in: folder)
        #expect(String(decoding: native.output, as: UTF8.self) == expected)
        #expect(node.stdout == Data(expected.utf8) && node.status == 0, "\(node.stderr)")
        #expect(native.messages == (note.isEmpty ? [] : [note]))
    }

    @Test("a count asked for its language gives it beside its table; anything else beside it is refused")
    func countLanguage() throws {
        let folder = try NodeRunner.files()
        let text = String(repeating: "Le chat dit bonjour et le chien dit non. Elle dit que la mer est grise. ", count: 20)
        try Data(text.utf8).write(to: folder.appendingPathComponent("french.txt"))
        let counted = try NodeRunner.native(["count", "--text", "french.txt"], in: folder, also: ["language"])
        #expect(counted.status == 0 && counted.also.first.map { String(decoding: $0, as: UTF8.self) } == "fr")
        let refused = try NodeRunner.native(["count", "--text", "french.txt"], in: folder, also: ["svg"])
        #expect(refused.status == 1 && refused.messages.last?.contains("count writes its table") == true)
    }
}
