/// A state in which keys mean something of their own, with its own key table.
///
/// The reader is in one of the first seven modes, the file browser in one of the last three;
/// which one follows from the state (an open prompt or list takes the keys until it closes).
public enum KeyMode: StablyNamed, Sendable, Hashable {
    /// Reading a page: ``ReaderCommand``.
    case reader
    /// The go-to-page prompt: ``GoToPromptCommand``.
    case goToPrompt
    /// The search prompt: ``SearchPromptCommand``.
    case searchPrompt
    /// The outline list: ``OutlineCommand``.
    case outline
    /// The link list: ``LinkListCommand``.
    case links
    /// Hint letters on the links on screen: ``LinkHintCommand``.
    case linkHints
    /// Choosing lines to copy: ``SelectionCommand``.
    case selection
    /// The file browser's list: ``BrowserCommand``.
    case browser
    /// The file browser's filter prompt: ``FilterCommand``.
    case filter
    /// The password prompt of an encrypted document opened from the browser:
    /// ``PasswordPromptCommand``.
    case password

    /// The mode's stable name, as a configuration file names it (`map outline <C-n> down`).
    public var name: String {
        switch self {
        case .reader: "reader"
        case .goToPrompt: "goto"
        case .searchPrompt: "search"
        case .outline: "outline"
        case .links: "links"
        case .linkHints: "hints"
        case .selection: "select"
        case .browser: "browser"
        case .filter: "filter"
        case .password: "password"
        }
    }
}
