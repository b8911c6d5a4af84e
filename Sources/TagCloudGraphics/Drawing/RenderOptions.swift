import TagCloud

/// How a `CloudLayout` becomes pixels or a PDF page. The layout itself is never changed:
/// these options only affect the output.
public struct RenderOptions: Sendable, Hashable {
    /// Device pixels per layout point for PNG output (2 for a high-DPI "@2x" image).
    /// The canvas is `ceil(width × scale)` × `ceil(height × scale)` pixels and everything is
    /// drawn scaled, so the picture looks the same, only sharper. PDF output ignores it: a PDF
    /// page is measured in points and is resolution independent.
    public var scale: Double
    /// A background that replaces the layout's own `background`; `nil` keeps the layout's.
    public var backgroundOverride: Color?
    /// Leave the canvas transparent whatever the layout or `backgroundOverride` say
    /// (for compositing the cloud over something else).
    public var transparent: Bool

    /// Creates options; the defaults render at 1 pixel per point with the layout's background.
    public init(scale: Double = 1, backgroundOverride: Color? = nil, transparent: Bool = false) {
        self.scale = scale; self.backgroundOverride = backgroundOverride; self.transparent = transparent
    }

    /// The colour the canvas is filled with for `layout`, or `nil` for none (transparent):
    /// `transparent` wins, then `backgroundOverride`, then the layout's background.
    public func background(for layout: CloudLayout) -> Color? {
        transparent ? nil : (backgroundOverride ?? layout.background)
    }
}
