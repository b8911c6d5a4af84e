import TagCloud
import TagCloudGraphics
import TagCloudText

/// Maps every module's typed errors onto the CLI's three kinds (usage 1, input 2, output 4).
enum Failure {
    /// Runs `body`, turning library errors into `CLIError`s with their one-line messages.
    static func wrap<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let e as CLIError {
            throw e
        } catch let e as TagCloudError {
            switch e {
            // A mask is an input file, like the words; a shape too large for the canvas is an option.
            case .noTerms, .invalidWeight, .noRoom: throw CLIError.input(e.description)
            default: throw CLIError.usage(e.description)
            }
        } catch let e as GraphicsError {
            switch e {
            case .unknownFontFamily: throw CLIError.usage(e.description)
            default: throw CLIError.input(e.description)
            }
        } catch let e as TextError {
            throw CLIError.input(e.description)
        } catch {
            throw CLIError.input("\(error)")
        }
    }
}
