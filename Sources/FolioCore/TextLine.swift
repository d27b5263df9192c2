/// One line of a page's structured text: characters in reading order.
public struct TextLine: Sendable, Equatable {
    /// The characters, in reading order.
    public var chars: [TextChar]
    /// The line's box on the page, in points.
    public var box: TextRect

    /// Creates a line from its characters and box.
    public init(chars: [TextChar], box: TextRect) {
        self.chars = chars
        self.box = box
    }

    /// The line's characters as a string.
    public var text: String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: chars.lazy.map(\.scalar))
        return String(scalars)
    }
}
