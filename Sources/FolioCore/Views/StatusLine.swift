/// Draws the status line: the last row, in reverse video.
///
/// Left: the file name, then the go-to prompt or the one-shot message, or with neither the
/// section the page belongs to (`§ 3.2 Installing`, from the outline, once it has loaded). Right: the pending
/// count, `wrap` when paging wraps around, where the screen is in a page taller than it
/// (`▾ 40%`: the share of the page read down to the screen's last row, and more below; `100%`
/// at its end; left out when a message needs the room), where it is in a page image or layout
/// wider than it (`◂▸ 75%`: more on both sides, three quarters of the width shown up to the
/// screen's right edge; left out with the other), the layout (`reflow` or `layout`)
/// and the page as `12/36`, after its printed label when that differs (`xiv · 14/352`); a
/// spread names both pages (`4–5/120`, `iv–v · 4–5/120`). When the row is too narrow, the file name gives way first: it is shortened in the
/// middle, then dropped; only then is the message cut. The finished row is made
/// terminal-safe, since the file name comes from outside.
enum StatusLine {
    /// A file name shortened below this many cells says too little to be worth showing.
    static let minimumNameWidth = 8
    /// The section (`§ 3.2 Installing`) is left out when fewer cells than this are left for it.
    static let minimumSectionWidth = 12
    /// Stands for the cursor after the go-to prompt's input.
    static let promptCursor = "▏"
    /// A page label longer than this is cut on the status line, so the page number still shows.
    static let maximumLabelWidth = 16

    static func draw(_ state: ReaderState, into frame: inout Frame) {
        let columns = state.screen.columns
        let row = state.screen.rows - 1
        let name = state.document.fileName
        let note = noteText(of: state)
        // A message that does not fit beside the position in the page takes its place.
        var right = rightText(of: state, showingPosition: true)
        if let note, DisplayWidth.of(note) > columns - DisplayWidth.of(right) - 3 {
            right = rightText(of: state, showingPosition: false)
        }
        // One cell of margin on each side, and at least two cells between left and right.
        let leftBudget = columns - DisplayWidth.of(right) - 3

        var left: String
        var noteColumn: Int?
        if let note {
            let nameBudget = leftBudget - DisplayWidth.of(note) - 2
            if nameBudget >= min(DisplayWidth.of(name), minimumNameWidth) {
                left = DisplayWidth.shortenedInMiddle(name, toWidth: nameBudget) + "  "
            } else {
                left = ""
            }
            noteColumn = 1 + DisplayWidth.of(left)
            let noteBudget = max(leftBudget - DisplayWidth.of(left), 0)
            // A message too long for the row ends with "…" at a word (`M` shows it in full); a
            // prompt being typed is cut where the row ends.
            left +=
                showsMessage(state)
                ? DisplayWidth.shortenedAtWord(note, toWidth: noteBudget)
                : DisplayWidth.truncated(note, toWidth: noteBudget)
        } else if let section = state.sectionTitle.map({ "§ " + $0 }),
            leftBudget - min(DisplayWidth.of(name), minimumNameWidth) - 2 >= minimumSectionWidth
        {
            // The section after the name, cut first when the row is short.
            let named = DisplayWidth.shortenedInMiddle(name, toWidth: min(DisplayWidth.of(name), leftBudget / 2))
            left = named + "  " + DisplayWidth.truncated(section, toWidth: leftBudget - DisplayWidth.of(named) - 2)
        } else {
            left = DisplayWidth.shortenedInMiddle(name, toWidth: max(leftBudget, 0))
        }

        let start = " " + left
        let gap = max(columns - DisplayWidth.of(start) - DisplayWidth.of(right), 1)
        let line = DisplayWidth.truncated(start + String(repeating: " ", count: gap) + right, toWidth: columns)
        let padding = String(repeating: " ", count: max(columns - DisplayWidth.of(line), 0))
        frame.rows[row] = [Span(text: TerminalSafeText.sanitized(line + padding), style: .reverse)]

        if let noteColumn, let prompt = openPromptParts(of: state) {
            let beforeCursor = prompt.label + prompt.editor.textBeforeCursor
            let column = noteColumn + DisplayWidth.of(TerminalSafeText.sanitized(beforeCursor))
            frame.cursor = FramePosition(row: row, column: min(column, columns - 1))
        }
    }

