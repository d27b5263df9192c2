/// Draws the outline and link lists over the text area: a title row, then one row per entry,
/// scrolled so the selected entry is on screen.
enum OverlayView {
    static func draw(_ overlay: ReaderOverlay, state: ReaderState, into frame: inout Frame) {
        switch overlay {
        case .outline(let list):
            drawOutline(list, state: state, into: &frame)
        case .links(let list):
            drawLinks(list, state: state, into: &frame)
        case .linkHints:
            // Drawn on the page itself (``ReaderView``).
            break
        case .annotations(let list):
            drawAnnotations(list, state: state, into: &frame)
        }
    }

    /// The annotation list: a row per annotation shown, its page label, a swatch in its colour,
    /// its kind and its marked text or note.
    private static func drawAnnotations(_ list: AnnotationList, state: ReaderState, into frame: inout Frame) {
        let count = list.annotations.count
        let all = count == 1 ? "1 annotation" : "\(count) annotations"
        let title =
            list.filter.isEmpty
            ? "Annotations — \(all)" : state.shown("Annotations — \(list.shown.count) of \(all) match '\(list.filter)'")
        ReaderView.putText(title, style: .bold, row: 0, of: state, into: &frame)
        let height = state.overlayRows
        let labelWidth = min(list.annotations.map { DisplayWidth.of(list.label($0.page)) }.max() ?? 1, 12)
        let first = firstShown(selected: list.selected, count: list.shown.count, height: height)
        for (offset, index) in list.shown.enumerated().dropFirst(first).prefix(height) {
            let annotation = list.annotations[index]
            let words = list.words(of: annotation)
            let base: CellStyle = offset == list.selected ? .reverse : .normal
            let label = DisplayWidth.truncated(TerminalSafeText.sanitized(words.page), toWidth: labelWidth)
            let padding = String(repeating: " ", count: max(labelWidth - DisplayWidth.of(label), 0))
            let swatch = AnnotationStyle(mark: .highlight, colour: annotation.colour)
            let text = TerminalSafeText.sanitized(words.text.isEmpty ? "(no text)" : words.text)
            let kind = TerminalSafeText.sanitized(words.kind)
            let pieces: [(text: String, style: CellStyle)] = [
                (" " + padding + label + "  ", base), ("  ", .annotation(swatch)),
                (" " + kind + String(repeating: " ", count: max(9 - DisplayWidth.of(kind), 0)) + " ", base),
                (text, base),
            ]
            frame.rows[offset - first + 1] = fitted(pieces, to: state.textColumns + 1)
        }
    }

    /// The outline: a row per entry shown, the current section marked `●`, the letters the
    /// filter matched highlighted, entries that point nowhere dimmed (and saying so), each
    /// entry's page by its printed label.
    private static func drawOutline(_ list: OutlineList, state: ReaderState, into frame: inout Frame) {
        let visible = list.visible
        let count = list.items.count
        let entries = count == 1 ? "1 entry" : "\(count) entries"
        let title =
            list.filter.isEmpty
            ? "Outline — \(entries)"
            : state.shown("Outline — \(visible.count) of \(entries) match '\(list.filter)'")
        ReaderView.putText(title, style: .bold, row: 0, of: state, into: &frame)
        let height = state.overlayRows
        let selectedRow = visible.firstIndex(of: list.selected) ?? 0
        let first = min(max(selectedRow - height / 2, 0), max(visible.count - height, 0))
        for (offset, index) in visible.dropFirst(first).prefix(height).enumerated() {
            frame.rows[offset + 1] = outlineRow(index, of: list, state: state)
        }
    }

