import Foundation
import TagCloud

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `tagcloud` binary as a user runs it: a whole process each time, start-up included (loading
/// and binding its libraries, fontconfig's configuration, writing the file, exiting). Each workload
/// runs `max(runs, 21)` times in turn; a line gives the median wall-clock seconds, the fastest run,
/// and the median CPU seconds (user and system, every thread) of the child process.
enum StartupBench {
    /// The fewest runs of each process: single runs of a few milliseconds scatter widely.
    static let minimumRuns = 21

    struct Workload {
        var name: String
        /// Arguments after the program name; `INPUT` and `OUTPUT` stand for the files of the run.
        var arguments: [String]
        /// The output's extension, or nil when the command writes no file.
        var output: String?
    }

    static let cloud = [
        "cloud", "--input", "INPUT", "--width", "800", "--height", "600", "--seed", "1", "--quiet", "-o", "OUTPUT",
    ]

    static let workloads = [
        Workload(name: "process-version", arguments: ["--version"], output: nil),
        Workload(name: "process-cloud-200-png", arguments: cloud, output: "png"),
        Workload(name: "process-cloud-200-svg", arguments: cloud, output: "svg"),
    ]

    /// Runs the workloads in `names` (all when nil). Without a `tagcloud` binary beside this one,
    /// fails when the group was asked for by name (`required`), else says so and skips it.
    static func run(names: Set<String>?, runs: Int, required: Bool) throws {
        let chosen = workloads.filter { names == nil || names!.contains($0.name) }
        guard !chosen.isEmpty else { return }
        let binary = tagcloudBinary()
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            let message = "\(binary) does not exist: build it first (make build, or swift build -c release --product tagcloud)"
            if required { fail(message) }
            FileHandle.standardError.write(Data("tagcloud-bench: skipping the startup group: \(message)\n".utf8))
            return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-bench-startup-\(getpid())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // The 200 words of the `cloud-200-800x600` workload, as a tag list.
        let input = dir.appendingPathComponent("words.tsv").path
        let tsv = Workloads.zipf(count: 200, seed: 7).map { "\($0.text)\t\(Int($0.weight))" }.joined(separator: "\n")
        try (tsv + "\n").write(toFile: input, atomically: true, encoding: .utf8)
        for w in chosen {
            let output = w.output.map { dir.appendingPathComponent("cloud.\($0)").path }
            let arguments = w.arguments.map { $0 == "INPUT" ? input : $0 == "OUTPUT" ? output ?? "" : $0 }
            var walls: [Double] = []
            var cpus: [Double] = []
            for _ in 0..<max(runs, minimumRuns) {
                let (wall, cpu) = time(binary, arguments)
                walls.append(wall)
                cpus.append(cpu)
            }
            walls.sort()
            cpus.sort()
            var fields: [String: Any] = [
                "name": w.name, "seconds": walls[walls.count / 2], "min_seconds": walls[0],
                "cpu_seconds": cpus[cpus.count / 2], "runs": walls.count,
            ]
            if let output {
                fields["bytes"] = (try FileManager.default.attributesOfItem(atPath: output)[.size] as? Int) ?? -1
            }
            emit(fields)
        }
    }

    /// `tagcloud` in the directory of this benchmark's own executable.
    static func tagcloudBinary() -> String {
        guard let own = Bundle.main.executableURL?.resolvingSymlinksInPath() else { fail("cannot find this executable") }
        return own.deletingLastPathComponent().appendingPathComponent("tagcloud").path
    }

    /// Runs `binary` with `arguments`, standard output to /dev/null, and returns its wall-clock
    /// and CPU seconds; fails unless it exits 0.
    static func time(_ binary: String, _ arguments: [String]) -> (wall: Double, cpu: Double) {
        let argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        #if canImport(Glibc)
        var actions = posix_spawn_file_actions_t()
        #else
        var actions: posix_spawn_file_actions_t? = nil
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environ)
        guard spawned == 0 else { fail("cannot start \(binary): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var usage = rusage()
        guard wait4(pid, &status, 0, &usage) == pid else { fail("lost \(binary) (\(arguments.joined(separator: " ")))") }
        let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        // WIFEXITED and WEXITSTATUS are macros: a normal exit leaves the low 7 bits zero.
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else {
            fail("\(binary) \(arguments.joined(separator: " ")) failed (wait status \(status))")
        }
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return (wall, seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }
}
