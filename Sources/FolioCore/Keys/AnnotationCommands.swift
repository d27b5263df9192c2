/// What the text selection (`v`) does with a key: its cursor moves by character, word, line and
/// paragraph (extending or shrinking the selection), and the selection is copied, highlighted or
/// given a note. Digits are not commands: they type a count (`3w`; `2H` picks the second colour).
public enum TextSelectionCommand: String, KeyCommand {
    /// The cursor one character left.
    case left = "left"
    /// The cursor one character right.
    case right = "right"
    /// The cursor to the start of the next word.
    case wordForward = "word-forward"
    /// The cursor to the start of this word, or of the one before.
    case wordBackward = "word-backward"
    /// The cursor to the end of this word, or of the next.
    case wordEnd = "word-end"
    /// The cursor a line down (on to the next page at the bottom).
    case lineDown = "line-down"
    /// The cursor a line up (back to the previous page at the top).
    case lineUp = "line-up"
    /// The cursor to the first character of its line.
    case lineStart = "line-start"
    /// The cursor to the last character of its line.
    case lineEnd = "line-end"
    /// The cursor to the end of the paragraph, or of the next.
    case paragraphForward = "paragraph-forward"
    /// The cursor to the start of the paragraph, or of the one before.
    case paragraphBackward = "paragraph-backward"
    /// The cursor to the next match of a pattern typed into the search prompt.
    case searchForward = "search-forward"
    /// The cursor to the next match of the last search.
    case nextMatch = "next-match"
    /// The cursor to the previous match of the last search.
    case previousMatch = "previous-match"
    /// The cursor and the other end change places.
    case swapEnds = "swap-ends"
    /// Copy the selected text, ending the selection.
    case copy = "copy"
    /// Highlight the selected text (a count picks a preset colour), ending the selection.
    case highlight = "highlight"
    /// Highlight the selected text with a note typed into a prompt.
    case addNote = "add-note"
    /// Open the source of the cursor's character in the editor (SyncTeX inverse search).
    case inverseSearch = "inverse-search"
    /// End the selection.
    case cancel = "cancel"
}

/// The text selection's key table.
public typealias TextSelectionKeymap = Keymap<TextSelectionCommand>

extension Keymap where Command == TextSelectionCommand {
    /// The text selection's default keys, those of vim's visual mode.
    public static var standard: TextSelectionKeymap {
        TextSelectionKeymap(bindings: [
            KeyBinding(keys: [.character("h"), .left], command: .left, summary: "A character left"),
            KeyBinding(keys: [.character("l"), .right], command: .right, summary: "A character right"),
            KeyBinding(keys: [.character("w")], command: .wordForward, summary: "Next word's start"),
            KeyBinding(keys: [.character("b")], command: .wordBackward, summary: "Word's start, or the previous"),
            KeyBinding(keys: [.character("e")], command: .wordEnd, summary: "Word's end, or the next"),
            KeyBinding(
                keys: [.character("j"), .down], command: .lineDown, summary: "A line down",
                details: "on to the next page from its last line: a selection may run across pages"),
            KeyBinding(keys: [.character("k"), .up], command: .lineUp, summary: "A line up"),
            KeyBinding(keys: [.character("0"), .home], command: .lineStart, summary: "Line's start"),
            KeyBinding(keys: [.character("$"), .end], command: .lineEnd, summary: "Line's end"),
            KeyBinding(keys: [.character("}")], command: .paragraphForward, summary: "Paragraph's end"),
            KeyBinding(keys: [.character("{")], command: .paragraphBackward, summary: "Paragraph's start"),
            KeyBinding(
                keys: [.character("/")], command: .searchForward, summary: "To a match",
                details: "of the pattern typed into the search prompt, on the pages held"),
            KeyBinding(
                keys: [.character("n")], command: .nextMatch, summary: "To the next match",
                details: "of the last search, on the pages held"),
            KeyBinding(keys: [.character("N")], command: .previousMatch, summary: "To the previous match"),
            KeyBinding(keys: [.character("o")], command: .swapEnds, summary: "Swap the ends"),
            KeyBinding(
                keys: [.character("y"), .enter], command: .copy, summary: "Copy the text", hint: "copies"),
            KeyBinding(
                keys: [.character("H")], command: .highlight, summary: "Highlight",
                details:
                    "in `highlight-colour`; `1H`–`4H` in yellow, green, blue or pink. Saved in the PDF as a standard highlight (or in a sidecar), undone with `u`",
                hint: "highlights"),
            KeyBinding(
                keys: [.character("a")], command: .addNote, summary: "Highlight with a note",
                details: "typed into a one-line prompt", hint: "adds a note"),
            KeyBinding(
                keys: [.character("S")], command: .inverseSearch, summary: "Source in editor (SyncTeX)",
                details: "of the cursor's character, as `S` while reading"),
            KeyBinding(
                keys: [.escape, .character("v"), .character("q")], command: .cancel, summary: "Cancel",
                hint: "cancels"),
        ])
    }
}

