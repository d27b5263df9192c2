/// The one-line prompt a note is typed into: for a new highlight of the selection (`a` in the
/// text selection), or to change an annotation's note (`e` in the annotation list).
public struct NotePrompt: Sendable, Equatable {
    /// What the note is for.
    public enum Target: Sendable, Equatable {
        /// The highlights of a selection (one per page), made with the note when it is saved:
        /// their quads were taken when the prompt opened, so a resize while typing changes
        /// nothing.
        case highlights([Annotation])
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
            // A note of several lines is edited as one (its line breaks become spaces).
            editor.insert(Self.editable(annotation.note))
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
        case .highlights(let highlights):
            return make(highlights, note: note)
        case .annotation(let annotation, let list):
            // Enter on the note as it was changes nothing, its line breaks included.
            guard note != Self.editable(annotation.note).trimmingSpaces else { return [] }
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

    /// `note` as the one-line prompt holds it: line breaks and tabs as spaces, no other
    /// control characters, at most ``maximumNoteLength`` Characters.
    static func editable(_ note: String) -> String {
        String(PastedText.line(note).prefix(maximumNoteLength))
    }

    /// The note prompt, while it is open.
    public var notePrompt: NotePrompt? {
        if case .notePrompt(let prompt) = mode { prompt } else { nil }
    }
}
