/// Who puts right-to-left lines in the order they are drawn (`set bidi`): Folio, with the Unicode
/// bidirectional algorithm, for terminals that draw characters in the order they arrive (most:
/// xterm, kitty, tmux, the Linux console, and VTE in the explicit mode Folio asks for), or the
/// terminal, for those that reorder every line themselves and cannot be told not to (mlterm,
/// Konsole), where Folio's own reordering would be undone.
public enum BidiPreference: String, Sendable, CaseIterable {
    /// Folio reorders, unless the terminal is known to reorder lines itself.
    case auto
    /// Folio reorders (and right-aligns) right-to-left lines.
    case on
    /// Lines go out in logical order, for the terminal to reorder and align.
    case off

    /// The environment variables that name a terminal which reorders lines itself, read by
    /// ``reorders(environment:)``.
    public static let terminalVariables = ["MLTERM", "KONSOLE_VERSION"]

    /// Whether Folio reorders right-to-left lines itself in a terminal whose environment holds
    /// `environment` (the ``terminalVariables`` that are set). `auto` leaves it to mlterm
    /// (`MLTERM`), whose complex text layout, on by default, reorders, aligns and shapes each
    /// line and ignores the explicit bidi mode (mlterm 3.9.0, tried under Xvfb: text sent in
    /// logical order reads right, Folio's visual order comes out garbled), and to Konsole
    /// (`KONSOLE_VERSION`), whose bidi rendering, on by default, has no such mode either (not
    /// tried here).
    public func reorders(environment: [String: String]) -> Bool {
        switch self {
        case .on: true
        case .off: false
        case .auto: environment["MLTERM"] == nil && environment["KONSOLE_VERSION"] == nil
        }
    }
}
