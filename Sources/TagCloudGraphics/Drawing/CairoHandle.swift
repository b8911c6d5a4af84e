import CCairo
import Foundation

/// Owns one Cairo object and destroys it when the last Swift reference goes.
final class CairoHandle {
    let raw: OpaquePointer
    private let destroy: (OpaquePointer) -> Void

    /// Takes ownership of `raw`; throws (after destroying it) when Cairo handed back an object
    /// in an error state, which is how Cairo reports failed creation.
    init(
        _ raw: OpaquePointer?, destroy: @escaping (OpaquePointer) -> Void,
        status: (OpaquePointer) -> cairo_status_t, operation: String
    ) throws {
        guard let raw else { throw GraphicsError.cairo(operation: operation, status: "out of memory") }
        self.raw = raw
        self.destroy = destroy
        let s = status(raw)
        guard s == CAIRO_STATUS_SUCCESS else {
            throw GraphicsError.cairo(operation: operation, status: cairoStatusText(s))
        }
    }

    deinit { destroy(raw) }
}
