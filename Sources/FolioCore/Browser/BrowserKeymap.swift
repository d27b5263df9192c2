/// The browser's key table: the single source for key dispatch, the help screen and the key
/// hints on the bottom row.
///
/// Keys typed into the filter prompt are text: the prompt handles them itself, without the
/// table (see ``BrowserState``).
public struct BrowserKeymap: Sendable {
    /// The bindings, in the order the help screen lists them.
    public let bindings: [BrowserKeyBinding]
    private let commandsByKey: [Key: BrowserCommand]

    /// Creates a key table. When a key appears in more than one binding, the first one wins.
    public init(bindings: [BrowserKeyBinding]) {
        self.bindings = bindings
        var commandsByKey: [Key: BrowserCommand] = [:]
        for binding in bindings {
            for key in binding.keys where commandsByKey[key] == nil {
                commandsByKey[key] = binding.command
            }
        }
        self.commandsByKey = commandsByKey
    }

    /// The command bound to `key`, or nil when the key is unbound.
    public func command(for key: Key) -> BrowserCommand? {
        commandsByKey[key]
    }

    /// One help line per binding, in table order.
    public var helpEntries: [HelpEntry] {
        bindings.map { binding in
            HelpEntry(keys: binding.keys.map(\.displayName).joined(separator: ", "), summary: binding.summary)
        }
    }

    /// The key hints for the bottom row, in table order: each binding's first key and hint.
    public var hints: [String] {
        bindings.compactMap { binding in
            guard let hint = binding.hint, let key = binding.keys.first else {
                return nil
            }
            return key.displayName + " " + hint
        }
    }

    /// The browser's default keys, in the spirit of the reader's (vi and less) and of file
    /// managers such as nnn and ranger: Left goes up a folder, Right goes in.
    public static let standard = BrowserKeymap(bindings: [
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
