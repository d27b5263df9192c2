/// Reading the page: keys are looked up in the reader's table and run ``ReaderCommand``s.
/// Digits are state, not table entries: a count prefix (`12G`); the start of a mapped sequence
/// (`g` of `gg`) waits for its next key.
extension ReaderState {
    /// The largest count a user can type; more digits are ignored, so counts never overflow.
    static let maximumCount = 999_999_999_999

    /// The name of the first key that runs `command` in the reader's table, for messages that
    /// name a key ("w wraps around"); the command's own name when no key runs it.
    func keyName(for command: ReaderCommand) -> String {
        keymap.keyName(for: command)
    }

    mutating func handleReadingKey(_ key: Key) -> [ReaderEffect] {
        if input.keys.isEmpty, let digit = key.digitValue {
            let count = (input.count ?? 0) * 10 + digit
            if count <= Self.maximumCount {
                input.count = count
            }
            return []
        }
        if key == .escape, !input.keys.isEmpty {
            input.keys = []
            input.count = nil
            return []
        }
        let typed = input.keys + [key]
        switch keymap.lookUp(typed) {
        case .pending:
            input.keys = typed
            return []
        case .command(let command):
            input.keys = []
            let count = input.count
            input.count = nil
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
        input.keys = []
        let count = input.count
        input.count = nil
        var effects: [ReaderEffect] = []
        if typed.count > 1, let command = keymap.command(for: typed[0]) {
            effects = perform(command, count: count)
        } else {
            message = .unboundKey(typed[0])
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
        switch command {
        case .nextPage, .previousPage, .scrollLineDown, .scrollLineUp, .scrollScreenDown, .scrollScreenUp,
            .scrollHalfDown, .scrollHalfUp, .scrollLeft, .scrollRight:
            return move(command, times: max(count ?? 1, 1))
        case .firstPage:
            return jump(to: 0)
        case .lastPage:
            return lastPage.map { jump(to: $0) } ?? []
        case .goToPagePrompt:
            if let count {
                return jump(toPageNumber: count)
            }
            openGoToPrompt()
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
        case .help:
            openHelp()
            return []
        case .showMessages:
            openMessages()
            return []
        case .redraw:
            return [.clearScreen]
        case .quit:
            return [.quit]
        case .searchForward, .searchBackward, .nextMatch, .previousMatch, .stopSearch:
            return performSearchCommand(command)
        case .showOutline:
            return showOutline()
        case .showLinks:
            return [.loadLinks(page: currentPage)]
        case .setMark:
            awaitMark(.set)
            return []
        case .jumpToMark:
            awaitMark(.jump)
            return []
        case .historyBack:
            return goBack()
        case .historyForward:
            return goForward()
        case .copyPage, .copyDocument, .selectLines:
            return performCopyCommand(command)
        case .toggleView, .cycleImageFit, .zoomIn, .zoomOut, .invertImages:
            return performImageCommand(command)
        case .openBrowser:
            return [.openBrowser]
        case .reload:
            message = .reloading(fileName: document.fileName)
            return [.reloadDocument]
        }
    }

    /// The commands that page and scroll, `times` over.
    private mutating func move(_ command: ReaderCommand, times: Int) -> [ReaderEffect] {
        func repeated(_ step: Int) -> Int {
            let (product, overflow) = step.multipliedReportingOverflow(by: times)
            return overflow ? Int.max : product
        }
        // A screenful keeps a line or more of the previous screen for context, as less does.
        let overlap = min(max(preferences.scrollOverlap, 0), ReaderPreferences.maximumScrollOverlap)
        let screenful = repeated(max(textRows - overlap, 1))
        switch command {
        case .nextPage: return movePages(by: times)
        case .previousPage: return movePages(by: -times)
        case .scrollLineDown: return scrollDown(by: times)
        case .scrollLineUp: return scrollUp(by: times)
        case .scrollScreenDown: return scrollDown(by: screenful, pastTheEnd: true)
        case .scrollScreenUp: return scrollUp(by: screenful)
        case .scrollHalfDown: return scrollDown(by: repeated(max(textRows / 2, 1)))
        case .scrollHalfUp: return scrollUp(by: repeated(max(textRows / 2, 1)))
        case .scrollLeft: scrollSideways(by: -repeated(max(textColumns / 2, 1)))
        case .scrollRight: scrollSideways(by: repeated(max(textColumns / 2, 1)))
        default: break
        }
        return []
    }

    /// The commands that search: the prompt, `n` and `N`, and stopping a search.
    private mutating func performSearchCommand(_ command: ReaderCommand) -> [ReaderEffect] {
        switch command {
        case .searchForward: openSearchPrompt(.forward)
        case .searchBackward: openSearchPrompt(.backward)
        case .nextMatch: return repeatSearch(direction: search.lastSearchDirection)
        case .previousMatch:
            return repeatSearch(direction: search.lastSearchDirection == .forward ? .backward : .forward)
        case .stopSearch: return cancelSearch()
        default: break
        }
        return []
    }

    /// The commands that copy text: the page, the document, chosen lines.
    private mutating func performCopyCommand(_ command: ReaderCommand) -> [ReaderEffect] {
        switch command {
        case .copyPage:
            return copyCurrentPage()
        case .copyDocument:
            message = .copyingDocument(pageCount: document.pageCount)
            return [.copyDocument]
        case .selectLines:
            startSelection()
        default:
            break
        }
        return []
    }

    /// The commands of the image view: switching to it, fit, zoom and inverting.
    private mutating func performImageCommand(_ command: ReaderCommand) -> [ReaderEffect] {
        switch command {
        case .toggleView: return toggleView()
        case .cycleImageFit: return cycleFit()
        case .zoomIn: return zoom(in: true)
        case .zoomOut: return zoom(in: false)
        case .invertImages: return toggleInvert()
        default: return []
        }
    }
}
