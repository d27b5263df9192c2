import FolioCore
import Testing

@Suite struct KeymapTests {
    let keymap = ReaderKeymap.standard

    @Test func noKeyIsBoundTwice() {
        let keys = keymap.bindings.flatMap(\.keys)
        #expect(Set(keys).count == keys.count)
    }

    @Test func noCommandHasTwoBindings() {
        let commands = keymap.bindings.map(\.command)
        #expect(Set(commands).count == commands.count)
    }

    @Test(arguments: ReaderCommand.allCases)
    func everyCommandIsReachable(command: ReaderCommand) throws {
        let binding = try #require(keymap.bindings.first { $0.command == command })
        let key = try #require(binding.keys.first)
        #expect(keymap.command(for: key) == command)
    }

    /// The default keys as the product description lists them.
    @Test(arguments: [
        (Key.right, ReaderCommand.nextPage), (.character("l"), .nextPage),
        (.left, .previousPage), (.character("h"), .previousPage),
        (.down, .scrollLineDown), (.character("j"), .scrollLineDown),
        (.up, .scrollLineUp), (.character("k"), .scrollLineUp),
        (.character(" "), .scrollScreenDown), (.pageDown, .scrollScreenDown),
        (.character("b"), .scrollScreenUp), (.pageUp, .scrollScreenUp),
        (.control("d"), .scrollHalfDown), (.control("u"), .scrollHalfUp),
        (.home, .firstPage), (.end, .lastPage),
        (.character("g"), .goToPagePrompt), (.character("G"), .goToCountOrLast),
        (.character("w"), .toggleWrap), (.character("L"), .toggleLayout),
        (.character("<"), .scrollLeft), (.character(">"), .scrollRight),
        (.character("?"), .help), (.control("l"), .redraw), (.character("q"), .quit),
    ])
    func defaultBinding(key: Key, command: ReaderCommand) {
        #expect(keymap.command(for: key) == command)
    }

    @Test(arguments: Array("0123456789".unicodeScalars))
    func digitsAreLeftToTheCountPrefix(digit: Unicode.Scalar) {
        #expect(keymap.command(for: .character(digit)) == nil)
    }

    @Test(arguments: [Key.character("x"), .character("Q"), .control("c"), .function(1), .insert])
    func unboundKeysHaveNoCommand(key: Key) {
        #expect(keymap.command(for: key) == nil)
    }

    @Test(arguments: [
        (Key.right, "Right"), (.character("l"), "l"), (.control("d"), "Ctrl-D"), (.pageDown, "PageDown"),
        (.character(" "), "Space"), (.function(5), "F5"), (.escape, "Esc"), (.backTab, "Shift-Tab"),
        (.character("G"), "G"),
    ])
    func keyDisplayNames(key: Key, name: String) {
        #expect(key.displayName == name)
    }

    @Test func helpEntriesComeFromTheTable() {
        let custom = ReaderKeymap(bindings: [
            ReaderKeyBinding(keys: [.character("x"), .function(2)], command: .quit, summary: "Leave"),
            ReaderKeyBinding(keys: [.control("n")], command: .nextPage, summary: "Onward"),
        ])
        #expect(
            custom.helpEntries == [
                HelpEntry(keys: "x, F2", summary: "Leave"),
                HelpEntry(keys: "Ctrl-N", summary: "Onward"),
            ])
    }

    @Test func standardHelpHasOneEntryPerBinding() {
        let entries = keymap.helpEntries
        #expect(entries.count == keymap.bindings.count)
        #expect(entries.first == HelpEntry(keys: "Right, l", summary: "Next page"))
        #expect(entries.contains(HelpEntry(keys: "Space, PageDown", summary: "Down a screen")))
    }

    @Test func firstBindingOfARepeatedKeyWins() {
        let custom = ReaderKeymap(bindings: [
            ReaderKeyBinding(keys: [.character("z")], command: .quit, summary: "Quit"),
            ReaderKeyBinding(keys: [.character("z")], command: .help, summary: "Help"),
        ])
        #expect(custom.command(for: .character("z")) == .quit)
    }
}
