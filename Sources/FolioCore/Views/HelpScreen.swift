/// Draws the help screen over the text area, generated from the key table.
///
/// One entry per binding, in two columns when the terminal is wide enough, then one line about
/// counts and the go-to prompt, naming the keys the tables bind. When the terminal is too
/// short for all of it, the keys that scroll a page scroll the help, and the last row says where
/// the screen is.
enum HelpScreen {
    static func draw(_ state: ReaderState, into frame: inout Frame) {
        let lines = HelpPaging.visible(
            helpLines(for: state), top: state.helpTop, rows: state.textRows,
            down: state.keyName(for: .scrollLineDown), up: state.keyName(for: .scrollLineUp))
        for (row, line) in lines.prefix(state.textRows).enumerated() {
            ReaderView.putText(line.text, style: line.style, row: row, of: state, into: &frame)
        }
    }

    static func helpLines(for state: ReaderState) -> [(text: String, style: CellStyle)] {
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
        let note = countsNote(for: state).map { [("", CellStyle.normal), ($0, .normal)] } ?? []
        return [(heading, .bold), ("", .normal)] + entryLines.map { ($0, CellStyle.normal) } + note
    }

    /// "Counts: 5l = 5 pages on, 12G = page 12; g 12 Enter = page 12", with the keys the tables
    /// bind (a count reads best before a character key: `5l`, not `5Right`); nil when they
    /// bind none of these commands.
    static func countsNote(for state: ReaderState) -> String? {
        func characterKey(_ command: ReaderCommand) -> String? {
            state.keymap.bindings.first { $0.command == command }?.keys
                .first { $0.isCharacter && state.keymap.command(for: $0) == command }?.displayName
        }
        let counts = [
            characterKey(.nextPage).map { "5\($0) = 5 pages on" },
            characterKey(.goToCountOrLast).map { "12\($0) = page 12" },
        ].compactMap { $0 }
        var prompt: String?
        if let open = state.keymap.firstKey(for: .goToPagePrompt),
            let accept = state.goToPromptKeymap.firstKey(for: .own(.accept))
        {
            prompt = "\(open.displayName) 12 \(accept.displayName) = page 12"
        }
        let parts = [counts.isEmpty ? nil : counts.joined(separator: ", "), prompt].compactMap { $0 }
        return parts.isEmpty ? nil : "Counts: " + parts.joined(separator: "; ")
    }
}
