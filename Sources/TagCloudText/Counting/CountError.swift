import TagCloud

#if hasFeature(Embedded)
/// What a count throws. Embedded Swift (the WebAssembly engine) has no `any Error`: there a count
/// throws only `TextError`s, and one called off throws `TextError.textEngine`.
public typealias CountError = TextError
#else
/// What a count throws: a `TextError`, or `TagCloudError.cancelled` once its cancellation token
/// is cancelled (as a layout throws).
public typealias CountError = any Error
#endif

extension CancellationToken? {
    /// Throws once the token is cancelled: `TagCloudError.cancelled`, as a layout does, or in the
    /// WebAssembly engine (`CountError`) a `TextError` saying so.
    @inline(__always)
    func checkCount() throws(CountError) {
        #if hasFeature(Embedded)
        if let token = self, token.isCancelled { throw TextError.textEngine(reason: "the count was called off") }
        #else
        try self?.check()
        #endif
    }
}
