import FolioCore
import FolioGraphics

/// What `folio --preview` prints a page as. Decided from the options and the environment
/// alone: a previewer never asks the terminal anything, since the file manager running it
/// reads the terminal's input and would take the answers for keys.
enum PreviewForm: Equatable, Sendable {
    /// The page's text reflowed to the box's width, at most its height in lines.
    case text
    /// A kitty graphics image shown at the cursor.
    case kitty
    /// kitty Unicode placeholders: the image transmitted with a virtual placement, then rows of
    /// placeholder cells, which tmux and fzf handle as text. Inside tmux, the kitty commands go
    /// through its passthrough.
    case kittyPlaceholders(throughTmux: Bool)
    /// A sixel image.
    case sixel
    /// An iTerm2 inline image.
    case iterm
    /// Half blocks (`▀`), two pixels a cell.
    case halfBlocks(HalfBlockColors)

    /// The variables ``decide(preference:placeholders:environment:)`` reads.
    static let environmentNames = [
        "TERM", "TERM_PROGRAM", "KITTY_WINDOW_ID", "TMUX", "FZF_PREVIEW_COLUMNS", "COLORTERM",
    ]

    /// The form for `--graphics` (`preference`, nil when not given) and
    /// `--graphics kitty-placeholders` (`placeholders`), in a process with `environment`.
    ///
    /// `auto` takes kitty graphics where the environment names kitty or Ghostty (placeholders
    /// inside tmux and under fzf, which pass them on as text), iTerm2 images where it names
    /// iTerm2 or WezTerm, and text everywhere else: sixel support cannot be told without asking
    /// the terminal, so sixel is only ever chosen by `--graphics sixel`.
    static func decide(
        preference: GraphicsPreference?, placeholders: Bool, environment: [String: String]
    ) -> PreviewForm {
        let inTmux = !(environment["TMUX"] ?? "").isEmpty
        let term = environment["TERM"] ?? ""
        let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
        switch preference ?? .auto {
        case .none:
            return .text
        case .kitty:
            return placeholders || inTmux ? .kittyPlaceholders(throughTmux: inTmux) : .kitty
        case .sixel:
            return .sixel
        case .iterm:
            return .iterm
        case .halfblock:
            return .halfBlocks(HalfBlockColors.of(environment: environment))
        case .auto:
            let kitty =
                environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term == "xterm-ghostty"
                || program == "ghostty"
            if kitty {
                let asText = inTmux || environment["FZF_PREVIEW_COLUMNS"] != nil
                return asText ? .kittyPlaceholders(throughTmux: inTmux) : .kitty
            }
            if program.hasPrefix("iterm") || program.hasPrefix("wezterm") {
                return .iterm
            }
            return .text
        }
    }

    /// The cell size images are rendered for: ``BatchCell/of(given:window:)`` of `given`
    /// (`--cell-size`) and `window` (TIOCGWINSZ); half blocks are one pixel wide and two high.
    func cell(given: PixelSize?, window: (cells: (columns: Int, rows: Int), pixels: PixelSize)) -> BatchCell {
        if case .halfBlocks = self { return BatchCell(pixels: PixelSize(width: 1, height: 2), known: true) }
        return BatchCell.of(given: given, window: window)
    }
}
