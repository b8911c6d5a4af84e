import TagCloud
import TagCloudGraphics
import TagCloudText

extension RecipeError {
    /// Runs `body`, turning every module's typed errors into `RecipeError`s with their one-line
    /// messages: a mistake in an option is a usage error, a bad file or font an input error.
    package static func mappingLibraryErrors<T>(_ body: () throws -> T) throws(RecipeError) -> T {
        do {
            return try body()
        } catch let e as RecipeError {
            throw e
        } catch let e as TagCloudError {
            throw RecipeError(e)
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
}
