import Foundation
import TagCloud

/// Where `tagcloud series` writes, from `-o` and `--format`, resolved before any work: a morphing
/// page, an animated WebP, or a folder with a file per frame and format.
enum SeriesOutput: Equatable {
    /// A page that morphs between the frames (`-o NAME.html`).
    case page(String)
    /// An animated WebP (`-o NAME.webp`).
    case animation(String)
    /// A file per frame in each format (`-o FOLDER/`): the `--format` given, else PNG, SVG and JSON.
    case folder(String, formats: [OutputFormat])

    /// What a series may be written as, for messages.
    static let choices = "a page (-o NAME.html), an animated WebP (-o NAME.webp), or a file per frame in a folder (-o FOLDER/)"

    /// The output the arguments name, checked not to be one of the files the command reads.
    init(_ args: Recipe) throws {
        guard let path = args.string("output"), path != "-" else {
            throw RecipeError.usage("no output: a series is written as \(Self.choices)")
        }
        let format = try OutputDestination.givenFormat(args)
        let ext = (path as NSString).pathExtension.lowercased()
        if path.hasSuffix("/") || PathKind(path) == .folder {
            self = .folder(path, formats: format.map { [$0] } ?? [.png, .svg, .json])
        } else if format != nil {
            throw RecipeError.usage("--format chooses the files written into a folder: give -o FOLDER/", key: "format")
        } else if ext == "html" || ext == "htm" {
            self = .page(path)
        } else if ext == "webp" {
            self = .animation(path)
        } else {
            throw RecipeError.usage("cannot tell what to write to \(path): a series is written as \(Self.choices)")
        }
        if case .folder = self { return }
        try OutputFile.checkNotAnInput(path, inputs: OutputDestination.inputs(args))
    }

    /// The folder, made when it is missing (its parent must exist); an error when the path is a file.
    static func makeFolder(_ path: String) throws {
        switch PathKind(path) {
        case .folder: return
        case .file: throw RecipeError.output("cannot write the frames into \(path): it is a file, not a folder")
        case .missing:
            do {
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            } catch {
                let parent = ((path.hasSuffix("/") ? String(path.dropLast()) : path) as NSString).deletingLastPathComponent
                throw RecipeError.output(
                    "cannot make the folder \(path): make \(parent.isEmpty ? "its parent" : parent) first, or choose another")
            }
        }
    }

    /// A file name (without extension) for each frame label: its letters and digits, each run of
    /// anything else one `-` (none at either end), at most 80 characters; a name taken by an
    /// earlier frame gets `-2`, `-3`, …; an empty one is the frame's number. "Article. I." is
    /// written as Article-I.png, "1990" as 1990.png.
    static func fileNames(_ labels: [String]) -> [String] {
        var taken: Set<String> = []
        return labels.enumerated().map { k, label in
            var name = ""
            for s in label.unicodeScalars {
                if s.properties.isAlphabetic || ("0"..."9").contains(s) {
                    name.unicodeScalars.append(s)
                } else if !name.isEmpty && !name.hasSuffix("-") {
                    name += "-"
                }
                if name.unicodeScalars.count >= 80 { break }
            }
            while name.hasSuffix("-") { name.removeLast() }
            if name.isEmpty { name = "\(k + 1)" }
            var unique = name, n = 2
            while taken.contains(unique.lowercased()) {
                unique = "\(name)-\(n)"
                n += 1
            }
            taken.insert(unique.lowercased())
            return unique
        }
    }
}
