/// Draws the browser's help screen over everything but the bottom row, generated from the
/// key table: one line per binding. When the terminal is too short for all of it, the last
/// row says so.
enum BrowserHelpScreen {
    static let heading = "Keys in the folder browser"
    static let moreNote = "… a taller terminal shows all keys"

    static func draw(_ state: BrowserState, into frame: inout Frame) {
        let rows = state.screen.rows - 1
        var lines = helpLines(for: state.keymap)
        if lines.count > rows {
            lines = Array(lines.prefix(max(rows - 1, 0))) + [(moreNote, .dim)]
        }
        for (row, line) in lines.prefix(rows).enumerated() where !line.text.isEmpty {
            var spans: [Span] = []
            BrowserView.append(
                " " + BrowserView.fitted(line.text, toWidth: state.screen.columns - 2), style: line.style, to: &spans)
            frame.rows[row] = spans
        }
    }

    private static func helpLines(for keymap: BrowserKeymap) -> [(text: String, style: CellStyle)] {
        [(heading, .bold), ("", .normal)] + keymap.alignedHelpLines.map { ($0, CellStyle.normal) }
    }
}
