/// Something the go-to-page prompt does with a key. Digits are not commands: they type the
/// page number.
public enum GoToPromptCommand: KeyCommand {
    /// Delete the last digit, or close the prompt when there is none.
    case deleteBackward
    /// Close the prompt without going anywhere.
    case cancel
    /// Go to the page typed.
    case accept
    /// Go to the first page, when no digit has been typed (`g` `g`).
    case firstPage
    /// Go to the last page.
    case lastPage

    /// The command's stable name.
    public var name: String {
        switch self {
        case .deleteBackward: "delete-backward"
        case .cancel: "cancel"
        case .accept: "accept"
        case .firstPage: "first-page"
        case .lastPage: "last-page"
        }
    }
}

/// Something the search prompt does with a key. Printable characters are not commands: they
/// type the pattern.
public enum SearchPromptCommand: KeyCommand {
    /// Delete the last character, or close the prompt when there is none.
    case deleteBackward
    /// Close the prompt without searching.
    case cancel
    /// Search for the pattern typed, or repeat the last search when it is empty.
    case accept

    /// The command's stable name.
    public var name: String {
        switch self {
        case .deleteBackward: "delete-backward"
        case .cancel: "cancel"
        case .accept: "accept"
        }
    }
}

/// The go-to-page prompt's key table.
public typealias GoToPromptKeymap = Keymap<GoToPromptCommand>

extension Keymap where Command == GoToPromptCommand {
    /// The go-to prompt's default keys.
    public static var standard: GoToPromptKeymap {
        GoToPromptKeymap(bindings: [
            KeyBinding(keys: [.enter], command: .accept, summary: "Go to the page typed"),
            KeyBinding(
                keys: [.backspace], command: .deleteBackward, summary: "Delete a digit",
                details: "with none left, close the prompt"),
            KeyBinding(keys: [.escape], command: .cancel, summary: "Cancel"),
            KeyBinding(
                keys: [.character("g")], command: .firstPage, summary: "First page",
                details: "before any digit, so `g` `g` goes to page 1"),
            KeyBinding(keys: [.character("G")], command: .lastPage, summary: "Last page"),
        ])
    }
}

/// The search prompt's key table.
public typealias SearchPromptKeymap = Keymap<SearchPromptCommand>

extension Keymap where Command == SearchPromptCommand {
    /// The search prompt's default keys.
    public static var standard: SearchPromptKeymap {
        SearchPromptKeymap(bindings: [
            KeyBinding(
                keys: [.enter], command: .accept, summary: "Search",
                details: "an empty pattern repeats the last search in the prompt's direction"),
            KeyBinding(
                keys: [.backspace], command: .deleteBackward, summary: "Delete a character",
                details: "with none left, close the prompt"),
            KeyBinding(keys: [.escape], command: .cancel, summary: "Cancel"),
        ])
    }
}
