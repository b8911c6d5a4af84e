import TagCloud

extension RecipeError {
    /// The core's error as a recipe's: a bad input (the words, a mask, pins, an earlier layout) an
    /// input error, a mistake in an option a usage error; the message is the core's one line.
    package init(_ e: TagCloudError) {
        switch e {
        case .typesetting(let message, let isUsageError):
            self = isUsageError ? .usage(message) : .input(message)
        // A mask is an input file, like the words; a shape too large for the canvas is an option.
        case .noTerms, .invalidWeight, .noRoom, .invalidPin, .pinOutside, .pinsOverlap, .previousLayoutSize,
            .previousFlowWidth, .previousWordUnusable, .seriesWordTwice, .seriesInputUnusable:
            self = .input(e.description)
        default: self = .usage(e.description)
        }
    }

    /// Runs `body` (a library's `validate()`), turning an invalid option into a usage error that
    /// names the flag in `flags` for the property the library named, with the value as typed.
    static func mappingOptionErrors(
        _ args: Recipe, flags: [String: String], _ body: () throws(TagCloudError) -> Void
    ) throws(RecipeError) {
        do {
            try body()
        } catch {
            guard case .invalidOption(let name, let value, let expected) = error else { throw RecipeError(error) }
            guard let flag = flags[name] else { throw RecipeError.usage("invalid value \"\(value)\" for \(name): \(expected)") }
            throw RecipeError.usage(
                "invalid value \"\(args.string(flag) ?? value)\" for --\(flag): expected \(expected)", key: flag)
        }
    }
}
