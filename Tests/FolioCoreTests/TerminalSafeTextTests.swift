import FolioCore
import Testing

@Suite struct TerminalSafeTextTests {
    @Test func escapeSequenceInTitleIsDefused() {
        let hostile = "\u{1B}]0;pwned\u{07}"
        #expect(TerminalSafeText.sanitized(hostile) == "\u{FFFD}]0;pwned\u{FFFD}")
    }

    @Test(arguments: Array(0x00...0x1F) + [0x7F] + Array(0x80...0x9F))
    func everyControlIsReplaced(value: UInt32) throws {
        let scalar = try #require(Unicode.Scalar(value))
        let string = "a" + String(Character(scalar)) + "b"
        #expect(TerminalSafeText.sanitized(string) == "a\u{FFFD}b")
    }

    @Test func allowedC0ControlsSurvive() {
        let text = "line\nnext\tcell\u{0C}page\u{1B}"
        let result = TerminalSafeText.sanitized(text, keeping: ["\n", "\t", "\u{0C}"])
        #expect(result == "line\nnext\tcell\u{0C}page\u{FFFD}")
    }

    @Test func deleteAndC1CannotBeAllowed() {
        let result = TerminalSafeText.sanitized(
            "\u{7F}\u{9B}\u{9D}\u{90}", keeping: ["\u{7F}", "\u{9B}", "\u{9D}", "\u{90}"])
        #expect(result == "\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}")
    }

    @Test(arguments: ["", "plain text", "café e\u{0301}", "中文 😀", "\u{A0}\u{A1}é"])
    func printableTextIsUnchanged(text: String) {
        #expect(TerminalSafeText.sanitized(text) == text)
    }

    @Test func replacementKeepsWidth() {
        let text = "ab\u{1B}[2Jcd"
        #expect(DisplayWidth.of(TerminalSafeText.sanitized(text)) == DisplayWidth.of(text))
    }
}
