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
    /// The levels of each component in the 256-colour palette's 6×6×6 cube.
    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The indexed colour closest to `red`, `green` and `blue` (each 0–1; anything else is
    /// taken as 0 or 1) among the first `available` (8, 16 or 256): in 256 colours, the nearest
    /// of the cube and the grey ramp; with fewer, the basic colour of the nearest hue (red,
    /// yellow, green, cyan, blue, magenta: a light green is green, not the cyan a distance
    /// would pick), white and black left out, as they are the text and the background.
    public static func nearest(red: Double, green: Double, blue: Double, available: Int) -> TerminalColor {
        let wanted = [red, green, blue].map { $0.isNaN ? 0 : min(max($0, 0), 1) }
        guard available >= 256 else {
            return .indexed(basicHue(red: wanted[0], green: wanted[1], blue: wanted[2]))
        }
        var candidates: [(index: Int, rgb: (Int, Int, Int))] = (16..<232).map { index in
            let cube = index - 16
            return (index, (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6]))
        }
        candidates += (232..<256).map { index in
            let level = 8 + 10 * (index - 232)
            return (index, (level, level, level))
        }
        return .indexed(closest(to: wanted, among: candidates) ?? 3)
    }

    /// The first sixteen colours as xterm draws them: what a terminal of 8 or 16 colours most
    /// likely shows.
    private static let basicColours: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205),
        (229, 229, 229), (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255),
        (0, 255, 255), (255, 255, 255),
    ]

    /// The indexed colour closest to `red`, `green` and `blue` (each 0–1; anything else is
    /// taken as 0 or 1) among the first `available` (8, 16 or 256), black and white and greys
    /// included: a colour for text or a background (dark mode), where ``nearest(red:green:blue:available:)``
    /// is for a mark on them. In 256 colours, the nearest of the cube and the grey ramp; with
    /// fewer, the nearest of the basic colours, as xterm draws them.
    public static func closest(red: Double, green: Double, blue: Double, available: Int) -> TerminalColor {
        guard available < 256 else { return nearest(red: red, green: green, blue: blue, available: available) }
        let wanted = [red, green, blue].map { $0.isNaN ? 0 : min(max($0, 0), 1) }
        let candidates = basicColours.prefix(available >= 16 ? 16 : 8).enumerated().map { ($0.offset, $0.element) }
        return .indexed(closest(to: wanted, among: candidates) ?? 0)
    }

    /// The index of the candidate nearest `wanted` (components 0–1), the components weighted as
    /// the eye weighs them; nil when there are none.
    private static func closest(to wanted: [Double], among candidates: [(index: Int, rgb: (Int, Int, Int))]) -> Int? {
        let levels = wanted.map { Int(($0 * 255).rounded()) }
        func distance(_ candidate: (Int, Int, Int)) -> Int {
            let (r, g, b) = candidate
            return 2 * (r - levels[0]) * (r - levels[0]) + 4 * (g - levels[1]) * (g - levels[1])
                + 3 * (b - levels[2]) * (b - levels[2])
        }
        return candidates.min { distance($0.rgb) < distance($1.rgb) }?.index
    }

    /// The basic colour (1–6) whose hue is nearest the colour's; yellow for a grey.
    private static func basicHue(red: Double, green: Double, blue: Double) -> Int {
        let high = max(red, green, blue)
        let low = min(red, green, blue)
        guard high - low > 0.05 else { return 3 }
        var hue: Double
        if high == red {
            hue = (green - blue) / (high - low)
        } else if high == green {
            hue = 2 + (blue - red) / (high - low)
        } else {
            hue = 4 + (red - green) / (high - low)
        }
        hue = (hue * 60 + 360).truncatingRemainder(dividingBy: 360)
        // Red 0°, yellow 60°, green 120°, cyan 180°, blue 240°, magenta 300°: their indices.
        let byHue = [1, 3, 2, 6, 4, 5]
        return byHue[Int((hue / 60).rounded()) % 6]
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
