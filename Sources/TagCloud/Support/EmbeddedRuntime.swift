#if hasFeature(Embedded)
// What the Embedded Swift standard library leaves to the platform, given from the C library the
// WebAssembly build links (wasi-libc): reading a decimal as a double (`Double(String)`), correctly
// rounded there as in glibc, so the numbers of a recipe are the same doubles in both builds.

@_extern(c, "strtod")
private func strtod(_ text: UnsafePointer<CChar>?, _ end: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Double

/// `Double(String)`'s parser: the double nearest to the decimal at `text`, and where it ends.
@_cdecl("_swift_stdlib_strtod_clocale")
func swiftStdlibStrtod(_ text: UnsafePointer<CChar>?, _ result: UnsafeMutablePointer<Double>) -> UnsafePointer<CChar>? {
    var end: UnsafeMutablePointer<CChar>? = nil
    result.pointee = strtod(text, &end)
    return UnsafePointer(end)
}
#endif
