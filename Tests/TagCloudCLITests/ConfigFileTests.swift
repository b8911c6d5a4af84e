import Foundation
import Testing
@testable import TagCloudCLI

struct ConfigFileTests {
    let specs = [
        OptionSpec("width", valueName: "PT", help: "w"),
        OptionSpec("font", valueName: "F", help: "f", repeatable: true),
        OptionSpec("justify", help: "j"),
        OptionSpec("rtl", help: "r"),
    ]

    func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-config-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("options come from the file; the command line wins")
    func merge() throws {
        let path = try write(#"{"width": 800, "font": ["A", "B"], "justify": true, "rtl": false, "tags": ["x", "y"]}"#)
        let p = try ArgumentParser(options: specs).parse(["--config", path, "--width", "300"])
        #expect(p.string("width") == "300")
        #expect(p.strings("font") == ["A", "B"])
        #expect(p.flag("justify") && !p.flag("rtl"))
        #expect(p.positionals == ["x", "y"])
        let q = try ArgumentParser(options: specs).parse(["--config", path, "only"])
        #expect(q.string("width") == "800")
        #expect(q.positionals == ["only"])
    }

    @Test("bad config files are input errors naming the file and the key", arguments: [
        (#"{"widht": 3}"#, "did you mean \"width\""), (#"[1, 2]"#, "JSON object"), (#"{"justify": 1}"#, "true or false"),
        (#"{"width": [1, 2]}"#, "one value"), (#"{"width": {"a": 1}}"#, "string or a number"), ("not json", "JSON object"),
    ])
    func bad(text: String, message: String) throws {
        let path = try write(text)
        do {
            _ = try ArgumentParser(options: specs).parse(["--config", path])
            Issue.record("accepted \(text)")
        } catch let e as CLIError {
            #expect(e.exitCode == 2)
            #expect(e.description.contains(path), "\(e)")
            #expect(e.description.contains(message), "\(e)")
        }
    }

    @Test("an empty config file is an input error (found by the config fuzzer: it leaked under LeakSanitizer)")
    func empty() throws {
        let path = try write("")
        #expect(throws: CLIError.self) { try ArgumentParser(options: specs).parse(["--config", path]) }
    }

    @Test("a missing config file is an input error")
    func missing() {
        #expect(throws: CLIError.input("cannot read config /nonexistent.json: no such file or not readable")) {
            try ArgumentParser(options: specs).parse(["--config", "/nonexistent.json"])
        }
    }

    @Test("the effective configuration reads back to the same options")
    func roundTrip() throws {
        var withDefault = specs
        withDefault[0].defaultValue = "600"
        let parser = ArgumentParser(options: withDefault)
        let p = try parser.parse(["--font", "Noto \"Sans\"", "--font", "B", "--justify", "t1"])
        let text = ConfigFile.effective(p, options: parser.options, skip: ["config"])
        #expect(text.contains("\"width\": 600"))
        let back = try parser.parse(["--config", try write(text)])
        #expect(back.strings("font") == ["Noto \"Sans\"", "B"])
        #expect(back.flag("justify"))
        #expect(back.string("width") == "600")
        #expect(back.positionals == ["t1"])
    }
}

@Suite("config --print")
struct ConfigPrintTests {
    @Test("the printed configuration reproduces the cloud byte for byte")
    func reproduce() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let printed = try ToolRun.run(["config", "--print", "cloud", "--shape", "heart", "--rotate", "any", "--width", "300",
                                       "--height", "240", "alpha", "beta", "gamma", "delta"])
        #expect(printed.status == 0, "\(printed.stderr)")
        let config = dir.appendingPathComponent("saved.json")
        try printed.stdout.write(to: config)
        let text = String(decoding: printed.stdout, as: UTF8.self)
        #expect(text.contains("\"seed\": "))
        let a = dir.appendingPathComponent("a.png").path, b = dir.appendingPathComponent("b.png").path
        #expect(try ToolRun.run(["cloud", "--config", config.path, "-o", a]).status == 0)
        #expect(try ToolRun.run(["cloud", "--config", config.path, "-o", b]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)))
    }

    @Test("shapes lists every shape")
    func shapes() throws {
        let r = try ToolRun.run(["shapes"])
        #expect(String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").count == 10)
    }
}
