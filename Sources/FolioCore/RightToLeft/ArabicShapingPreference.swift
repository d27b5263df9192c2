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
    public static let terminalVariables = ["VTE_VERSION"]

    /// Whether to shape in a terminal whose environment holds `environment` (the
    /// ``terminalVariables`` that are set). `auto` shapes except in VTE from 0.58 (GNOME
    /// Terminal, Tilix, xfce4-terminal…; `VTE_VERSION` 5800 and up), which shapes with
    /// presentation forms itself, also in the explicit bidi mode Folio asks for. mlterm and
    /// Konsole shape as part of reordering lines, which ``BidiPreference`` leaves to them; with
    /// their reordering off (`mlterm --ctl=false` and `set bidi on`) they draw letters alone, so
    /// `auto` shapes for them. (Inside tmux the variable is that of the terminal tmux was
    /// started from, which draws.)
    public func shapes(environment: [String: String]) -> Bool {
        switch self {
        case .on: true
        case .off: false
        case .auto: environment["VTE_VERSION"].flatMap { Int($0) }.map { $0 >= 5800 } != true
        }
    }
}
