/// Something the reader can do in response to a key, as named in the key table.
public enum ReaderCommand: KeyCommand {
    /// Go to the next page (a count moves that many pages).
    case nextPage
    /// Go to the previous page (a count moves that many pages).
    case previousPage
    /// Scroll down one line, continuing onto the next page at the bottom.
    case scrollLineDown
    /// Scroll up one line, continuing onto the previous page at the top.
    case scrollLineUp
    /// Scroll down one screen, keeping one line of context.
    case scrollScreenDown
    /// Scroll up one screen, keeping one line of context.
    case scrollScreenUp
    /// Scroll down half a screen.
    case scrollHalfDown
    /// Scroll up half a screen.
    case scrollHalfUp
    /// Go to the first page.
    case firstPage
    /// Go to the last page.
    case lastPage
    /// Open the go-to-page prompt, or jump straight to the page given as a count.
    case goToPagePrompt
    /// Jump to the page given as a count (`12G`), or to the last page without one (`G`).
    case goToCountOrLast
    /// Switch between bounded and wrap-around paging.
    case toggleWrap
    /// Switch between reflowed text and the page's physical layout.
    case toggleLayout
    /// Scroll the physical layout left.
    case scrollLeft
    /// Scroll the physical layout right.
    case scrollRight
    /// Show the help screen.
    case help
    /// Repaint the whole screen.
    case redraw
    /// Leave the reader.
    case quit
    /// Open the search prompt, to search forward.
    case searchForward
    /// Open the search prompt, to search backward.
    case searchBackward
    /// Go to the next match of the last search, in its direction.
    case nextMatch
    /// Go to the next match of the last search the other way.
    case previousMatch
    /// Show the outline (table of contents) over the page.
    case showOutline
    /// Show the links of the current page.
    case showLinks
    /// Set a mark at this place: the next key is its letter.
    case setMark
    /// Go to a mark: the next key is its letter (`'` again: back to where the last jump started).
    case jumpToMark
    /// Go back to where the last jump came from.
    case historyBack
    /// Go forward again through the jump history.
    case historyForward
    /// Copy the current page's text.
    case copyPage
    /// Copy the whole document's text.
    case copyDocument
    /// Start choosing lines of the page to copy.
    case selectLines
    /// Switch between the text view and the page image.
    case toggleView
    /// Switch the page image between fitting the width and the whole page.
    case cycleImageFit
    /// Zoom the page image in.
    case zoomIn
    /// Zoom the page image out.
    case zoomOut
    /// Invert the page image's colours.
    case invertImages
    /// Open the file browser in the document's folder.
    case openBrowser
    /// Stop a running search, and forget a count typed so far.
    case stopSearch
    /// Reopen the document from its file now (it is also reopened when the file changes).
    case reload

    /// The command's stable name.
    public var name: String {
        switch self {
        case .nextPage: "next-page"
        case .previousPage: "previous-page"
        case .scrollLineDown: "scroll-line-down"
        case .scrollLineUp: "scroll-line-up"
        case .scrollScreenDown: "scroll-screen-down"
        case .scrollScreenUp: "scroll-screen-up"
        case .scrollHalfDown: "scroll-half-down"
        case .scrollHalfUp: "scroll-half-up"
        case .firstPage: "first-page"
        case .lastPage: "last-page"
        case .goToPagePrompt: "go-to-page"
        case .goToCountOrLast: "go-to-count-or-last"
        case .toggleWrap: "toggle-wrap"
        case .toggleLayout: "toggle-layout"
        case .scrollLeft: "scroll-left"
        case .scrollRight: "scroll-right"
        case .help: "help"
        case .redraw: "redraw"
        case .quit: "quit"
        case .searchForward: "search-forward"
        case .searchBackward: "search-backward"
        case .nextMatch: "next-match"
        case .previousMatch: "previous-match"
        case .showOutline: "show-outline"
        case .showLinks: "show-links"
        case .setMark: "set-mark"
        case .jumpToMark: "jump-to-mark"
        case .historyBack: "history-back"
        case .historyForward: "history-forward"
        case .copyPage: "copy-page"
        case .copyDocument: "copy-document"
        case .selectLines: "select-lines"
        case .toggleView: "toggle-view"
        case .cycleImageFit: "cycle-image-fit"
        case .zoomIn: "zoom-in"
        case .zoomOut: "zoom-out"
        case .invertImages: "invert-images"
        case .openBrowser: "open-browser"
        case .stopSearch: "stop-search"
        case .reload: "reload"
        }
    }
}
