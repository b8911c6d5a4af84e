import Foundation
import TagCloudGraphics

/// libFuzzer entry: the input is a mask image file; loading must give an image (then a mask at a
/// small canvas size) or a `GraphicsError` naming the file.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("tagcloud-fuzz-mask-\(getpid()).png").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes: data, count: size))
    do {
        let image = try ImageLoader.loadRGBA(path: path)
        let small = try ImageLoader.resized(image, width: 64, height: 48)
        _ = ImageLoader.mask(from: small)
    } catch let e as GraphicsError {
        precondition(e.description.contains(path))
    } catch {
        preconditionFailure("unexpected error type \(error)")
    }
    return 0
}
