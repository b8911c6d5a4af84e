#if hasFeature(Embedded)
import CICUData
import TagCloud
import TagCloudGraphics
import TagCloudRecipe
import TagCloudText

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

/// The size in bytes of the site's file at `path` (a built-in stop-word list, `stopwords/en.txt`;
/// ICU's data, `icu/icudata.dat`), or -1 when the host has none.
@_extern(wasm, module: "tagcloud", name: "site_file_size")
func hostSiteFileSize(_ path: UnsafePointer<UInt8>, _ length: Int32) -> Int32

/// Copies the site's file at `path` into `into` (as many bytes as `site_file_size` said); 0 on success.
@_extern(wasm, module: "tagcloud", name: "site_file_read")
func hostSiteFileRead(_ path: UnsafePointer<UInt8>, _ length: Int32, _ into: UnsafeMutablePointer<UInt8>) -> Int32

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
    FontFiles.loader = { path in hostFile(path, size: hostFontSize, read: hostFontRead) }
    // A count reads a built-in list only when it needs one (the text's language, or seven to detect one).
    StopWords.loader = { language in
        hostFile("stopwords/\(language.rawValue).txt", size: hostSiteFileSize, read: hostSiteFileRead)
    }
    ICUData.load = loadICUData
    return 0
}

/// Hands ICU the site's `icu/icudata.dat`, in memory it keeps for the life of the module; false
/// when the host has none or ICU refuses it.
private func loadICUData() -> Bool {
    guard let bytes = hostFile("icu/icudata.dat", size: hostSiteFileSize, read: hostSiteFileRead), !bytes.isEmpty else {
        return false
    }
    let kept = UnsafeMutableRawPointer.allocate(byteCount: bytes.count, alignment: 16)
    bytes.withUnsafeBytes { kept.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
    guard tagcloud_icu_set_data(kept) == 0 else {
        kept.deallocate()
        return false
    }
    return true
}

/// The bytes of the host's file `path`, through its `size` and `read` functions; nil when it has none.
private func hostFile(
    _ path: String, size: (UnsafePointer<UInt8>, Int32) -> Int32,
    read: (UnsafePointer<UInt8>, Int32, UnsafeMutablePointer<UInt8>) -> Int32
) -> [UInt8]? {
    let name = Array(path.utf8)
    let count = name.withUnsafeBufferPointer { size($0.baseAddress!, Int32(clamping: $0.count)) }
    guard count >= 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(count))
    guard count > 0 else { return bytes }
    let status = name.withUnsafeBufferPointer { path in
        bytes.withUnsafeMutableBufferPointer { read(path.baseAddress!, Int32(clamping: path.count), $0.baseAddress!) }
    }
    return status == 0 ? bytes : nil
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
        // A font file handed over (a page's uploaded font, named by `--font NAME.ttf`) is read
        // from memory as the site's fonts are.
        for (path, bytes) in request.files where FontDescriptor(family: path).isFilePath {
            FontFiles.register(bytes, path: path)
        }
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
