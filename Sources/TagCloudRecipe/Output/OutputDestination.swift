/// Where a drawing command writes its result, and in which format: from `-o` and `--format`,
/// resolved first, so that a missing or ambiguous destination fails before any work.
package struct OutputDestination {
    /// The file to write, or `-` for standard output.
    package let path: String
    /// The format: `--format`, else the path's extension (SVG for standard output).
    package let format: OutputFormat

    /// The options whose values name files the command reads, none of which may be the output.
    static let inputFileOptions = ["input", "text", "config", "stopwords", "add-stopwords", "mask", "color-image", "font"]

    /// The destination the arguments name, checked not to be one of the files the command reads.
    package init(_ args: Recipe) throws(RecipeError) {
        guard let path = args.string("output") else {
            throw RecipeError.usage("no output file: add -o FILE (.png, .pdf, .svg, .html or .json), or -o - for standard output")
        }
        // A trailing slash names a folder: the system would drop it and write a file of that name.
        if path != "-", path.hasSuffix("/") {
            throw RecipeError.usage(
                "-o \(path) names a folder (it ends in /): give a file name such as \(path)cloud.png")
        }
        if let format = try Self.givenFormat(args) {
            self.format = format
        } else if path == "-" {
            format = .svg
        } else {
            guard let format = OutputFormat(path: path) else {
                throw RecipeError.usage(
                    "cannot tell the format of \(path): use a .png, .pdf, .svg, .html or .json extension, or --format",
                    key: "format")
            }
            self.format = format
        }
        self.path = path
        #if hasFeature(Embedded)
        // No file system: the output may not be one of the files the host handed over.
        if let input = Self.inputs(args).first(where: { $0.path != "-" && $0.path == path && RecipeFiles.isProvided(path) }) {
            throw RecipeError.usage(
                "-o \(path) is also an input (\(input.option) \(path)): writing there would destroy it; choose another output file"
            )
        }
        #else
        try OutputFile.checkNotAnInput(path, inputs: Self.inputs(args))
        #endif
    }

    /// The format `--format` names, nil without it.
    static func givenFormat(_ args: Recipe) throws(RecipeError) -> OutputFormat? {
        guard let name = args.string("format") else { return nil }
        guard let format = OutputFormat(rawValue: name.lowercased()) else {
            throw RecipeError.usage("invalid value \"\(name)\" for --format: expected png, pdf, svg, html or json", key: "format")
        }
        return format
    }

    /// The files `args` names to read, each with its option (`-` for standard input, which a tag
    /// argument `-` reads too): no output may be one of them.
    static func inputs(_ args: Recipe) -> [(option: String, path: String)] {
        let files = inputFileOptions.flatMap { option in args.strings(option).map { (option: "--" + option, path: $0) } }
        return files + (args.positionals.contains("-") ? [(option: "tag", path: "-")] : [])
    }

    /// A destination already resolved: `path` written as `format`.
    init(path: String, format: OutputFormat) {
        self.path = path
        self.format = format
    }

    /// Bytes in `format` kept in memory (`Recipe.render`, a server's answer), never written to a file.
    package init(inMemory format: OutputFormat) {
        self.path = ""
        self.format = format
    }

    /// The destination as messages name it: the path, "standard output", or "the drawing" in memory.
    var name: String { path == "-" ? "standard output" : path.isEmpty ? "the \(format.rawValue) drawing" : path }
}
