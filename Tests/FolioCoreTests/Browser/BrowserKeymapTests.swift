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
        (Key.up, BrowserCommand.shared(.up)), (.character("k"), .shared(.up)),
        (.down, .shared(.down)), (.character("j"), .shared(.down)),
        (.pageUp, .shared(.screenUp)), (.pageDown, .shared(.screenDown)), (.home, .shared(.first)),
        (.end, .shared(.last)),
        (.enter, .own(.open)), (.backspace, .own(.parent)), (.left, .own(.parent)), (.character("h"), .own(.parent)),
        (.character("/"), .own(.filter)), (.escape, .own(.clearFilter)), (.character("."), .own(.toggleHidden)),
        (.character("?"), .own(.help)),
        (.character("q"), .own(.quit)),
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
            BrowserKeyBinding(keys: [], command: .own(.quit), summary: "Nothing to press", hint: "never"),
            BrowserKeyBinding(
                keys: [.control("q"), .character("q")], command: .own(.quit), summary: "Quit", hint: "quit"),
        ])
        #expect(custom.hints == ["Ctrl-Q quit"])
        #expect(
            custom.helpEntries == [
                HelpEntry(keys: "(no key)", summary: "Nothing to press"), HelpEntry(keys: "Ctrl-Q, q", summary: "Quit"),
            ])
    }

    @Test func firstBindingOfARepeatedKeyWins() {
        let custom = BrowserKeymap(bindings: [
            BrowserKeyBinding(keys: [.character("z")], command: .own(.quit), summary: "Quit"),
            BrowserKeyBinding(keys: [.character("z")], command: .own(.help), summary: "Help"),
        ])
        #expect(custom.command(for: .character("z")) == .own(.quit))
    }
}
