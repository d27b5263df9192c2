/// The key table: the single source for key dispatch and for the help screen.
///
/// Digits are deliberately absent: they type a count prefix, which ``ReaderState`` keeps as
/// state (less's `A_DIGIT`), so a table entry for a digit would never be reached.
public struct Keymap: Sendable {
    /// The bindings, in the order the help screen lists them.
    public let bindings: [KeyBinding]
    private let commandsByKey: [Key: ReaderCommand]

    /// Creates a key table. When a key appears in more than one binding, the first one wins.
    public init(bindings: [KeyBinding]) {
        self.bindings = bindings
        var commandsByKey: [Key: ReaderCommand] = [:]
        for binding in bindings {
            for key in binding.keys where commandsByKey[key] == nil {
                commandsByKey[key] = binding.command
            }
        }
        self.commandsByKey = commandsByKey
    }

    /// The command bound to `key`, or nil when the key is unbound.
    public func command(for key: Key) -> ReaderCommand? {
        commandsByKey[key]
    }

    /// One help line per binding, in table order.
    public var helpEntries: [HelpEntry] {
        bindings.map { binding in
            HelpEntry(keys: binding.keys.map(\.displayName).joined(separator: ", "), summary: binding.summary)
        }
    }

    /// Folio's default keys, modelled on less and vi.
    public static let standard = Keymap(bindings: [
        KeyBinding(keys: [.right, .character("l")], command: .nextPage, summary: "Next page"),
        KeyBinding(keys: [.left, .character("h")], command: .previousPage, summary: "Previous page"),
        KeyBinding(keys: [.down, .character("j")], command: .scrollLineDown, summary: "Down a line"),
        KeyBinding(keys: [.up, .character("k")], command: .scrollLineUp, summary: "Up a line"),
        KeyBinding(keys: [.character(" "), .pageDown], command: .scrollScreenDown, summary: "Down a screen"),
        KeyBinding(keys: [.character("b"), .pageUp], command: .scrollScreenUp, summary: "Up a screen"),
        KeyBinding(keys: [.control("d")], command: .scrollHalfDown, summary: "Down half a screen"),
        KeyBinding(keys: [.control("u")], command: .scrollHalfUp, summary: "Up half a screen"),
        KeyBinding(keys: [.home], command: .firstPage, summary: "First page"),
        KeyBinding(keys: [.end], command: .lastPage, summary: "Last page"),
        KeyBinding(keys: [.character("g")], command: .goToPagePrompt, summary: "Go to page; gg: first"),
        KeyBinding(keys: [.character("G")], command: .goToCountOrLast, summary: "Page N (NG) or last"),
        KeyBinding(keys: [.character("w")], command: .toggleWrap, summary: "Toggle wrap-around"),
        KeyBinding(keys: [.character("L")], command: .toggleLayout, summary: "Reflow / page layout"),
        KeyBinding(keys: [.character("<")], command: .scrollLeft, summary: "Scroll left (layout)"),
        KeyBinding(keys: [.character(">")], command: .scrollRight, summary: "Scroll right (layout)"),
        KeyBinding(keys: [.character("/")], command: .searchForward, summary: "Search forward"),
        KeyBinding(keys: [.control("r")], command: .searchBackward, summary: "Search backward"),
        KeyBinding(keys: [.character("n")], command: .nextMatch, summary: "Next match"),
        KeyBinding(keys: [.character("N")], command: .previousMatch, summary: "Previous match"),
        KeyBinding(keys: [.character("o")], command: .showOutline, summary: "Outline (contents)"),
        KeyBinding(keys: [.character("f")], command: .showLinks, summary: "Links on this page"),
        KeyBinding(keys: [.backspace, .control("o")], command: .historyBack, summary: "Back (jump history)"),
        KeyBinding(keys: [.control("n")], command: .historyForward, summary: "Forward (jump history)"),
        KeyBinding(keys: [.tab], command: .toggleView, summary: "Text / page image"),
        KeyBinding(keys: [.character("z")], command: .cycleImageFit, summary: "Fit width / page (image)"),
        KeyBinding(keys: [.character("+"), .character("=")], command: .zoomIn, summary: "Zoom in (image)"),
        KeyBinding(keys: [.character("-")], command: .zoomOut, summary: "Zoom out (image)"),
        KeyBinding(keys: [.character("i")], command: .invertImages, summary: "Invert image colours"),
        KeyBinding(keys: [.character("y")], command: .copyPage, summary: "Copy page text"),
        KeyBinding(keys: [.character("Y")], command: .copyDocument, summary: "Copy all text"),
        KeyBinding(keys: [.character("V")], command: .selectLines, summary: "Select lines to copy"),
        KeyBinding(keys: [.character("F")], command: .openBrowser, summary: "File browser"),
        KeyBinding(keys: [.character("?")], command: .help, summary: "This help"),
        KeyBinding(keys: [.control("l")], command: .redraw, summary: "Redraw the screen"),
        KeyBinding(keys: [.character("q")], command: .quit, summary: "Quit"),
    ])
}
