/// The password prompt of an encrypted document opened from the browser: typed on the status
/// line (shown as dots), Enter tries it, Escape or Ctrl-C gives up and goes back to the list.
extension BrowserState {
    /// The longest password the prompt takes.
    static let maximumPasswordLength = 1024

    mutating func handlePasswordKey(_ key: Key) -> [BrowserEffect] {
        guard var entry = passwordEntry else { return [] }
        if case .character(let character) = key {
            entry.editor.insert(String(Character(character)))
            passwordEntry = entry
            return []
        }
        switch passwordKeymap.command(for: key) {
        case .own(.accept):
            passwordEntry = nil
            message = .tryingPassword
            return [.unlock(path: entry.path, password: entry.secret)]
        case .own(.cancel):
            cancelPasswordEntry()
        case .own(.deleteBackward):
            entry.editor.deleteBackward()
            passwordEntry = entry
        case .shared(let command):
            entry.editor.perform(command, history: [])
            passwordEntry = entry
        case nil:
            break
        }
        return []
    }

    mutating func cancelPasswordEntry() {
        guard let entry = passwordEntry else { return }
        passwordEntry = nil
        message = .passwordNotGiven(name: BrowserPath.lastComponent(of: entry.path))
    }
}

/// A password being typed for the document at ``path``.
public struct PasswordEntry: Sendable, Equatable {
    /// The encrypted document.
    public let path: String
    /// What has been typed, and the cursor (never drawn: the prompt shows a dot per character).
    public internal(set) var editor: LineEditor

    /// An empty entry for the document at `path`.
    init(path: String) {
        self.path = path
        editor = LineEditor(maximumLength: BrowserState.maximumPasswordLength)
    }

    /// The password typed.
    public var secret: String { editor.text }
}
