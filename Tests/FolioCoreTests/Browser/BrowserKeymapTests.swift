import FolioCore
import Testing

@Suite struct BrowserKeymapTests {
    let keymap = BrowserKeymap.standard

    @Test func noKeyIsBoundTwice() {
        let keys = keymap.bindings.flatMap(\.keys)
        #expect(Set(keys).count == keys.count)
    }

    @Test(arguments: BrowserCommand.allCases)
    func everyCommandHasOneReachableBinding(command: BrowserCommand) throws {
        let bindings = keymap.bindings.filter { $0.command == command }
        #expect(bindings.count == 1)
        let key = try #require(bindings.first?.keys.first)
        #expect(keymap.command(for: key) == command)
    }

    /// The keys the issue asks for.
    @Test(arguments: [
        (Key.up, BrowserCommand.list(.up)), (.character("k"), .list(.up)),
        (.down, .list(.down)), (.character("j"), .list(.down)),
        (.pageUp, .list(.screenUp)), (.pageDown, .list(.screenDown)), (.home, .list(.first)), (.end, .list(.last)),
        (.enter, .open), (.backspace, .parent), (.left, .parent), (.character("h"), .parent),
        (.character("/"), .filter), (.escape, .clearFilter), (.character("."), .toggleHidden), (.character("?"), .help),
        (.character("q"), .quit),
    ])
    func defaultBinding(key: Key, command: BrowserCommand) {
        #expect(keymap.command(for: key) == command)
    }

    @Test(arguments: [Key.character("x"), .character("Q"), .control("c"), .tab, .function(1)])
    func unboundKeysHaveNoCommand(key: Key) {
        #expect(keymap.command(for: key) == nil)
    }

    @Test func hintsComeFromTheTable() {
        #expect(keymap.hints == ["Enter open", "/ filter", "? help", "q quit"])
        let custom = BrowserKeymap(bindings: [
            BrowserKeyBinding(keys: [], command: .quit, summary: "Nothing to press", hint: "never"),
            BrowserKeyBinding(keys: [.control("q"), .character("q")], command: .quit, summary: "Quit", hint: "quit"),
        ])
        #expect(custom.hints == ["Ctrl-Q quit"])
        #expect(
            custom.helpEntries == [
                HelpEntry(keys: "(no key)", summary: "Nothing to press"), HelpEntry(keys: "Ctrl-Q, q", summary: "Quit"),
            ])
    }

    @Test func firstBindingOfARepeatedKeyWins() {
        let custom = BrowserKeymap(bindings: [
            BrowserKeyBinding(keys: [.character("z")], command: .quit, summary: "Quit"),
            BrowserKeyBinding(keys: [.character("z")], command: .help, summary: "Help"),
        ])
        #expect(custom.command(for: .character("z")) == .quit)
    }
}
