/// Options several subcommands understand, defined once so their names, letters and help agree.
package enum CommonOptions {
    /// `--help` / `-h`.
    package static let help = RecipeKey("help", short: "h", help: "Show this help.", group: "Other")

    /// `--quiet` / `-q`.
    package static let quiet = RecipeKey(
        "quiet", short: "q", help: "Print nothing but errors: no seed, notes, progress bar or --verbose summary.",
        group: "Output")

    /// `--verbose` / `-v`.
    static let verbose = RecipeKey(
        "verbose", short: "v",
        help:
            "Print a line per phase on standard error: what was read, removed, kept, placed and written, and the milliseconds each phase took.",
        group: "Output")
}
