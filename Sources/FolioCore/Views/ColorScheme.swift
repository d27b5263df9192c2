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

extension TerminalColor {
    /// The red, green and blue (0–255) xterm gives its first sixteen colours.
    private static let basic: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255),
        (0, 255, 255), (255, 255, 255),
    ]
    /// The levels of each component in the 256-colour palette's 6×6×6 cube.
    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The indexed colour closest to `red`, `green` and `blue` (each 0–1) among the first
    /// `available` (8, 16 or 256): in 256 colours, the cube and the grey ramp; with fewer, the
    /// basic colours (white and black left out for the 8-colour console, where they are the
    /// text and the background).
    public static func nearest(red: Double, green: Double, blue: Double, available: Int) -> TerminalColor {
        let wanted = [red, green, blue].map { Int((min(max($0, 0), 1) * 255).rounded()) }
        func distance(_ candidate: (Int, Int, Int)) -> Int {
            let (r, g, b) = candidate
            // Weighted as the eye weighs the components (the "redmean" rule, simplified).
            return 2 * (r - wanted[0]) * (r - wanted[0]) + 4 * (g - wanted[1]) * (g - wanted[1])
                + 3 * (b - wanted[2]) * (b - wanted[2])
        }
        var candidates: [(index: Int, rgb: (Int, Int, Int))]
        if available >= 256 {
            candidates = (16..<232).map { index in
                let cube = index - 16
                return (index, (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6]))
            }
            candidates += (232..<256).map { index in
                let level = 8 + 10 * (index - 232)
                return (index, (level, level, level))
            }
        } else {
            let count = available >= 16 ? 16 : 8
            candidates = (1..<(count == 8 ? 7 : count)).map { ($0, basic[$0]) }
        }
        let best = candidates.min { distance($0.rgb) < distance($1.rgb) }
        return .indexed(best?.index ?? 3)
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
