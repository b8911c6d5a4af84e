import CZlib

/// Why a PNG file is refused before or instead of decoding.
enum PNGFault: Error, Equatable {
    /// The bytes break the PNG format; worded to follow "is not a valid PNG: ".
    case invalid(String)
    /// Reading the file failed (the system's explanation).
    case readFailed(String)

    /// The error of an image named `path` this fault refuses.
    func named(_ path: String) -> GraphicsError {
        switch self {
        case .invalid(let problem): return .invalidPNG(path: path, problem: problem)
        case .readFailed(let reason): return .unreadableImage(path: path, reason: reason)
        }
    }

    /// The CRC-32 a PNG chunk stores for `bytes` (its type and data).
    static func crc<C: Collection<UInt8>>(of bytes: C) -> UInt32 {
        let array = Array(bytes)
        return UInt32(array.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) })
    }
}
