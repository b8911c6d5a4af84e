#if !hasFeature(Embedded)
import Foundation
#endif

/// The built-in stop-word lists, and stop-word files (language detection is in `LanguageDetection.swift`).
public enum StopWords {
    /// The built-in stop words of `language`, case-folded, loaded from the package's resource files.
    public static func list(for language: Language) -> Set<String> {
        // Loaded once per process: detecting a Latin-script language reads seven lists, which cost
        // far more than counting a short text (a program counting many small texts paid it each time).
        // WebAssembly runs the engine on one thread: no lock there.
        #if !hasFeature(Embedded)
        cacheLock.lock()
        defer { cacheLock.unlock() }
        #endif
        if let cached = cache[language] { return cached }
        let words = load(language)
        cache[language] = words
        return words
    }

    nonisolated(unsafe) private static var cache: [Language: Set<String>] = [:]

    #if hasFeature(Embedded)
    /// Gives the bytes of a built-in list (the package's `Resources/stopwords/CODE.txt`), or nil:
    /// WebAssembly has no bundle, so the engine's host hands them over (the engine sets this).
    nonisolated(unsafe) package static var loader: ((Language) -> [UInt8]?)?

    private static func load(_ language: Language) -> Set<String> {
        guard let bytes = loader?(language) else { return [] }
        return parse(String(decoding: bytes, as: UTF8.self))
    }
    #else
    private static let cacheLock = NSLock()

    private static func load(_ language: Language) -> Set<String> {
        guard
            let url = Bundle.module.url(forResource: language.rawValue, withExtension: "txt", subdirectory: "Resources/stopwords")
                ?? Bundle.module.url(forResource: language.rawValue, withExtension: "txt", subdirectory: "stopwords"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return parse(text)
    }
    #endif

    /// Parses a stop-word file: one word per line, `#` comments, blank lines ignored; words are case-folded.
    public static func parse(_ text: String) -> Set<String> {
        var words = Set<String>()
        for line in text.split(whereSeparator: { $0.isNewline }) {
            let word = TagListReader.trimmed(line)
            if word.isEmpty || word.hasPrefix("#") { continue }
            // Folding ASCII is lower-casing; ICU only for the rest (a list holds hundreds of words).
            words.insert(word.utf8.allSatisfy { $0 < 0x80 } ? word.lowercased() : ICUText.foldedNFC(word))
        }
        return words
    }

    /// The largest stop-word file read, in bytes: the longest lists in use hold a few thousand words.
    public static let maximumFileBytes = 4 << 20

    /// The stop words of a file's `bytes` (UTF-8), with errors naming it as `name`.
    public static func read(_ bytes: some Collection<UInt8>, name: String) throws(TextError) -> Set<String> {
        parse(try TagListReader.decodeText(bytes, name: name))
    }

    /// The error for a stop-word file that could not be read.
    public static func failure(_ failure: FileFailure, path: String) -> TextError {
        if case .tooLarge = failure { return TextError.tooLarge(name: path, limit: maximumFileBytes, what: "a stop-word file") }
        return TextError.unreadable(name: path, reason: failure.reason(kind: "a stop-word file", fix: ""))
    }

    #if !hasFeature(Embedded)
    /// Reads a stop-word file, with errors naming it.
    public static func read(path: String) throws(TextError) -> Set<String> {
        let data: Data
        do { data = try WholeFile.contents(of: path, limit: maximumFileBytes) } catch { throw failure(error, path: path) }
        return try read(data, name: path)
    }
    #endif
}
