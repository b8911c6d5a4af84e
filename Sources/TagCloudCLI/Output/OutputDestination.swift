/// Where a drawing command writes its result, and in which format: from `-o` and `--format`,
/// resolved first, so that a missing or ambiguous destination fails before any work.
struct OutputDestination {
    /// The file to write, or `-` for standard output.
    let path: String
    /// The format: `--format`, else the path's extension (SVG for standard output).
    let format: OutputFormat

    /// The options whose values name files the command reads, none of which may be the output.
    static let inputFileOptions = ["input", "text", "config", "stopwords", "add-stopwords", "mask", "color-image", "font"]

    /// The destination the arguments name, checked not to be one of the files the command reads.
    init(_ args: ParsedArguments) throws {
        guard let path = args.string("output") else {
            throw CLIError.usage("no output file: add -o FILE (.png, .pdf, .svg, .html or .json), or -o - for standard output")
        }
        // A trailing slash names a folder: the system would drop it and write a file of that name.
        if path != "-", path.hasSuffix("/") {
            throw CLIError.usage(
                "-o \(path) names a folder (it ends in /): give a file name such as \(path)cloud.png")
        }
        if let format = try Self.givenFormat(args) {
            self.format = format
        } else if path == "-" {
            format = .svg
        } else {
            guard let format = OutputFormat(path: path) else {
                throw CLIError.usage(
                    "cannot tell the format of \(path): use a .png, .pdf, .svg, .html or .json extension, or --format")
            }
            self.format = format
        }
        self.path = path
        try OutputFile.checkNotAnInput(path, inputs: Self.inputs(args))
    }

    /// The format `--format` names, nil without it.
    static func givenFormat(_ args: ParsedArguments) throws -> OutputFormat? {
        guard let name = args.string("format") else { return nil }
        guard let format = OutputFormat(rawValue: name.lowercased()) else {
            throw CLIError.usage("invalid value \"\(name)\" for --format: expected png, pdf, svg, html or json")
        }
        return format
    }

    /// The files `args` names to read, each with its option (`-` for standard input, which a tag
    /// argument `-` reads too): no output may be one of them.
    static func inputs(_ args: ParsedArguments) -> [(option: String, path: String)] {
        let files = inputFileOptions.flatMap { option in args.strings(option).map { (option: "--" + option, path: $0) } }
        return files + (args.positionals.contains("-") ? [(option: "tag", path: "-")] : [])
    }

    /// A destination already resolved: `path` written as `format`.
    init(path: String, format: OutputFormat) {
        self.path = path
        self.format = format
    }

    /// The destination as messages name it: the path, or "standard output".
    var name: String { path == "-" ? "standard output" : path }
}
