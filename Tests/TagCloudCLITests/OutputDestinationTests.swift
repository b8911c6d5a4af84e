import Foundation
import TagCloudTestSupport
import Testing

/// Where `-o` writes: regular files are replaced atomically and keep their mode; links are followed;
/// devices, FIFOs and standard output are written through, never replaced.
@Suite("output destinations")
struct OutputDestinationTests {
    private static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

    private func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    private func type(_ path: String) throws -> FileAttributeType? {
        try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
    }

    @Test("a symbolic link is followed: its target gets the cloud and the link stays a link")
    func symlink() throws {
        var scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.add("target.png", Data("old".utf8))
        try FileManager.default.createSymbolicLink(atPath: scratch.file("link.png"), withDestinationPath: "target.png")
        // A dangling link creates its target, as a shell redirection does.
        try FileManager.default.createSymbolicLink(atPath: scratch.file("dangling.png"), withDestinationPath: "new.png")
        for link in ["link.png", "dangling.png"] {
            let r = try HostileRun.run(["flow", "a", "-q", "-o", scratch.file(link)])
            #expect(r.status == 0, "\(r.stderr)")
            #expect(try type(scratch.file(link)) == .typeSymbolicLink)
        }
        #expect(Array(try Data(contentsOf: scratch.url.appendingPathComponent("target.png")).prefix(4)) == Self.png)
        #expect(Array(try Data(contentsOf: scratch.url.appendingPathComponent("new.png")).prefix(4)) == Self.png)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
                == ["dangling.png", "link.png", "new.png", "target.png"])
    }

    @Test("a link loop is an output error")
    func loop() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        try FileManager.default.createSymbolicLink(atPath: scratch.file("a.png"), withDestinationPath: "b.png")
        try FileManager.default.createSymbolicLink(atPath: scratch.file("b.png"), withDestinationPath: "a.png")
        let r = try HostileRun.run(["flow", "a", "-q", "-o", scratch.file("a.png")])
        #expect(r.status == 4)
        #expect(r.stderr.contains("cannot write \(scratch.file("a.png"))"), "\(r.stderr)")
    }

    @Test("the file replaced keeps its mode", arguments: [0o600, 0o640, 0o755])
    func keepsMode(_ permissions: Int) throws {
        var scratch = try Scratch()
        defer { scratch.remove() }
        try scratch.add("out.png", Data("old".utf8))
        chmod(scratch.file("out.png"), mode_t(permissions))
        let r = try HostileRun.run(["flow", "a", "-q", "-o", scratch.file("out.png")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try mode(scratch.file("out.png")) == permissions)
        #expect(Array(try Data(contentsOf: scratch.url.appendingPathComponent("out.png")).prefix(4)) == Self.png)
    }

    @Test("a FIFO is written through: its reader gets the cloud and it stays a FIFO")
    func fifo() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let path = scratch.file("pipe.svg")
        #expect(mkfifo(path, 0o644) == 0)
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: "/bin/cat")
        reader.arguments = [path]
        let out = Pipe()
        reader.standardOutput = out
        try reader.run()
        let r = try HostileRun.run(["flow", "a", "-q", "-o", path])
        // A tool that replaced the FIFO instead leaves the reader waiting for ever on the old one.
        for _ in 0..<100 where reader.isRunning { usleep(100_000) }
        if reader.isRunning {
            kill(reader.processIdentifier, SIGKILL)
            Issue.record("the FIFO's reader got no writer")
        }
        let received = out.fileHandleForReading.readDataToEndOfFile()
        reader.waitUntilExit()
        #expect(r.status == 0, "\(r.stderr)")
        #expect(String(decoding: received, as: UTF8.self).hasPrefix("<?xml"), "\(received.count) bytes")
        #expect(isFIFO(path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["pipe.svg"])
    }

    private func isFIFO(_ path: String) -> Bool {
        var s = stat()
        return lstat(path, &s) == 0 && s.st_mode & S_IFMT == S_IFIFO
    }

    @Test("device files are written through, never replaced (root: a null and a full device made with mknod)")
    func devices() throws {
        guard geteuid() == 0 else {
            print("skipped: making device files needs root (the test never touches the real /dev)")
            return
        }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let null = scratch.file("null.png"), full = scratch.file("full.png")
        guard mknod(null, S_IFCHR | 0o666, deviceNumber(1, 3)) == 0, mknod(full, S_IFCHR | 0o666, deviceNumber(1, 7)) == 0 else {
            print("skipped: this file system does not allow device files (\(String(cString: strerror(errno))))")
            return
        }
        let ok = try HostileRun.run(["flow", "a", "-q", "-o", null])
        #expect(ok.status == 0, "\(ok.stderr)")
        let failed = try HostileRun.run(["flow", "a", "-q", "-o", full])
        #expect(failed.status == 4)
        #expect(failed.stderr == "tagcloud: error: cannot write \(full): No space left on device\n")
        for path in [null, full] {
            var s = stat()
            #expect(lstat(path, &s) == 0 && s.st_mode & S_IFMT == S_IFCHR, "\(path) is no longer a device")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["full.png", "null.png"])
    }

    /// Linux's device number for a small major and minor (glibc's `makedev`, a macro Swift cannot import).
    private func deviceNumber(_ major: UInt64, _ minor: UInt64) -> dev_t { dev_t(major << 8 | minor) }

    /// The names of standard output to try. As root, `/dev/stdout` itself is left out: a regressed
    /// tool would replace the machine's `/dev/stdout` with a file (it did once), while under
    /// `/proc/self/fd` it can create nothing.
    private static var stdoutNames: [String] {
        geteuid() == 0 ? ["/dev/fd/1", "/proc/self/fd/1"] : ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"]
    }

    @Test("-o /dev/stdout writes standard output, whatever it is: a pipe or a redirected file")
    func devStdout() throws {
        var scratch = try Scratch()
        defer { scratch.remove() }
        for name in Self.stdoutNames {
            let r = try HostileRun.run(["flow", "a", "-q", "--format", "svg", "-o", name])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            #expect(String(decoding: r.stdout, as: UTF8.self).hasPrefix("<?xml"), "\(name)")
            try scratch.add("redirected.svg", Data())
            let toFile = try HostileRun.run(
                ["flow", "a", "-q", "--format", "svg", "-o", name],
                output: .path(scratch.file("redirected.svg")))
            #expect(toFile.status == 0, "\(name): \(toFile.stderr)")
            #expect(
                String(decoding: try Data(contentsOf: scratch.url.appendingPathComponent("redirected.svg")), as: UTF8.self)
                    .hasPrefix("<?xml"), "\(name)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == ["redirected.svg"])
        }
        var link = stat()
        #expect(lstat("/dev/stdout", &link) == 0 && link.st_mode & S_IFMT == S_IFLNK, "/dev/stdout is no longer a link")
    }

    @Test("a file name of 250 bytes is written, and no temporary file is left")
    func longName() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let name = String(repeating: "é", count: 123) + ".png"
        #expect(name.utf8.count == 250)
        let r = try HostileRun.run(["flow", "a", "-q", "-o", scratch.file(name)])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path) == [name])
    }

    @Test("a file-size limit reached while writing is an output error and leaves nothing")
    func fileSizeLimit() throws {
        guard let prlimit = HostileRun.prlimit else {
            print("skipped: prlimit is not installed")
            return
        }
        let scratch = try Scratch()
        defer { scratch.remove() }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: prlimit)
        p.arguments = try [
            "--fsize=10000", "--", ToolRun.binary.path, "cloud", "a", "b", "c", "-q", "--seed", "1", "-o", scratch.file("o.png"),
        ]
        let err = Pipe()
        p.standardError = err
        try p.run()
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(p.terminationStatus == 4, "\(stderr)")
        #expect(stderr.contains("File too large"), "\(stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).isEmpty)
    }
}

