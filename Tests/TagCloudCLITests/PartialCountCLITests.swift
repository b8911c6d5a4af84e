import Foundation
import TagCloudTestSupport
import Testing

/// `tagcloud count --partial` and `--merge` as a user runs them: shards counted apart, merged in any
/// order and grouping, give the table of counting the whole text.
@Suite("tagcloud count --partial and --merge")
struct PartialCountCLITests {
    static let story = """
        The White Rabbit ran past Alice. Alice followed the White Rabbit down the hole.
        The White Rabbit was late; Alice was curious. Rabbits, rabbits everywhere, said Alice.
        New York is far from Wonderland, but new york has rabbits too. The White Rabbit
        hurried on, and Alice hurried after the White Rabbit, 1865 times or more.

        """

    /// The story written whole and cut at whitespace into `shards` files (shard-0.txt, …).
    static func shardFiles(_ dir: URL, shards: Int) throws -> (whole: URL, parts: [URL]) {
        let whole = dir.appendingPathComponent("story.txt")
        let text = String(repeating: story, count: 5)
        try Data(text.utf8).write(to: whole)
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        let per = (words.count + shards - 1) / shards
        var parts: [URL] = []
        for k in 0..<shards {
            let piece = words[min(words.count, k * per)..<min(words.count, (k + 1) * per)].joined(separator: " ")
            let url = dir.appendingPathComponent("shard-\(k).txt")
            // The separator space goes with the next shard, so the shards concatenate to the text.
            try Data(((k > 0 ? " " : "") + piece).utf8).write(to: url)
            parts.append(url)
        }
        return (whole, parts)
    }

    @Test("Shards counted apart and merged in any order and grouping give the whole text's table")
    func roundTrip() throws {
        let dir = try scratchFolder()
        let (whole, parts) = try Self.shardFiles(dir, shards: 4)
        let options = ["--phrase", "New York"]
        var counts: [String] = []
        for (k, part) in parts.enumerated() {
            let out = dir.appendingPathComponent("shard-\(k).counts").path
            let r = try ToolRun.run(["count", "--text", part.path, "--partial", "-o", out] + options)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stdout.isEmpty)
            counts.append(out)
        }
        let single = try ToolRun.run(["count", "--text", whole.path, "--top", "8"] + options)
        #expect(single.status == 0)
        let merged = try ToolRun.run(["count", "--merge"] + counts.reversed() + ["--top", "8"] + options)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == single.stdout)
        #expect(String(decoding: single.stdout, as: UTF8.self).contains("White Rabbit\t"))
        // Two shards merged into one partial count first, to a file, then with the rest.
        let pair = dir.appendingPathComponent("pair.counts").path
        let grouped = try ToolRun.run(["count", "--merge", counts[2], counts[0], "--partial", "-o", pair] + options)
        #expect(grouped.status == 0, "\(grouped.stderr)")
        let table = dir.appendingPathComponent("freq.tsv")
        let last = try ToolRun.run(["count", "--merge", counts[3], pair, counts[1], "--top", "8", "-o", table.path] + options)
        #expect(last.status == 0, "\(last.stderr)")
        #expect(try Data(contentsOf: table) == single.stdout)
    }

    @Test("A partial from standard input, to standard output, with a shard key")
    func standardStreams() throws {
        let r = try ToolRun.run(["count", "--text", "-", "--partial", "--shard", "0001"], stdin: Data(Self.story.utf8))
        #expect(r.status == 0)
        let text = String(decoding: r.stdout, as: UTF8.self)
        #expect(text.hasPrefix("tagcloud-partial\t3\t{"))
        #expect(text.contains("\ns\t0001\t"))
        let merged = try ToolRun.run(["count", "--merge", "-"], stdin: r.stdout)
        let single = try ToolRun.run(["count", "--text", "-"], stdin: Data(Self.story.utf8))
        #expect(merged.status == 0 && merged.stdout == single.stdout)
    }

    @Test("Other options or another format version: exit status 2 and one line naming the file and the fix")
    func mismatches() throws {
        let dir = try scratchFolder()
        let partial = dir.appendingPathComponent("a.counts")
        let made = try ToolRun.run(
            ["count", "--text", "-", "--partial", "--min-length", "3", "-o", partial.path], stdin: Data(Self.story.utf8))
        #expect(made.status == 0)
        let other = try ToolRun.run(["count", "--merge", partial.path])
        #expect(other.status == 2)
        #expect(
            other.stderr
                == "tagcloud: error: \(partial.path): counted with min-length 3, and this merge has min-length 2; give the merge and every partial count the same count options\n"
        )
        let text = try String(contentsOf: partial, encoding: .utf8)
        let future = dir.appendingPathComponent("b.counts")
        try Data(text.replacingOccurrences(of: "tagcloud-partial\t3\t", with: "tagcloud-partial\t7\t").utf8).write(to: future)
        let version = try ToolRun.run(["count", "--merge", future.path, "--min-length", "3"])
        #expect(version.status == 2)
        #expect(
            version.stderr.hasPrefix(
                "tagcloud: error: \(future.path): a partial count of format 7, and this tagcloud reads format 3"))
        #expect(version.stderr.filter { $0 == "\n" }.count == 1)
        let twice = try ToolRun.run(["count", "--merge", partial.path, partial.path, "--min-length", "3"])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("give each shard its own --shard KEY"))
        let notPartial = try ToolRun.run(["count", "--merge", dir.appendingPathComponent("missing.counts").path])
        #expect(notPartial.status == 2)
    }

    @Test("Contradictory options are usage errors (exit status 1); a folder as -o is an output error")
    func usage() throws {
        let dir = try scratchFolder()
        let (_, parts) = try Self.shardFiles(dir, shards: 2)
        let cases: [([String], String)] = [
            (["count", "--text", parts[0].path, "--partial", "--top", "5"], "--top applies to the table"),
            (["count", "--merge", "--text", parts[0].path], "--merge reads partial counts"),
            (["count", "--merge"], "no partial counts to merge"),
            (["count", "--text", parts[0].path, "--shard", "x"], "--shard names the shard"),
            (["count", "--text", parts[0].path, "--partial", "-o", parts[0].path], "is also an input"),
        ]
        for (args, message) in cases {
            let r = try ToolRun.run(args)
            #expect(r.status == 1, "\(args)")
            #expect(r.stderr.contains(message), "\(r.stderr)")
        }
        let folder = try ToolRun.run(["count", "--text", parts[0].path, "--partial", "-o", dir.path])
        #expect(folder.status == 4)
        #expect(folder.stderr.contains("it is a folder"))
    }
}
