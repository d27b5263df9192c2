/// A terminal colour as a configuration file names it: the terminal's default, or one of the
/// 256 indexed colours (0–7 the basic eight, 8–15 their bright forms).
public enum TerminalColor: Sendable, Hashable {
    /// The terminal's own foreground or background.
    case terminalDefault
    /// Indexed colour 0–255.
    case indexed(Int)

    /// The names a configuration file may use for the first sixteen colours, in index order.
    public static let names = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white", "bright-black", "bright-red",
        "bright-green", "bright-yellow", "bright-blue", "bright-magenta", "bright-cyan", "bright-white",
    ]

    /// The colour called `text`: `default`, a name (`cyan`, `bright-black`, also `grey`/`gray` for
    /// bright black) or a number from 0 to 255; nil otherwise.
    public init?(_ text: String) {
        let lowered = text.lowercased()
        if lowered == "default" {
            self = .terminalDefault
        } else if lowered == "grey" || lowered == "gray" {
            self = .indexed(8)
        } else if let index = Self.names.firstIndex(of: lowered) {
            self = .indexed(index)
        } else if let number = Int(text), (0...255).contains(number) {
            self = .indexed(number)
        } else {
            return nil
        }
    }
}

/// The colours of the parts of the screen a user may want in their own colours. A nil colour
/// keeps Folio's attribute for that part (reverse video for the status line, faint text for
/// notes), which works on every terminal.
public struct ColorScheme: Sendable, Hashable {
    /// The status line's text, or nil for reverse video.
    public var statusForeground: TerminalColor?
    /// The status line's background, or nil for reverse video.
    public var statusBackground: TerminalColor?
    /// Search matches' text.
    public var highlightForeground: TerminalColor = .indexed(0)
    /// Search matches' background.
    public var highlightBackground: TerminalColor = .indexed(3)
    /// Dimmed notes and furniture, or nil for the faint attribute.
    public var dimForeground: TerminalColor?
    /// Whether colours are used at all: false when `NO_COLOR` is set, so every part falls back
    /// to attributes (bold, reverse, faint).
    public var usesColor = true

    /// Folio's colours: reverse status line, black on yellow matches, faint notes.
    public init() {}
}
