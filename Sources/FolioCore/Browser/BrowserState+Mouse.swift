/// The mouse and pasted text in the browser: the wheel moves the selection, a click on an entry
/// selects it, a double click opens it; a paste
/// types into the filter or password prompt.
extension BrowserState {
    /// The first screen row of the list (below the header and a blank row).
    static let firstListRow = 2

    mutating func handleMouse(_ event: MouseEvent) -> [BrowserEffect] {
        // The password prompt keeps the list still until it is answered.
        guard passwordEntry == nil else { return [] }
        if showingHelp {
            switch event.action {
            case .wheelDown: scrollHelp(.lines(ReaderState.wheelLines))
            case .wheelUp: scrollHelp(.lines(-ReaderState.wheelLines))
            case .click, .otherButton: showingHelp = false
            case .wheelLeft, .wheelRight: break
            }
            return []
        }
        switch event.action {
        case .wheelDown, .wheelUp:
            let step = event.action == .wheelDown ? ReaderState.wheelLines : -ReaderState.wheelLines
            selectEntry(at: min(max(selectedIndex + step, 0), max(visibleEntries.count - 1, 0)))
            return []
        case .otherButton, .wheelLeft, .wheelRight:
            return []
        case .click(let clicks):
            // The row is checked before it is added to: a mouse report may name any row.
            guard event.row >= Self.firstListRow, event.row < Self.firstListRow + paneRows,
                event.column <= listColumns
            else { return [] }
            let index = topIndex + event.row - Self.firstListRow
            guard visibleEntries.indices.contains(index) else { return [] }
            selectEntry(at: index)
            return clicks >= 2 ? openSelection() : []
        }
    }

    private mutating func selectEntry(at index: Int) {
        guard visibleEntries.indices.contains(index) else { return }
        selectedIndex = index
        scrollToSelection()
    }

    /// Pasted text goes into the filter prompt (one line of it); elsewhere it does nothing.
    mutating func handlePaste(_ text: String) {
        if var entry = passwordEntry {
            // A password manager's paste, without the line break it may end with.
            var pasted = Substring(text)
            while let last = pasted.last, last.isNewline { pasted = pasted.dropLast() }
            entry.editor.insert(PastedText.line(String(pasted)))
            passwordEntry = entry
            return
        }
        guard isEditingFilter else {
            message = .pasteGoesToFilter
            return
        }
        let line = PastedText.line(text)
        filter = String((filter + line).prefix(Self.maximumFilterLength))
        updateVisibleEntries(selecting: selectedEntry?.name)
    }
}
