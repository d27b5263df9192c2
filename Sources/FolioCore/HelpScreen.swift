/// Draws the help screen over the text area, generated from the key table.
///
/// One entry per binding, in two columns when the terminal is wide enough, then one line about
/// counts and the go-to prompt. When the terminal is too short for all of it, the last row
/// says so.
enum HelpScreen {
    static let countsNote = "Counts: 5l = 5 pages on, 12G = page 12; g 12 Enter = page 12"
    static let moreNote = "… a taller terminal shows all keys"

    static func draw(_ state: ReaderState, into frame: inout Frame) {
        var lines = helpLines(for: state)
        if lines.count > state.textRows {
            lines = Array(lines.prefix(max(state.textRows - 1, 0))) + [(moreNote, .dim)]
        }
        for (row, line) in lines.prefix(state.textRows).enumerated() {
            ReaderView.putText(line.text, style: line.style, row: row, of: state, into: &frame)
        }
    }

    private static func helpLines(for state: ReaderState) -> [(text: String, style: CellStyle)] {
        let document = state.document
        let heading: String
        if let title = document.title, title.unicodeScalars.contains(where: DisplayWidth.isVisible) {
            heading = document.fileName + ": " + title
        } else {
            heading = document.fileName
        }
        let cells = state.keymap.alignedHelpLines
        let cellWidth = cells.map { DisplayWidth.of($0) }.max() ?? 0
        let columnGap = 3
        var entryLines: [String] = cells
        if 2 * cellWidth + columnGap <= state.textColumns {
            let half = (cells.count + 1) / 2
            entryLines = (0..<half).map { row in
                let left = cells[row]
                guard row + half < cells.count else { return left }
                let padding = String(repeating: " ", count: cellWidth - DisplayWidth.of(left) + columnGap)
                return left + padding + cells[row + half]
            }
        }
        return [(heading, .bold), ("", .normal)] + entryLines.map { ($0, CellStyle.normal) }
            + [("", .normal), (countsNote, .normal)]
    }
}
