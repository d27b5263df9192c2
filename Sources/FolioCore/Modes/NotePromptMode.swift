/// The one-line prompt a note is typed into: for a new highlight of the selection (`a` in the
/// text selection), or to change an annotation's note (`e` in the annotation list).
public struct NotePrompt: Sendable, Equatable {
    /// What the note is for.
    public enum Target: Sendable, Equatable {
        /// A highlight of the selected text, made with the note when it is saved.
        case selection(TextSelection)
        /// An annotation that exists, whose note changes; the list it was chosen in reopens.
        case annotation(Annotation, list: AnnotationList?)
    }

    /// The line typed so far.
    public internal(set) var editor: LineEditor
    /// What the note is for.
    public let target: Target
}

extension ReaderState {
    /// The longest note the prompt takes, in Characters.
    static let maximumNoteLength = 4000

    /// Opens the note prompt for `target`, holding the annotation's note when it has one.
    mutating func openNotePrompt(for target: NotePrompt.Target) {
        var editor = LineEditor(maximumLength: Self.maximumNoteLength)
        if case .annotation(let annotation, _) = target {
            editor.insert(annotation.note)
        }
        mode = .notePrompt(NotePrompt(editor: editor, target: target))
    }

    /// Keys in the note prompt: printable characters type the note, the prompt's table gives
    /// the rest.
    mutating func handleNotePromptKey(_ key: Key, prompt: NotePrompt) -> [ReaderEffect] {
        var prompt = prompt
        let command = keys.notePrompt.command(for: key)
        if case .character(let scalar) = key, command == nil {
            prompt.editor.insert(String(Character(scalar)))
            mode = .notePrompt(prompt)
            return []
        }
        switch command {
        case .shared(let edit):
            prompt.editor.perform(edit, history: [])
        case .own(.deleteBackward):
            _ = prompt.editor.deleteBackward()
        case .own(.cancel):
            closeNotePrompt(prompt)
            return []
        case .own(.accept):
            return saveNote(prompt)
        case nil:
            break
        }
        mode = .notePrompt(prompt)
        return []
    }

    /// The prompt closes: back to the list it came from, or to reading.
    private mutating func closeNotePrompt(_ prompt: NotePrompt) {
        if case .annotation(_, let list?) = prompt.target {
            mode = .annotationList(list)
        } else {
            mode = .reading
        }
    }

    private mutating func saveNote(_ prompt: NotePrompt) -> [ReaderEffect] {
        let note = PastedText.line(prompt.editor.text).trimmingSpaces
        closeNotePrompt(prompt)
        switch prompt.target {
        case .selection(let selection):
            return highlight(selection, colour: preferences.highlightColour, note: note)
        case .annotation(let annotation, let list):
            guard note != annotation.note else { return [] }
            if var list {
                list.changeNote(of: annotation.id, to: note)
                mode = .annotationList(list)
            }
            return change(
                .setNote(annotation.id, page: annotation.page, note: note, modified: nil),
                undoneBy: .setNote(annotation.id, page: annotation.page, note: annotation.note, modified: nil),
                notice: note.isEmpty ? .noteRemoved(page: annotation.page) : .noteSaved(page: annotation.page))
        }
    }

    /// The note prompt, while it is open.
    public var notePrompt: NotePrompt? {
        if case .notePrompt(let prompt) = mode { prompt } else { nil }
    }
}
