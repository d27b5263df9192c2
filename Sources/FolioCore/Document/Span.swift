/// A run of text drawn in one style.
public struct Span: Sendable, Equatable {
    /// The text; terminal-safe and free of line breaks.
    public var text: String
    /// How the text is drawn.
    public var style: CellStyle

    /// Creates a span.
    public init(text: String, style: CellStyle = .normal) {
        self.text = text
        self.style = style
    }
}
