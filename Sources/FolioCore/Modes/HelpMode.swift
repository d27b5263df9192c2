/// The help screen (`?`): the keys that scroll a page scroll a tall help screen; any other key,
/// or a click, closes it.
extension ReaderState {
    /// Opens the help screen at its first line.
    mutating func openHelp() {
        mode = .help(top: 0)
    }

    mutating func handleHelpKey(_ key: Key) -> [ReaderEffect] {
        let move: HelpPaging.Move
        // A help screen that fits closes on any key.
        let scrolls = HelpScreen.helpLines(for: self).count > textRows
        switch scrolls ? keymap.command(for: key) : nil {
        case .scrollLineDown: move = .lines(1)
        case .scrollLineUp: move = .lines(-1)
        case .scrollScreenDown, .scrollHalfDown: move = .screens(1)
        case .scrollScreenUp, .scrollHalfUp: move = .screens(-1)
        default:
            mode = .reading
            return []
        }
        scrollHelp(move)
        return []
    }

    mutating func handleMouseInHelp(_ event: MouseEvent) -> [ReaderEffect] {
        switch event.action {
        case .wheelDown: scrollHelp(.lines(Self.wheelLines))
        case .wheelUp: scrollHelp(.lines(-Self.wheelLines))
        case .click, .otherButton: mode = .reading
        }
        return []
    }

    mutating func scrollHelp(_ move: HelpPaging.Move) {
        guard case .help(let top) = mode else { return }
        let count = HelpScreen.helpLines(for: self).count
        mode = .help(top: HelpPaging.top(after: move, from: top, count: count, rows: textRows))
    }
}
