import TagCloud
import TagCloudGraphics

extension Recipe {
    /// The image of key `key` (`mask`, `color-image`) with the name messages give it: the PNG the
    /// recipe carries (named by its key), else the PNG file the key names; nil when not given.
    func image(_ key: String) throws(RecipeError) -> CloudRecipe.Image? {
        if let bytes = images[key] {
            return (try RecipeError.mappingLibraryErrors { try ImageLoader.loadRGBA(data: bytes, name: key) }, key)
        }
        guard let path = string(key) else { return nil }
        return (try RecipeError.mappingLibraryErrors { try ImageLoader.loadRGBA(path: path) }, path)
    }
}
