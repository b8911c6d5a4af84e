import TagCloud

extension GraphicsError {
    /// This error as the core's error type, for the typesetter and rasteriser, whose protocols are
    /// the core's: the error itself natively; under Embedded Swift, where the core throws only
    /// `TagCloudError`, `TagCloudError.typesetting` with the same message.
    var coreError: CoreError {
        #if hasFeature(Embedded)
        .typesetting(message: description, isUsageError: isUnknownFamily)
        #else
        self
        #endif
    }

    /// Whether this is a family no font has, a mistake in an option (as `RecipeError` classes it).
    var isUnknownFamily: Bool {
        if case .unknownFontFamily = self { return true }
        return false
    }
}
