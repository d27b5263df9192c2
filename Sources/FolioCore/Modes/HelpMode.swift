/// The help screen (`?`): the keys that scroll a page scroll a tall help screen; any other key,
/// or a click, closes it.
extension ReaderState {
    /// Opens the help screen at its first line.
    mutating func openHelp() {
        mode = .help(top: 0)
    }

    mutating func handleHelpKey(_ key: Key) -> [ReaderEffect] {
        guard let move = pagingMove(for: key, lineCount: HelpScreen.helpLines(for: self).count) else {
            mode = .reading
            return []
        }
        scrollHelp(move)
        return []
    }

    mutating func handleMouseInHelp(_ event: MouseEvent) -> [ReaderEffect] {
        guard let move = Self.pagingMove(for: event) else {
            mode = .reading
            return []
        }
        scrollHelp(move)
        return []
    }

    /// How a key moves a screen of `lineCount` lines drawn over the page (help, the messages):
    /// the keys that scroll a page scroll it; nil for any other key, and for every key when the
    /// screen fits (it closes).
    func pagingMove(for key: Key, lineCount: Int) -> HelpPaging.Move? {
        guard lineCount > textRows else { return nil }
        switch keymap.command(for: key) {
        case .scrollLineDown: return .lines(1)
        case .scrollLineUp: return .lines(-1)
        case .scrollScreenDown, .scrollHalfDown: return .screens(1)
        case .scrollScreenUp, .scrollHalfUp: return .screens(-1)
        default: return nil
        }
    }

    /// How the mouse moves such a screen: the wheel scrolls it, a sideways turn not at all;
    /// nil for a click (it closes).
    static func pagingMove(for event: MouseEvent) -> HelpPaging.Move? {
        switch event.action {
        case .wheelDown: .lines(wheelLines)
        case .wheelUp: .lines(-wheelLines)
        case .wheelLeft, .wheelRight: .lines(0)
        case .click, .otherButton: nil
        }
    }

    mutating func scrollHelp(_ move: HelpPaging.Move) {
        guard case .help(let top) = mode else { return }
        let count = HelpScreen.helpLines(for: self).count
        mode = .help(top: HelpPaging.top(after: move, from: top, count: count, rows: textRows))
    }
}
