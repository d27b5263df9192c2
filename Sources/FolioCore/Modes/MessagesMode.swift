/// The session's messages in full (`M`), over the page: every message the status line showed,
/// however long, wrapped to the screen, the newest last, then those still waiting their turn.
/// The keys that scroll a page scroll a long list; any other key, or a click, closes it.
extension ReaderState {
    /// The messages the list shows: those shown so far, then those waiting.
    public var sessionMessages: [Notice] { messages.shown + messages.waiting }

    /// Opens the list at its end, where the newest messages are.
    mutating func openMessages() {
        let count = MessagesScreen.lines(for: self).count
        mode = .messages(top: HelpPaging.top(after: .lines(count), from: 0, count: count, rows: textRows))
    }

    /// The first line of the list shown, when it is taller than the screen.
    public var messagesTop: Int? {
        if case .messages(let top) = mode { top } else { nil }
    }

    mutating func handleMessagesKey(_ key: Key) -> [ReaderEffect] {
        guard let move = pagingMove(for: key, lineCount: MessagesScreen.lines(for: self).count) else {
            mode = .reading
            return []
        }
        scrollMessages(move)
        return []
    }

    mutating func handleMouseInMessages(_ event: MouseEvent) -> [ReaderEffect] {
        guard let move = Self.pagingMove(for: event) else {
            mode = .reading
            return []
        }
        scrollMessages(move)
        return []
    }

    private mutating func scrollMessages(_ move: HelpPaging.Move) {
        guard case .messages(let top) = mode else { return }
        let count = MessagesScreen.lines(for: self).count
        mode = .messages(top: HelpPaging.top(after: move, from: top, count: count, rows: textRows))
    }
}
