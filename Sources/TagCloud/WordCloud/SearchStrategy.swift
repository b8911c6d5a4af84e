/// How candidate positions are ordered.
public enum SearchStrategy: String, Hashable, Sendable, CaseIterable {
    /// Nearest first along an elliptical (Archimedean) spiral stretched to the canvas; inside a shape,
    /// deepest first, so the cloud grows from the shape's interior and follows its outline.
    case archimedean
    /// Nearest first in rectangular rings.
    case rectangular
    /// Uniformly at random among free positions (the look of the Python wordcloud package).
    case random
}

#if !hasFeature(Embedded)
extension SearchStrategy: Codable {}
#endif