    /// Whether the note on the row is the one-shot message (not help, a prompt or a list).
    private static func showsMessage(_ state: ReaderState) -> Bool {
        state.message != nil && !state.showingHelp && state.messagesTop == nil && openPromptParts(of: state) == nil
    }

    /// The open prompt's label (`Go to page: `, `/`) and the line being edited in it.
    private static func openPromptParts(of state: ReaderState) -> (label: String, editor: LineEditor)? {
        if let editor = state.goToPrompt {
            return ("Go to page: ", editor)
        }
        if let prompt = state.searchPrompt {
            return (prompt.direction == .forward ? "/" : "Search backward: ", prompt.editor)
        }
        if let prompt = state.notePrompt {
            switch prompt.target {
            case .highlights: return ("Note for the highlight: ", prompt.editor)
            case .annotation(let annotation, _):
                return ("Note (\(annotation.kind.name), page \(annotation.page + 1)): ", prompt.editor)
            }
        }
        if let editor = state.annotationList?.filterEditor {
            return ("Filter annotations: ", editor)
        }
        return nil
    }

    private static func noteText(of state: ReaderState) -> String? {
        if state.showingHelp {
            guard HelpScreen.helpLines(for: state).count > state.textRows else { return "Help: any key returns" }
            let down = state.keyName(for: .scrollLineDown)
            let up = state.keyName(for: .scrollLineUp)
            return "Help: \(down)/\(up) scroll, any other key returns"
        }
        if state.messagesTop != nil {
            guard MessagesScreen.lines(for: state).count > state.textRows else { return "Messages: any key returns" }
            let down = state.keyName(for: .scrollLineDown)
            let up = state.keyName(for: .scrollLineUp)
            return "Messages: \(down)/\(up) scroll, any other key returns"
        }
        if let prompt = openPromptParts(of: state) {
            return prompt.label + prompt.editor.textBeforeCursor + promptCursor + prompt.editor.textAfterCursor
        }
        // Messages quote patterns and titles, in visual order like the page; a prompt being
        // typed stays in the order typed, where its cursor is.
        if let message = state.message {
            return state.shown(NoticeText.words(for: message, keymap: state.keymap))
        }
        if let search = state.runningSearch {
            let stop =
                state.keymap.firstKey(for: .stopSearch).map { " (\($0.displayName) or Ctrl-C stops)" }
                ?? " (Ctrl-C stops)"
            return state.shown("Searching \(search.searched)/\(search.total) for '\(search.pattern.text)'…" + stop)
        }
        if let selection = state.selection {
            let count = selection.lines.count
            if let note = noteOnLine(selection.cursor, of: state) { return note }
            return "Selecting \(count) line\(count == 1 ? "" : "s"): " + selectionHints(state.selectionKeymap)
        }
        if let selection = state.textSelection {
            if let note = noteOnLine(selection.cursor.line, of: state), selection.cursor.page == state.currentPage {
                return note
            }
            let pages = selection.pages.count
            let place = pages == 1 ? "" : " over \(pages) pages"
            let count = selection.count.map { "[\($0)] " } ?? ""
            return count + "Selecting text\(place): " + state.textSelectionKeymap.hints.joined(separator: ", ")
        }
        switch state.overlay {
        case .annotations(let list):
            let filter = list.filter.isEmpty ? "" : state.shown(" matching '\(list.filter)'")
            return "Annotations\(filter): " + state.annotationListKeymap.hints.joined(separator: ", ")
        case .outline: return "Outline: type to filter, " + state.outlineKeymap.hints.joined(separator: ", ")
        case .links: return "Links: number or " + state.linkListKeymap.hints.joined(separator: ", ")
        case .linkHints(let hints):
            let count = hints.hints.count
            let typed = hints.typed.isEmpty ? "" : " [\(hints.typed)]"
            return "\(count) link\(count == 1 ? "" : "s") on screen: type a hint\(typed), "
                + state.linkHintKeymap.hints.joined(separator: ", ")
        case nil: break
        }
        if state.viewMode == .image, state.placedImages.isEmpty, state.currentRenderFailure == nil {
            // Scrolling continuously with only the seam on screen, it is the page below that comes.
            let coming =
                state.scrollsContinuously && state.currentImage != nil
                ? state.pagesBelowNeeded.first ?? state.currentPage : state.currentPage
            return "Rendering page \(coming + 1)…"
        }
        return nil
    }

