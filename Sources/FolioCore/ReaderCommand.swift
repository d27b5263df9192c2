/// Something the reader can do in response to a key, as named in the key table.
public enum ReaderCommand: Sendable, Hashable, CaseIterable {
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
    case searchForward
    case searchBackward
    case nextMatch
    case previousMatch
    case showOutline
    case showLinks
    case historyBack
    case historyForward
    case copyPage
    case copyDocument
    case selectLines
    case toggleView
    case cycleImageFit
    case zoomIn
    case zoomOut
    case invertImages
    case openBrowser
}
