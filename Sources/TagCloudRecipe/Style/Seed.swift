import TagCloud

/// The seed of every random choice: the one given with `--seed`, or one drawn for this run and
/// announced once the output is written, so that the cloud can be reproduced.
package struct Seed {
    /// The seed.
    package let value: UInt64
    /// Whether it was drawn for this run rather than given.
    package let drawn: Bool

    /// `--seed`, or a fresh seed.
    init(_ args: Recipe) throws(RecipeError) {
        if let given = try args.uint64("seed") {
            value = given
            drawn = false
        } else {
            value = SeededRandom.freshSeed()
            drawn = true
        }
    }
}
