#if !hasFeature(Embedded)
import TagCloudText
#endif

/// The files a recipe names (`--config`, `--previous`), read whole: the one place reading a recipe
/// touches a file system. WebAssembly has none, so there a recipe must carry the contents instead.
enum RecipeFiles {
    /// The bytes of the file `path`, at most `limit`. An error names the file as `name` does
    /// (`--previous PATH`, `config PATH`) and says why, in the words of `kind` ("a layout") and
    /// `fix`; it blames `key` when one is given.
    static func contents(
        of path: String, limit: Int, name: String, key: String?, kind: String, fix: String
    ) throws(RecipeError) -> [UInt8] {
        #if hasFeature(Embedded)
        throw RecipeError.input("cannot read \(name): there are no files here; \(fix)", key: key)
        #else
        do throws(WholeFile.Failure) {
            return [UInt8](try WholeFile.contents(of: path, limit: limit))
        } catch {
            throw RecipeError.input("cannot read \(name): " + error.reason(kind: kind, fix: fix), key: key)
        }
        #endif
    }
}
