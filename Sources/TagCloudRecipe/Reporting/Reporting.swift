/// How much a command says on standard error besides its errors, from `--quiet` and `--verbose`:
/// read once, by the prologue every command shares, and passed to whatever speaks.
package struct Reporting {
    /// `--quiet`: nothing but errors, so no seed, notes, progress bars or `--verbose` lines.
    let quiet: Bool
    /// The `--verbose` phase lines; off unless asked for, and always off under `--quiet`.
    let verbose: VerboseReport

    /// The reporting a command line asks for; a command without the options is not quiet and not verbose.
    package init(_ args: Recipe) {
        quiet = args.flag(CommonOptions.quiet.name)
        verbose = VerboseReport(enabled: args.flag(CommonOptions.verbose.name) && !quiet)
    }

    /// Nothing but errors, whatever the recipe says: for resolving a recipe without running it.
    static var silent: Reporting { Reporting(quiet: true) }

    private init(quiet: Bool) {
        self.quiet = quiet
        verbose = VerboseReport(enabled: false)
    }

    /// Tells the user the seed that was drawn (not one given), unless `--quiet`.
    func announce(_ seed: Seed) {
        if seed.drawn { note("seed \(seed.value) (pass --seed \(seed.value) to reproduce this cloud)") }
    }

    /// An informational line on standard error, unless `--quiet`.
    func note(_ message: @autoclosure () -> String) {
        if !quiet { Console.note(message()) }
    }

    /// A progress bar for `total` units (nil when unknown), none under `--quiet`.
    func progressBar(total: Int64?, unit: ProgressBar.Unit) -> ProgressBar? {
        quiet ? nil : ProgressBar(total: total, unit: unit)
    }
}