/// What the annotation list (`A`) does with a key, beside moving the selection.
public enum AnnotationListAction: String, ModeActions {
    public typealias Shared = ListCommand
    /// Go to the selected annotation's line, closing the list.
    case jump = "jump"
    /// Delete the selected annotation.
    case delete = "delete"
    /// Edit the selected annotation's note in a prompt.
    case editNote = "edit-note"
    /// Start typing a filter.
    case filter = "filter"
    /// Close the list (clearing the filter first, when there is one).
    case close = "close"
}

/// Something the annotation list does with a key.
public typealias AnnotationListCommand = ModeCommand<AnnotationListAction>

/// The annotation list's key table.
public typealias AnnotationListKeymap = Keymap<AnnotationListCommand>

extension Keymap where Command == AnnotationListCommand {
    /// The annotation list's default keys.
    public static var standard: AnnotationListKeymap {
        AnnotationListKeymap(
            bindings: [
                KeyBinding(
                    keys: [.enter], command: .own(.jump), summary: "Go to the annotation", hint: "goes there"),
                KeyBinding(
                    keys: [.character("d"), .delete], command: .own(.delete), summary: "Delete it",
                    details: "`u` in the reader undoes it", hint: "deletes"),
                KeyBinding(keys: [.character("e")], command: .own(.editNote), summary: "Edit its note", hint: "edits"),
                KeyBinding(
                    keys: [.character("/")], command: .own(.filter), summary: "Filter",
                    details: "type words of the page, kind, colour, text or note; Enter or Esc ends the typing",
                    hint: "filters"),
                KeyBinding(
                    keys: [.escape, .character("q"), .character("A")], command: .own(.close), summary: "Close",
                    details: "or clear the filter first", hint: "closes"),
            ] + ListCommand.bindings(AnnotationListCommand.shared, item: "annotation"))
    }
}

/// What the note prompt does with a key, beside editing the line.
public enum NotePromptAction: String, ModeActions {
    public typealias Shared = LineEditCommand
    /// Delete the character before the cursor.
    case deleteBackward = "delete-backward"
    /// Close the prompt, changing nothing.
    case cancel = "cancel"
    /// Save the note.
    case accept = "accept"
}

/// Something the note prompt does with a key.
public typealias NotePromptCommand = ModeCommand<NotePromptAction>

/// The note prompt's key table.
public typealias NotePromptKeymap = Keymap<NotePromptCommand>

extension Keymap where Command == NotePromptCommand {
    /// The note prompt's default keys.
    public static var standard: NotePromptKeymap {
        NotePromptKeymap(
            bindings: [
                KeyBinding(
                    keys: [.enter], command: .own(.accept), summary: "Save the note",
                    details: "an empty note on an existing annotation takes its note away"),
                KeyBinding(keys: [.backspace], command: .own(.deleteBackward), summary: "Delete a character"),
                KeyBinding(keys: [.escape], command: .own(.cancel), summary: "Cancel"),
            ] + LineEditCommand.bindings(NotePromptCommand.shared))
    }
}
