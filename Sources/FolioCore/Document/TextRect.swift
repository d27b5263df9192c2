/// An axis-aligned rectangle on a PDF page, in points.
///
/// The origin is the page's top-left corner and y grows downward, as in MuPDF's structured text.
public struct TextRect: Sendable, Hashable {
    /// The left edge.
    public var x0: Double
    /// The top edge.
    public var y0: Double
    /// The right edge.
    public var x1: Double
    /// The bottom edge.
    public var y1: Double

    /// Creates a rectangle from its edges.
    public init(x0: Double, y0: Double, x1: Double, y1: Double) {
        self.x0 = x0
        self.y0 = y0
        self.x1 = x1
        self.y1 = y1
    }

    /// The horizontal extent, `x1 - x0`.
    public var width: Double { x1 - x0 }

    /// The vertical extent, `y1 - y0`.
    public var height: Double { y1 - y0 }

    /// The smallest rectangle holding this one and `other`.
    public func union(_ other: TextRect) -> TextRect {
        TextRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }
}
