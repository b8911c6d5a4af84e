import TagCloud
import TagCloudGraphics
import TagCloudText

extension RecipeError {
    /// Runs `body`, turning every module's typed errors into `RecipeError`s with their one-line
    /// messages: a mistake in an option is a usage error, a bad file or font an input error.
    package static func mappingLibraryErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as RecipeError {
            throw e
        } catch let e as TagCloudError {
            switch e {
            // A mask is an input file, like the words; a shape too large for the canvas is an option.
            case .noTerms, .invalidWeight, .noRoom, .invalidPin, .pinOutside, .pinsOverlap, .previousLayoutSize,
                .previousFlowWidth, .previousWordUnusable, .seriesWordTwice, .seriesInputUnusable:
                throw RecipeError.input(e.description)
            default: throw RecipeError.usage(e.description)
            }
        } catch let e as GraphicsError {
            switch e {
            case .unknownFontFamily: throw RecipeError.usage(e.description)
            default: throw RecipeError.input(e.description)
            }
        } catch let e as TextError {
            throw RecipeError.input(e.description)
        } catch {
            throw RecipeError.input("\(error)")
        }
    }

    /// Runs `body` (a library's `validate()`), turning an invalid option into a usage error that
    /// names the flag in `flags` for the property the library named, with the value as typed.
    static func mappingOptionErrors(_ args: Recipe, flags: [String: String], _ body: () throws -> Void) throws {
        do {
            try body()
        } catch TagCloudError.invalidOption(let name, let value, let expected) {
            guard let flag = flags[name] else { throw RecipeError.usage("invalid value \"\(value)\" for \(name): \(expected)") }
            throw RecipeError.usage(
                "invalid value \"\(args.string(flag) ?? value)\" for --\(flag): expected \(expected)", key: flag)
        }
    }
}
