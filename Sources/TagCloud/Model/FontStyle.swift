/// Upright or slanted type.
public enum FontStyle: String, Hashable, Codable, Sendable, CaseIterable {
    /// Upright.
    case normal
    /// Italic.
    case italic
    /// Oblique.
    case oblique
}
