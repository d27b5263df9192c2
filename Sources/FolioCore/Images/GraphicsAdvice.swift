/// How to get sharper page images than the terminal gives now, as a tip for the status line
/// (``Notice/tip(_:)``), shown once per kind of terminal. The raw value names the tip in the
/// state folder's record of tips shown, so rewording a tip does not show it again.
public enum GraphicsAdvice: String, Sendable, Equatable {
    /// Inside tmux with passthrough off: images are half blocks, and turning passthrough on
    /// lets the terminal outside show them in its own protocol.
    case turnOnTmuxPassthrough = "tmux-passthrough"
}
