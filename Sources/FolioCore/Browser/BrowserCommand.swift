/// Something the browser can do in response to a key, as named in its key table.
public enum BrowserCommand: Sendable, Hashable, CaseIterable {
    /// Select the previous entry.
    case previousEntry
    /// Select the next entry.
    case nextEntry
    /// Select the entry a screen up.
    case screenUp
    /// Select the entry a screen down.
    case screenDown
    /// Select the first entry.
    case firstEntry
    /// Select the last entry.
    case lastEntry
    /// List the selected folder, or open the selected document.
    case open
    /// List the parent folder, selecting the folder we came from.
    case parent
    /// Open the filter prompt on the bottom row.
    case filter
    /// Show or hide entries whose names start with a dot.
    case toggleHidden
    /// Show the help screen.
    case help
    /// Repaint the whole screen.
    case redraw
    /// Leave the browser.
    case quit
}
