/// The go-to-page prompt (`g`): printable characters type the page number or label, the
/// prompt's table gives the rest (its `g` and `G` only before anything is typed); keys it has
/// no use for are ignored.
extension ReaderState {
    /// The longest page number or label the go-to prompt accepts.
    static let maximumPromptLength = 64

    /// Opens the prompt, empty.
    mutating func openGoToPrompt() {
        mode = .goTo(LineEditor(maximumLength: Self.maximumPromptLength))
    }

    mutating func handleGoToKey(_ key: Key, editor: LineEditor) -> [ReaderEffect] {
        var editor = editor
        let command = goToPromptKeymap.command(for: key)
        if case .character(let scalar) = key, command == nil || !editor.isEmpty {
            editor.insert(String(Character(scalar)))
            mode = .goTo(editor)
            return []
        }
        guard let command else {
            return []
        }
        switch command {
        case .shared(let edit):
            editor.perform(edit, history: goToHistory.entries)
            mode = .goTo(editor)
            return []
        case .own(.deleteBackward):
            mode = editor.deleteBackward() || !editor.isEmpty ? .goTo(editor) : .reading
            return []
        case .own(.cancel):
            mode = .reading
            return []
        case .own(.accept):
            mode = .reading
            let typed = editor.text.trimmingSpaces
            guard !typed.isEmpty else {
                return []
            }
            goToHistory.record(typed)
            return jump(toTyped: typed)
        case .own(.firstPage):
            mode = .reading
            return jump(to: 0)
        case .own(.lastPage):
            mode = .reading
            return lastPage.map { jump(to: $0) } ?? []
        }
    }
}

extension String {
    /// The string without spaces at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
