/// A key table: the single source for key dispatch, the help screen and key hints. The reader
/// and the file browser each have one (``ReaderKeymap``, ``BrowserKeymap``).
public struct Keymap<Command: Sendable>: Sendable {
    /// The bindings, in the order the help screen lists them.
    public let bindings: [KeyBinding<Command>]
    private let commandsByKey: [Key: Command]

    /// Creates a key table. When a key appears in more than one binding, the first one wins.
    public init(bindings: [KeyBinding<Command>]) {
        self.bindings = bindings
        var commandsByKey: [Key: Command] = [:]
        for binding in bindings {
            for key in binding.keys where commandsByKey[key] == nil {
                commandsByKey[key] = binding.command
            }
        }
        self.commandsByKey = commandsByKey
    }

    /// The command bound to `key`, or nil when the key is unbound.
    public func command(for key: Key) -> Command? {
        commandsByKey[key]
    }

    /// One help line per binding, in table order.
    public var helpEntries: [HelpEntry] {
        bindings.map { binding in
            HelpEntry(keys: binding.keys.map(\.displayName).joined(separator: ", "), summary: binding.summary)
        }
    }

    /// The help entries as text, the summaries lined up after the widest key names.
    var alignedHelpLines: [String] {
        let entries = helpEntries
        let keysWidth = entries.map { DisplayWidth.of($0.keys) }.max() ?? 0
        return entries.map { entry in
            entry.keys + String(repeating: " ", count: keysWidth - DisplayWidth.of(entry.keys)) + "  " + entry.summary
        }
    }

    /// The key hints for a bottom row, in table order: each hinted binding's first key and hint.
    public var hints: [String] {
        bindings.compactMap { binding in
            guard let hint = binding.hint, let key = binding.keys.first else {
                return nil
            }
            return key.displayName + " " + hint
        }
    }
}

/// The reader's key table.
///
/// Digits are deliberately absent: they type a count prefix, which ``ReaderState`` keeps as
/// state (less's `A_DIGIT`), so a table entry for a digit would never be reached.
public typealias ReaderKeymap = Keymap<ReaderCommand>

extension Keymap where Command == ReaderCommand {
    /// Folio's default keys, modelled on less and vi.
    public static var standard: ReaderKeymap {
        ReaderKeymap(bindings: [
            ReaderKeyBinding(keys: [.right, .character("l")], command: .nextPage, summary: "Next page"),
            ReaderKeyBinding(keys: [.left, .character("h")], command: .previousPage, summary: "Previous page"),
            ReaderKeyBinding(keys: [.down, .character("j")], command: .scrollLineDown, summary: "Down a line"),
            ReaderKeyBinding(keys: [.up, .character("k")], command: .scrollLineUp, summary: "Up a line"),
            ReaderKeyBinding(keys: [.character(" "), .pageDown], command: .scrollScreenDown, summary: "Down a screen"),
            ReaderKeyBinding(keys: [.character("b"), .pageUp], command: .scrollScreenUp, summary: "Up a screen"),
            ReaderKeyBinding(keys: [.control("d")], command: .scrollHalfDown, summary: "Down half a screen"),
            ReaderKeyBinding(keys: [.control("u")], command: .scrollHalfUp, summary: "Up half a screen"),
            ReaderKeyBinding(keys: [.home], command: .firstPage, summary: "First page"),
            ReaderKeyBinding(keys: [.end], command: .lastPage, summary: "Last page"),
            ReaderKeyBinding(keys: [.character("g")], command: .goToPagePrompt, summary: "Go to page; gg: first"),
            ReaderKeyBinding(keys: [.character("G")], command: .goToCountOrLast, summary: "Page N (NG) or last"),
            ReaderKeyBinding(keys: [.character("w")], command: .toggleWrap, summary: "Toggle wrap-around"),
            ReaderKeyBinding(keys: [.character("L")], command: .toggleLayout, summary: "Reflow / page layout"),
            ReaderKeyBinding(keys: [.character("<")], command: .scrollLeft, summary: "Scroll left (layout)"),
            ReaderKeyBinding(keys: [.character(">")], command: .scrollRight, summary: "Scroll right (layout)"),
            ReaderKeyBinding(keys: [.character("/")], command: .searchForward, summary: "Search forward"),
            ReaderKeyBinding(keys: [.control("r")], command: .searchBackward, summary: "Search backward"),
            ReaderKeyBinding(keys: [.character("n")], command: .nextMatch, summary: "Next match"),
            ReaderKeyBinding(keys: [.character("N")], command: .previousMatch, summary: "Previous match"),
            ReaderKeyBinding(keys: [.character("o")], command: .showOutline, summary: "Outline (contents)"),
            ReaderKeyBinding(keys: [.character("f")], command: .showLinks, summary: "Links on this page"),
            ReaderKeyBinding(keys: [.backspace, .control("o")], command: .historyBack, summary: "Back (jump history)"),
            ReaderKeyBinding(keys: [.control("n")], command: .historyForward, summary: "Forward (jump history)"),
            ReaderKeyBinding(keys: [.tab], command: .toggleView, summary: "Text / page image"),
            ReaderKeyBinding(keys: [.character("z")], command: .cycleImageFit, summary: "Fit width / page (image)"),
            ReaderKeyBinding(keys: [.character("+"), .character("=")], command: .zoomIn, summary: "Zoom in (image)"),
            ReaderKeyBinding(keys: [.character("-")], command: .zoomOut, summary: "Zoom out (image)"),
            ReaderKeyBinding(keys: [.character("i")], command: .invertImages, summary: "Invert image colours"),
            ReaderKeyBinding(keys: [.character("y")], command: .copyPage, summary: "Copy page text"),
            ReaderKeyBinding(keys: [.character("Y")], command: .copyDocument, summary: "Copy all text"),
            ReaderKeyBinding(keys: [.character("V")], command: .selectLines, summary: "Select lines to copy"),
            ReaderKeyBinding(keys: [.character("F")], command: .openBrowser, summary: "File browser"),
            ReaderKeyBinding(keys: [.character("?")], command: .help, summary: "This help"),
            ReaderKeyBinding(keys: [.control("l")], command: .redraw, summary: "Redraw the screen"),
            ReaderKeyBinding(keys: [.character("q")], command: .quit, summary: "Quit"),
        ])
    }
}
