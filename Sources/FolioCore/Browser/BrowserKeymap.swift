/// The browser's key table. Keys typed into the filter prompt are text: the prompt handles them
/// itself, without the table (see ``BrowserState``).
public typealias BrowserKeymap = Keymap<BrowserCommand>

extension Keymap where Command == BrowserCommand {
    /// The browser's default keys, in the spirit of the reader's (vi and less) and of file
    /// managers such as nnn and ranger: Left goes up a folder, Right goes in.
    public static var standard: BrowserKeymap {
        BrowserKeymap(bindings: [
            BrowserKeyBinding(keys: [.up, .character("k")], command: .previousEntry, summary: "Previous entry"),
            BrowserKeyBinding(keys: [.down, .character("j")], command: .nextEntry, summary: "Next entry"),
            BrowserKeyBinding(keys: [.pageUp], command: .screenUp, summary: "Up a screen"),
            BrowserKeyBinding(keys: [.pageDown], command: .screenDown, summary: "Down a screen"),
            BrowserKeyBinding(keys: [.home, .character("g")], command: .firstEntry, summary: "First entry"),
            BrowserKeyBinding(keys: [.end, .character("G")], command: .lastEntry, summary: "Last entry"),
            BrowserKeyBinding(
                keys: [.enter, .right, .character("l")], command: .open, summary: "Open folder or document", hint: "open"),
            BrowserKeyBinding(keys: [.backspace, .left, .character("h")], command: .parent, summary: "Parent folder"),
            BrowserKeyBinding(
                keys: [.character("/")], command: .filter, summary: "Filter names (Enter keeps, Esc clears)",
                hint: "filter"),
            BrowserKeyBinding(keys: [.character(".")], command: .toggleHidden, summary: "Show or hide hidden entries"),
            BrowserKeyBinding(keys: [.character("?")], command: .help, summary: "This help", hint: "help"),
            BrowserKeyBinding(keys: [.control("l")], command: .redraw, summary: "Redraw the screen"),
            BrowserKeyBinding(keys: [.character("q")], command: .quit, summary: "Quit", hint: "quit"),
        ])
    }
}
