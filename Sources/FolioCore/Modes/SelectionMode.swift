/// Choosing lines of the current page to copy (`V`): the selection's table moves the cursor,
/// copies the chosen lines or cancels.
extension ReaderState {
    mutating func startSelection() {
        guard images.viewMode == .text else {
            message = .selectionNeedsText
            return
        }
        guard let lines = currentLines, !lines.isEmpty else {
            message = .nothingToSelect
            return
        }
        let line = min(viewport.topLine, lines.count - 1)
        mode = .selection(LineSelection(anchor: line, cursor: line))
    }

    mutating func handleSelectionKey(_ key: Key) -> [ReaderEffect] {
        selectionKeymap.command(for: key).map { perform($0) } ?? []
    }

    /// Performs a line-selection command on the selection.
    mutating func perform(_ command: SelectionCommand) -> [ReaderEffect] {
        guard case .selection(var selection) = mode else { return [] }
        let lineCount = currentLines?.count ?? 0
        switch command {
        case .own(.cancel):
            mode = .reading
            return []
        case .own(.copy):
            mode = .reading
            guard let lines = currentLines, !lines.isEmpty else {
                message = .nothingToSelect
                return []
            }
            let chosen = lines[selection.lines.clamped(to: 0...(lines.count - 1))].map(\.text)
            let count = chosen.count
            return [
                .copy(
                    text: chosen.joined(separator: "\n") + "\n",
                    description: "\(count) line\(count == 1 ? "" : "s") of page \(currentPage + 1)")
            ]
        case .shared(let move):
            selection.cursor = move.destination(
                from: selection.cursor, count: lineCount, screenful: max(textRows - 1, 1))
        }
        // Keep the cursor on screen.
        if selection.cursor < viewport.topLine {
            viewport.topLine = selection.cursor
        } else if selection.cursor >= viewport.topLine + textRows {
            viewport.topLine = min(selection.cursor - textRows + 1, maximumTopLine(of: currentPage))
        }
        mode = .selection(selection)
        return []
    }
}

/// A range of lines of the current page chosen with `V`, for copying.
public struct LineSelection: Sendable, Equatable {
    /// Where the selection started (a laid-out line of the current page).
    public internal(set) var anchor: Int
    /// The line the selection cursor is on.
    public internal(set) var cursor: Int

    /// The selected lines, first to last.
    public var lines: ClosedRange<Int> { min(anchor, cursor)...max(anchor, cursor) }
}
