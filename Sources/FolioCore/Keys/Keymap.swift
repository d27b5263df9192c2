/// A key table: the single source for key dispatch, the help screen, key hints and the key
/// reference in the documentation. Each ``KeyMode`` has one, of its own command type
/// (``ReaderKeymap``, ``OutlineKeymap``, ``BrowserKeymap``, …).
public struct Keymap<Command: KeyCommand>: Sendable {
    /// The bindings, in the order the help screen lists them.
    public let bindings: [KeyBinding<Command>]
    private let commandsByKey: [Key: Command]
    private let commandsBySequence: [[Key]: Command]
    /// Every proper prefix of a sequence binding: typed so far, they wait for the next key.
    private let sequencePrefixes: Set<[Key]>

    /// Creates a key table. When a key appears in more than one binding, the first one wins.
    public init(bindings: [KeyBinding<Command>]) {
        self.bindings = bindings
        var commandsByKey: [Key: Command] = [:]
        var commandsBySequence: [[Key]: Command] = [:]
        var sequencePrefixes: Set<[Key]> = []
        for binding in bindings {
            for key in binding.keys where commandsByKey[key] == nil {
                commandsByKey[key] = binding.command
            }
            for sequence in binding.sequences where commandsBySequence[sequence] == nil {
                commandsBySequence[sequence] = binding.command
                for length in 1..<sequence.count {
                    sequencePrefixes.insert(Array(sequence.prefix(length)))
                }
            }
        }
        self.commandsByKey = commandsByKey
        self.commandsBySequence = commandsBySequence
        self.sequencePrefixes = sequencePrefixes
    }

    /// The command bound to `key`, or nil when the key is unbound.
    public func command(for key: Key) -> Command? {
        commandsByKey[key]
    }

    /// What the keys typed so far mean: a command, the start of a longer sequence (wait for
    /// the next key), or nothing. A sequence that starts with a key bound on its own takes
    /// precedence: the single key's command runs only when the next key completes no sequence.
    public func lookUp(_ typed: [Key]) -> KeyLookup<Command> {
        if sequencePrefixes.contains(typed) {
            return .pending
        }
        if typed.count == 1, let command = commandsByKey[typed[0]] {
            return .command(command)
        }
        return commandsBySequence[typed].map { .command($0) } ?? .unbound
    }

    /// This table with `sequence` (one key or several) running `command`, taken away from any
    /// other binding it was part of and listed first among `command`'s keys.
    public func binding(_ sequence: [Key], to command: Command) -> Self {
        var rows = unbinding(sequence)?.bindings ?? bindings
        if let index = rows.firstIndex(where: { $0.command == command }) {
            rows[index] = rows[index].typed(as: [sequence] + rows[index].allSequences)
        } else {
            rows.append(KeyBinding(keys: [], command: command, summary: command.name).typed(as: [sequence]))
        }
        return Keymap(bindings: rows)
    }

    /// This table without `sequence`; nil when nothing here is bound to it. The command keeps
    /// its row (the help screen lists it with no key).
    public func unbinding(_ sequence: [Key]) -> Self? {
        guard bindings.contains(where: { $0.allSequences.contains(sequence) }) else { return nil }
        return Keymap(bindings: bindings.map { $0.typed(as: $0.allSequences.filter { $0 != sequence }) })
    }

    /// The table with every key taken away, each command keeping its row: the start of a
    /// configuration that binds everything itself.
    public func unbindingAll() -> Self {
        Keymap(bindings: bindings.map { $0.typed(as: []) })
    }

    /// The first key bound to `command`, or nil when none is.
    public func firstKey(for command: Command) -> Key? {
        bindings.lazy.filter { $0.command == command }.flatMap(\.keys).first { self.command(for: $0) == command }
    }

    /// The name of the first key bound to `command`, for messages that name a key ("w wraps
    /// around"); the command's own name when no key is bound to it.
    public func keyName(for command: Command) -> String {
        if let key = firstKey(for: command) {
            return key.displayName
        }
        let sequence = bindings.lazy.filter { $0.command == command }.flatMap(\.sequences).first {
            self.lookUp($0) == .command(command)
        }
        return sequence.map { $0.map(\.displayName).joined() } ?? command.name
    }

