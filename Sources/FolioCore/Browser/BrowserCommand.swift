/// Something the browser can do in response to a key, as named in its key table.
public enum BrowserCommand: KeyCommand {
    /// Move the selection.
    case list(ListCommand)
    /// List the selected folder, or open the selected document.
    case open
    /// List the parent folder, selecting the folder we came from.
    case parent
    /// Open the filter prompt on the bottom row.
    case filter
    /// Clear the filter kept, listing every entry again.
    case clearFilter
    /// Show or hide entries whose names start with a dot.
    case toggleHidden
    /// Show the help screen.
    case help
    /// Repaint the whole screen.
    case redraw
    /// Leave the browser.
    case quit

    /// Every command, the list commands first.
    public static var allCases: [BrowserCommand] {
        ListCommand.allCases.map(Self.list) + [
            .open, .parent, .filter, .clearFilter, .toggleHidden, .help, .redraw, .quit,
        ]
    }

    /// The command's stable name.
    public var name: String {
        switch self {
        case .list(let command): command.name
        case .open: "open"
        case .parent: "parent"
        case .filter: "filter"
        case .clearFilter: "clear-filter"
        case .toggleHidden: "toggle-hidden"
        case .help: "help"
        case .redraw: "redraw"
        case .quit: "quit"
        }
    }
}

/// Something the browser's filter prompt does with a key. Printable characters are not
/// commands: they type the filter.
public enum FilterCommand: KeyCommand {
    /// Move the selection in the narrowed list.
    case list(ListCommand)
    /// Delete the filter's last character, or close the prompt when it is empty.
    case deleteBackward
    /// Close the prompt, keeping the filter.
    case keep
    /// Close the prompt, clearing the filter.
    case clear

    /// Every command, the list commands first.
    public static var allCases: [FilterCommand] {
        ListCommand.allCases.map(Self.list) + [.deleteBackward, .keep, .clear]
    }

    /// The command's stable name.
    public var name: String {
        switch self {
        case .list(let command): command.name
        case .deleteBackward: "delete-backward"
        case .keep: "keep"
        case .clear: "clear"
        }
    }
}

/// Something the password prompt does with a key, when a document opened from the browser is
/// encrypted. Printable characters are not commands: they type the password (never shown).
public enum PasswordPromptCommand: KeyCommand {
    /// Try the password typed.
    case accept
    /// Give up on the document: back to the list.
    case cancel
    /// Delete the character before the cursor.
    case deleteBackward
    /// Edit the line typed, as in the other prompts (no history: passwords are never kept).
    case edit(LineEditCommand)

    /// The editing commands the prompt has: all but the history.
    static let editing = LineEditCommand.allCases.filter { $0 != .historyPrevious && $0 != .historyNext }

    /// Every command.
    public static var allCases: [PasswordPromptCommand] {
        [.accept, .cancel, .deleteBackward] + editing.map(Self.edit)
    }

    /// The command's stable name.
    public var name: String {
        switch self {
        case .accept: "accept"
        case .cancel: "cancel"
        case .deleteBackward: "delete-backward"
        case .edit(let command): command.name
        }
    }
}
