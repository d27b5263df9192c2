/// The direction a line's baseline runs on the page, a unit vector (y grows downward).
public struct TextDirection: Sendable, Equatable {
    /// The horizontal part.
    public var x: Double
    /// The vertical part (positive: downward).
    public var y: Double

    /// Creates a direction from its parts.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Text running left to right, as most text does.
    public static let rightward = TextDirection(x: 1, y: 0)

    /// How far `box`'s centre lies along this direction.
    func position(of box: TextRect) -> Double {
        (box.x0 + box.x1) / 2 * x + (box.y0 + box.y1) / 2 * y
    }

    /// `box`'s extent along this direction: from its nearest to its furthest corner.
    func extent(of box: TextRect) -> ClosedRange<Double> {
        let along = [
            box.x0 * x + box.y0 * y, box.x1 * x + box.y0 * y, box.x0 * x + box.y1 * y, box.x1 * x + box.y1 * y,
        ]
        return along.min()!...along.max()!
    }
}

/// One line of a page's structured text: characters in reading order.
public struct TextLine: Sendable, Equatable {
    /// The characters, in reading order.
    public var chars: [TextChar]
    /// The line's box on the page, in points.
    public var box: TextRect
    /// The direction its baseline runs.
    public var direction: TextDirection
    /// Whether the line is in vertical writing mode (CJK set top to bottom).
    public var isVertical: Bool

    /// Creates a line from its characters and box, running `direction`.
    public init(chars: [TextChar], box: TextRect, direction: TextDirection = .rightward, isVertical: Bool = false) {
        self.chars = chars
        self.box = box
        self.direction = direction
        self.isVertical = isVertical
    }

    /// The line's characters as a string.
    public var text: String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: chars.lazy.map(\.scalar))
        return String(scalars)
    }
}
