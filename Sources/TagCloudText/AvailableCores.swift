import CICUShim
import Foundation

/// The processor cores this process may run on: on Linux those of its affinity mask (so under
/// `taskset -c 0` there is one, where Foundation would still say all), elsewhere the active
/// processor count.
enum AvailableCores {
    static let count: Int = {
        let n = Int(tc_available_cores())
        return n > 0 ? n : ProcessInfo.processInfo.activeProcessorCount
    }()
}
