import TagCloud

/// The keys of `tagcloud count`: the text's (`TextKeys`), partial counts' and the reporting ones.
/// One table for the command line, the server and the WebAssembly engine.
package enum CountKeys {
    static let partialGroup = "Partial counts (docs/counting-at-scale.md)"

    // One option per line, as a table: the formatter would spread each over several.
    // swift-format-ignore
    static let partial: [RecipeKey] = [
        RecipeKey("partial", help: "Write a partial count instead of the table: the counts of this shard of a larger text, for --merge with the other shards' (any order, any grouping).", group: partialGroup),
        RecipeKey("shard", valueName: "KEY", help: "With --partial: the shard's place in the whole text; merging joins shards in the byte order of their keys (zero-pad numbers). Default: the first text's path.", group: partialGroup),
        RecipeKey("merge", help: "The file arguments are partial counts (- for standard input) to merge: writes their table, the one a count of the shards' texts in key order gives, or with --partial one merged partial count.", group: partialGroup),
        RecipeKey("output", short: "o", valueName: "FILE", help: "Write the table or partial count to FILE (replaced whole, or not at all) instead of standard output.", group: partialGroup),
    ]

    /// Every key of `count`.
    package static let all: [RecipeKey] =
        TextKeys.all + partial + [
            CommonOptions.quiet,
            CommonOptions.verbose,
            CommonOptions.help,
        ]
}
