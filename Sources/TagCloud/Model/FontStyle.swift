/// Upright or slanted type.
public enum FontStyle: String, Hashable, Sendable, CaseIterable {
    /// Upright.
    case normal
    /// Italic.
    case italic
    /// Oblique.
    case oblique
}

#if !hasFeature(Embedded)
extension FontStyle: Codable {}
#endif
