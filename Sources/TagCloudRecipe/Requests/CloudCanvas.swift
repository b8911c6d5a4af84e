import TagCloud

/// The word cloud's canvas and the images fitted to it (`--mask`, `--color-image`).
enum CloudCanvas {
    /// The canvas: `width` and `height` as given; without them, the mask's size (or, with one of them,
    /// the mask's proportions at that size); without a mask, `default`.
    static func size(
        width: Int?, height: Int?, mask: RGBAImage?, path: String?,
        default fallback: (width: Int, height: Int)
    ) throws(RecipeError) -> (width: Int, height: Int) {
        guard let mask, mask.width > 0, mask.height > 0, width == nil || height == nil else {
            return (width ?? fallback.width, height ?? fallback.height)
        }
        let size: (width: Int, height: Int)
        if let width {
            size = (width, max(1, Int((Double(width) * Double(mask.height) / Double(mask.width)).rounded())))
        } else if let height {
            size = (max(1, Int((Double(height) * Double(mask.width) / Double(mask.height)).rounded())), height)
        } else {
            size = (mask.width, mask.height)
        }
        let side = WordCloudOptions.Limits.side
        guard size.width <= side && size.height <= side else {
            throw RecipeError.usage(
                "--mask \(path ?? "") makes a \(size.width)x\(size.height) canvas, over \(side) px a side: give --width or --height",
                key: "mask")
        }
        return size
    }

    /// The image at the canvas size; a different size is resized with a `note`, or refused with `strict`.
    static func fitted(
        _ image: RGBAImage, path: String, option: String, width: Int, height: Int, strict: Bool,
        note: (String) -> Void
    ) throws(RecipeError) -> RGBAImage {
        if image.width == width && image.height == height { return image }
        if strict {
            throw RecipeError.input(
                "--\(option) \(path) is \(image.width)x\(image.height), the canvas \(width)x\(height) (--strict): resize the image or drop --strict",
                key: "strict")
        }
        note("--\(option) \(path) is \(image.width)x\(image.height); resized to the canvas \(width)x\(height)")
        do throws(TagCloudError) { return try image.resized(width: width, height: height) } catch { throw RecipeError(error) }
    }
}
