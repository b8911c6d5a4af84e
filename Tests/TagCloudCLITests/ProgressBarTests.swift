import Foundation
import TagCloudTestSupport
import Testing

@testable import TagCloudCLI
@testable import TagCloudRecipe
@testable import TagCloudServer

@Suite("progress bar")
struct ProgressBarTests {
    @Test("the bar's text: amounts, rate and time left, in bytes and in words")
    func lines() {
        #expect(
            ProgressBar.line(done: 5_000_000, total: 20_000_000, seconds: 2, unit: .bytes)
                == "[#######.......................] 5.0 of 20.0 MB  2.5 MB/s  ETA 0:06")
        #expect(
            ProgressBar.line(done: 2_681, total: 20_000, seconds: 0.8, unit: .words)
                == "[####..........................] 2681 of 20000 words  3351 words/s  ETA 0:05")
        #expect(
            ProgressBar.line(done: 20_000, total: 20_000, seconds: 4, unit: .words)
                == "[##############################] 20000 of 20000 words  5000 words/s  ETA 0:00")
        // A total not known (standard input): the amount and the rate only.
        #expect(ProgressBar.line(done: 3_000_000, total: nil, seconds: 1.5, unit: .bytes) == "3.0 MB  2.0 MB/s")
        // Minutes past the first.
        #expect(ProgressBar.line(done: 10, total: 1_000, seconds: 1, unit: .words).hasSuffix("ETA 1:39"))
    }

    @Test("a long cloud written to a pipe says no more than its summary: no bar, no control characters")
    func noBarOffTerminal() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let tsv = dir.appendingPathComponent("f.tsv")
        try Data((0..<3000).map { "w\($0)\t\(3000 - $0)" }.joined(separator: "\n").utf8).write(to: tsv)
        let out = dir.appendingPathComponent("c.json").path
        let r = try ToolRun.run([
            "cloud", "--input", tsv.path, "--max-words", "3000", "--width", "1200", "--height", "900",
            "--seed", "1", "-o", out,
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(!r.stderr.contains("\u{1B}") && !r.stderr.contains("\r"), "\(r.stderr.debugDescription)")
        // Run by the debug build, the layout takes well over the half second after which a bar
        // would be drawn on a terminal.
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("tagcloud: placed "), "\(r.stderr)")
    }

    @Test("a large PNG written off a terminal says nothing about drawing it")
    func noStatusOffTerminal() throws {
        let dir = try scratchFolder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("big.png").path
        let r = try ToolRun.run(["cloud", "swift", "linux", "--width", "2100", "--height", "2000", "--seed", "1", "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "tagcloud: placed 2 of 2 words (0 shrunk, 0 unplaced)\n", "\(r.stderr.debugDescription)")
        #expect(try pngSize(out) == (2100, 2000))
    }
}
