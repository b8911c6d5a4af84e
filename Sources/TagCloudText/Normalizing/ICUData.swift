/// ICU's data: the word-break rules and dictionaries, case folding, what word patterns ask for.
/// Natively it is linked in. In WebAssembly the host hands it over the first time a text needs it
/// (`load`, set by the engine), so a page that only lays out words never downloads it.
package enum ICUData {
    #if hasFeature(Embedded)
    /// Hands ICU its data; true when it did. Called at most until it succeeds.
    nonisolated(unsafe) package static var load: (() -> Bool)?
    nonisolated(unsafe) private static var loaded = false
    #endif

    /// What to do when ICU lacks its data.
    static var fix: String {
        #if hasFeature(Embedded)
        "the site's ICU data (icu/icudata.dat) is missing or damaged: build the site again with make web"
        #else
        "install libicu (apt libicu-dev, brew icu4c)"
        #endif
    }

    /// Makes sure ICU has its data before a call that reads it. Without the data, that call fails
    /// with ICU's error, as it would with a damaged data file.
    @inline(__always)
    static func prepare() {
        #if hasFeature(Embedded)
        if !loaded, let load { loaded = load() }
        #endif
    }
}
