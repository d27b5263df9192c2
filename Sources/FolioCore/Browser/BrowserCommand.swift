/// What the browser does with a key, beside moving the selection (``ListCommand``).
public enum BrowserAction: String, ModeActions {
    public typealias Shared = ListCommand
    /// List the selected folder, or open the selected document.
    case open = "open"
    /// List the parent folder, selecting the folder we came from.
    case parent = "parent"
    /// Open the filter prompt on the bottom row.
    case filter = "filter"
    /// Clear the filter kept, listing every entry again.
    case clearFilter = "clear-filter"
    /// Show or hide entries whose names start with a dot.
    case toggleHidden = "toggle-hidden"
    /// Show the help screen.
    case help = "help"
    /// Repaint the whole screen.
    case redraw = "redraw"
    /// Leave the browser.
    case quit = "quit"
}

/// Something the browser can do in response to a key, as named in its key table.
public typealias BrowserCommand = ModeCommand<BrowserAction>

/// What the browser's filter prompt does with a key, beside moving the selection in the
/// narrowed list. Printable characters are not commands: they type the filter.
public enum FilterAction: String, ModeActions {
    public typealias Shared = ListCommand
    /// Delete the filter's last character, or close the prompt when it is empty.
    case deleteBackward = "delete-backward"
    /// Close the prompt, keeping the filter.
    case keep = "keep"
    /// Close the prompt, clearing the filter.
    case clear = "clear"
}

/// Something the browser's filter prompt does with a key.
public typealias FilterCommand = ModeCommand<FilterAction>

/// What the password prompt does with a key, when a document opened from the browser is
/// encrypted, beside editing the line (as in the other prompts, but with no history:
/// passwords are never kept). Printable characters are not commands: they type the password
/// (never shown).
public enum PasswordPromptAction: String, ModeActions {
    public typealias Shared = LineEditCommand
    /// Try the password typed.
    case accept = "accept"
    /// Give up on the document: back to the list.
    case cancel = "cancel"
    /// Delete the character before the cursor.
    case deleteBackward = "delete-backward"

    /// The editing commands the prompt has: all but the history.
    public static var sharedCommands: [LineEditCommand] {
        LineEditCommand.allCases.filter { $0 != .historyPrevious && $0 != .historyNext }
    }
}

/// Something the password prompt does with a key.
public typealias PasswordPromptCommand = ModeCommand<PasswordPromptAction>
