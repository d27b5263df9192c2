/// Draws the session's messages (``ReaderMode/messages(top:)``) over the text area: a heading,
/// then each message in full, wrapped at word boundaries, the newest last; scrolled as the help
/// screen is when it is taller than the screen.
enum MessagesScreen {
    static func draw(_ state: ReaderState, into frame: inout Frame) {
        let lines = HelpPaging.visible(
            lines(for: state), top: state.messagesTop ?? 0, rows: state.textRows,
            down: state.keyName(for: .scrollLineDown), up: state.keyName(for: .scrollLineUp))
        for (row, line) in lines.prefix(state.textRows).enumerated() {
            ReaderView.putText(line.text, style: line.style, row: row, of: state, into: &frame)
        }
    }

    static func lines(for state: ReaderState) -> [(text: String, style: CellStyle)] {
        let messages = state.sessionMessages
        guard !messages.isEmpty else {
            return [("Messages of this session", .bold), ("", .normal), ("No messages yet", .dim)]
        }
        var lines: [(text: String, style: CellStyle)] = [("Messages of this session, the newest last", .bold)]
        for message in messages {
            let words = TerminalSafeText.sanitized(NoticeText.words(for: message, keymap: state.keymap))
            lines.append(("", .normal))
            // A hanging indent after the dash sets each message apart.
            let wrapped = LineWrapper.wrap(words.unicodeScalars, width: max(state.textColumns - 2, 1))
            for (index, line) in wrapped.enumerated() {
                lines.append(((index == 0 ? "- " : "  ") + line.text, .normal))
            }
        }
        return lines
    }
}
