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
    /// Open the file browser in the document's folder.
    case openBrowser = "open-browser"
    /// Stop a running search, and forget a count typed so far.
    case stopSearch = "stop-search"
    /// Reopen the document from its file now (it is also reopened when the file changes).
    case reload = "reload"
}
