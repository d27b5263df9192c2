/// Editing a line of text in a prompt, readline style: the commands, and the keys, that the
/// search and go-to prompts share.
public enum LineEditCommand: String, KeyCommand {
    /// Move the cursor a character left.
    case cursorLeft = "cursor-left"
    /// Move the cursor a character right.
    case cursorRight = "cursor-right"
    /// Move the cursor to the start of the line.
    case lineStart = "line-start"
    /// Move the cursor to the end of the line.
    case lineEnd = "line-end"
    /// Delete the character under the cursor.
    case deleteForward = "delete-forward"
    /// Delete everything before the cursor.
    case deleteToStart = "delete-to-start"
    /// Delete the word before the cursor.
    case deleteWordBackward = "delete-word-backward"
    /// Replace the line with the previous (older) line of the prompt's history.
    case historyPrevious = "history-previous"
    /// Replace the line with the next (newer) line of the prompt's history.
    case historyNext = "history-next"

    /// The editing keys every prompt shares, as bindings of a prompt's own command (`command`
    /// wraps an editing command in it).
    static func bindings<Command>(_ command: (LineEditCommand) -> Command) -> [KeyBinding<Command>] {
        [
            KeyBinding(keys: [.left, .control("b")], command: command(.cursorLeft), summary: "Cursor left"),
            KeyBinding(keys: [.right, .control("f")], command: command(.cursorRight), summary: "Cursor right"),
            KeyBinding(keys: [.home, .control("a")], command: command(.lineStart), summary: "Start of the line"),
            KeyBinding(keys: [.end, .control("e")], command: command(.lineEnd), summary: "End of the line"),
            KeyBinding(
                keys: [.delete, .control("d")], command: command(.deleteForward),
                summary: "Delete the character under the cursor"),
            KeyBinding(keys: [.control("u")], command: command(.deleteToStart), summary: "Delete to the start"),
            KeyBinding(keys: [.control("w")], command: command(.deleteWordBackward), summary: "Delete a word"),
            KeyBinding(
                keys: [.up, .control("p")], command: command(.historyPrevious), summary: "Previous in history"),
            KeyBinding(keys: [.down, .control("n")], command: command(.historyNext), summary: "Next in history"),
        ]
    }
}

/// A line being typed into a prompt: its text, the cursor, and where the prompt's history is
/// being browsed. Pure and small, so every prompt (and pasted text) edits the same way.
public struct LineEditor: Sendable, Equatable {
    /// The line, as characters.
    public private(set) var characters: [Character]
    /// The cursor: the number of characters before it.
    public private(set) var cursor: Int
    /// The most characters the line holds; more typed or pasted are dropped.
    public let maximumLength: Int
    /// The entry of the history shown (an index into it), or nil while editing a new line.
    private var historyIndex: Int?
    /// The new line put aside while the history is browsed.
    private var draft: [Character] = []

    /// An editor holding `text`, the cursor at its end.
    public init(text: String = "", maximumLength: Int = 1000) {
        self.maximumLength = maximumLength
        characters = Array(text.prefix(maximumLength))
        cursor = characters.count
    }

    /// The line typed.
    public var text: String { String(characters) }

    /// The line up to the cursor, for placing the cursor on screen.
    public var textBeforeCursor: String { String(characters[..<cursor]) }

    /// The line from the cursor on.
    public var textAfterCursor: String { String(characters[cursor...]) }

    /// Whether nothing is typed.
    public var isEmpty: Bool { characters.isEmpty }

    /// Inserts `text` at the cursor (a typed character, or pasted text), leaving out control
    /// characters (a pasted line end, an escape) and whatever goes past ``maximumLength``.
    public mutating func insert(_ text: String) {
        let room = maximumLength - characters.count
        let accepted = text.filter { character in
            !character.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
        }.prefix(max(room, 0))
        characters.insert(contentsOf: accepted, at: cursor)
        cursor += accepted.count
        historyIndex = nil
    }

    /// Deletes the character before the cursor; false when there was none.
    @discardableResult
    public mutating func deleteBackward() -> Bool {
        guard cursor > 0 else { return false }
        characters.remove(at: cursor - 1)
        cursor -= 1
        return true
    }

    /// Carries out `command`; `history` (oldest first) is what Up and Down browse.
    public mutating func perform(_ command: LineEditCommand, history: [String]) {
        switch command {
        case .cursorLeft: cursor = max(cursor - 1, 0)
        case .cursorRight: cursor = min(cursor + 1, characters.count)
        case .lineStart: cursor = 0
        case .lineEnd: cursor = characters.count
        case .deleteForward:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .deleteToStart:
            characters.removeSubrange(..<cursor)
            cursor = 0
        case .deleteWordBackward:
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .historyPrevious:
            let index = (historyIndex ?? history.count) - 1
            guard index >= 0, index < history.count else { return }
            if historyIndex == nil { draft = characters }
            show(Array(history[index]), historyIndex: index)
        case .historyNext:
            guard let current = historyIndex else { return }
            if current + 1 < history.count {
                show(Array(history[current + 1]), historyIndex: current + 1)
            } else {
                show(draft, historyIndex: nil)
            }
        }
    }

    private mutating func show(_ line: [Character], historyIndex: Int?) {
        characters = Array(line.prefix(maximumLength))
        cursor = characters.count
        self.historyIndex = historyIndex
    }
}

/// The lines accepted in a prompt, oldest first, without repeats: a line used again moves to
/// the end.
public struct PromptHistory: Sendable, Equatable {
    /// How many lines are kept.
    public static let limit = 200

    /// The lines, oldest first.
    public private(set) var entries: [String]

    /// A history holding `entries` (oldest first), the newest ``limit`` of them.
    public init(_ entries: [String] = []) {
        var unique: [String] = []
        for entry in entries where !entry.isEmpty {
            unique.removeAll { $0 == entry }
            unique.append(entry)
        }
        self.entries = Array(unique.suffix(Self.limit))
    }

    /// Adds `line` as the newest entry.
    public mutating func record(_ line: String) {
        guard !line.isEmpty else { return }
        entries.removeAll { $0 == line }
        entries.append(line)
        if entries.count > Self.limit {
            entries.removeFirst(entries.count - Self.limit)
        }
    }
}
