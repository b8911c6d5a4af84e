import CCairo
import Foundation

/// Collects what Cairo streams out (the PDF's bytes; PNG files are written by `PNGEncoder`).
final class CairoDataSink {
    var data = Data()
}

/// Cairo's write callback: appends to the `CairoDataSink` passed as the closure pointer.
func cairoAppendToSink(
    _ closure: UnsafeMutableRawPointer?, _ bytes: UnsafePointer<UInt8>?,
    _ length: UInt32
) -> cairo_status_t {
    guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
    let sink = Unmanaged<CairoDataSink>.fromOpaque(closure).takeUnretainedValue()
    if length > 0, let bytes { sink.data.append(bytes, count: Int(length)) }
    return CAIRO_STATUS_SUCCESS
}
