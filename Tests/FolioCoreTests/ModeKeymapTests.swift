import FolioCore
import Testing

/// Every mode's key table: names a configuration file can use, and tables without clashes.
@Suite struct ModeKeymapTests {
    /// A table's facts, whatever its command type.
    struct TableFacts: Sendable, CustomTestStringConvertible {
        var mode: KeyMode
        var keys: [Key]
        var commandNames: [String]
        var boundNames: Set<String>
        var namesRoundTrip: Bool

        var testDescription: String { mode.name }

        init<Command>(_ mode: KeyMode, _ keymap: Keymap<Command>) {
            self.mode = mode
            keys = keymap.bindings.flatMap(\.keys)
            commandNames = Command.allCases.map(\.name)
            boundNames = Set(keymap.bindings.map(\.command.name))
            namesRoundTrip = Command.allCases.allSatisfy { Command(name: $0.name) == $0 }
        }
    }

    static let tables = [
        TableFacts(.reader, ReaderKeymap.standard),
        TableFacts(.goToPrompt, GoToPromptKeymap.standard),
        TableFacts(.searchPrompt, SearchPromptKeymap.standard),
        TableFacts(.outline, OutlineKeymap.standard),
        TableFacts(.links, LinkListKeymap.standard),
        TableFacts(.linkHints, LinkHintKeymap.standard),
        TableFacts(.selection, SelectionKeymap.standard),
        TableFacts(.textSelection, TextSelectionKeymap.standard),
        TableFacts(.annotations, AnnotationListKeymap.standard),
        TableFacts(.notePrompt, NotePromptKeymap.standard),
        TableFacts(.browser, BrowserKeymap.standard),
        TableFacts(.filter, FilterKeymap.standard),
        TableFacts(.password, PasswordPromptKeymap.standard),
    ]

    /// Every command name a configuration file may bind today, by mode: names are added, never
    /// renamed or taken away (a rename would break the `map` lines that use it).
    static let stableNames: [KeyMode: [String]] = [
        .reader: [
            "copy-document", "copy-page", "cycle-image-fit", "first-page", "go-to-count-or-last", "go-to-page", "help",
            "history-back", "history-forward", "invert-images", "jump-to-mark", "last-page", "next-match", "next-page",
            "open-browser", "previous-match", "previous-page", "quit", "redraw", "reload", "scroll-half-down",
            "scroll-half-up", "scroll-left", "scroll-line-down", "scroll-line-up", "scroll-right", "scroll-screen-down",
            "scroll-screen-up", "search-backward", "search-forward", "select-lines", "select-text", "set-mark",
            "show-annotations", "show-links", "show-messages", "undo-annotation",
            "show-outline", "stop-search", "toggle-layout", "toggle-spread", "toggle-view", "toggle-wrap", "zoom-in",
            "zoom-out",
        ],
        .goToPrompt: [
            "accept", "cancel", "cursor-left", "cursor-right", "delete-backward", "delete-forward", "delete-to-start",
            "delete-word-backward", "first-page", "history-next", "history-previous", "last-page", "line-end",
            "line-start",
        ],
        .searchPrompt: [
            "accept", "cancel", "cursor-left", "cursor-right", "delete-backward", "delete-forward", "delete-to-start",
            "delete-word-backward", "history-next", "history-previous", "line-end", "line-start",
        ],
        .outline: [
            "close", "collapse", "delete-backward", "down", "expand", "first", "jump", "last", "screen-down",
            "screen-up", "up",
        ],
        .links: ["close", "copy-address", "down", "first", "follow", "last", "screen-down", "screen-up", "up"],
        .linkHints: ["cancel", "show-list"],
        .selection: ["cancel", "copy", "down", "first", "last", "screen-down", "screen-up", "up"],
        .textSelection: [
            "add-note", "cancel", "copy", "highlight", "left", "line-down", "line-end", "line-start", "line-up",
            "next-match", "paragraph-backward", "paragraph-forward", "previous-match", "right", "search-forward",
            "swap-ends", "word-backward", "word-end", "word-forward",
        ],
        .annotations: [
            "close", "delete", "down", "edit-note", "filter", "first", "jump", "last", "screen-down", "screen-up", "up",
        ],
        .notePrompt: [
            "accept", "cancel", "cursor-left", "cursor-right", "delete-backward", "delete-forward", "delete-to-start",
            "delete-word-backward", "history-next", "history-previous", "line-end", "line-start",
        ],
        .browser: [
            "clear-filter", "down", "filter", "first", "help", "last", "open", "parent", "quit", "redraw",
            "screen-down", "screen-up",
            "toggle-hidden", "up",
        ],
        .filter: ["clear", "delete-backward", "down", "first", "keep", "last", "screen-down", "screen-up", "up"],
        .password: [
            "accept", "cancel", "cursor-left", "cursor-right", "delete-backward", "delete-forward", "delete-to-start",
            "delete-word-backward", "line-end", "line-start",
        ],
    ]

