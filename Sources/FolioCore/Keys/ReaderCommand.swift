/// Something the reader can do in response to a key, as named in the key table.
public enum ReaderCommand: String, KeyCommand {
    /// Go to the next page (a count moves that many pages).
    case nextPage = "next-page"
    /// Go to the previous page (a count moves that many pages).
    case previousPage = "previous-page"
    /// Scroll down one line, continuing onto the next page at the bottom.
    case scrollLineDown = "scroll-line-down"
    /// Scroll up one line, continuing onto the previous page at the top.
    case scrollLineUp = "scroll-line-up"
    /// Scroll down one screen, keeping one line of context.
    case scrollScreenDown = "scroll-screen-down"
    /// Scroll up one screen, keeping one line of context.
    case scrollScreenUp = "scroll-screen-up"
    /// Scroll down half a screen.
    case scrollHalfDown = "scroll-half-down"
    /// Scroll up half a screen.
    case scrollHalfUp = "scroll-half-up"
    /// Go to the first page.
    case firstPage = "first-page"
    /// Go to the last page.
    case lastPage = "last-page"
    /// Open the go-to-page prompt, or jump straight to the page given as a count.
    case goToPagePrompt = "go-to-page"
    /// Jump to the page given as a count (`12G`), or to the last page without one (`G`).
    case goToCountOrLast = "go-to-count-or-last"
    /// Switch between bounded and wrap-around paging.
    case toggleWrap = "toggle-wrap"
    /// Switch between reflowed text and the page's physical layout.
    case toggleLayout = "toggle-layout"
    /// Scroll the physical layout left.
    case scrollLeft = "scroll-left"
    /// Scroll the physical layout right.
    case scrollRight = "scroll-right"
    /// Show the help screen.
    case help = "help"
    /// Show the session's messages in full.
    case showMessages = "show-messages"
    /// Repaint the whole screen.
    case redraw = "redraw"
    /// Leave the reader.
    case quit = "quit"
    /// Open the search prompt, to search forward.
    case searchForward = "search-forward"
    /// Open the search prompt, to search backward.
    case searchBackward = "search-backward"
    /// Go to the next match of the last search, in its direction.
    case nextMatch = "next-match"
    /// Go to the next match of the last search the other way.
    case previousMatch = "previous-match"
    /// Show the outline (table of contents) over the page.
    case showOutline = "show-outline"
    /// Show the links of the current page.
    case showLinks = "show-links"
    /// Set a mark at this place: the next key is its letter.
    case setMark = "set-mark"
    /// Go to a mark: the next key is its letter (`'` again: back to where the last jump started).
    case jumpToMark = "jump-to-mark"
    /// Go back to where the last jump came from.
    case historyBack = "history-back"
    /// Go forward again through the jump history.
    case historyForward = "history-forward"
    /// Copy the current page's text.
    case copyPage = "copy-page"
    /// Copy the whole document's text.
    case copyDocument = "copy-document"
    /// Start choosing lines of the page to copy.
    case selectLines = "select-lines"
    /// Start choosing text by character and word, to copy or annotate.
    case selectText = "select-text"
    /// List the document's annotations.
    case showAnnotations = "show-annotations"
    /// Undo the last annotation change.
    case undoAnnotation = "undo-annotation"
    /// Switch between the text view and the page image.
    case toggleView = "toggle-view"
    /// Switch the page image between fitting the width and the whole page.
    case cycleImageFit = "cycle-image-fit"
    /// Zoom the page image in.
    case zoomIn = "zoom-in"
    /// Zoom the page image out.
    case zoomOut = "zoom-out"
    /// Invert the page image's colours.
    case invertImages = "invert-images"
    case toggleRecolor = "toggle-recolor"
    /// Trim the page image's margins: off, each page to its content, facing pages to one box.
    case cycleCrop = "cycle-crop"
    /// Show facing pages side by side in the image view, or one page.
    case toggleSpreads = "toggle-spread"
    /// Scroll through pages in the image view, each page's top below the last one's end, or a
    /// page at a time.
    case toggleContinuous = "toggle-continuous"
    /// Open the file browser in the document's folder.
    case openBrowser = "open-browser"
    /// Stop a running search, and forget a count typed so far.
    case stopSearch = "stop-search"
    /// Reopen the document from its file now (it is also reopened when the file changes).
    case reload = "reload"
    /// Open the source of the line at the top of the screen in the editor (SyncTeX inverse search).
    case inverseSearch = "inverse-search"
}

