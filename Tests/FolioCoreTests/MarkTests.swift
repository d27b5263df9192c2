import FolioCore
import Testing

/// Marks as key scripts: `m` and a letter sets one, `'` and the letter goes there, `''` back.
@Suite struct MarkTests {
    @Test func setJumpAndReturn() {
        var session = ReaderSession()
        session.type("12G")
        #expect(session.type("ma") == [.saveMark(Mark(letter: "a", page: 11, topLine: 0))])
        #expect(session.state.message == .markSet(letter: "a", page: 11))
        session.type("30G")
        session.type("'a")
        #expect(session.state.currentPage == 11)
        #expect(session.state.message == .atMark(letter: "a", page: 11))
        session.type("''")
        #expect(session.state.currentPage == 29, "'' goes back to where the last jump started")
        session.type("'z")
        #expect(session.state.message == .noMark(letter: "z"))
        session.type("m1")
        #expect(session.state.message == .notAMarkLetter)
        session.type("5G")
        #expect(session.state.currentPage == 4, "after the letter, keys mean what they always do")
    }

    @Test func marksFromEarlierRunsAndOtherDocuments() {
        var state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 36), startPage: 0,
            screen: ScreenSize(rows: 10, columns: 60),
            marks: [
                Mark(letter: "b", page: 20, topLine: 0),
                Mark(letter: "C", page: 4, topLine: 0, document: "/books/other.pdf"),
            ])
        _ = state.start()
        _ = state.handle(.key(.character("'")))
        _ = state.handle(.key(.character("?")))
        #expect(
            state.message
                == .marks([
                    Mark(letter: "C", page: 4, topLine: 0, document: "/books/other.pdf"),
                    Mark(letter: "b", page: 20, topLine: 0),
                ]), "uppercase first, as the list reads")
        _ = state.handle(.key(.character("'")))
        #expect(state.handle(.key(.character("C"))) == [.openMarkedDocument(path: "/books/other.pdf", page: 4)])
        _ = state.handle(.key(.character("'")))
        _ = state.handle(.key(.character("b")))
        #expect(state.currentPage == 20)
    }
}