    /// The notes of the annotations whose marker is on `line` of the current page, as the
    /// status line shows them while the line is selected.
    private static func noteOnLine(_ line: Int, of state: ReaderState) -> String? {
        let ids = state.currentAnnotationMarks.notes[line] ?? []
        let notes = state.currentPageAnnotations.filter { ids.contains($0.id) && !$0.note.isEmpty }.map(\.note)
        guard !notes.isEmpty else { return nil }
        return "Note: " + state.shown(TerminalSafeText.sanitized(notes.joined(separator: " · ")))
    }

    /// Line selection's hints from its table: the keys that move the cursor, then the hinted
    /// bindings ("Down/Up extend, y copies, Esc cancels").
    private static func selectionHints(_ keymap: SelectionKeymap) -> String {
        let moves = [ListCommand.down, .up].compactMap { keymap.firstKey(for: .shared($0))?.displayName }
        let extend = moves.isEmpty ? [] : [moves.joined(separator: "/") + " extend"]
        return (extend + keymap.hints).joined(separator: ", ")
    }

    /// Where the screen is in the current page, when the page is taller than the screen (not
    /// while scrolling continuously, where the screen is in more pages than one).
    private static func position(of state: ReaderState) -> String? {
        guard !state.scrollsContinuously, let height = state.contentHeight(of: state.currentPage),
            height > state.textRows
        else { return nil }
        let shown = min(state.topLine + state.textRows, height)
        return shown < height ? "▾ \(shown * 100 / height)%" : "100%"
    }

    /// Where the screen is sideways in a page image or layout wider than it: arrows to the
    /// sides with more (`◂▸`), and the share of the width shown up to the screen's right edge.
    private static func sidewaysPosition(of state: ReaderState) -> String? {
        guard let (offset, width) = state.sidewaysExtent else { return nil }
        let shown = min(offset + state.textColumns, width)
        let arrows = (offset > 0 ? "◂" : "") + (shown < width ? "▸" : "")
        return "\(arrows) \(shown * 100 / width)%"
    }

    private static func rightText(of state: ReaderState, showingPosition: Bool) -> String {
        var parts: [String] = []
        let typed = (state.pendingCount.map { "\($0)" } ?? "") + state.pendingKeys.map(\.displayName).joined()
        if !typed.isEmpty {
            parts.append("[\(TerminalSafeText.sanitized(typed))]")
        }
        if state.pagingMode == .wrapAround {
            parts.append("wrap")
        }
        if showingPosition, let position = position(of: state) {
            parts.append(position)
        }
        if showingPosition, let sideways = sidewaysPosition(of: state) {
            parts.append(sideways)
        }
        switch (state.viewMode, state.imageAvailability) {
        case (.image, .available(let label)):
            parts.append(
                label + (state.invertsImages ? " inv" : "") + (state.recolor == nil ? "" : " dark")
                    + (state.imageCrop == .off ? "" : " crop") + (state.spreadsOn ? " spread" : "")
                    + (state.continuousOn ? " cont" : ""))
        default:
            parts.append(state.layoutMode == .reflow ? "reflow" : "layout")
        }
        let pageCount = max(state.document.pageCount, 0)
        // A spread names both its pages, first to last in reading order: `4–5/120`.
        let shown = state.shownPages
        let pages = shown.count > 1 ? "\(shown.lowerBound + 1)–\(shown.upperBound + 1)" : "\(shown.lowerBound + 1)"
        let position = "\(pageCount > 0 ? pages : "0")/\(pageCount)"
        let labels = state.document.pageLabels
        if shown.count > 1,
            labels.distinctLabel(ofPage: shown.lowerBound) != nil
                || labels.distinctLabel(ofPage: shown.upperBound) != nil
        {
            let both = [shown.lowerBound, shown.upperBound].map {
                DisplayWidth.truncated(labels.label(ofPage: $0) ?? String($0 + 1), toWidth: maximumLabelWidth)
            }
            parts.append(both.joined(separator: "–") + " · " + position)
        } else if let label = labels.distinctLabel(ofPage: shown.lowerBound) {
            parts.append(DisplayWidth.truncated(label, toWidth: maximumLabelWidth) + " · " + position)
        } else {
            parts.append(position)
        }
        return parts.joined(separator: "  ") + " "
    }
}
