/// A state in which keys mean something of their own, with its own key table.
///
/// The reader is in one of the first seven modes, the file browser in one of the last three;
/// which one follows from the state (an open prompt or list takes the keys until it closes).
public enum KeyMode: String, StablyNamed, Sendable, Hashable {
    /// Reading a page: ``ReaderCommand``.
    case reader = "reader"
    /// The go-to-page prompt: ``GoToPromptCommand``.
    case goToPrompt = "goto"
    /// The search prompt: ``SearchPromptCommand``.
    case searchPrompt = "search"
    /// The outline list: ``OutlineCommand``.
    case outline = "outline"
    /// The link list: ``LinkListCommand``.
    case links = "links"
    /// Hint letters on the links on screen: ``LinkHintCommand``.
    case linkHints = "hints"
    /// Choosing lines to copy: ``SelectionCommand``.
    case selection = "select"
    /// The file browser's list: ``BrowserCommand``.
    case browser = "browser"
    /// The file browser's filter prompt: ``FilterCommand``.
    case filter = "filter"
    /// The password prompt of an encrypted document opened from the browser:
    /// ``PasswordPromptCommand``.
    case password = "password"
}
