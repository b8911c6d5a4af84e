import TagCloud
import TagCloudText

/// The `--text` input and its options, shared by `count`, `cloud` and `flow` (one flag, one `TextOptions` field).
enum TextArguments {
    /// The text keys (`TextKeys`).
    static let specs = TextKeys.all

    /// Names of the options that only make sense with `--text`.
    private static let textOnly = specs.map { $0.name }.filter { $0 != "text" }

    /// Adjusts a command's `defaults` (option name to value) to the command line: without a text to
    /// count the text options are not in effect and have no value (giving one would be an error),
    /// and with one, --top defaults to `defaultTop` when the command has one.
    static func adjust(_ defaults: inout [String: String], counting: Bool, defaultTop: Int?) {
        guard counting else {
            for name in textOnly { defaults.removeValue(forKey: name) }
            return
        }
        if let defaultTop { defaults["top"] = String(defaultTop) }
    }

    /// The `TextOptions` the flags ask for, with the stop-word files read.
    static func options(from args: Recipe) throws(RecipeError) -> TextOptions {
        var o = TextOptions()
        if let code = args.string("language") {
            do { o.language = try Language(code: code) } catch { throw RecipeError.usage(error.description) }
        }
        let stopWordFile = args.string("stopwords")
        if args.flag("no-stopwords") {
            if stopWordFile != nil {
                throw RecipeError.usage("give either --stopwords FILE or --no-stopwords, not both", key: "stopwords")
            }
            o.stopWords = .none
        } else if let path = stopWordFile {
            o.stopWords = .custom(try stopWords(path))
        }
        for path in args.strings("add-stopwords") {
            o.extraStopWords.formUnion(try stopWords(path))
        }
        o.collocations = !args.flag("no-collocations")
        o.phrases = args.strings("phrase")
        if let n = try args.int("min-length", range: 1...1000) {
            o.minimumLength = n; o.minimumIdeographicLength = min(n, o.minimumIdeographicLength)
        }
        o.includeNumbers = args.flag("numbers")
        o.keepHyphens = args.flag("keep-hyphens")
        if args.flag("no-plurals") { o.mergePlurals = false }
        if args.flag("no-clitics") { o.mergeClitics = false }
        if let pattern = args.string("word-pattern") {
            // Compiled here, by the engine that will match it, so a bad pattern is a usage error
            // before any file is read.
            do { try WordPattern.check(pattern) } catch {
                throw RecipeError.usage("--word-pattern: \(error.description)", key: "word-pattern")
            }
            o.pattern = pattern
        }
        return o
    }

    /// The words of the stop-word file `path` (natively read from disk, in WebAssembly handed over
    /// by the host as every file a command names is).
    static func stopWords(_ path: String) throws(RecipeError) -> Set<String> {
        do throws(TextError) {
            #if hasFeature(Embedded)
            let bytes: [UInt8]
            do { bytes = try RecipeFiles.handedOver(path, limit: StopWords.maximumFileBytes) } catch {
                throw StopWords.failure(error, path: path)
            }
            return try StopWords.read(bytes, name: path)
            #else
            return try StopWords.read(path: path)
            #endif
        } catch {
            throw RecipeError.input(error.description)
        }
    }

    /// Refuses the text options when no text is given to count (`flow` and `cloud` without `--text`).
    static func refuseWithoutText(_ args: Recipe) throws(RecipeError) {
        if let stray = textOnly.first(where: { args.flag($0) || args.string($0) != nil }) {
            throw RecipeError.usage("--\(stray) applies to --text FILE: give the text to count with --text", key: "text")
        }
    }
}
