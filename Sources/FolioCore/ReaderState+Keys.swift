/// Turning keys into commands: the count prefix, the go-to prompt, the help screen.
extension ReaderState {
    /// The largest count a user can type; more digits are ignored, so counts never overflow.
    static let maximumCount = 999_999_999_999
    /// The longest page number the go-to prompt accepts.
    static let maximumPromptDigits = 12

    mutating func handleKey(_ key: Key) -> [ReaderEffect] {
        message = nil
        if showingHelp {
            showingHelp = false
            return []
        }
        if let input = goToInput {
            return handlePromptKey(key, input: input)
        }
        if let prompt = searchPrompt {
            return handleSearchPromptKey(key, prompt: prompt)
        }
        if let overlay {
            return handleOverlayKey(key, overlay: overlay)
        }
        if let selection {
            return handleSelectionKey(key, selection: selection)
        }
        if key == .escape {
            pendingCount = nil
            return cancelSearch()
        }
        if let digit = key.digitValue {
            let count = (pendingCount ?? 0) * 10 + digit
            if count <= Self.maximumCount {
                pendingCount = count
            }
            return []
        }
        let count = pendingCount
        pendingCount = nil
        guard let command = keymap.command(for: key) else {
            return []
        }
        return perform(command, count: count)
    }

    private mutating func perform(_ command: ReaderCommand, count: Int?) -> [ReaderEffect] {
        let times = max(count ?? 1, 1)
        func repeated(_ step: Int) -> Int {
            let (product, overflow) = step.multipliedReportingOverflow(by: times)
            return overflow ? Int.max : product
        }
        // A screenful keeps one line of the previous screen for context, as less does.
        let screenful = repeated(max(textRows - 1, 1))
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
            return scrollDown(by: screenful)
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
            goToInput = ""
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
            return []
        case .redraw:
            return [.clearScreen]
        case .quit:
            return [.quit]
        case .searchForward:
            searchPrompt = SearchPrompt(text: "", direction: .forward)
            return []
        case .searchBackward:
            searchPrompt = SearchPrompt(text: "", direction: .backward)
            return []
        case .nextMatch:
            return repeatSearch(direction: lastSearchDirection)
        case .previousMatch:
            return repeatSearch(direction: lastSearchDirection == .forward ? .backward : .forward)
        case .showOutline:
            return showOutline()
        case .showLinks:
            return [.loadLinks(page: currentPage)]
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
        }
    }

    /// Keys typed into the go-to-page prompt. Keys the prompt has no use for are ignored.
    private mutating func handlePromptKey(_ key: Key, input: String) -> [ReaderEffect] {
        if let digit = key.digitValue {
            if input.count < Self.maximumPromptDigits {
                goToInput = input + String(digit)
            }
            return []
        }
        switch key {
        case .backspace:
            goToInput = input.isEmpty ? nil : String(input.dropLast())
            return []
        case .escape:
            goToInput = nil
            return []
        case .enter:
            goToInput = nil
            guard let number = Int(input) else {
                return []
            }
            return jump(toPageNumber: number)
        case .character("g") where input.isEmpty:
            goToInput = nil
            return jump(to: 0)
        case .character("G"):
            goToInput = nil
            return lastPage.map { jump(to: $0) } ?? []
        default:
            return []
        }
    }
}
