/// Draws the outline and link lists over the text area: a title row, then one row per entry,
/// scrolled so the selected entry is on screen.
enum OverlayView {
    static func draw(_ overlay: ReaderOverlay, state: ReaderState, into frame: inout Frame) {
        switch overlay {
        case .outline(let list):
            drawOutline(list, state: state, into: &frame)
        case .links(let list):
            drawLinks(list, state: state, into: &frame)
        }
    }

    private static func drawOutline(_ list: OutlineList, state: ReaderState, into frame: inout Frame) {
        let visible = list.visible
        let rows = visible.map { index -> (String, Bool) in
            let item = list.items[index]
            let fold = list.hasChildren(index) ? (list.collapsed.contains(index) ? "▸ " : "▾ ") : "  "
            let mark = index == list.current ? "● " : "  "
            let page = item.page.map { "  \($0 + 1)" } ?? ""
            let indent = String(repeating: "  ", count: min(item.level, 20))
            return (mark + indent + fold + item.title + page, index == list.selected)
        }
        drawList(
            title: "Outline — \(list.items.count) entries", rows: rows,
            selected: visible.firstIndex(of: list.selected) ?? 0, state: state, into: &frame)
    }

    private static func drawLinks(_ list: LinkList, state: ReaderState, into frame: inout Frame) {
        let width = String(list.links.count).count
        let rows = list.links.enumerated().map { offset, link -> (String, Bool) in
            let number = String(offset + 1)
            let label = String(repeating: " ", count: width - number.count) + number
            let target: String
            if let page = link.page {
                target = "→ page \(page + 1)"
            } else {
                target = link.uri ?? "(no target)"
            }
            return ("\(label)  \(target)", offset == list.selected)
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
