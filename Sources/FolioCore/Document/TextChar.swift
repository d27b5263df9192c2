/// One character of a page's structured text, with the box it occupies on the page.
public struct TextChar: Sendable, Equatable {
    /// The character.
    public var scalar: Unicode.Scalar
    /// The character's box on the page, in points.
    public var box: TextRect
    /// The font size, in points.
    public var size: Double
    /// The y of the baseline the character sits on, in points.
    public var baseline: Double
    /// Whether the character's font is monospaced, as code usually is.
    public var isMonospaced: Bool

    /// Creates a character from its scalar, box and font size; without a `baseline`, the
    /// character sits on the bottom of its box.
    public init(
        scalar: Unicode.Scalar, box: TextRect, size: Double, baseline: Double? = nil, isMonospaced: Bool = false
    ) {
        self.scalar = scalar
        self.box = box
        self.size = size
        self.baseline = baseline ?? box.y1
        self.isMonospaced = isMonospaced
    }
}
