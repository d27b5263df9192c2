/// Turning keys into commands: the filter prompt and the help screen.
extension BrowserState {
    mutating func handleKey(_ key: Key) -> [BrowserEffect] {
        if showingHelp {
            showingHelp = false
            return []
        }
        if isEditingFilter {
            handleFilterKey(key)
            return []
        }
        guard let command = keymap.command(for: key) else {
            return []
        }
        return perform(command)
    }

    private mutating func perform(_ command: BrowserCommand) -> [BrowserEffect] {
        // A screenful keeps one entry of the previous screen in view, as the reader does.
        let screenful = max(paneRows - 1, 1)
        switch command {
        case .previousEntry:
            select(selectedIndex - 1)
        case .nextEntry:
            select(selectedIndex + 1)
        case .screenUp:
            select(selectedIndex - screenful)
        case .screenDown:
            select(selectedIndex + screenful)
        case .firstEntry:
            select(0)
        case .lastEntry:
            select(visibleEntries.count - 1)
        case .open:
            return openSelection()
        case .parent:
            return goToParent()
        case .filter:
            isEditingFilter = listing == .loaded
        case .toggleHidden:
            toggleHidden()
        case .help:
            showingHelp = true
        case .redraw:
            return [.clearScreen]
        case .quit:
            return [.quit]
        }
        return []
    }

    /// Selects the entry at `index`, stopping at the ends of the list.
    private mutating func select(_ index: Int) {
        selectedIndex = max(min(index, visibleEntries.count - 1), 0)
        scrollToSelection()
    }

    /// Lists the selected folder, opens the selected document, or says why it cannot.
    private mutating func openSelection() -> [BrowserEffect] {
        guard let entry = selectedEntry, let path = selectedPath else {
            return []
        }
        switch entry.kind {
        case .folder:
            return list(path, selecting: nil)
        case .document:
            message = "Opened \(entry.name)"
            return [.open(path)]
        case .other(let reason):
            message = "Cannot open \(entry.name): \(reason)"
            return []
        }
    }

    private mutating func toggleHidden() {
        showsHidden.toggle()
        updateVisibleEntries(selecting: selectedEntry?.name)
        if hiddenCount > 0 {
            message = countSummary
        } else {
            message = showsHidden ? "Hidden entries shown (none here)" : "Hidden entries not shown (none here)"
        }
    }

    /// Keys typed into the filter prompt: characters narrow the list as they are typed, the
    /// arrows and paging keys move the selection, Enter keeps the filter, Esc clears it.
    private mutating func handleFilterKey(_ key: Key) {
        let screenful = max(paneRows - 1, 1)
        switch key {
        case .character(let character):
            if filter.count < Self.maximumFilterLength {
                filter.unicodeScalars.append(character)
                updateVisibleEntries(selecting: selectedEntry?.name)
            }
        case .backspace:
            if filter.isEmpty {
                isEditingFilter = false
            } else {
                filter.removeLast()
                updateVisibleEntries(selecting: selectedEntry?.name)
            }
        case .escape:
            isEditingFilter = false
            filter = ""
            updateVisibleEntries(selecting: selectedEntry?.name)
            message = countSummary
        case .enter:
            isEditingFilter = false
            message = filter.isEmpty ? countSummary : filterSummary
        case .up:
            select(selectedIndex - 1)
        case .down:
            select(selectedIndex + 1)
        case .pageUp:
            select(selectedIndex - screenful)
        case .pageDown:
            select(selectedIndex + screenful)
        case .home:
            select(0)
        case .end:
            select(visibleEntries.count - 1)
        default:
            break
        }
    }
}