    private static func outlineRow(_ index: Int, of list: OutlineList, state: ReaderState) -> [Span] {
        let item = list.items[index]
        let isSelected = index == list.selected
        let base: CellStyle = isSelected ? .reverse : (item.page == nil ? .dim : .normal)
        let fold =
            list.filter.isEmpty && list.hasChildren(index) ? (list.collapsed.contains(index) ? "▸ " : "▾ ") : "  "
        let mark = index == list.current ? "● " : "  "
        let indent = String(repeating: "  ", count: list.filter.isEmpty ? min(item.level, 20) : 0)
        let label = item.page.map { state.document.pageLabels.label(ofPage: $0) ?? String($0 + 1) }
        let target = TerminalSafeText.sanitized(label.map { "  " + $0 } ?? "  (points nowhere)")
        let matched = Set(list.matchedPositions(of: index))
        if let visual = list.rightToLeftTitles[index] {
            // Mirrored: the title against the right edge, its fold mark and indent right of it,
            // the page on the left.
            let matchedCells = Set(matched.flatMap { visual.runs(of: $0..<($0 + 1)).flatMap { $0 } })
            let left = " " + mark + target.dropFirst(2) + "  "
            let right = (fold == "▸ " ? " ◂" : String(fold.reversed())) + indent
            let room = state.textColumns + 1 - DisplayWidth.of(left) - DisplayWidth.of(right)
            // A title too long for the row loses its end, which is on the left.
            var title = Array(visual.text).enumerated().map { (offset: $0.offset, character: $0.element) }
            var titleWidth = DisplayWidth.of(visual.text)
            while title.count > 1, titleWidth > max(room, 1) {
                titleWidth -= DisplayWidth.of(String(title.removeFirst().character))
            }
            let padding = max(room - titleWidth, 0)
            let pieces =
                [(left + String(repeating: " ", count: padding), base)]
                + styledPieces(title, matched: matchedCells, base: base) + [(right, base)]
            return fitted(pieces, to: state.textColumns + 1)
        }
        let title = Array(TerminalSafeText.sanitized(item.title)).enumerated().map {
            (offset: $0.offset, character: $0.element)
        }
        let pieces =
            [(" " + mark + indent + fold, base)] + styledPieces(title, matched: matched, base: base) + [(target, base)]
        return fitted(pieces, to: state.textColumns + 1)
    }

    /// `characters` in pieces of one style each: those whose offset is in `matched` highlighted.
    private static func styledPieces(
        _ characters: [(offset: Int, character: Character)], matched: Set<Int>, base: CellStyle
    ) -> [(text: String, style: CellStyle)] {
        var pieces: [(text: String, style: CellStyle)] = []
        for (offset, character) in characters {
            let style: CellStyle = matched.contains(offset) ? .highlight : base
            if let last = pieces.last, last.style == style {
                pieces[pieces.count - 1].text.append(character)
            } else {
                pieces.append((String(character), style))
            }
        }
        return pieces
    }

    /// `pieces` as spans cut to `width` cells in all.
    private static func fitted(_ pieces: [(text: String, style: CellStyle)], to width: Int) -> [Span] {
        var budget = width
        var spans: [Span] = []
        for piece in pieces where budget > 0 {
            let text = DisplayWidth.truncated(piece.text, toWidth: budget)
            budget -= DisplayWidth.of(text)
            spans.append(Span(text: text, style: piece.style))
        }
        return spans
    }

    private static func drawLinks(_ list: LinkList, state: ReaderState, into frame: inout Frame) {
        let width = String(list.links.count).count
        let rows = list.links.enumerated().map { offset, link -> (String, Bool) in
            let number = String(offset + 1)
            let label = String(repeating: " ", count: width - number.count) + number
            let words = link.text.isEmpty ? "(no text)" : link.text
            return ("\(label)  \(words)  \(state.targetDescription(of: link))", offset == list.selected)
        }
        drawList(
            title: "Links on page \(list.page + 1)", rows: rows, selected: list.selected,
            state: state, into: &frame)
    }

    /// The first of `count` rows shown in a list `height` rows high, keeping the `selected`
    /// row in the middle where it can.
    static func firstShown(selected: Int, count: Int, height: Int) -> Int {
        min(max(selected - height / 2, 0), max(count - height, 0))
    }

    private static func drawList(
        title: String, rows: [(text: String, isSelected: Bool)], selected: Int, state: ReaderState,
        into frame: inout Frame
    ) {
        ReaderView.putText(title, style: .bold, row: 0, of: state, into: &frame)
        let height = state.overlayRows
        let first = firstShown(selected: selected, count: rows.count, height: height)
        for (offset, row) in rows.dropFirst(first).prefix(height).enumerated() {
            ReaderView.putText(
                row.text, style: row.isSelected ? .reverse : .normal, row: offset + 1, of: state,
                into: &frame)
        }
    }
}
