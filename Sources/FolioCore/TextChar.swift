/// One character of a page's structured text, with the box it occupies on the page.
public struct TextChar: Sendable, Equatable {
    /// The character.
    public var scalar: Unicode.Scalar
    /// The character's box on the page, in points.
    public var box: TextRect
    /// The font size, in points.
    public var size: Double

    /// Creates a character from its scalar, box and font size.
    public init(scalar: Unicode.Scalar, box: TextRect, size: Double) {
        self.scalar = scalar
        self.box = box
        self.size = size
    }
}
