/// Draws a ``BrowserState`` as a ``Frame``: a pure function of the state.
///
/// ```
///  /home/ada/papers                                              4/12
///
///    Archive/                       │ Attention Is All You Need
///    drafts/                        │ PDF · 15 pages
///  ▪ attention.pdf                  │
///    notes.txt                      │ The dominant sequence transduction
///                                   │ models are based on complex…
///  12 entries, 3 hidden          Enter open  / filter  ? help  q quit
/// ```
///
/// The header row names the folder and the selection's place in the list; below a blank
/// row come the fixed-width list of entries (documents marked `▪`, folders ending in `/`)
/// and, past a rule, the selected entry's preview; the bottom row reports the last action.
/// One cell of margin keeps everything off the left and right edges. Every row passes
/// through ``TerminalSafeText`` on its way into the frame: file names, titles, page text and
/// reasons all come from outside.
public enum BrowserView {
    /// Marks the documents Folio can open, in front of their names.
    static let documentMark = "▪ "
    /// Separates the list from the preview.
    static let rule = "│"
    /// The widest the header shows the filter.
    static let maximumFilterWidth = 20

    /// The screen for `state`.
    public static func render(_ state: BrowserState) -> Frame {
        var frame = Frame(size: state.screen)
        if state.isTooSmall {
            TooSmallNotice.draw(needing: BrowserState.minimumScreen, into: &frame)
            return frame
        }
        if state.showingHelp {
            BrowserHelpScreen.draw(state, into: &frame)
        } else {
            drawHeader(state, into: &frame)
            drawPanes(state, into: &frame)
        }
        BrowserStatusLine.draw(state, into: &frame)
        return frame
    }

    /// `text` cut to `width` cells, ending in "…" when something had to go.
    static func fitted(_ text: String, toWidth width: Int) -> String {
        guard DisplayWidth.of(text) > width else {
            return text
        }
        guard width > 0 else {
            return ""
        }
        var kept = DisplayWidth.truncated(text, toWidth: width - 1)
        while kept.hasSuffix(" ") {
            kept.removeLast()
        }
        return kept + "…"
    }

    /// Appends `text` to `row`, joining it to the last span when the style is the same.
    static func append(_ text: String, style: CellStyle, to row: inout [Span]) {
        guard !text.isEmpty else {
            return
        }
        let safe = TerminalSafeText.sanitized(text)
        if let last = row.indices.last, row[last].style == style {
            row[last].text += safe
        } else {
            row.append(Span(text: safe, style: style))
        }
    }

    /// The folder on the left, the filter and the selection's position on the right.
    private static func drawHeader(_ state: BrowserState, into frame: inout Frame) {
        var parts: [String] = []
        if !state.filter.isEmpty {
            parts.append("/" + DisplayWidth.shortenedInMiddle(state.filter, toWidth: maximumFilterWidth))
        }
        if !state.visibleEntries.isEmpty {
            parts.append("\(state.selectedIndex + 1)/\(state.visibleEntries.count)")
        }
        let right = parts.joined(separator: "  ")
        let available = state.screen.columns - 2
        let pathBudget = right.isEmpty ? available : available - DisplayWidth.of(right) - 2
        let path = DisplayWidth.shortenedInMiddle(state.directory, toWidth: max(pathBudget, 0))
        var row: [Span] = []
        append(" " + path, style: .bold, to: &row)
        if !right.isEmpty {
            let gap = max(available - DisplayWidth.of(path) - DisplayWidth.of(right), 1)
            append(String(repeating: " ", count: gap), style: .normal, to: &row)
            append(right, style: .dim, to: &row)
        }
        frame.rows[0] = row
    }

    /// The list and the preview, side by side, from the third row down to the bottom row.
    private static func drawPanes(_ state: BrowserState, into frame: inout Frame) {
        let list = listLines(of: state)
        let preview = BrowserPreviewPane.lines(for: state)
        for row in 0..<state.paneRows {
            let cell = row < list.count ? list[row] : (text: "", style: .normal)
            let padding = max(state.listColumns - DisplayWidth.of(cell.text), 0)
            var spans: [Span] = []
            append(" ", style: .normal, to: &spans)
            append(cell.text + String(repeating: " ", count: padding), style: cell.style, to: &spans)
            append(" ", style: .normal, to: &spans)
            append(rule, style: .dim, to: &spans)
            if row < preview.count, !preview[row].text.isEmpty {
                append(" ", style: .normal, to: &spans)
                append(preview[row].text, style: preview[row].style, to: &spans)
            }
            frame.rows[2 + row] = spans
        }
    }

    /// The list's rows: the visible entries from the top one, or a note saying why there are
    /// none. Each row fits ``BrowserState/listColumns``.
    private static func listLines(of state: BrowserState) -> [(text: String, style: CellStyle)] {
        let noteWidth = state.listColumns - 2
        switch state.listing {
        case .loading:
            return [("  Loading…", .dim)]
        case .failed(let reason):
            return wrapped("Cannot list this folder: " + reason, width: noteWidth).map { ("  " + $0, .error) }
        case .loaded:
            break
        }
        guard !state.visibleEntries.isEmpty else {
            let note: String
            if state.entries.isEmpty {
                note = "Empty folder"
            } else if !state.filter.isEmpty {
                note = "No names match the filter"
            } else {
                note = "Only hidden entries (. shows)"
            }
            return [("  " + note, .dim)]
        }
        let shown = state.visibleEntries.indices.dropFirst(state.topIndex).prefix(state.paneRows)
        return shown.map { index in
            let entry = state.visibleEntries[index]
            let text = listText(of: entry, width: state.listColumns)
            return (text, index == state.selectedIndex ? .reverse : listStyle(of: entry))
        }
    }

    /// An entry as the list shows it: the document mark, the name shortened in the middle to
    /// fit `width` cells, and a slash after a folder's name.
    static func listText(of entry: BrowserEntry, width: Int) -> String {
        let nameWidth = width - 2
        let name = TerminalSafeText.sanitized(entry.name)
        switch entry.kind {
        case .folder:
            return "  " + DisplayWidth.shortenedInMiddle(name, toWidth: nameWidth - 1) + "/"
        case .document:
            return documentMark + DisplayWidth.shortenedInMiddle(name, toWidth: nameWidth)
        case .other:
            return "  " + DisplayWidth.shortenedInMiddle(name, toWidth: nameWidth)
        }
    }

    private static func listStyle(of entry: BrowserEntry) -> CellStyle {
        switch entry.kind {
        case .folder: .bold
        case .document: .normal
        case .other: .dim
        }
    }

    /// `text` from outside, word-wrapped to `width` cells; its line breaks and tabs become
    /// spaces, every other control character U+FFFD.
    static func wrapped(_ text: String, width: Int) -> [String] {
        let safe = TerminalSafeText.sanitized(text, keeping: ["\n", "\r", "\t"])
        return LineWrapper.wrap(safe.unicodeScalars, width: max(width, 1)).map(\.text)
    }
}
