/// What the reader is doing, and the state that belongs to it: exactly one at a time.
///
/// Each case carries its own state and is handled in its own file (`GoToMode.swift` for
/// ``goTo(_:)``, …), so two prompts or lists open at once cannot be written. The switches
/// over the mode that route keys, the mouse and pasted text live here, in one place.
public enum ReaderMode: Sendable, Equatable {
    /// Reading the page: keys run ``ReaderCommand``s (ReadingMode.swift).
    case reading
    /// `m` or `'` was pressed: the next key is a mark's letter (MarkKeyMode.swift).
    case awaitingMark(MarkKey)
    /// The help screen covers the page, scrolled to its line `top` (HelpMode.swift).
    case help(top: Int)
    /// The go-to-page prompt, with the line typed so far (GoToMode.swift).
    case goTo(LineEditor)
    /// The search prompt (SearchPromptMode.swift).
    case searchPrompt(SearchPrompt)
    /// The outline drawn over the page (OutlineMode.swift).
    case outline(OutlineList)
    /// The numbered link list drawn over the page (LinkListMode.swift).
    case links(LinkList)
    /// Hint letters on the links on screen (LinkHintsMode.swift).
    case linkHints(LinkHints)
    /// Choosing lines of the current page to copy (SelectionMode.swift).
    case selection(LineSelection)
    /// Choosing text by character and word, to copy or annotate (TextSelectionMode.swift).
    case textSelection(TextSelection)
    /// The document's annotations listed over the page (AnnotationListMode.swift).
    case annotationList(AnnotationList)
    /// The prompt a note is typed into (NotePromptMode.swift).
    case notePrompt(NotePrompt)
    /// The session's messages in full over the page, scrolled to its line `top`
    /// (MessagesMode.swift).
    case messages(top: Int)

    /// The key table the mode's keys are looked up in.
    public var keyMode: KeyMode {
        switch self {
        case .reading, .awaitingMark, .help, .messages: .reader
        case .goTo: .goToPrompt
        case .searchPrompt: .searchPrompt
        case .outline: .outline
        case .links: .links
        case .linkHints: .linkHints
        case .selection: .selection
        case .textSelection: .textSelection
        case .annotationList: .annotations
        case .notePrompt: .notePrompt
        }
    }

    /// Whether the mode holds places in the laid-out text: a text selection, or a prompt
    /// opened from one.
    var holdsTextSelection: Bool {
        switch self {
        case .textSelection: true
        case .searchPrompt(let prompt): prompt.selection != nil
        default: false
        }
    }

    /// Whether the mode is a list or hints drawn over the page, or a selection of its lines:
    /// modes that belong to one version of the page and close when it changes under them.
    var belongsToPage: Bool {
        switch self {
        case .outline, .links, .linkHints, .selection, .textSelection, .annotationList: true
        case .reading, .awaitingMark, .help, .messages, .goTo, .searchPrompt, .notePrompt: false
        }
    }
}

/// What the next key does after `m` or `'`.
public enum MarkKey: Sendable, Equatable {
    /// `m`: the letter sets a mark here.
    case set
    /// `'`: the letter jumps to its mark.
    case jump
}

extension ReaderState {
    /// The mode the next key is taken in: an open prompt or list takes the keys until it
    /// closes.
    public var keyMode: KeyMode { mode.keyMode }

    /// Routes a key to the mode that takes it.
    mutating func handleKey(_ key: Key) -> [ReaderEffect] {
        message = nil
        switch mode {
        case .reading: return handleReadingKey(key)
        case .awaitingMark(let action): return handleMarkKey(key, for: action)
        case .help: return handleHelpKey(key)
        case .goTo(let editor): return handleGoToKey(key, editor: editor)
        case .searchPrompt(let prompt): return handleSearchPromptKey(key, prompt: prompt)
        case .outline(let list): return handleOutlineKey(key, list: list)
        case .links(let list): return handleLinkListKey(key, list: list)
        case .linkHints(let hints): return handleLinkHintKey(key, hints: hints)
        case .selection: return handleSelectionKey(key)
        case .textSelection(let selection): return handleTextSelectionKey(key, selection: selection)
        case .annotationList(let list): return handleAnnotationListKey(key, list: list)
        case .notePrompt(let prompt): return handleNotePromptKey(key, prompt: prompt)
        case .messages: return handleMessagesKey(key)
        }
    }

    /// Routes a mouse event to the mode that takes it.
    mutating func handleMouse(_ event: MouseEvent) -> [ReaderEffect] {
        message = nil
        input.keys = []
        input.count = nil
        switch mode {
        case .help: return handleMouseInHelp(event)
        case .messages: return handleMouseInMessages(event)
        case .outline, .links: return handleMouseInList(event)
        case .reading, .awaitingMark: return handleMouseOnPage(event)
        case .goTo, .searchPrompt, .linkHints, .selection, .textSelection, .annotationList, .notePrompt: return []
        }
    }

    /// Pasted text: typed into the search or go-to prompt as one line, at the cursor (the
    /// go-to prompt takes page labels, so letters too); anywhere else it is not run as keys.
    mutating func handlePaste(_ text: String) -> [ReaderEffect] {
        input.keys = []
        input.count = nil
        let line = PastedText.line(text)
        switch mode {
        case .searchPrompt(var prompt):
            prompt.editor.insert(line)
            mode = .searchPrompt(prompt)
        case .goTo(var editor):
            editor.insert(line)
            mode = .goTo(editor)
        case .notePrompt(var prompt):
            prompt.editor.insert(line)
            mode = .notePrompt(prompt)
        case .reading, .awaitingMark, .help, .messages, .outline, .links, .linkHints, .selection, .textSelection,
            .annotationList:
            message = .pasteNeedsPrompt
        }
        return []
    }

    /// Closes a list, hints or a selection drawn over the page (see
    /// ``ReaderMode/belongsToPage``); any other mode stays.
    mutating func closePageMode() {
        if mode.belongsToPage || mode.holdsTextSelection {
            mode = .reading
        }
    }

    /// Ends a text selection, and a prompt opened from one: after a relayout its places name
    /// other characters.
    mutating func dropTextSelection() {
        if mode.holdsTextSelection {
            mode = .reading
        }
    }

    /// Whether the help screen covers the page.
    public var showingHelp: Bool {
        if case .help = mode { true } else { false }
    }

    /// The first line of the help screen shown, when it is taller than the terminal.
    public var helpTop: Int {
        if case .help(let top) = mode { top } else { 0 }
    }

    /// The go-to-page prompt's line, while it is open.
    public var goToPrompt: LineEditor? {
        if case .goTo(let editor) = mode { editor } else { nil }
    }

    /// What is typed into the go-to-page prompt; nil when the prompt is closed.
    public var goToInput: String? { goToPrompt?.text }

    /// The search prompt, while it is open.
    public var searchPrompt: SearchPrompt? {
        if case .searchPrompt(let prompt) = mode { prompt } else { nil }
    }

    /// The outline or link list drawn over the page, or the link hints, if one is open.
    public var overlay: ReaderOverlay? {
        switch mode {
        case .outline(let list): .outline(list)
        case .links(let list): .links(list)
        case .linkHints(let hints): .linkHints(hints)
        case .annotationList(let list): .annotations(list)
        case .reading, .awaitingMark, .help, .messages, .goTo, .searchPrompt, .selection, .textSelection, .notePrompt:
            nil
        }
    }

    /// The lines chosen for copying with `V`, while choosing.
    public var selection: LineSelection? {
        if case .selection(let selection) = mode { selection } else { nil }
    }
}
