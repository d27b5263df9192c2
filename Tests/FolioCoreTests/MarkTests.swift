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

    /// A mark lands on the line it was set on, in the same session, even when its page has to
    /// be loaded again; after a resize that lays the page out in half the lines, on the same text.
    @Test func aMarkKeepsItsLine() {
        var session = ReaderSession()
        session.type("3G")
        session.deliverNumbered(2, lineCount: 40)
        session.type("10j")
        session.type("ma")
        session.type("20k")
        session.type("'a")
        #expect(session.state.topLine == 10, "on the same page, at once")
        session.type("7G")
        session.type("'a")
        #expect(session.state.currentPage == 2)
        session.deliverNumbered(2, lineCount: 40)
        #expect(session.state.topLine == 10, "once the page is here again")
        #expect(session.screenLines[0].hasPrefix(" P2L11="))

        session.type("7G")
        // Twice as wide: two words a line, so the page is 20 lines long.
        session.resize(rows: 10, columns: 80)
        session.type("'a")
        session.deliverNumbered(2, lineCount: 40)
        #expect(session.state.topLine == 5)
        #expect(session.screenLines[0].hasPrefix(" P2L11="), "the same words at the top")
    }

    /// `''` goes back and forth between the last two places, as in vim and less.
    @Test func quoteQuoteGoesBackAndForth() {
        var session = ReaderSession()
        session.type("5G")
        session.type("9G")
        session.type("''")
        #expect(session.state.currentPage == 4)
        session.type("''")
        #expect(session.state.currentPage == 8)
        session.type("''")
        #expect(session.state.currentPage == 4)
        session.deliverNumbered(4, lineCount: 30)
        session.type("6j")
        session.type("''")
        session.type("''")
        session.deliverNumbered(4, lineCount: 30)
        #expect(session.state.currentPage == 4)
        #expect(session.state.topLine == 6, "and to the line")
    }
}
