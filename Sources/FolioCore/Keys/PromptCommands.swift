/// What the go-to-page prompt does with a key, beside editing the line (``LineEditCommand``).
/// Printable characters are not commands: they type the page number or label (except `g` and
/// `G` before anything is typed).
public enum GoToPromptAction: String, ModeActions {
    public typealias Shared = LineEditCommand
    /// Delete the last digit, or close the prompt when there is none.
    case deleteBackward = "delete-backward"
    /// Close the prompt without going anywhere.
    case cancel = "cancel"
    /// Go to the page typed.
    case accept = "accept"
    /// Go to the first page, when no digit has been typed (`g` `g`).
    case firstPage = "first-page"
    /// Go to the last page.
    case lastPage = "last-page"
}

/// Something the go-to-page prompt does with a key.
public typealias GoToPromptCommand = ModeCommand<GoToPromptAction>

/// What the search prompt does with a key, beside editing the line. Printable characters are
/// not commands: they type the pattern.
public enum SearchPromptAction: String, ModeActions {
    public typealias Shared = LineEditCommand
    /// Delete the last character, or close the prompt when there is none.
    case deleteBackward = "delete-backward"
    /// Close the prompt without searching.
    case cancel = "cancel"
    /// Search for the pattern typed, or repeat the last search when it is empty.
    case accept = "accept"
}

/// Something the search prompt does with a key.
public typealias SearchPromptCommand = ModeCommand<SearchPromptAction>

/// The go-to-page prompt's key table.
public typealias GoToPromptKeymap = Keymap<GoToPromptCommand>

extension Keymap where Command == GoToPromptCommand {
    /// The go-to prompt's default keys.
    public static var standard: GoToPromptKeymap {
        GoToPromptKeymap(
            bindings: [
                KeyBinding(
                    keys: [.enter], command: .own(.accept), summary: "Go to the page typed",
                    details:
                        "the page labelled so when one is (`g xiv`, `g 714` in a book whose page 714 is its 745th), else the page with that number; the message says which"
                ),
                KeyBinding(
                    keys: [.backspace], command: .own(.deleteBackward), summary: "Delete a character",
                    details: "with none left, close the prompt"),
                KeyBinding(keys: [.escape], command: .own(.cancel), summary: "Cancel"),
                KeyBinding(
                    keys: [.character("g")], command: .own(.firstPage), summary: "First page",
                    details: "before anything is typed, so `g` `g` goes to page 1"),
                KeyBinding(
                    keys: [.character("G")], command: .own(.lastPage), summary: "Last page",
                    details: "before anything is typed"),
            ] + LineEditCommand.bindings(GoToPromptCommand.shared))
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
                    keys: [.enter], command: .own(.accept), summary: "Search",
                    details: "an empty pattern repeats the last search in the prompt's direction"),
                KeyBinding(
                    keys: [.backspace], command: .own(.deleteBackward), summary: "Delete a character",
                    details: "with none left, close the prompt"),
                KeyBinding(keys: [.escape], command: .own(.cancel), summary: "Cancel"),
            ] + LineEditCommand.bindings(SearchPromptCommand.shared))
    }
}
