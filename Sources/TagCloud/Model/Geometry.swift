/// A point in layout coordinates: points at scale 1, x to the right, y down.
public struct Point: Hashable, Sendable {
    /// Horizontal coordinate.
    public var x: Double
    /// Vertical coordinate (down is positive).
    public var y: Double
    /// Creates a point.
    public init(x: Double, y: Double) { self.x = x; self.y = y }
    /// The origin.
    public static let zero = Point(x: 0, y: 0)
}

/// A width and a height in points.
public struct Size: Hashable, Sendable {
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double
    /// Creates a size.
    public init(width: Double, height: Double) { self.width = width; self.height = height }
    /// The empty size.
    public static let zero = Size(width: 0, height: 0)
}

/// An axis-aligned rectangle; `x`/`y` is the top-left corner.
public struct Rect: Hashable, Sendable {
    /// Left edge.
    public var x: Double
    /// Top edge.
    public var y: Double
    /// Horizontal extent.
    public var width: Double
    /// Vertical extent.
    public var height: Double

    /// Creates a rectangle from its top-left corner and size.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// Left edge.
    public var minX: Double { x }
    /// Top edge.
    public var minY: Double { y }
    /// Right edge.
    public var maxX: Double { x + width }
    /// Bottom edge.
    public var maxY: Double { y + height }
    /// Centre point.
    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
    /// Whether the rectangle has no area.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether the interiors of two rectangles intersect (touching edges do not count).
    public func intersects(_ other: Rect) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Whether `other` lies inside this rectangle, allowing `tolerance` of rounding on each side.
    public func contains(_ other: Rect, tolerance: Double = 1e-9) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }

    /// The rectangle moved by `dx`, `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = Swift.min(minX, other.minX), y0 = Swift.min(minY, other.minY)
        let x1 = Swift.max(maxX, other.maxX), y1 = Swift.max(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}

/// Distances inside the edges of a rectangle, in points.
public struct EdgeInsets: Hashable, Sendable {
    /// Space at the top.
    public var top: Double
    /// Space on the left.
    public var left: Double
    /// Space at the bottom.
    public var bottom: Double
    /// Space on the right.
    public var right: Double

    /// Creates insets from the four sides.
    public init(top: Double, left: Double, bottom: Double, right: Double) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }

    /// The same inset on every side.
    public init(all value: Double) { self.init(top: value, left: value, bottom: value, right: value) }

    /// Vertical and horizontal insets.
    public init(vertical: Double, horizontal: Double) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    /// No inset.
    public static let zero = EdgeInsets(all: 0)

    /// `left + right`.
    public var horizontal: Double { left + right }
    /// `top + bottom`.
    public var vertical: Double { top + bottom }
}

#if !hasFeature(Embedded)
extension Point: Codable {}
extension Size: Codable {}
extension Rect: Codable {}
extension EdgeInsets: Codable {}
#endif
