#if hasFeature(Embedded)
@_extern(c, "sin") private func libmSin(_ x: Double) -> Double
@_extern(c, "cos") private func libmCos(_ x: Double) -> Double
@_extern(c, "log") private func libmLog(_ x: Double) -> Double
@_extern(c, "log10") private func libmLog10(_ x: Double) -> Double
@_extern(c, "pow") private func libmPow(_ x: Double, _ y: Double) -> Double
#else
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
@inline(__always) private func libmSin(_ x: Double) -> Double { sin(x) }
@inline(__always) private func libmCos(_ x: Double) -> Double { cos(x) }
@inline(__always) private func libmLog(_ x: Double) -> Double { log(x) }
@inline(__always) private func libmLog10(_ x: Double) -> Double { log10(x) }
@inline(__always) private func libmPow(_ x: Double, _ y: Double) -> Double { pow(x, y) }
#endif

/// The elementary functions the core uses, named in one place so that the core imports no system
/// module for them and every build of it (native, and WebAssembly without Foundation) calls the same
/// entry points: the C library's, declared directly where there is no system module to import.
enum Math {
    /// The sine of `x` radians.
    @inline(__always) static func sin(_ x: Double) -> Double { libmSin(x) }
    /// The cosine of `x` radians.
    @inline(__always) static func cos(_ x: Double) -> Double { libmCos(x) }
    /// The natural logarithm of `x`.
    @inline(__always) static func log(_ x: Double) -> Double { libmLog(x) }
    /// The base-10 logarithm of `x`.
    @inline(__always) static func log10(_ x: Double) -> Double { libmLog10(x) }
    /// `x` to the power `y`.
    @inline(__always) static func pow(_ x: Double, _ y: Double) -> Double { libmPow(x, y) }
}
