/// Turning keys into commands: the mode decides which key table a key is looked up in, and
/// the command found is performed. Digits are state, not table entries: a count prefix while
/// reading, the page number in the go-to prompt, a link's number in the link list.
extension ReaderState {
    /// The largest count a user can type; more digits are ignored, so counts never overflow.
    static let maximumCount = 999_999_999_999
    /// The longest page number or label the go-to prompt accepts.
    static let maximumPromptLength = 64

    /// The mode the next key is taken in: an open prompt or list takes the keys until it
    /// closes.
    public var keyMode: KeyMode {
        if goToPrompt != nil {
            return .goToPrompt
        }
        if searchPrompt != nil {
            return .searchPrompt
        }
        switch overlay {
        case .outline: return .outline
        case .links: return .links
        case .linkHints: return .linkHints
        case nil: break
        }
        return selection == nil ? .reader : .selection
    }

    /// The name of the first key that runs `command` in the reader's table, for messages that
    /// name a key ("w wraps around"); the command's own name when no key runs it.
    func keyName(for command: ReaderCommand) -> String {
        keymap.keyName(for: command)
    }

    mutating func handleKey(_ key: Key) -> [ReaderEffect] {
        message = nil
        if showingHelp {
            handleHelpKey(key)
            return []
        }
        switch keyMode {
        case .reader:
            return handleReaderKey(key)
        case .goToPrompt:
            return handleGoToPromptKey(key)
        case .searchPrompt:
            return handleSearchPromptKey(key)
        case .outline:
            return handleOutlineKey(key)
        case .links:
            return handleLinkListKey(key)
        case .linkHints:
            return handleLinkHintKey(key)
        case .selection:
            return selectionKeymap.command(for: key).map { perform($0) } ?? []
        case .browser, .filter, .password:
            // The browser's modes: ``keyMode`` never gives them in the reader.
            return []
        }
    }

    /// Keys on the help screen: those that scroll a page scroll a tall help screen; any other
    /// key closes it.
    private mutating func handleHelpKey(_ key: Key) {
        let move: HelpPaging.Move
        // A help screen that fits closes on any key.
        let scrolls = HelpScreen.helpLines(for: self).count > textRows
        switch scrolls ? keymap.command(for: key) : nil {
        case .scrollLineDown: move = .lines(1)
        case .scrollLineUp: move = .lines(-1)
        case .scrollScreenDown, .scrollHalfDown: move = .screens(1)
        case .scrollScreenUp, .scrollHalfUp: move = .screens(-1)
        default:
            showingHelp = false
            return
        }
        scrollHelp(move)
    }

    mutating func scrollHelp(_ move: HelpPaging.Move) {
        let count = HelpScreen.helpLines(for: self).count
        helpTop = HelpPaging.top(after: move, from: helpTop, count: count, rows: textRows)
    }

    private mutating func handleReaderKey(_ key: Key) -> [ReaderEffect] {
        if let action = pendingMarkKey {
            pendingCount = nil
            return handleMarkKey(key, for: action)
        }
        if pendingKeys.isEmpty, let digit = key.digitValue {
            let count = (pendingCount ?? 0) * 10 + digit
            if count <= Self.maximumCount {
                pendingCount = count
            }
            return []
        }
        if key == .escape, !pendingKeys.isEmpty {
            pendingKeys = []
            pendingCount = nil
            return []
        }
        let typed = pendingKeys + [key]
        switch keymap.lookUp(typed) {
        case .pending:
            pendingKeys = typed
            return []
        case .command(let command):
            pendingKeys = []
            let count = pendingCount
            pendingCount = nil
            return perform(command, count: count)
        case .unbound:
            return handleUnbound(typed)
        }
    }

    /// Keys that run nothing. A single key says so. Keys that began a sequence and went on to
    /// complete none give their first key its own meaning (its command, or "not a key here"),
    /// and the keys after it are taken afresh, so a mapped sequence never takes a key away
    /// (`g` of a mapped `gg`, then `5`: the go-to prompt opens and takes the `5`).
    private mutating func handleUnbound(_ typed: [Key]) -> [ReaderEffect] {
        pendingKeys = []
        let count = pendingCount
        pendingCount = nil
        var effects: [ReaderEffect] = []
        if typed.count > 1, let command = keymap.command(for: typed[0]) {
            effects = perform(command, count: count)
        } else {
            message = keymap.unboundMessage(for: typed[0], help: .help)
        }
        let said = message
        for key in typed.dropFirst() {
            effects += handleKey(key)
        }
        if message == nil {
            message = said
        }
        return effects
    }

