import FolioConfiguration
import Testing

/// The editor command of inverse search: split as configuration words are, placeholders
/// replaced inside words, never a word split by a value.
@Suite struct EditorCommandTests {
    private func read(_ text: String) -> Configuration {
        ConfigurationParser(files: MemoryFiles(files: [:]), environment: [:]).read(text: text, file: "c")
    }

    @Test func placeholdersAreReplacedInsideTheirWords() throws {
        let command = try #require(
            EditorCommand(parsing: "nvim --server /tmp/nvim.sock --remote-send ':e %{input}<CR>:%{line}<CR>'"))
        #expect(
            command.words == ["nvim", "--server", "/tmp/nvim.sock", "--remote-send", ":e %{input}<CR>:%{line}<CR>"])
        #expect(
            command.arguments(input: "/home/a b/ch 1.tex", line: 12, column: 3) == [
                "nvim", "--server", "/tmp/nvim.sock", "--remote-send", ":e /home/a b/ch 1.tex<CR>:12<CR>",
            ])
        let emacs = try #require(EditorCommand(parsing: "emacsclient +%{line}:%{column} %{input}"))
        #expect(emacs.arguments(input: "main.tex", line: 7, column: 0) == ["emacsclient", "+7:0", "main.tex"])
    }

    @Test func aValueNeverBecomesMoreWordsOrAShellCommand() throws {
        let command = try #require(EditorCommand(parsing: "vim +%{line} %{input}"))
        let hostile = "a.tex; rm -rf ~ $(touch x) 'q' \"d\""
        #expect(command.arguments(input: hostile, line: 1, column: 1) == ["vim", "+1", hostile])
        // A value holding a placeholder's spelling is not replaced again.
        #expect(command.arguments(input: "%{line}.tex", line: 4, column: 1) == ["vim", "+4", "%{line}.tex"])
    }

    @Test func percentSignsThatAreNoPlaceholderStay() throws {
        let command = try #require(EditorCommand(parsing: "printf 100%% %d %{ %{line}"))
        #expect(command.arguments(input: "x", line: 9, column: 0) == ["printf", "100%%", "%d", "%{", "9"])
        // A `#` is part of a word, not a comment.
        #expect(EditorCommand(parsing: "ed #%{line}")?.arguments(input: "x", line: 2, column: 0) == ["ed", "#2"])
    }

    @Test func mistakesAreRefused() {
        #expect(EditorCommand(parsing: "") == nil)
        #expect(EditorCommand(parsing: "   ") == nil)
        #expect(EditorCommand(parsing: "vim '%{input}") == nil, "an open quote")
        #expect(EditorCommand(parsing: "vim %{file}") == nil, "an unknown placeholder")
        #expect(EditorCommand(parsing: "'' %{input}") == nil, "no program")
    }

    @Test func theOptionSetsAndClearsTheCommand() {
        let set = read(#"set synctex-editor "code --goto %{input}:%{line}:%{column}""#)
        #expect(set.problems.isEmpty)
        #expect(set.syncTeXEditor?.words == ["code", "--goto", "%{input}:%{line}:%{column}"])
        let cleared = read("set synctex-editor vim\nset synctex-editor \"\"")
        #expect(cleared.syncTeXEditor == nil)
        let wrong = read(#"set synctex-editor "vim %{row}""#)
        #expect(wrong.problems.map(\.line) == [1])
        #expect(wrong.problems.first?.reason.contains("placeholders %{input}, %{line}, %{column}") == true)
    }
}