/// One reader command, declared once: its default keys and how help and the key reference
/// describe it (its ``binding``, which names the command), and what it does.
public struct ReaderCommandRow: Sendable {
    /// The command's default keys, summary and details: its row in ``ReaderKeymap/standard``.
    public let binding: ReaderKeyBinding
    /// What the command does, given the count typed before it (nil without one).
    let perform: @Sendable (inout ReaderState, _ count: Int?) -> [ReaderEffect]

    /// Creates the row of `command`.
    init(
        _ command: ReaderCommand, keys: [Key], summary: String, details: String? = nil,
        perform: @escaping @Sendable (inout ReaderState, _ count: Int?) -> [ReaderEffect]
    ) {
        binding = ReaderKeyBinding(keys: keys, command: command, summary: summary, details: details)
        self.perform = perform
    }
}

extension ReaderCommand {
    /// Every reader command's row, in the order help lists them.
    public static let rows: [ReaderCommandRow] = [
        ReaderCommandRow(.nextPage, keys: [.right, .character("l")], summary: "Next page") { state, count in
            state.movePages(by: ReaderState.times(count))
        },
        ReaderCommandRow(.previousPage, keys: [.left, .character("h")], summary: "Previous page") { state, count in
            state.movePages(by: -ReaderState.times(count))
        },
        ReaderCommandRow(
            .scrollLineDown, keys: [.down, .character("j")], summary: "Down a line",
            details: "at the bottom of a page, on to the next; in the image view, by cell rows"
        ) { state, count in state.scrollDown(by: ReaderState.times(count)) },
        ReaderCommandRow(.scrollLineUp, keys: [.up, .character("k")], summary: "Up a line") { state, count in
            state.scrollUp(by: ReaderState.times(count))
        },
        ReaderCommandRow(
            .scrollScreenDown, keys: [.character(" "), .pageDown], summary: "Down a screen",
            details:
                "keeping two lines of context (scroll-overlap); the last screen of a page shows only the lines not yet read, then on to the next page"
        ) { state, count in
            state.scrollDown(by: ReaderState.repeated(state.screenfulLines, count), pastTheEnd: true)
        },
        ReaderCommandRow(
            .scrollScreenUp, keys: [.character("b"), .pageUp], summary: "Up a screen",
            details:
                "keeping two lines of context (scroll-overlap); at the top of a page, back to the bottom of the previous one"
        ) { state, count in state.scrollUp(by: ReaderState.repeated(state.screenfulLines, count)) },
        ReaderCommandRow(.scrollHalfDown, keys: [.control("d")], summary: "Down half a screen") { state, count in
            state.scrollDown(by: ReaderState.repeated(state.halfScreenLines, count))
        },
        ReaderCommandRow(.scrollHalfUp, keys: [.control("u")], summary: "Up half a screen") { state, count in
            state.scrollUp(by: ReaderState.repeated(state.halfScreenLines, count))
        },
        ReaderCommandRow(.firstPage, keys: [.home], summary: "First page") { state, _ in state.jump(to: 0) },
        ReaderCommandRow(.lastPage, keys: [.end], summary: "Last page") { state, _ in state.jumpToLastPage() },
        ReaderCommandRow(
            .goToPagePrompt, keys: [.character("g")], summary: "Go to page; gg: first",
            details: "opens the go-to prompt (below); after a count, goes to that page"
        ) { state, count in
            guard let count else {
                state.openGoToPrompt()
                return []
            }
            return state.jump(toPageNumber: count)
        },
        ReaderCommandRow(
            .goToCountOrLast, keys: [.character("G")], summary: "Page N (NG) or last",
            details: "`12G` goes to page 12, `G` alone to the last page"
        ) { state, count in count.map { state.jump(toPageNumber: $0) } ?? state.jumpToLastPage() },
        ReaderCommandRow(
            .toggleWrap, keys: [.character("w")], summary: "Toggle wrap-around",
            details:
                "Right on the last page goes to page 1, Left on page 1 to the last; counts and jumps wrap too. Off (bounded), the reader stops at the ends and says `Last page`"
        ) { state, _ in state.toggleWrap() },
        ReaderCommandRow(
            .toggleLayout, keys: [.character("L")], summary: "Reflow / page layout",
            details:
                "reflowed text (paragraphs re-wrapped to the terminal, hyphenated line ends joined) or the page's physical layout (columns side by side)"
        ) { state, _ in
            state.toggleLayout()
            return []
        },
        ReaderCommandRow(
            .scrollLeft, keys: [.character("<")], summary: "Scroll left (layout)",
            details:
                "half the text area, in the page layout or a page image zoomed wider than the screen (its right edge stops at the screen's); the horizontal wheel and Shift with the wheel scroll too. In the reflowed text it says the layout (`L`) is needed"
        ) { state, count in
            state.scrollSideways(by: -ReaderState.repeated(state.halfScreenColumns, count))
            return []
        },
        ReaderCommandRow(.scrollRight, keys: [.character(">")], summary: "Scroll right (layout)") { state, count in
            state.scrollSideways(by: ReaderState.repeated(state.halfScreenColumns, count))
            return []
        },
        ReaderCommandRow(
            .searchForward, keys: [.character("/")], summary: "Search forward",
            details:
                "opens the search prompt (below); smart case: case matters only when the pattern has a capital; `re:` starts a regular expression. Matches are highlighted (the current one set apart) in the text, and marked in yellow on page images"
        ) { state, _ in
            state.openSearchPrompt(.forward)
            return []
        },
        ReaderCommandRow(.searchBackward, keys: [.control("r")], summary: "Search backward") { state, _ in
            state.openSearchPrompt(.backward)
            return []
        },
        ReaderCommandRow(
            .nextMatch, keys: [.character("n")], summary: "Next match",
            details: "across pages; at the ends of the document the search stops, or wraps when `w` is on"
        ) { state, _ in state.repeatSearch(direction: state.search.lastSearchDirection) },
        ReaderCommandRow(.previousMatch, keys: [.character("N")], summary: "Previous match") { state, _ in
            state.repeatSearch(direction: state.search.lastSearchDirection.reversed)
        },
        ReaderCommandRow(
            .showOutline, keys: [.character("o")], summary: "Outline (contents)",
            details: "a list over the page (below), filtered as you type; the current section is marked `●`"
        ) { state, _ in state.showOutline() },
        ReaderCommandRow(
            .showLinks, keys: [.character("f")], summary: "Links on this page",
            details:
                "hint letters on the links on screen, typed to follow one; Enter lists every link of the page (below)"
        ) { state, _ in [.loadLinks(page: state.currentPage)] },
        ReaderCommandRow(
            .setMark, keys: [.character("m")], summary: "Set a mark",
            details: "`m` and a letter: `a`–`z` in this document, `A`–`Z` in any; kept across runs"
        ) { state, _ in
            state.awaitMark(.set)
            return []
        },
        ReaderCommandRow(
            .jumpToMark, keys: [.character("'")], summary: "Go to a mark",
            details:
                "`'` and its letter (another document's for `A`–`Z`); `''` back and forth between the last two places, `'?` lists the marks"
        ) { state, _ in
            state.awaitMark(.jump)
            return []
        },
        ReaderCommandRow(
            .historyBack, keys: [.backspace, .control("o")], summary: "Back (jump history)",
            details: "every `g`, `G`, Home/End, outline, link and search jump is recorded"
        ) { state, _ in state.goBack() },
        ReaderCommandRow(
            .historyForward, keys: [.control("n")], summary: "Forward (jump history)",
            details: "not Ctrl-I as in vim: terminals send Ctrl-I as Tab, which switches to the image view"
        ) { state, _ in state.goForward() },
        ReaderCommandRow(
            .toggleView, keys: [.tab], summary: "Text / page image",
            details: "keeping your place; the status line shows `image`"
        ) { state, _ in state.toggleView() },
        ReaderCommandRow(
            .cycleImageFit, keys: [.character("z")], summary: "Fit width/page/height",
            details:
                "in the image view: the width (the default), the whole page or the height, in turn; the zoom goes back to 100%"
        ) { state, _ in state.cycleFit() },
        ReaderCommandRow(.zoomIn, keys: [.character("+"), .character("=")], summary: "Zoom in (image)") { state, _ in
            state.zoom(in: true)
        },
        ReaderCommandRow(.zoomOut, keys: [.character("-")], summary: "Zoom out (image)") { state, _ in
            state.zoom(in: false)
        },
        ReaderCommandRow(
            .invertImages, keys: [.character("i")], summary: "Invert image colours",
            details: "for dark terminals"
        ) { state, _ in state.toggleInvert() },
        ReaderCommandRow(
            .toggleRecolor, keys: [.character("C")], summary: "Dark mode, colours kept",
            details:
                "pages and text light on dark, hue kept (red stays red), photographs left as they are (`set recolor-images`); ends `i`"
        ) { state, _ in state.toggleRecolor() },
        ReaderCommandRow(
            .cycleCrop, keys: [.character("c")], summary: "Trim margins (image)",
            details: "off, auto (each page to its content box and a small margin), even-odd (facing pages to one box)"
        ) { state, _ in state.cycleCrop() },
        ReaderCommandRow(
            .toggleSpreads, keys: [.character("d")], summary: "Two-page spreads (image)",
            details:
                "facing pages side by side when they fit together (both portrait, heights within 10%); flipping moves a spread. The text view is unchanged"
        ) { state, _ in state.toggleSpreads() },
        ReaderCommandRow(
            .toggleContinuous, keys: [.character("s")], summary: "Continuous scrolling (image)",
            details:
                "scrolling goes on from a page's end into the next page's top, below a one-row seam; the status line names the page filling most of the screen, and flipping starts from it"
        ) { state, _ in state.toggleContinuous() },
        ReaderCommandRow(.copyPage, keys: [.character("y")], summary: "Copy page text") { state, _ in
            state.copyCurrentPage()
        },
        ReaderCommandRow(
            .copyDocument, keys: [.character("Y")], summary: "Copy all text",
            details: "with progress on the status line"
        ) { state, _ in
            state.message = .copyingDocument(pageCount: state.document.pageCount)
            return [.copyDocument]
        },
        ReaderCommandRow(
            .selectLines, keys: [.character("V")], summary: "Select lines to copy",
            details: "see line selection below"
        ) { state, _ in
            state.startSelection()
            return []
        },
        ReaderCommandRow(
            .selectText, keys: [.character("v")], summary: "Select text, highlight",
            details:
                "by character and word, from the current match or the first word on screen; see text selection below"
        ) { state, _ in state.startTextSelection() },
        ReaderCommandRow(
            .showAnnotations, keys: [.character("A")], summary: "Annotations",
            details: "every highlight and note of the document, in a list over the page (below)"
        ) { state, _ in state.showAnnotations() },
        ReaderCommandRow(
            .undoAnnotation, keys: [.character("u")], summary: "Undo annotation change",
            details: "the last highlight, note or deletion of this session; again for the one before"
        ) { state, _ in state.undoAnnotationChange() },
        ReaderCommandRow(
            .openBrowser, keys: [.character("F")], summary: "File browser",
            details: "in the document's folder"
        ) { _, _ in [.openBrowser] },
        ReaderCommandRow(
            .stopSearch, keys: [.escape], summary: "Stop a running search",
            details: "its progress shows as `Searching 340/1000`; also forgets a count typed so far"
        ) { state, _ in state.cancelSearch() },
        ReaderCommandRow(.help, keys: [.character("?")], summary: "This help") { state, _ in
            state.openHelp()
            return []
        },
        ReaderCommandRow(
            .showMessages, keys: [.character("M")], summary: "Messages of this session",
            details: "in full, the newest last"
        ) { state, _ in
            state.openMessages()
            return []
        },
        ReaderCommandRow(.redraw, keys: [.control("l")], summary: "Redraw the screen") { _, _ in [.clearScreen] },
        ReaderCommandRow(
            .reload, keys: [.character("R")], summary: "Reload the document",
            details:
                "keeping the page; Folio also reloads by itself when the file changes (an editor or LaTeX rewriting it), unless `set reload false`"
        ) { state, _ in
            state.message = .reloading(fileName: state.document.fileName)
            return [.reloadDocument]
        },
        ReaderCommandRow(
            .inverseSearch, keys: [.character("S")], summary: "Source in editor (SyncTeX)",
            details:
                "the line at the top of the screen (the image view: the page's top); in a text selection, the cursor's; Ctrl-click, the spot clicked. Runs `set synctex-editor` (see [INTEGRATION.md](INTEGRATION.md))"
        ) { state, _ in state.findSourceOfScreenTop() },
        ReaderCommandRow(
            .quit, keys: [.character("q")], summary: "Quit",
            details: "the terminal is left exactly as it was, and the document reopens at this page next time"
        ) { _, _ in [.quit] },
    ]

    /// Each command's row.
    private static let rowsByCommand = Dictionary(
        rows.map { ($0.binding.command, $0) }, uniquingKeysWith: { first, _ in first })

    /// What the command does, with the count typed before it.
    func perform(on state: inout ReaderState, count: Int?) -> [ReaderEffect] {
        Self.rowsByCommand[self]?.perform(&state, count) ?? []
    }
}

/// The reader's key table.
///
/// Digits are deliberately absent: they type a count prefix, which ``ReaderState`` keeps as
/// state (less's `A_DIGIT`), so a table entry for a digit would never be reached.
public typealias ReaderKeymap = Keymap<ReaderCommand>

extension Keymap where Command == ReaderCommand {
    /// Folio's default keys, modelled on less and vi: each command's row's binding.
    public static var standard: ReaderKeymap {
        ReaderKeymap(bindings: ReaderCommand.rows.map(\.binding))
    }
}
