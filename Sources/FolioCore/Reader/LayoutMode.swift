/// How a page's text is arranged on the screen.
public enum LayoutMode: Sendable, Hashable {
    /// Paragraphs reflowed to the terminal width.
    case reflow
    /// Lines kept where they are on the page; wide pages scroll sideways.
    case physical
}
