#if hasFeature(Embedded)
import TagCloud
import TagCloudGraphics
import TagCloudRecipe

// The WebAssembly module's interface, for web/engine.js (the page's worker and the Node runner):
// memory in and out through `tagcloud_alloc`/`tagcloud_free`, the font manifest once
// (`tagcloud_init`), then one command per `tagcloud_run`. Fonts come from the host when a word
// first needs one (the imports below), so only the fonts a cloud uses are fetched.

/// The size in bytes of the font file at `path` (the host's), or -1 when it has none.
@_extern(wasm, module: "tagcloud", name: "font_size")
func hostFontSize(_ path: UnsafePointer<UInt8>, _ length: Int32) -> Int32

/// Copies the font file at `path` into `into` (as many bytes as `font_size` said); 0 on success.
@_extern(wasm, module: "tagcloud", name: "font_read")
func hostFontRead(_ path: UnsafePointer<UInt8>, _ length: Int32, _ into: UnsafeMutablePointer<UInt8>) -> Int32

/// The fonts, from the manifest `tagcloud_init` was given.
nonisolated(unsafe) private var manifest: FontManifest?
/// Why the manifest could not be read, for the runs that follow.
nonisolated(unsafe) private var manifestError = "the engine was not given its font manifest (tagcloud_init)"

/// `count` bytes of memory for the host to fill (a request, a manifest).
@_expose(wasm, "tagcloud_alloc")
@_cdecl("tagcloud_alloc")
func tagcloudAlloc(_ count: Int32) -> UnsafeMutableRawPointer {
    UnsafeMutableRawPointer.allocate(byteCount: Int(max(1, count)), alignment: 8)
}

/// Frees memory from `tagcloud_alloc` or a response of `tagcloud_run`.
@_expose(wasm, "tagcloud_free")
@_cdecl("tagcloud_free")
func tagcloudFree(_ pointer: UnsafeMutableRawPointer) {
    pointer.deallocate()
}

/// Reads the font manifest (`tagcloud fonts --manifest`) in `bytes`; 0 on success, 1 otherwise
/// (the next run then reports why).
@_expose(wasm, "tagcloud_init")
@_cdecl("tagcloud_init")
func tagcloudInit(_ bytes: UnsafeRawPointer, _ count: Int32) -> Int32 {
    let json = Array(UnsafeRawBufferPointer(start: bytes, count: Int(max(0, count))))
    do throws(GraphicsError) {
        manifest = try FontManifest(json: json)
    } catch {
        manifestError = error.description
        return 1
    }
    FontFiles.loader = { path in
        let name = Array(path.utf8)
        let size = name.withUnsafeBufferPointer { hostFontSize($0.baseAddress!, Int32(clamping: $0.count)) }
        guard size >= 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(size))
        let status = name.withUnsafeBufferPointer { path in
            bytes.withUnsafeMutableBufferPointer { hostFontRead(path.baseAddress!, Int32(clamping: path.count), $0.baseAddress!) }
        }
        return status == 0 ? bytes : nil
    }
    return 0
}

/// Runs the command in `request` (`EngineFrames.request`); returns a response
/// (`EngineFrames.response`) the host frees with `tagcloud_free`.
@_expose(wasm, "tagcloud_run")
@_cdecl("tagcloud_run")
func tagcloudRun(_ bytes: UnsafeRawPointer, _ count: Int32) -> UnsafeMutableRawPointer {
    let request = EngineFrames.request(UnsafeRawBufferPointer(start: bytes, count: Int(max(0, count))))
    var result = EngineRun.Result()
    if let request, let manifest {
        RecipeFiles.provide(request.files)
        result = EngineRun.run(request.arguments, fonts: manifest, alsoFormats: request.alsoFormats)
        RecipeFiles.provide([:])
    } else {
        result.status = 1
        result.messages = [request == nil ? "the request to the engine is damaged" : manifestError]
    }
    let response = EngineFrames.response(result)
    let out = UnsafeMutableRawPointer.allocate(byteCount: response.count, alignment: 8)
    response.withUnsafeBytes { out.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    return out
}
#endif
