import CFontconfig
import Foundation
import TagCloud

/// The installed fonts, as fontconfig sees them: turns what a user asks for into a concrete font
/// file, lists families, and finds fallback fonts for characters a font lacks.
///
/// Every answer is cached, because a cloud asks the same questions for every word and fontconfig
/// matching walks all installed fonts. One lock guards the caches and all fontconfig calls, so a
/// single library can be shared by typesetters running on many threads.
public final class FontLibrary: FontFinder, @unchecked Sendable {
    /// The library most callers want: the system's fontconfig configuration.
    public static let shared = FontLibrary()

    private let lock = Lock()
    /// The loaded configuration, or `nil` if fontconfig could not load one (every query then
    /// fails with `GraphicsError.fontconfig` instead of crashing).
    private let config: OpaquePointer?
    private var resolved: [FontDescriptor: Result<ResolvedFont, GraphicsError>] = [:]
    private var allFamilies: [String]?
    private var supporting: [String: [String]] = [:]
    private var covering: [String: [String]] = [:]
    var fallbacks: [FallbackKey: ResolvedFont?] = [:]

    struct FallbackKey: Hashable {
        var scalars: [UInt32]
        var preferring: ResolvedFont
    }

    /// Generic names that fontconfig maps to a configured default. Asking for one is asking for
    /// whatever it picks, so the matched family cannot be expected to equal the name.
    static let genericFamilies: Set<String> = [
        "sans-serif", "sans", "serif", "monospace", "mono", "cursive", "fantasy", "system-ui", "emoji", "math",
    ]

    /// Loads the system fontconfig configuration (fonts.conf and the font cache).
    public init() {
        config = FcInitLoadConfigAndFonts()
    }

    deinit {
        if let config { FcConfigDestroy(config) }
    }

    /// Loads `shared` and resolves the default font on another thread, so that fontconfig reads
    /// its configuration (several milliseconds, most of a small cloud's set-up) while the caller
    /// parses its arguments and reads its input. Whoever asks `shared` first meanwhile waits for
    /// the same load; nothing is loaded twice.
    public static func preload() {
        Thread.detachNewThread { _ = try? FontLibrary.shared.resolve(.default) }
    }

    // MARK: Resolving

    /// The font file that `descriptor` names.
    ///
    /// A file path must be a font FreeType can open; a family name must be installed. Fontconfig
    /// itself never fails a match (it substitutes its default font), so the matched family is
    /// compared with the request: a typo must be reported, not silently drawn in another font.
    public func resolve(_ descriptor: FontDescriptor) throws(GraphicsError) -> ResolvedFont {
        let result = withLock { () -> Result<ResolvedFont, GraphicsError> in
            if let cached = resolved[descriptor] { return cached }
            let result: Result<ResolvedFont, GraphicsError>
            do {
                result = .success(
                    descriptor.isFilePath
                        ? try resolveFile(descriptor.family)
                        : try resolveFamily(descriptor))
            } catch let error as GraphicsError {
                result = .failure(error)
            } catch {
                result = .failure(.fontconfig("resolve \"\(descriptor.family)\" (\(error))"))
            }
            resolved[descriptor] = result
            return result
        }
        return try result.get()
    }

