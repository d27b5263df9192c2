/// How a run of text is drawn; the terminal backend maps each style to attributes or colours.
public enum CellStyle: Sendable, Hashable {
    /// Plain text.
    case normal
    /// Bold text, for headings.
    case bold
    /// Reverse video, for the status line.
    case reverse
    /// Faint text, for notes such as "Loading page 2…".
    case dim
    /// Highlighted text, for matches.
    case highlight
    /// The match the reader is at, set apart from the other matches.
    case currentMatch
    /// A link hint's letters (`f`).
    case hint
    /// A link's words in the text view, underlined.
    case link
    /// Text reporting a failure.
    case error
    /// Words an annotation marks, drawn as its kind and colour say.
    case annotation(AnnotationStyle)
}