@Suite("terminating signals")
struct SignalTests {
    /// A cloud that takes seconds, so a signal arrives during its layout.
    private func longCloud(in scratch: inout Scratch) throws -> [String] {
        try scratch.add("w.tsv", Data((0..<4000).map { "word\($0)\t\(5000 - $0)" }.joined(separator: "\n").utf8))
        return [
            "cloud", "--input", scratch.file("w.tsv"), "--width", "6000", "--height", "6000", "--max-words", "4000",
            "--seed", "1", "-o", scratch.file("big.png"),
        ]
    }

    @Test(
        "every terminating signal during a layout exits 128 + the signal and leaves no file",
        arguments: [SIGHUP, SIGTERM, SIGQUIT, SIGUSR1, SIGALRM, SIGPROF])
    func duringLayout(_ signal: Int32) throws {
        var scratch = try Scratch()
        defer { scratch.remove() }
        let p = Process()
        p.executableURL = try ToolRun.binary
        p.arguments = try longCloud(in: &scratch)
        let err = Pipe()
        p.standardError = err
        try p.run()
        Thread.sleep(forTimeInterval: 0.6)
        #expect(p.isRunning, "the cloud finished before the signal; make it bigger")
        kill(p.processIdentifier, signal)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        #expect(
            p.terminationReason == .exit && p.terminationStatus == 128 + signal, "\(p.terminationReason) \(p.terminationStatus)")
        #expect(stderr.hasSuffix("tagcloud: interrupted; no output written\n"), "\(stderr)")
        try scratch.expectUntouched()
    }

    @Test("a SIGPIPE sent by hand neither ends the run nor cuts its file short")
    func pipeSignal() throws {
        var scratch = try Scratch()
        defer { scratch.remove() }
        let p = Process()
        p.executableURL = try ToolRun.binary
        p.arguments = try longCloud(in: &scratch) + ["-q"]
        try p.run()
        Thread.sleep(forTimeInterval: 0.6)
        #expect(p.isRunning, "the cloud finished before the signal; make it bigger")
        kill(p.processIdentifier, SIGPIPE)
        p.waitUntilExit()
        #expect(p.terminationReason == .exit && p.terminationStatus == 0, "\(p.terminationStatus)")
        let png = try Data(contentsOf: URL(fileURLWithPath: scratch.file("big.png")))
        #expect(png.suffix(8) == Data([0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]), "a whole PNG ends with IEND")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted() == ["big.png", "w.tsv"])
    }

    @Test("a hang-up while the output is being written removes the temporary file")
    func whileWriting() throws {
        var scratch = try Scratch()
        defer { scratch.remove() }
        // A flow of 60,000 tags writes about 90 MB of JSON: long enough to catch the write under way.
        try scratch.add("t.txt", Data((0..<60_000).map { "tag\($0)\n" }.joined().utf8))
        let p = Process()
        p.executableURL = try ToolRun.binary
        p.arguments = ["flow", "--input", scratch.file("t.txt"), "-q", "--seed", "1", "-o", scratch.file("out.json")]
        p.standardError = FileHandle.nullDevice
        try p.run()
        var caught = false
        while p.isRunning {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: scratch.path)) ?? []
            if names.contains(where: { $0.hasPrefix(".out.json.") }) {
                kill(p.processIdentifier, SIGHUP)
                caught = true
                break
            }
            usleep(200)
        }
        p.waitUntilExit()
        guard caught else {
            print("skipped: the output was written before the test saw its temporary file")
            return
        }
        #expect(p.terminationStatus == 128 + SIGHUP)
        try scratch.expectUntouched()
    }
}
