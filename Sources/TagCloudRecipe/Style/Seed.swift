import TagCloud

/// The seed of every random choice: the one given with `--seed`, or one drawn for this run and
/// announced once the output is written, so that the cloud can be reproduced.
struct Seed {
    /// The seed.
    let value: UInt64
    /// Whether it was drawn for this run rather than given.
    let drawn: Bool

    /// `--seed`, or a fresh seed.
    init(_ args: Recipe) throws {
        if let given = try args.uint64("seed") {
            value = given
            drawn = false
        } else {
            value = SeededRandom.freshSeed()
            drawn = true
        }
    }

    /// Tells the user the seed that was drawn (not one given), unless `--quiet`.
    func announce(_ reporting: Reporting) {
        if drawn { reporting.note("seed \(value) (pass --seed \(value) to reproduce this cloud)") }
    }
}
