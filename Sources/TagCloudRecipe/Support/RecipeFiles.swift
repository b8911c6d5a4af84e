#if !hasFeature(Embedded)
import TagCloudText
#endif

/// The files a recipe's keys name (`--previous`), read whole: the one place resolution touches a
/// file system. WebAssembly has none, so there a key must carry the file's contents instead.
enum RecipeFiles {
    /// The bytes of the file `path` that key `key` names, at most `limit`; an error names the key,
    /// the file and why, in the words of `kind` ("a layout") and `fix`.
    static func contents(of path: String, limit: Int, key: String, kind: String, fix: String) throws(RecipeError) -> [UInt8] {
        #if hasFeature(Embedded)
        throw RecipeError.input("cannot read --\(key) \(path): there are no files here; \(fix)", key: key)
        #else
        do throws(WholeFile.Failure) {
            return [UInt8](try WholeFile.contents(of: path, limit: limit))
        } catch {
            throw RecipeError.input("cannot read --\(key) \(path): " + error.reason(kind: kind, fix: fix), key: key)
        }
        #endif
    }
}
