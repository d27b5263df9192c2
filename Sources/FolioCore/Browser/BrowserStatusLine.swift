/// Draws the browser's bottom row, in reverse video.
///
/// Left: the filter prompt while it is open, else the result of the last action ("12
/// entries, 3 hidden", "Opened paper.pdf", "Cannot open notes.txt: not a document"). Right:
/// key hints from the key table, as many as fit beside it; the message never gives way to
/// them, and is cut with "…" only when it alone is wider than the row.
enum BrowserStatusLine {
    /// Stands for the cursor after the filter prompt's input.
    static let promptCursor = "▏"
    static let promptLabel = "Filter: "
    static let helpNote = "Help: any key returns"

    static func draw(_ state: BrowserState, into frame: inout Frame) {
        let columns = state.screen.columns
        let row = state.screen.rows - 1
        let available = columns - 2
        let left: String
        let hints: [String]
        var cursorColumn: Int?
        // The old filter reopened, drawn as a selection (out of the reverse video) to say that
        // typing replaces it.
        var selected: String?
        if state.showingHelp {
            left = helpNote
            hints = []
        } else if let entry = state.passwordEntry {
            // The message says why it is asked (or that the last one was wrong); the dots say
            // how much is typed, never what.
            let label = (noticeWords(of: state).map { $0 + " — " } ?? "") + "Password: "
            // As many dots as the row holds beside the cursor (a long paste once ran off the row).
            let room = max(available - DisplayWidth.of(promptCursor), 0)
            let shownBefore = min(entry.editor.cursor, 64, room)
            let shownAfter = min(entry.editor.characters.count - entry.editor.cursor, 64, room - shownBefore)
            let before = String(repeating: "•", count: shownBefore)
            let after = String(repeating: "•", count: shownAfter)
            let dotsWidth = DisplayWidth.of(before) + DisplayWidth.of(after)
            let input =
                BrowserView.fitted(label, toWidth: max(available - dotsWidth - DisplayWidth.of(promptCursor), 0))
                + before
            left = input + promptCursor + after
            hints = state.passwordKeymap.hints
            cursorColumn = min(1 + DisplayWidth.of(input), columns - 1)
        } else if state.isEditingFilter {
            // The end of a long filter stays in view, next to the cursor.
            let filterBudget = available - DisplayWidth.of(promptLabel) - DisplayWidth.of(promptCursor)
            let shown = DisplayWidth.shortenedInMiddle(state.filter, toWidth: max(filterBudget, 0))
            let input = promptLabel + shown
            if state.filterIsReplaceable {
                selected = shown
            }
            left = input + promptCursor
            hints = state.filterKeymap.hints
            cursorColumn = min(1 + DisplayWidth.of(input), columns - 1)
        } else {
            left = BrowserView.fitted(noticeWords(of: state) ?? "", toWidth: available)
            hints = state.keymap.hints
        }

        var right = ""
        let leftWidth = DisplayWidth.of(left)
        for hint in hints {
            let candidate = right.isEmpty ? hint : right + "  " + hint
            let separation = leftWidth > 0 ? 2 : 0
            guard leftWidth + separation + DisplayWidth.of(candidate) <= available else {
                break
            }
            right = candidate
        }
        let gap = max(available - leftWidth - DisplayWidth.of(right), 0)
        var spans: [Span] = []
        let line = " " + left + String(repeating: " ", count: gap) + right + " "
        if let selected {
            BrowserView.append(" " + promptLabel, style: .reverse, to: &spans)
            BrowserView.append(selected, style: .normal, to: &spans)
            // Counted in scalars: a filter that starts with a combining mark joins the label's
            // last space into one Character, and counting Characters dropped the cursor.
            let rest = line.unicodeScalars.dropFirst(
                1 + promptLabel.unicodeScalars.count + selected.unicodeScalars.count)
            BrowserView.append(String(String.UnicodeScalarView(rest)), style: .reverse, to: &spans)
        } else {
            BrowserView.append(line, style: .reverse, to: &spans)
        }
        frame.rows[row] = spans
        if let cursorColumn {
            frame.cursor = FramePosition(row: row, column: cursorColumn)
        }
    }

    /// The state's notice in words, naming the keys of the browser's table.
    private static func noticeWords(of state: BrowserState) -> String? {
        state.message.map { BrowserNoticeText.words(for: $0, keymap: state.keymap) }
    }
}
