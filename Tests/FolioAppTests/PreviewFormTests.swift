import FolioCore
import FolioGraphics
import Testing

@testable import FolioApp

/// What `folio --preview` prints a page as, decided from `--graphics` and the environment
/// alone, and the cell size it renders for.
@Suite struct PreviewFormTests {
    @Test(arguments: [
        ([:], PreviewForm.text),
        (["TERM": "xterm-256color"], .text),
        (["TERM": "xterm-kitty"], .kitty),
        (["KITTY_WINDOW_ID": "3", "TERM": "xterm-256color"], .kitty),
        (["TERM": "xterm-ghostty"], .kitty),
        (["TERM_PROGRAM": "ghostty"], .kitty),
        (["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"], .kittyPlaceholders(throughTmux: true)),
        (["TERM": "xterm-kitty", "FZF_PREVIEW_COLUMNS": "60"], .kittyPlaceholders(throughTmux: false)),
        (["TERM": "xterm-kitty", "TMUX": ""], .kitty),
        (["TERM_PROGRAM": "iTerm.app"], .iterm),
        (["TERM_PROGRAM": "WezTerm"], .iterm),
        (["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"], .text),
    ])
    func autoDecidesFromTheEnvironment(environment: [String: String], form: PreviewForm) {
        #expect(PreviewForm.decide(preference: nil, placeholders: false, environment: environment) == form)
        #expect(PreviewForm.decide(preference: .auto, placeholders: false, environment: environment) == form)
    }

    @Test func anAskedProtocolHoldsWhateverTheEnvironment() {
        let kittyInTmux = ["TERM": "xterm-kitty", "TMUX": "/tmp/tmux-0/default,1,0"]
        #expect(
            PreviewForm.decide(preference: GraphicsPreference.none, placeholders: false, environment: kittyInTmux)
                == .text)
        #expect(PreviewForm.decide(preference: .sixel, placeholders: false, environment: kittyInTmux) == .sixel)
        #expect(PreviewForm.decide(preference: .iterm, placeholders: false, environment: [:]) == .iterm)
        #expect(
            PreviewForm.decide(preference: .halfblock, placeholders: false, environment: ["COLORTERM": "truecolor"])
                == .halfBlocks(.trueColor))
        #expect(PreviewForm.decide(preference: .kitty, placeholders: false, environment: [:]) == .kitty)
        #expect(
            PreviewForm.decide(preference: .kitty, placeholders: true, environment: [:])
                == .kittyPlaceholders(throughTmux: false))
        #expect(
            PreviewForm.decide(preference: .kitty, placeholders: false, environment: kittyInTmux)
                == .kittyPlaceholders(throughTmux: true))
    }

    @Test func theCellSizeIsGivenElseMeasuredElseAssumed() {
        let window = (cells: (columns: 100, rows: 30), pixels: PixelSize(width: 900, height: 570))
        let unknown = (cells: (columns: 100, rows: 30), pixels: PixelSize(width: 0, height: 0))
        let given = PixelSize(width: 7, height: 15)
        #expect(PreviewForm.sixel.cell(given: given, window: window) == BatchCell(pixels: given, known: true))
        #expect(
            PreviewForm.sixel.cell(given: nil, window: window)
                == BatchCell(pixels: PixelSize(width: 9, height: 19), known: true))
        #expect(
            PreviewForm.kitty.cell(given: nil, window: unknown)
                == BatchCell(pixels: GraphicsSupport.assumedCell, known: false))
        #expect(
            PreviewForm.halfBlocks(.trueColor).cell(given: given, window: window).pixels
                == PixelSize(width: 1, height: 2))
    }
}
