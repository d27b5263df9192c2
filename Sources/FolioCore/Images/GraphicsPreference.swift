/// How the user lets the image view draw (`--graphics`): one type for the command line that
/// parses it and the terminal probe that honours it.
public enum GraphicsPreference: String, Sendable, CaseIterable {
    /// Detect what the terminal can do: kitty, then sixel, then iTerm2, then half blocks.
    case auto
    /// The kitty graphics protocol, whatever the terminal says.
    case kitty
    /// Sixel images, whatever the terminal says.
    case sixel
    /// iTerm2 inline images, whatever the terminal says.
    case iterm
    /// Half blocks (`▀`), two pixels a cell, in any terminal with colour.
    case halfblock
    /// No image view.
    case none
}
