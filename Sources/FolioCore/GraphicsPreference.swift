/// How the user lets the image view draw (`--graphics`): one type for the command line that
/// parses it and the terminal probe that honours it.
public enum GraphicsPreference: String, Sendable, CaseIterable {
    /// Detect what the terminal can do.
    case auto
    /// Sixel images, whatever the terminal says.
    case sixel
    /// No image view.
    case none
}
