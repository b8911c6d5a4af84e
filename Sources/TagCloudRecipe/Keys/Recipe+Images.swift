import TagCloud
import TagCloudGraphics

extension Recipe {
    /// The image of key `key` (`mask`, `color-image`) with the name messages give it: the PNG the
    /// recipe carries (named by its key), else the PNG file the key names (in WebAssembly, the one
    /// the host handed over by that path); nil when not given.
    package func image(_ key: String) throws(RecipeError) -> CloudRecipe.Image? {
        do throws(GraphicsError) {
            if let bytes = images[key] { return (try ImageLoader.loadRGBA(data: bytes, name: key), key) }
            guard let path = string(key) else { return nil }
            #if hasFeature(Embedded)
            guard let bytes = RecipeFiles.provided(path) else { throw GraphicsError.imageFileNotFound(path) }
            return (try ImageLoader.loadRGBA(data: bytes, name: path), path)
            #else
            return (try ImageLoader.loadRGBA(path: path), path)
            #endif
        } catch {
            throw RecipeError.input(error.description)
        }
    }
}