    private mutating func perform(_ command: ReaderCommand, count: Int?) -> [ReaderEffect] {
        let times = max(count ?? 1, 1)
        func repeated(_ step: Int) -> Int {
            let (product, overflow) = step.multipliedReportingOverflow(by: times)
            return overflow ? Int.max : product
        }
        // A screenful keeps a line or more of the previous screen for context, as less does.
        let overlap = min(max(preferences.scrollOverlap, 0), ReaderPreferences.maximumScrollOverlap)
        let screenful = repeated(max(textRows - overlap, 1))
        let halfScreen = repeated(max(textRows / 2, 1))
        let sideways = repeated(max(textColumns / 2, 1))
        switch command {
        case .nextPage:
            return movePages(by: times)
        case .previousPage:
            return movePages(by: -times)
        case .scrollLineDown:
            return scrollDown(by: times)
        case .scrollLineUp:
            return scrollUp(by: times)
        case .scrollScreenDown:
            return scrollDown(by: screenful, pastTheEnd: true)
        case .scrollScreenUp:
            return scrollUp(by: screenful)
        case .scrollHalfDown:
            return scrollDown(by: halfScreen)
        case .scrollHalfUp:
            return scrollUp(by: halfScreen)
        case .firstPage:
            return jump(to: 0)
        case .lastPage:
            return lastPage.map { jump(to: $0) } ?? []
        case .goToPagePrompt:
            if let count {
                return jump(toPageNumber: count)
            }
            goToPrompt = LineEditor(maximumLength: Self.maximumPromptLength)
            return []
        case .goToCountOrLast:
            if let count {
                return jump(toPageNumber: count)
            }
            return lastPage.map { jump(to: $0) } ?? []
        case .toggleWrap:
            return toggleWrap()
        case .toggleLayout:
            toggleLayout()
            return []
        case .scrollLeft:
            scrollSideways(by: -sideways)
            return []
        case .scrollRight:
            scrollSideways(by: sideways)
            return []
        case .help:
            showingHelp = true
            helpTop = 0
            return []
        case .redraw:
            return [.clearScreen]
        case .quit:
            return [.quit]
        case .searchForward:
            searchPrompt = SearchPrompt(editor: LineEditor(), direction: .forward)
            return []
        case .searchBackward:
            searchPrompt = SearchPrompt(editor: LineEditor(), direction: .backward)
            return []
        case .nextMatch:
            return repeatSearch(direction: lastSearchDirection)
        case .previousMatch:
            return repeatSearch(direction: lastSearchDirection == .forward ? .backward : .forward)
        case .stopSearch:
            return cancelSearch()
        case .showOutline:
            return showOutline()
        case .showLinks:
            return [.loadLinks(page: currentPage)]
        case .setMark:
            pendingMarkKey = .set
            message = "Mark: type a letter"
            return []
        case .jumpToMark:
            pendingMarkKey = .jump
            message = "Go to mark: type its letter (' back, ? lists)"
            return []
        case .historyBack:
            return goBack()
        case .historyForward:
            return goForward()
        case .copyPage:
            return copyCurrentPage()
        case .copyDocument:
            message = "Copying the text of \(document.pageCount) pages…"
            return [.copyDocument]
        case .selectLines:
            startSelection()
            return []
        case .toggleView:
            return toggleView()
        case .cycleImageFit:
            return cycleFit()
        case .zoomIn:
            return zoom(in: true)
        case .zoomOut:
            return zoom(in: false)
        case .invertImages:
            return toggleInvert()
        case .openBrowser:
            return [.openBrowser]
        case .reload:
            message = "Reloading \(document.fileName)…"
            return [.reloadDocument]
        }
    }

    /// Keys typed into the go-to-page prompt: printable characters type the page number or
    /// label, the prompt's table gives the rest (its `g` and `G` only before anything is
    /// typed); keys it has no use for are ignored.
    private mutating func handleGoToPromptKey(_ key: Key) -> [ReaderEffect] {
        guard var editor = goToPrompt else { return [] }
        let command = goToPromptKeymap.command(for: key)
        if case .character(let scalar) = key, command == nil || !editor.isEmpty {
            editor.insert(String(Character(scalar)))
            goToPrompt = editor
            return []
        }
        guard let command else {
            return []
        }
        switch command {
        case .edit(let edit):
            editor.perform(edit, history: goToHistory.entries)
            goToPrompt = editor
            return []
        case .deleteBackward:
            goToPrompt = editor.deleteBackward() || !editor.isEmpty ? editor : nil
            return []
        case .cancel:
            goToPrompt = nil
            return []
        case .accept:
            goToPrompt = nil
            let typed = editor.text.trimmingSpaces
            guard !typed.isEmpty else {
                return []
            }
            goToHistory.record(typed)
            return jump(toTyped: typed)
        case .firstPage:
            goToPrompt = nil
            return jump(to: 0)
        case .lastPage:
            goToPrompt = nil
            return lastPage.map { jump(to: $0) } ?? []
        }
    }
}

extension String {
    /// The string without spaces at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
