/// Draws the browser's help screen over everything but the bottom row, generated from the
/// key table: one line per binding. When the terminal is too short for all of it, the list's
/// moving keys scroll it and the last row says where the screen is.
enum BrowserHelpScreen {
    static let heading = "Keys in the folder browser"

    static func draw(_ state: BrowserState, into frame: inout Frame) {
        let rows = state.screen.rows - 1
        let lines = HelpPaging.visible(
            helpLines(for: state.keymap), top: state.helpTop, rows: rows,
            down: state.keymap.keyName(for: .shared(.down)), up: state.keymap.keyName(for: .shared(.up)))
        for (row, line) in lines.prefix(rows).enumerated() where !line.text.isEmpty {
            var spans: [Span] = []
            BrowserView.append(
                " " + BrowserView.fitted(line.text, toWidth: state.screen.columns - 2), style: line.style, to: &spans)
            frame.rows[row] = spans
        }
    }

    static func helpLines(for keymap: BrowserKeymap) -> [(text: String, style: CellStyle)] {
        [(heading, .bold), ("", .normal)] + keymap.alignedHelpLines.map { ($0, CellStyle.normal) }
    }
}
