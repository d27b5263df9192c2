/// Whether the text views send Arabic letters in their joined shapes (`set arabic-shaping`):
/// most terminals (xterm, kitty, tmux, the Linux console, foot, Alacritty) draw each character
/// in its cell alone, so "كتاب" shows as four separate letters unless Folio sends the joined
/// presentation forms (see ``ArabicShaping``).
public enum ArabicShapingPreference: String, Sendable, CaseIterable {
    /// Shape unless the terminal is known to shape Arabic itself.
    case auto
    /// Always send joined shapes.
    case on
    /// Never: send the letters as they are.
    case off

    /// The environment variables that name a terminal which shapes Arabic itself, read by
    /// ``shapes(environment:)``.
    public static let terminalVariables = ["VTE_VERSION", "KONSOLE_VERSION", "MLTERM"]

    /// Whether to shape in a terminal whose environment holds `environment` (the
    /// ``terminalVariables`` that are set). `auto` shapes except in terminals that shape
    /// themselves: VTE from 0.58 (GNOME Terminal, Tilix, xfce4-terminal…; `VTE_VERSION` 5800 and
    /// up), which shapes with presentation forms in both bidirectional modes, and Konsole and
    /// mlterm, which shape as they draw. (Inside tmux these variables are those of the terminal
    /// tmux was started from, which is the one that draws.)
    public func shapes(environment: [String: String]) -> Bool {
        switch self {
        case .on: true
        case .off: false
        case .auto:
            !(environment["VTE_VERSION"].flatMap { Int($0) }.map { $0 >= 5800 } == true
                || environment["KONSOLE_VERSION"] != nil || environment["MLTERM"] != nil)
        }
    }
}
