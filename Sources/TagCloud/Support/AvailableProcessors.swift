#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The processor cores this process may run on: on Linux those of its affinity mask (so under
/// `taskset -c 0` there is one, where the online count would still say all), elsewhere the cores online.
/// The layout and the word counter (`TagCloudText`) both decide by it whether a second thread helps.
package enum AvailableProcessors {
    /// The number of cores, at least 1.
    package static let count: Int = {
        #if hasFeature(Embedded)
        return 1  // WebAssembly runs one thread
        #else
        #if os(Linux)
        // Swift's Glibc module leaves out `sched_getaffinity` (a GNU extension), and this module has
        // no C target, so it is looked up at run time.
        typealias GetAffinity = @convention(c) (pid_t, Int, UnsafeMutableRawPointer) -> Int32
        if let program = dlopen(nil, RTLD_NOW), let symbol = dlsym(program, "sched_getaffinity") {
            let getAffinity = unsafeBitCast(symbol, to: GetAffinity.self)
            var mask = [UInt64](repeating: 0, count: 16)  // room for 1,024 cores, glibc's cpu_set_t
            let n =
                mask.withUnsafeMutableBytes { getAffinity(0, $0.count, $0.baseAddress!) == 0 }
                ? mask.reduce(0) { $0 + $1.nonzeroBitCount } : 0
            if n > 0 { return n }
        }
        #endif
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        #endif
    }()
}
