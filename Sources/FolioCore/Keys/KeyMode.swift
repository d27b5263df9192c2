/// A state in which keys mean something of their own, with its own key table.
///
/// The reader is in one of the first ten modes, the file browser in one of the last three;
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
    /// Choosing text by character and word, to copy or annotate (`v`): ``TextSelectionCommand``.
    case textSelection = "visual"
    /// The list of the document's annotations (`A`): ``AnnotationListCommand``.
    case annotations = "annotations"
    /// The prompt a note is typed into: ``NotePromptCommand``.
    case notePrompt = "note"
    /// The file browser's list: ``BrowserCommand``.
    case browser = "browser"
    /// The file browser's filter prompt: ``FilterCommand``.
    case filter = "filter"
    /// The password prompt of an encrypted document opened from the browser:
    /// ``PasswordPromptCommand``.
    case password = "password"
}
