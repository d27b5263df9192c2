import FolioCore
import Testing

/// The prompts' line editing: cursor moves, deletions, pasted text and history, on the value
/// type alone and through the reader's search and go-to prompts.
@Suite struct LineEditorTests {
    @Test func cursorMovesAndDeletesLikeReadline() {
        var editor = LineEditor(text: "hello brave world")
        editor.perform(.deleteWordBackward, history: [])
        #expect(editor.text == "hello brave ")
        editor.perform(.lineStart, history: [])
        editor.insert("> ")
        #expect(editor.text == "> hello brave ")
        #expect(editor.textBeforeCursor == "> ")
        editor.perform(.cursorRight, history: [])
        editor.perform(.deleteForward, history: [])
        #expect(editor.text == "> hllo brave ")
        editor.perform(.lineEnd, history: [])
        editor.perform(.cursorLeft, history: [])
        editor.perform(.deleteToStart, history: [])
        #expect(editor.text == " ")
        #expect(editor.cursor == 0)
        let deleted = editor.deleteBackward()
        #expect(!deleted, "nothing before the cursor")
    }

    @Test func pastedTextLosesControlCharactersAndStopsAtTheLimit() {
        var editor = LineEditor(maximumLength: 8)
        editor.insert("ab\ncd\u{1B}[31mef")
        #expect(editor.text == "abcd[31m")
        editor.insert("more")
        #expect(editor.text == "abcd[31m")
    }

    @Test func historyBrowsesOlderAndNewerAndKeepsTheDraft() {
        var history = PromptHistory(["alpha", "beta", "alpha"])
        #expect(history.entries == ["beta", "alpha"])
        history.record("gamma")
        var editor = LineEditor(text: "dra")
        editor.perform(.historyPrevious, history: history.entries)
        #expect(editor.text == "gamma")
        editor.perform(.historyPrevious, history: history.entries)
        editor.perform(.historyPrevious, history: history.entries)
        editor.perform(.historyPrevious, history: history.entries)
        #expect(editor.text == "beta", "the oldest entry stays")
        editor.perform(.historyNext, history: history.entries)
        #expect(editor.text == "alpha")
        editor.perform(.historyNext, history: history.entries)
        editor.perform(.historyNext, history: history.entries)
        #expect(editor.text == "dra", "past the newest entry, the line typed comes back")
    }

    @Test func theSearchPromptEditsAndRemembersPatterns() {
        var session = ReaderSession(screen: ScreenSize(rows: 10, columns: 60))
        session.type("/whale sharks")
        session.press(.control("w"))
        #expect(session.state.searchPrompt?.text == "whale ")
        session.press(.home)
        session.type("the ")
        #expect(session.state.searchPrompt?.text == "the whale ")
        let frame = ReaderView.render(session.state)
        #expect(frame.lines.last?.contains("/the ▏whale ") == true)
        #expect(frame.cursor?.column == 1 + DisplayWidth.of("doc.pdf  /the "))
        session.press(.enter)
        session.type("/")
        session.press(.up)
        #expect(session.state.searchPrompt?.text == "the whale ")
        session.press(.control("u"))
        session.press(.backspace)
        #expect(session.state.searchPrompt == nil, "Backspace on an empty line closes the prompt")
    }

    @Test func theGoToPromptRemembersPages() {
        var session = ReaderSession()
        session.type("g12")
        session.press(.enter)
        session.type("g")
        session.press(.up)
        #expect(session.state.goToInput == "12")
        session.press(.left, .backspace)
        #expect(session.state.goToInput == "2")
        session.press(.enter)
        #expect(session.state.currentPage == 1)
    }
}

/// Link hint labels: one letter while the home row lasts, then two for every link.
@Suite struct LinkHintLabelTests {
    @Test func labelsHaveOneLengthSoNoneStartsAnother() {
        #expect(LinkHints.labels(count: 3) == ["a", "s", "d"])
        let many = LinkHints.labels(count: 12)
        #expect(many.prefix(3) == ["aa", "as", "ad"])
        #expect(many.allSatisfy { $0.count == 2 })
        #expect(Set(many).count == 12)
        #expect(LinkHints.labels(count: 0).isEmpty)
    }
}
