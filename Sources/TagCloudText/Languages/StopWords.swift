import Foundation

/// The built-in stop-word lists, and stop-word files (language detection is in `LanguageDetection.swift`).
public enum StopWords {
    /// The built-in stop words of `language`, case-folded, loaded from the package's resource files.
    public static func list(for language: Language) -> Set<String> {
        // Loaded once per process: detecting a Latin-script language reads seven lists, which cost
        // far more than counting a short text (a program counting many small texts paid it each time).
        cacheLock.lock()
        defer { cacheLock.unlock() }
        if let cached = cache[language] { return cached }
        let words = load(language)
        cache[language] = words
        return words
    }

    private static let cacheLock = NSLock()
    nonisolated(unsafe) private static var cache: [Language: Set<String>] = [:]

    private static func load(_ language: Language) -> Set<String> {
        guard
            let url = Bundle.module.url(forResource: language.rawValue, withExtension: "txt", subdirectory: "Resources/stopwords")
                ?? Bundle.module.url(forResource: language.rawValue, withExtension: "txt", subdirectory: "stopwords"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        return parse(text)
    }

    /// Parses a stop-word file: one word per line, `#` comments, blank lines ignored; words are case-folded.
    public static func parse(_ text: String) -> Set<String> {
        var words = Set<String>()
        for line in text.split(whereSeparator: \.isNewline) {
            let word = line.trimmingCharacters(in: .whitespaces)
            if word.isEmpty || word.hasPrefix("#") { continue }
            // Folding ASCII is lower-casing; ICU only for the rest (a list holds hundreds of words).
            words.insert(word.utf8.allSatisfy { $0 < 0x80 } ? word.lowercased() : ICUText.foldedNFC(word))
        }
        return words
    }

    /// The largest stop-word file read, in bytes: the longest lists in use hold a few thousand words.
    public static let maximumFileBytes = 4 << 20

    /// Reads a stop-word file, with errors naming it.
    public static func read(path: String) throws -> Set<String> {
        let data: Data
        do { data = try WholeFile.contents(of: path, limit: maximumFileBytes) } catch {
            if case .tooLarge = error { throw TextError.tooLarge(name: path, limit: maximumFileBytes, what: "a stop-word file") }
            throw TextError.unreadable(name: path, reason: error.reason(kind: "a stop-word file", fix: ""))
        }
        return parse(try TagListReader.decodeText(data, name: path))
    }
}