    private func resolveFile(_ path: String) throws -> ResolvedFont {
        let expanded = (path as NSString).expandingTildeInPath
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isDirectory), !isDirectory.boolValue else {
            throw GraphicsError.fontFileNotFound(path)
        }
        return try FontFace.describe(path: expanded)
    }

    private func resolveFamily(_ d: FontDescriptor) throws -> ResolvedFont {
        let name = d.family.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw GraphicsError.unknownFontFamily(d.family, suggestions: []) }
        let config = try loadedConfig()
        guard let pattern = FcPatternCreate() else { throw GraphicsError.fontconfig("allocate a pattern") }
        defer { FcPatternDestroy(pattern) }
        // FcPatternAddString rather than FcNameParse: family names may contain '-' or ':', which
        // the fontconfig name syntax would read as a size or a property.
        guard addString(pattern, FC_FAMILY, name),
            FcPatternAddInteger(pattern, FC_WEIGHT, FcWeightFromOpenType(Int32(clamping: d.weight))) != 0,
            FcPatternAddInteger(pattern, FC_SLANT, Self.slant(d.style)) != 0
        else {
            throw GraphicsError.fontconfig("build a pattern for \"\(name)\"")
        }
        guard let match = try bestMatch(for: pattern, config: config) else {
            throw GraphicsError.unknownFontFamily(name, suggestions: try suggestions(for: name))
        }
        defer { FcPatternDestroy(match) }
        let families = Self.strings(match, FC_FAMILY)
        let wanted = name.lowercased()
        let family: String
        if let exact = families.first(where: { $0.lowercased() == wanted }) {
            family = exact
        } else if Self.genericFamilies.contains(wanted), let first = families.first {
            family = first
        } else {
            throw GraphicsError.unknownFontFamily(name, suggestions: try suggestions(for: name))
        }
        guard var font = Self.resolvedFont(from: match) else {
            throw GraphicsError.fontconfig("read the file of the font matching \"\(name)\"")
        }
        // The match is prepared for rendering: when no italic exists, fontconfig's synthetic rules
        // claim "oblique" and add a shear matrix the file knows nothing of. Nothing downstream applies
        // that shear, so report what the file itself declares.
        if let declared = try? declaredFont(file: font.file, index: font.faceIndex) {
            font.weight = declared.weight
            font.style = declared.style
        }
        font.family = family
        return font
    }

    /// The installed font's own pattern (not the render-prepared match) for a file and face index.
    private func declaredFont(file: String, index: Int) throws -> ResolvedFont? {
        let config = try loadedConfig()
        guard let pattern = FcPatternCreate() else { throw GraphicsError.fontconfig("allocate a pattern") }
        defer { FcPatternDestroy(pattern) }
        guard addString(pattern, FC_FILE, file), FcPatternAddInteger(pattern, FC_INDEX, Int32(clamping: index)) != 0,
            let objectSet = FcObjectSetCreate()
        else {
            throw GraphicsError.fontconfig("build a pattern for \"\(file)\"")
        }
        defer { FcObjectSetDestroy(objectSet) }
        for object in [FC_FAMILY, FC_FILE, FC_INDEX, FC_WEIGHT, FC_SLANT] where FcObjectSetAdd(objectSet, object) == 0 {
            throw GraphicsError.fontconfig("list font properties")
        }
        guard let set = FcFontList(config, pattern, objectSet) else { throw GraphicsError.fontconfig("list fonts") }
        defer { FcFontSetDestroy(set) }
        guard set.pointee.nfont > 0, let fonts = set.pointee.fonts, let first = fonts[0] else { return nil }
        return Self.resolvedFont(from: first)
    }

    /// Runs fontconfig's substitution and matching; returns an owned pattern or `nil`.
    private func bestMatch(for pattern: OpaquePointer, config: OpaquePointer) throws -> OpaquePointer? {
        guard FcConfigSubstitute(config, pattern, FcMatchPattern) != 0 else {
            throw GraphicsError.fontconfig("substitute font names")
        }
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        return FcFontMatch(config, pattern, &result)
    }

    static func slant(_ style: FontStyle) -> Int32 {
        switch style {
        case .normal: return FC_SLANT_ROMAN
        case .italic: return FC_SLANT_ITALIC
        case .oblique: return FC_SLANT_OBLIQUE
        }
    }

    /// File, index, first family, weight and style of a font pattern.
    static func resolvedFont(from pattern: OpaquePointer) -> ResolvedFont? {
        var file: UnsafeMutablePointer<FcChar8>?
        guard FcPatternGetString(pattern, FC_FILE, 0, &file) == FcResultMatch, let file else { return nil }
        var index: Int32 = 0
        if FcPatternGetInteger(pattern, FC_INDEX, 0, &index) != FcResultMatch { index = 0 }
        var weight: Int32 = FC_WEIGHT_REGULAR
        var weightValue = 0.0
        if FcPatternGetInteger(pattern, FC_WEIGHT, 0, &weight) != FcResultMatch {
            // Variable fonts report their weight as a range or a double.
            weight =
                FcPatternGetDouble(pattern, FC_WEIGHT, 0, &weightValue) == FcResultMatch
                ? Int32(weightValue.rounded()) : FC_WEIGHT_REGULAR
        }
        var slant: Int32 = FC_SLANT_ROMAN
        if FcPatternGetInteger(pattern, FC_SLANT, 0, &slant) != FcResultMatch { slant = FC_SLANT_ROMAN }
        let style: FontStyle = slant == FC_SLANT_ITALIC ? .italic : slant == FC_SLANT_OBLIQUE ? .oblique : .normal
        return ResolvedFont(
            family: strings(pattern, FC_FAMILY).first ?? "", file: String(cString: file),
            faceIndex: Int(index), weight: Int(FcWeightToOpenType(weight)), style: style)
    }

    // MARK: Listing

    /// Every installed family name, sorted and without duplicates. Fonts that declare several
    /// names (such as "DejaVu Sans" and "DejaVu Sans Condensed") contribute each one, because each
    /// can be asked for.
    public func families() -> [String] {
        withLock {
            if let allFamilies { return allFamilies }
            let list =
                (try? listFonts(objects: [FC_FAMILY]) { pattern, out in
                    out.append(contentsOf: Self.strings(pattern, FC_FAMILY))
                }) ?? []
            let sorted = Array(Set(list)).sorted()
            if !sorted.isEmpty { allFamilies = sorted }
            return sorted
        }
    }

    /// The families with a font that has a glyph for every character of `sample` (ignoring
    /// spaces, controls and invisible marks), sorted; for picking a font for a script, e.g. "你好".
    public func families(supporting sample: String) -> [String] {
        let scalars = sample.unicodeScalars.filter(needsGlyph).map(\.value)
        guard !scalars.isEmpty else { return families() }
        return withLock {
            if let cached = supporting[sample] { return cached }
            let list =
                (try? listFonts(objects: [FC_FAMILY, FC_CHARSET]) { pattern, out in
                    var charset: OpaquePointer?
                    guard FcPatternGetCharSet(pattern, FC_CHARSET, 0, &charset) == FcResultMatch, let charset,
                        scalars.allSatisfy({ FcCharSetHasChar(charset, $0) != 0 })
                    else { return }
                    out.append(contentsOf: Self.strings(pattern, FC_FAMILY))
                }) ?? []
            let sorted = Array(Set(list)).sorted()
            supporting[sample] = sorted
            return sorted
        }
    }

    /// The families with a font that covers `script` (the whole orthography of one of its
    /// languages, as fontconfig records it per font), sorted; e.g. the CJK families for `han`.
    public func families(covering script: FontScript) -> [String] {
        withLock {
            if let cached = covering[script.name] { return cached }
            let list =
                (try? listFonts(objects: [FC_FAMILY, FC_LANG]) { pattern, out in
                    var langs: OpaquePointer?
                    guard FcPatternGetLangSet(pattern, FC_LANG, 0, &langs) == FcResultMatch, let langs else { return }
                    // Equal, not merely the same language: Punjabi in Arabic letters (pa-pk) is no Gurmukhi.
                    guard
                        script.languages.contains(where: { language in
                            var tag = Array(language.utf8)
                            tag.append(0)
                            return FcLangSetHasLang(langs, tag) == FcLangEqual
                        })
                    else { return }
                    out.append(contentsOf: Self.strings(pattern, FC_FAMILY))
                }) ?? []
            let sorted = Array(Set(list)).sorted()
            covering[script.name] = sorted
            return sorted
        }
    }

    /// Calls `collect` on every installed font's pattern, restricted to `objects`.
    func listFonts(objects: [String], _ collect: (OpaquePointer, inout [String]) -> Void) throws -> [String] {
        let config = try loadedConfig()
        guard let pattern = FcPatternCreate() else { throw GraphicsError.fontconfig("allocate a pattern") }
        defer { FcPatternDestroy(pattern) }
        guard let objectSet = FcObjectSetCreate() else { throw GraphicsError.fontconfig("allocate an object set") }
        defer { FcObjectSetDestroy(objectSet) }
        for object in objects where FcObjectSetAdd(objectSet, object) == 0 {
            throw GraphicsError.fontconfig("list font properties")
        }
        guard let set = FcFontList(config, pattern, objectSet) else { throw GraphicsError.fontconfig("list fonts") }
        defer { FcFontSetDestroy(set) }
        var out: [String] = []
        guard let fonts = set.pointee.fonts else { return out }
        for i in 0..<Int(set.pointee.nfont) {
            if let font = fonts[i] { collect(font, &out) }
        }
        return out
    }

    // MARK: Suggestions

    /// Up to three installed family names close to `name`: those containing it (or contained in
    /// it) first, then by edit distance, leaving out names too different to be a plausible typo.
    private func suggestions(for name: String) throws -> [String] {
        let names = Array(
            Set(
                try listFonts(objects: [FC_FAMILY]) { pattern, out in
                    out.append(contentsOf: Self.strings(pattern, FC_FAMILY))
                }))
        return closeFamilyNames(to: name, among: names)
    }

    // MARK: Helpers

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func loadedConfig() throws -> OpaquePointer {
        guard let config else { throw GraphicsError.fontconfig("load its configuration") }
        return config
    }

    func addString(_ pattern: OpaquePointer, _ object: String, _ value: String) -> Bool {
        var bytes = Array(value.utf8)
        bytes.append(0)
        return FcPatternAddString(pattern, object, bytes) != 0
    }

    /// All string values of `object` in `pattern`, in order.
    static func strings(_ pattern: OpaquePointer, _ object: String) -> [String] {
        var out: [String] = []
        var i: Int32 = 0
        var value: UnsafeMutablePointer<FcChar8>?
        while FcPatternGetString(pattern, object, i, &value) == FcResultMatch, let v = value {
            out.append(String(cString: v))
            i += 1
        }
        return out
    }
}