    @Test(arguments: tables)
    func noCommandNameIsRenamedOrTakenAway(table: TableFacts) throws {
        let names = try #require(Self.stableNames[table.mode])
        #expect(Set(table.commandNames).isSuperset(of: names), "missing: \(Set(names).subtracting(table.commandNames))")
    }

    @Test func everyModeHasOneTable() {
        #expect(Self.tables.map(\.mode) == KeyMode.allCases)
    }

    @Test(arguments: tables)
    func commandNamesAreUniqueKebabCaseAndRoundTrip(table: TableFacts) {
        #expect(Set(table.commandNames).count == table.commandNames.count)
        #expect(table.namesRoundTrip)
        for name in table.commandNames {
            #expect(!name.isEmpty && name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(name)")
            #expect(!name.hasPrefix("-") && !name.hasSuffix("-") && !name.contains("--"), "\(name)")
        }
    }

    @Test(arguments: tables)
    func everyCommandIsBoundAndNoKeyTwice(table: TableFacts) {
        #expect(table.boundNames == Set(table.commandNames))
        #expect(Set(table.keys).count == table.keys.count)
    }

    @Test func modeNamesAreUniqueAndRoundTrip() {
        let names = KeyMode.allCases.map(\.name)
        #expect(
            names == [
                "reader", "goto", "search", "outline", "links", "hints", "select", "visual", "annotations", "note",
                "browser", "filter", "password",
            ])
        for mode in KeyMode.allCases {
            #expect(KeyMode(name: mode.name) == mode)
        }
        #expect(KeyMode(name: "Reader") == nil)
    }

    @Test func namesAreLookedUp() {
        #expect(ReaderCommand(name: "next-page") == .nextPage)
        #expect(ReaderCommand(name: "search-forward") == .searchForward)
        #expect(OutlineCommand(name: "expand") == .own(.expand))
        #expect(OutlineCommand(name: "down") == .shared(.down))
        #expect(BrowserCommand(name: "screen-up") == .shared(.screenUp))
        #expect(FilterCommand(name: "keep") == .own(.keep))
        #expect(ReaderCommand(name: "nextPage") == nil)
        #expect(SelectionCommand(name: "next-page") == nil)
    }

    /// The list keys are written once: every list has the same ones.
    @Test func listsShareTheirMovementKeys() {
        let expected: [(Key, ListCommand)] = [
            (.up, .up), (.character("k"), .up), (.down, .down), (.character("j"), .down),
            (.pageUp, .screenUp), (.character("b"), .screenUp), (.pageDown, .screenDown),
            (.character(" "), .screenDown),
            (.home, .first), (.character("g"), .first), (.end, .last), (.character("G"), .last),
        ]
        for (key, move) in expected {
            // The outline takes printable keys as its filter: only the named keys move in it.
            if case .character = key {
                #expect(OutlineKeymap.standard.command(for: key) == nil)
            } else {
                #expect(OutlineKeymap.standard.command(for: key) == .shared(move))
            }
            #expect(LinkListKeymap.standard.command(for: key) == .shared(move))
            #expect(SelectionKeymap.standard.command(for: key) == .shared(move))
            #expect(BrowserKeymap.standard.command(for: key) == .shared(move))
        }
    }

    /// In prompts, printable characters are text: the filter keeps only the named list keys.
    @Test func theFilterPromptMovesWithNamedKeysOnly() {
        let filter = FilterKeymap.standard
        #expect(filter.bindings.flatMap(\.keys).allSatisfy { if case .character = $0 { false } else { true } })
        #expect(filter.command(for: .pageDown) == .shared(.screenDown))
        #expect(filter.command(for: .home) == .shared(.first))
        #expect(filter.command(for: .character("j")) == nil)
        #expect(filter.hints == ["Enter keeps", "Esc clears"])
    }

    @Test func promptsBindOnlyLineEditingAndTheGoToJumps() {
        #expect(
            SearchPromptKeymap.standard.bindings.flatMap(\.keys).allSatisfy {
                if case .character = $0 { false } else { true }
            },
            "printable characters type the pattern")
        #expect(SearchPromptKeymap.standard.command(for: .control("w")) == .shared(.deleteWordBackward))
        #expect(SearchPromptKeymap.standard.command(for: .up) == .shared(.historyPrevious))
        let goTo = GoToPromptKeymap.standard
        #expect(goTo.command(for: .character("g")) == .own(.firstPage))
        #expect(goTo.command(for: .character("G")) == .own(.lastPage))
        #expect(goTo.command(for: .escape) == .own(.cancel))
        #expect((0...9).allSatisfy { goTo.command(for: .character(Unicode.Scalar(48 + UInt8($0)))) == nil })
    }

    @Test func firstKeySkipsAKeyAnEarlierBindingTakes() {
        let custom = ReaderKeymap(bindings: [
            ReaderKeyBinding(keys: [.character("z")], command: .quit, summary: "Quit"),
            ReaderKeyBinding(keys: [.character("z"), .character("Z")], command: .help, summary: "Help"),
        ])
        #expect(custom.firstKey(for: .help) == .character("Z"))
        #expect(custom.firstKey(for: .quit) == .character("z"))
        #expect(custom.firstKey(for: .redraw) == nil)
    }
}
