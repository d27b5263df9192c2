/// Something the go-to-page prompt does with a key. Printable characters are not commands:
/// they type the page number or label (except `g` and `G` before anything is typed).
public enum GoToPromptCommand: KeyCommand {
    /// Edit the line typed.
    case edit(LineEditCommand)
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

    /// Every command, the editing commands first.
    public static var allCases: [GoToPromptCommand] {
        LineEditCommand.allCases.map(Self.edit) + [.deleteBackward, .cancel, .accept, .firstPage, .lastPage]
    }

    /// The command's stable name.
    public var name: String {
        switch self {
        case .edit(let command): command.name
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
    /// Edit the line typed.
    case edit(LineEditCommand)
    /// Delete the last character, or close the prompt when there is none.
    case deleteBackward
    /// Close the prompt without searching.
    case cancel
    /// Search for the pattern typed, or repeat the last search when it is empty.
    case accept

    /// Every command, the editing commands first.
    public static var allCases: [SearchPromptCommand] {
        LineEditCommand.allCases.map(Self.edit) + [.deleteBackward, .cancel, .accept]
    }

    /// The command's stable name.
    public var name: String {
        switch self {
        case .edit(let command): command.name
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
        GoToPromptKeymap(
            bindings: [
                KeyBinding(
                    keys: [.enter], command: .accept, summary: "Go to the page typed",
                    details:
                        "the page labelled so when one is (`g xiv`, `g 714` in a book whose page 714 is its 745th), else the page with that number; the message says which"
                ),
                KeyBinding(
                    keys: [.backspace], command: .deleteBackward, summary: "Delete a character",
                    details: "with none left, close the prompt"),
                KeyBinding(keys: [.escape], command: .cancel, summary: "Cancel"),
                KeyBinding(
                    keys: [.character("g")], command: .firstPage, summary: "First page",
                    details: "before anything is typed, so `g` `g` goes to page 1"),
                KeyBinding(
                    keys: [.character("G")], command: .lastPage, summary: "Last page",
                    details: "before anything is typed"),
            ] + LineEditCommand.bindings(GoToPromptCommand.edit))
    }
}

/// The search prompt's key table.
public typealias SearchPromptKeymap = Keymap<SearchPromptCommand>

extension Keymap where Command == SearchPromptCommand {
    /// The search prompt's default keys.
    public static var standard: SearchPromptKeymap {
        SearchPromptKeymap(
            bindings: [
                KeyBinding(
                    keys: [.enter], command: .accept, summary: "Search",
                    details: "an empty pattern repeats the last search in the prompt's direction"),
                KeyBinding(
                    keys: [.backspace], command: .deleteBackward, summary: "Delete a character",
                    details: "with none left, close the prompt"),
                KeyBinding(keys: [.escape], command: .cancel, summary: "Cancel"),
            ] + LineEditCommand.bindings(SearchPromptCommand.edit))
    }
}