    /// What the status line says of `key` when this table binds nothing to it: "x is not a key
    /// here (? for help)", naming the key that runs `help`.
    public func unboundMessage(for key: Key, help: Command) -> String {
        unboundMessage(for: [key], help: help)
    }

    /// What the status line says of a sequence of keys that this table binds nothing to.
    public func unboundMessage(for keys: [Key], help: Command) -> String {
        let name = TerminalSafeText.sanitized(keys.map(\.displayName).joined())
        guard let helpKey = firstKey(for: help) else { return "\(name) is not a key here" }
        return "\(name) is not a key here (\(helpKey.displayName) for help)"
    }

    /// One help line per binding, in table order.
    public var helpEntries: [HelpEntry] {
        bindings.map { binding in
            HelpEntry(keys: Self.displayNames(of: binding), summary: binding.summary)
        }
    }

    /// How help names `binding`'s keys: "Right, l", "gg"; "(no key)" when none is bound.
    static func displayNames(of binding: KeyBinding<Command>) -> String {
        let names = binding.allSequences.map { $0.map(\.displayName).joined() }
        return names.isEmpty ? "(no key)" : names.joined(separator: ", ")
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

/// What keys typed so far mean in a key table (``Keymap/lookUp(_:)``).
public enum KeyLookup<Command: KeyCommand>: Sendable, Equatable {
    /// The keys run this command.
    case command(Command)
    /// The keys start a longer sequence: wait for the next one.
    case pending
    /// Nothing is bound to the keys.
    case unbound
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
            ReaderKeyBinding(
                keys: [.down, .character("j")], command: .scrollLineDown, summary: "Down a line",
                details: "at the bottom of a page, on to the next; in the image view, by cell rows"),
            ReaderKeyBinding(keys: [.up, .character("k")], command: .scrollLineUp, summary: "Up a line"),
            ReaderKeyBinding(
                keys: [.character(" "), .pageDown], command: .scrollScreenDown, summary: "Down a screen",
                details:
                    "keeping two lines of context (scroll-overlap); the last screen of a page shows only the lines not yet read, then on to the next page"
            ),
            ReaderKeyBinding(
                keys: [.character("b"), .pageUp], command: .scrollScreenUp, summary: "Up a screen",
                details:
                    "keeping two lines of context (scroll-overlap); at the top of a page, back to the bottom of the previous one"
            ),
            ReaderKeyBinding(keys: [.control("d")], command: .scrollHalfDown, summary: "Down half a screen"),
            ReaderKeyBinding(keys: [.control("u")], command: .scrollHalfUp, summary: "Up half a screen"),
            ReaderKeyBinding(keys: [.home], command: .firstPage, summary: "First page"),
            ReaderKeyBinding(keys: [.end], command: .lastPage, summary: "Last page"),
            ReaderKeyBinding(
                keys: [.character("g")], command: .goToPagePrompt, summary: "Go to page; gg: first",
                details: "opens the go-to prompt (below); after a count, goes to that page"),
            ReaderKeyBinding(
                keys: [.character("G")], command: .goToCountOrLast, summary: "Page N (NG) or last",
                details: "`12G` goes to page 12, `G` alone to the last page"),
            ReaderKeyBinding(
                keys: [.character("w")], command: .toggleWrap, summary: "Toggle wrap-around",
                details:
                    "Right on the last page goes to page 1, Left on page 1 to the last; counts and jumps wrap too. Off (bounded), the reader stops at the ends and says `Last page`"
            ),
            ReaderKeyBinding(
                keys: [.character("L")], command: .toggleLayout, summary: "Reflow / page layout",
                details:
                    "reflowed text (paragraphs re-wrapped to the terminal, hyphenated line ends joined) or the page's physical layout (columns side by side)"
            ),
            ReaderKeyBinding(
                keys: [.character("<")], command: .scrollLeft, summary: "Scroll left (layout)",
                details: "also a page image wider than the screen"),
            ReaderKeyBinding(keys: [.character(">")], command: .scrollRight, summary: "Scroll right (layout)"),
            ReaderKeyBinding(
                keys: [.character("/")], command: .searchForward, summary: "Search forward",
                details:
                    "opens the search prompt (below); smart case: case matters only when the pattern has a capital; `re:` starts a regular expression. Matches are highlighted (the current one set apart) in the text, and marked in yellow on page images"
            ),
            ReaderKeyBinding(keys: [.control("r")], command: .searchBackward, summary: "Search backward"),
            ReaderKeyBinding(
                keys: [.character("n")], command: .nextMatch, summary: "Next match",
                details: "across pages; at the ends of the document the search stops, or wraps when `w` is on"),
            ReaderKeyBinding(keys: [.character("N")], command: .previousMatch, summary: "Previous match"),
            ReaderKeyBinding(
                keys: [.character("o")], command: .showOutline, summary: "Outline (contents)",
                details: "a list over the page (below), filtered as you type; the current section is marked `●`"),
            ReaderKeyBinding(
                keys: [.character("f")], command: .showLinks, summary: "Links on this page",
                details:
                    "hint letters on the links on screen, typed to follow one; Enter lists every link of the page (below)"
            ),
            ReaderKeyBinding(
                keys: [.character("m")], command: .setMark, summary: "Set a mark",
                details: "`m` and a letter: `a`–`z` in this document, `A`–`Z` in any; kept across runs"),
            ReaderKeyBinding(
                keys: [.character("'")], command: .jumpToMark, summary: "Go to a mark",
                details:
                    "`'` and its letter (another document's for `A`–`Z`); `''` back to where the last jump started, `'?` lists the marks"
            ),
            ReaderKeyBinding(
                keys: [.backspace, .control("o")], command: .historyBack, summary: "Back (jump history)",
                details: "every `g`, `G`, Home/End, outline, link and search jump is recorded"),
            ReaderKeyBinding(
                keys: [.control("n")], command: .historyForward, summary: "Forward (jump history)",
                details: "not Ctrl-I as in vim: terminals send Ctrl-I as Tab, which switches to the image view"),
            ReaderKeyBinding(
                keys: [.tab], command: .toggleView, summary: "Text / page image",
                details: "keeping your place; the status line shows `image`"),
            ReaderKeyBinding(
                keys: [.character("z")], command: .cycleImageFit, summary: "Fit width / page (image)",
                details: "fit the width (the default) or the whole page"),
            ReaderKeyBinding(keys: [.character("+"), .character("=")], command: .zoomIn, summary: "Zoom in (image)"),
            ReaderKeyBinding(keys: [.character("-")], command: .zoomOut, summary: "Zoom out (image)"),
            ReaderKeyBinding(
                keys: [.character("i")], command: .invertImages, summary: "Invert image colours",
                details: "for dark terminals"),
            ReaderKeyBinding(keys: [.character("y")], command: .copyPage, summary: "Copy page text"),
            ReaderKeyBinding(
                keys: [.character("Y")], command: .copyDocument, summary: "Copy all text",
                details: "with progress on the status line"),
            ReaderKeyBinding(
                keys: [.character("V")], command: .selectLines, summary: "Select lines to copy",
                details: "see line selection below"),
            ReaderKeyBinding(
                keys: [.character("F")], command: .openBrowser, summary: "File browser",
                details: "in the document's folder"),
            ReaderKeyBinding(
                keys: [.escape], command: .stopSearch, summary: "Stop a running search",
                details: "its progress shows as `Searching 340/1000`; also forgets a count typed so far"),
            ReaderKeyBinding(keys: [.character("?")], command: .help, summary: "This help"),
            ReaderKeyBinding(
                keys: [.character("M")], command: .showMessages, summary: "Messages of this session",
                details: "in full, the newest last"),
            ReaderKeyBinding(keys: [.control("l")], command: .redraw, summary: "Redraw the screen"),
            ReaderKeyBinding(
                keys: [.character("R")], command: .reload, summary: "Reload the document",
                details:
                    "keeping the page; Folio also reloads by itself when the file changes (an editor or LaTeX rewriting it), unless `set reload false`"
            ),
            ReaderKeyBinding(
                keys: [.character("q")], command: .quit, summary: "Quit",
                details: "the terminal is left exactly as it was, and the document reopens at this page next time"),
        ])
    }
}
