/// Turning keys into commands: the mode decides which key table a key is looked up in (the
/// list's or the filter prompt's), and the command found is performed.
extension BrowserState {
    /// The mode the next key is taken in: the filter prompt takes the keys while it is open.
    public var keyMode: KeyMode {
        if passwordEntry != nil {
            return .password
        }
        return isEditingFilter ? .filter : .browser
    }

    mutating func handleKey(_ key: Key) -> [BrowserEffect] {
        if showingHelp {
            // A help screen that fits closes on any key; a taller one scrolls with the list's keys.
            let scrolls = BrowserHelpScreen.helpLines(for: keymap).count > screen.rows - 1
            switch scrolls ? keymap.command(for: key) : nil {
            case .shared(.down): scrollHelp(.lines(1))
            case .shared(.up): scrollHelp(.lines(-1))
            case .shared(.screenDown): scrollHelp(.screens(1))
            case .shared(.screenUp): scrollHelp(.screens(-1))
            default: showingHelp = false
            }
            return []
        }
        switch keyMode {
        case .password:
            return handlePasswordKey(key)
        case .filter:
            handleFilterKey(key)
            return []
        case .browser, .reader, .goToPrompt, .searchPrompt, .outline, .links, .linkHints, .selection, .textSelection,
            .annotations, .notePrompt:
            // Only the browser's own modes arise here (``keyMode``).
            guard let command = keymap.command(for: key) else {
                message = .unboundKey(key)
                return []
            }
            return perform(command)
        }
    }

    private mutating func perform(_ command: BrowserCommand) -> [BrowserEffect] {
        switch command {
        case .shared(let move):
            select(move)
        case .own(.open):
            return openSelection()
        case .own(.parent):
            return goToParent()
        case .own(.filter):
            isEditingFilter = listing == .loaded
            filterIsReplaceable = isEditingFilter && !filter.isEmpty
        case .own(.clearFilter):
            guard !filter.isEmpty else {
                message = .unboundKey(.escape)
                return []
            }
            clearFilter()
        case .own(.toggleHidden):
            toggleHidden()
        case .own(.help):
            showingHelp = true
            helpTop = 0
        case .own(.redraw):
            return [.clearScreen]
        case .own(.quit):
            return [.quit]
        }
        return []
    }

    mutating func scrollHelp(_ move: HelpPaging.Move) {
        let count = BrowserHelpScreen.helpLines(for: keymap).count
        helpTop = HelpPaging.top(after: move, from: helpTop, count: count, rows: screen.rows - 1)
    }

    /// Moves the selection, stopping at the ends of the list. A screenful keeps one entry of
    /// the previous screen in view, as the reader does.
    private mutating func select(_ move: ListCommand) {
        selectedIndex = move.destination(
            from: selectedIndex, count: visibleEntries.count, screenful: max(paneRows - 1, 1))
        scrollToSelection()
    }

    /// Lists the selected folder, opens the selected document, or says why it cannot.
    mutating func openSelection() -> [BrowserEffect] {
        guard let entry = selectedEntry, let path = selectedPath else {
            return []
        }
        switch entry.kind {
        case .folder:
            return list(path, selecting: nil)
        case .document:
            message = .opened(name: entry.name)
            return [.open(path)]
        case .other(let reason):
            message = .cannotOpen(name: entry.name, reason: reason)
            return []
        }
    }

    private mutating func toggleHidden() {
        showsHidden.toggle()
        updateVisibleEntries(selecting: selectedEntry?.name)
        if hiddenCount > 0 {
            message = countSummary
        } else {
            message = .noHiddenEntries(shown: showsHidden)
        }
    }

    /// Keys typed into the filter prompt: printable characters narrow the list as they are
    /// typed, the prompt's table gives the rest (moving the selection, keeping or clearing the
    /// filter).
    private mutating func handleFilterKey(_ key: Key) {
        let replacing = filterIsReplaceable
        filterIsReplaceable = false
        if case .character(let character) = key {
            if replacing {
                filter = ""
            }
            if filter.count < Self.maximumFilterLength {
                filter.unicodeScalars.append(character)
                updateVisibleEntries(selecting: selectedEntry?.name)
            }
            return
        }
        switch filterKeymap.command(for: key) {
        case .own(.deleteBackward):
            if filter.isEmpty {
                isEditingFilter = false
            } else {
                filter.removeLast()
                updateVisibleEntries(selecting: selectedEntry?.name)
            }
        case .own(.clear):
            isEditingFilter = false
            clearFilter()
        case .own(.keep):
            isEditingFilter = false
            message = filter.isEmpty ? countSummary : filterSummary
        case .shared(let move):
            select(move)
        case nil:
            break
        }
    }

    /// Lists every entry again, the selection kept.
    private mutating func clearFilter() {
        filter = ""
        updateVisibleEntries(selecting: selectedEntry?.name)
        message = countSummary
    }
}
