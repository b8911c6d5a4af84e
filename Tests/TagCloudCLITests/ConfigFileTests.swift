import Foundation
import TagCloud
import TagCloudTestSupport
import Testing

@testable import TagCloudCLI
@testable import TagCloudRecipe
@testable import TagCloudServer

struct ConfigFileTests {
    let specs = [
        RecipeKey("width", valueName: "PT", help: "w"),
        RecipeKey("font", valueName: "F", help: "f", repeatable: true),
        RecipeKey("justify", help: "j"),
        RecipeKey("rtl", help: "r"),
    ]

    func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-config-\(UUID().uuidString).json")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    @Test("options come from the file; the command line wins")
    func merge() throws {
        let path = try write(#"{"width": 800, "font": ["A", "B"], "justify": true, "rtl": false, "tags": ["x", "y"]}"#)
        let p = try CommandLineParser(options: specs).parse(["--config", path, "--width", "300"])
        #expect(p.string("width") == "300")
        #expect(p.strings("font") == ["A", "B"])
        #expect(p.flag("justify") && !p.flag("rtl"))
        #expect(p.positionals == ["x", "y"])
        let q = try CommandLineParser(options: specs).parse(["--config", path, "only"])
        #expect(q.string("width") == "800")
        #expect(q.positionals == ["only"])
    }

    @Test(
        "bad config files are input errors naming the file and the key",
        arguments: [
            (#"{"widht": 3}"#, "did you mean \"width\""), (#"[1, 2]"#, "JSON object"), (#"{"justify": 1}"#, "true or false"),
            (#"{"width": [1, 2]}"#, "one value"), (#"{"width": {"a": 1}}"#, "string or a number"),
            ("not json", ":1:2: not valid JSON"),
            ("{\"font\": \"\\ud800\"}", ":1:11: not valid JSON (\\ud800 is a high surrogate"),
        ])
    func bad(text: String, message: String) throws {
        let path = try write(text)
        do {
            _ = try CommandLineParser(options: specs).parse(["--config", path])
            Issue.record("accepted \(text)")
        } catch let e {
            #expect(e.exitCode == 2)
            #expect(e.description.contains(path), "\(e)")
            #expect(e.description.contains(message), "\(e)")
        }
    }

    @Test("a saved \"command\" must name the command reading the file")
    func savedCommand() throws {
        let path = try write(#"{"command": "cloud", "width": 640}"#)
        #expect(try CommandLineParser(options: specs, command: "cloud").parse(["--config", path]).string("width") == "640")
        do {
            _ = try CommandLineParser(options: specs, command: "flow").parse(["--config", path])
            Issue.record("a cloud configuration was read by flow")
        } catch let e {
            #expect(e.exitCode == 2)
            #expect(e.description.contains("saved for `tagcloud cloud`, not `tagcloud flow`"), "\(e)")
        }
        let bad = try write(#"{"command": 3}"#)
        #expect(throws: RecipeError.self) { try CommandLineParser(options: specs, command: "cloud").parse(["--config", bad]) }
    }

    @Test("an empty config file is an input error (found by the config fuzzer: it leaked under LeakSanitizer)")
    func empty() throws {
        let path = try write("")
        #expect(throws: RecipeError.self) { try CommandLineParser(options: specs).parse(["--config", path]) }
    }

    @Test("a missing config file is an input error")
    func missing() {
        #expect(throws: RecipeError.input("cannot read config /nonexistent.json: no such file")) {
            try CommandLineParser(options: specs).parse(["--config", "/nonexistent.json"])
        }
    }

    @Test("the effective configuration reads back to the same options")
    func roundTrip() throws {
        var withDefault = specs
        withDefault[0].defaultValue = "600"
        let parser = CommandLineParser(options: withDefault)
        let p = try parser.parse(["--font", "Noto \"Sans\"", "--font", "B", "--justify", "t1"])
        let text = ConfigFile.effective(p, options: parser.options, skip: ["config"])
        #expect(text.contains("\"width\": 600"))
        let back = try parser.parse(["--config", try write(text)])
        #expect(back.strings("font") == ["Noto \"Sans\"", "B"])
        #expect(back.flag("justify"))
        #expect(back.string("width") == "600")
        #expect(back.positionals == ["t1"])
    }

    @Test("numbers are written as JSON numbers only when they read back as the same text")
    func numbers() throws {
        let specs = [
            RecipeKey("seed", valueName: "N", help: "s"), RecipeKey("scale", valueName: "F", help: "f"),
            RecipeKey("share", valueName: "P", help: "p"), RecipeKey("name", valueName: "S", help: "n"),
        ]
        let parser = CommandLineParser(options: specs)
        let p = try parser.parse(["--seed", "18446744073709551615", "--scale", "1.50", "--share", "0.9", "--name", "007"])
        let text = ConfigFile.effective(p, options: parser.options, skip: ["config"])
        #expect(text.contains(#""seed": "18446744073709551615""#))
        #expect(text.contains(#""scale": "1.50""#))
        #expect(text.contains(#""share": 0.9"#))
        #expect(text.contains(#""name": "007""#))
        var back = try parser.parse(["--config", try write(text)])
        back.values["config"] = nil
        #expect(back.values == p.values)
    }

    @Test("null, [] and false leave an option unset, as config --print writes unset options")
    func unset() throws {
        let path = try write(#"{"width": null, "font": [], "justify": false}"#)
        let p = try CommandLineParser(options: specs).parse(["--config", path])
        #expect(p.values == ["config": [path]] && p.flags.isEmpty)
    }

    /// The options of the commands' tables that have no fixed default, and why; every other option
    /// that takes a value must fill `defaultValue`, so `config --print` shows it.
    static let withoutFixedDefault: Set<String> = [
        // Nothing unless given.
        "input", "text", "output", "shape", "mask", "color-image", "color", "tag-fill", "tag-border",
        "stopwords", "add-stopwords", "phrase", "word-pattern", "previous", "weight-range",
        // Automatic: the format follows -o, the language is detected, no row limit, every term kept
        // (100 for flow --text), a pill's corner radius is half its height, a fresh seed is drawn.
        "format", "language", "max-rows", "top", "corner-radius", "seed",
        // count --partial: the shard key is the first text's path.
        "shard",
        // Depend on the command and on --random-sizes (and each other): `StyleArguments.sizes`.
        "min-size", "max-size",
        // Not an option of the configuration but the file it comes from.
        "config",
        // A series: cut only when asked, named by its sources, lossless unless a quality is given,
        // weights as shares for texts and as given for tables.
        "separator", "labels", "quality", "weights",
    ]

    @Test("every option that takes a value has its default in the table, unless it has none by design")
    func defaultsFilled() {
        for command in TagCloudTool.configurableCommands {
            for spec in CommandLineParser(options: TagCloudTool.options(of: command)!).options where spec.takesValue {
                #expect(
                    (spec.defaultValue != nil) != Self.withoutFixedDefault.contains(spec.name),
                    "\(command) --\(spec.name): default \(spec.defaultValue ?? "none")")
            }
        }
    }
}

@Suite("config --print")
struct ConfigPrintTests {
    @Test("the printed configuration reproduces the cloud byte for byte")
    func reproduce() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let printed = try ToolRun.run([
            "config", "--print", "cloud", "--shape", "heart", "--rotate", "any", "--width", "300",
            "--height", "240", "alpha", "beta", "gamma", "delta",
        ])
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

    @Test(
        "every option of every command is in the printed configuration, with a value of its kind",
        arguments: TagCloudTool.configurableCommands)
    func everyOption(_ command: String) throws {
        let printed = try ToolRun.run(["config", "--print", command])
        #expect(printed.status == 0, "\(printed.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: printed.stdout) as? [String: Any])
        let specs = try #require(TagCloudTool.options(of: command))
        #expect(Set(json.keys) == Set(specs.map(\.name)).subtracting(["help", "config"]).union(["command"]))
        #expect(json["command"] as? String == command)
        for spec in specs where spec.name != "help" {
            guard let value = json[spec.name] else { continue }
            if !spec.takesValue {
                #expect(value as? Bool == false, "--\(spec.name) is a flag: \(value)")
            } else if spec.repeatable {
                #expect(value is [Any], "--\(spec.name) is repeatable: \(value)")
            } else {
                #expect(value is String || value is NSNumber || value is NSNull, "--\(spec.name): \(value)")
            }
            // A default in the table is a default in the printout (unless not in effect, as the text options without --text).
            if let d = spec.defaultValue, !(value is NSNull), !spec.repeatable, spec.takesValue {
                #expect("\(value)" == d, "--\(spec.name): \(value) vs \(d)")
            }
        }
    }

    @Test("config --print takes the canvas from the mask as the cloud does, and refuses what the cloud refuses")
    func resolvedLikeTheCommand() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let mask = dir.appendingPathComponent("mask.png").path, layout = dir.appendingPathComponent("l.json").path
        #expect(
            try ToolRun.run(["cloud", "a", "--width", "120", "--height", "90", "--background", "black", "--quiet", "-o", mask])
                .status == 0)
        let options = ["--mask", mask, "--width", "240", "--legend", "a", "b"]
        let printed = try ToolRun.run(["config", "--print", "cloud"] + options)
        #expect(printed.status == 0, "\(printed.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: printed.stdout) as? [String: Any])
        #expect(try ToolRun.run(["cloud"] + options + ["--quiet", "-o", layout]).status == 0)
        let drawn = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: layout))) as? [String: Any])
        let size = try #require(drawn["size"] as? [String: Double])
        #expect(json["width"] as? Int == 240 && json["height"] as? Int == 180)
        #expect(size["width"] == 240 && size["height"] == 180)
        #expect(json["sizes"] as? String == "exact", "--legend makes the sizes exact")
        for bad in [["--width", "abc"], ["--mask", dir.appendingPathComponent("none.png").path]] {
            let command = try ToolRun.run(["cloud", "a", "-o", layout] + bad)
            let config = try ToolRun.run(["config", "--print", "cloud", "a"] + bad)
            #expect(command.status != 0 && config.status == command.status, "\(bad)")
            #expect(config.stderr == command.stderr && config.stdout.isEmpty, "\(bad)")
        }
    }

    static let story = """
        The White Rabbit ran past Alice. Alice followed the White Rabbit down the hole.
        The White Rabbit was late; Alice was curious. Rabbits, rabbits everywhere, said Alice.

        """

    /// Command lines whose printed configuration must reproduce their output byte for byte: defaults
    /// only, and options whose defaults depend on others (pills, random sizes, weight curves, text).
    static let reproducible: [[String]] = [
        ["cloud", "--seed", "5", "--width", "300", "--height", "200", "alpha", "beta", "gamma", "delta", "-o", "OUT.png"],
        [
            "cloud", "--seed", "6", "--width", "320", "--height", "240", "--size-scale", "sqrt", "--shape", "heart",
            "--text", "STORY", "--min-length", "3", "-o", "OUT.svg",
        ],
        ["flow", "--seed", "7", "swift", "ios", "linux", "machine learning", "-o", "OUT.png"],
        [
            "flow", "--seed", "8", "--pill", "--random-sizes", "--max-rows", "2", "--width", "300", "a", "bb", "ccc", "dddd",
            "eeeee", "ffffff", "-o", "OUT.png",
        ],
        ["flow", "--seed", "9", "--text", "STORY", "--align", "center", "--justify", "-o", "OUT.json"],
    ]

    @Test("config --print reproduces the output byte for byte when read back with --config", arguments: reproducible)
    func reproduces(_ commandLine: [String]) throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let story = dir.appendingPathComponent("story.txt")
        try Data(Self.story.utf8).write(to: story)
        let args = commandLine.map { $0.replacingOccurrences(of: "STORY", with: story.path) }
        let ext = (args.last! as NSString).pathExtension
        let options = Array(args.dropFirst().dropLast(2))  // without the command and -o
        let direct = dir.appendingPathComponent("direct.\(ext)").path
        let viaConfig = dir.appendingPathComponent("config.\(ext)").path

        let first = try ToolRun.run([args[0]] + options + ["-o", direct])
        #expect(first.status == 0, "\(first.stderr)")
        let printed = try ToolRun.run(["config", "--print", args[0]] + options)
        #expect(printed.status == 0, "\(printed.stderr)")
        let config = dir.appendingPathComponent("saved.json")
        try printed.stdout.write(to: config)
        let second = try ToolRun.run([args[0], "--config", config.path, "-o", viaConfig])
        #expect(second.status == 0, "\(second.stderr)")
        let a = try Data(contentsOf: URL(fileURLWithPath: direct)), b = try Data(contentsOf: URL(fileURLWithPath: viaConfig))
        #expect(a.count > 100)
        #expect(a == b, "\(args.joined(separator: " ")): the configuration read back draws something else")
    }

    @Test("shapes lists every shape, each by the name --shape takes")
    func shapes() throws {
        let r = try ToolRun.run(["shapes"])
        #expect(r.status == 0, "\(r.stderr)")
        let listed = String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(listed == Shape.allCases.map(\.rawValue), "\(listed)")
    }
}
