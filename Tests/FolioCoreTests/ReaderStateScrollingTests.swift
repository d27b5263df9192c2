import FolioCore
import Testing

/// Scrolling on a 40×10 screen: 9 text rows, text 38 cells wide.
@Suite struct ReaderStateScrollingTests {
    /// A session on page 0 of 36, with pages 0–2 loaded at 20 lines each (last top line 11).
    private func loadedSession() -> ReaderSession {
        var session = ReaderSession()
        for page in 0...2 {
            session.deliverNumbered(page, lineCount: 20)
        }
        return session
    }

    @Test func lineScrollingStopsAtTheLastScreenfulThenTurnsThePage() {
        var session = loadedSession()
        session.press(.down)
        #expect(session.state.topLine == 1)
        for _ in 0..<10 {
            session.press(.character("j"))
        }
        #expect(session.state.topLine == 11)
        #expect(session.state.currentPage == 0)
        let effects = session.press(.down)
        #expect(session.state.currentPage == 1)
        #expect(session.state.topLine == 0)
        #expect(effects == [.loadPages([3])])
    }

    /// Regression: `j` typed while the page's text was still on its way turned the page (the
    /// page had no height yet, so its top line was its last); `-p 6` then `j j` showed page 8.
    @Test func lineScrollingBeforeThePageIsHereScrollsItOnceItComes() {
        var session = ReaderSession(startPage: 5)
        session.press(.character("j"), .character("j"))
        #expect(session.state.currentPage == 5)
        session.deliverNumbered(5, lineCount: 20)
        #expect(session.state.currentPage == 5)
        #expect(session.state.topLine == 2)
        // Scrolled past what the page holds, it stops at its last screenful.
        var short = ReaderSession(startPage: 5)
        short.type("50j")
        short.deliverNumbered(5, lineCount: 20)
        #expect(short.state.currentPage == 5)
        #expect(short.state.topLine == 11)
    }

    /// A page that failed to load still turns with `j`: it is not on its way.
    @Test func lineScrollingOnAFailedPageTurnsIt() {
        var session = ReaderSession(startPage: 5)
        _ = session.state.handle(.pageFailed(page: 5, reason: .damaged(message: "bad xref")))
        session.press(.character("j"))
        #expect(session.state.currentPage == 6)
    }

    /// Regression: near a page's end, a screenful stopped at the last full screen and showed
    /// again up to a screen of lines already read (here 11 shown twice of 20).
    @Test func screenScrollingKeepsTwoLinesOfContextAndGoesPastThePageEnd() {
        var session = loadedSession()
        session.type(" ")
        #expect(session.state.topLine == 7)
        // Lines 14 and 15 were the last two on screen; 16 to 19 follow, then blank rows.
        session.press(.pageDown)
        #expect(session.state.topLine == 14)
        session.press(.pageDown)
        #expect(session.state.currentPage == 1)
        #expect(session.state.topLine == 0)
    }

    @Test func halfScreenScrolling() {
        var session = loadedSession()
        session.press(.control("d"))
        #expect(session.state.topLine == 4)
        session.press(.control("d"), .control("d"))
        #expect(session.state.topLine == 11)
        session.press(.control("u"))
        #expect(session.state.topLine == 7)
    }

    @Test func countMultipliesLineScrolling() {
        var session = loadedSession()
        session.type("3j")
        #expect(session.state.topLine == 3)
        session.type("2k")
        #expect(session.state.topLine == 1)
        session.type("99j")
        #expect(session.state.topLine == 11)
    }

    @Test func scrollingUpFromTheTopShowsTheBottomOfThePreviousPage() {
        var session = loadedSession()
        session.press(.right)
        #expect(session.state.currentPage == 1)
        session.press(.up)
        #expect(session.state.currentPage == 0)
        #expect(session.state.topLine == 11)
        session.press(.character("b"))
        #expect(session.state.topLine == 4)
    }

    @Test func bottomAnchorWaitsForThePreviousPage() {
        var session = ReaderSession(startPage: 5)
        session.deliverNumbered(5, lineCount: 20)
        session.press(.up)
        #expect(session.state.currentPage == 4)
        #expect(session.state.topLine == 0)
        session.deliverNumbered(4, lineCount: 20)
        #expect(session.state.topLine == 11)
    }

    @Test func bottomAnchorIsForgottenWhenTheReaderMovesOn() {
        var session = ReaderSession(startPage: 5)
        session.press(.up)
        session.press(.right, .left)
        #expect(session.state.currentPage == 4)
        session.deliverNumbered(4, lineCount: 20)
        #expect(session.state.topLine == 0)
    }

    @Test func pageFlipsGoToTheTop() {
        var session = loadedSession()
        session.type("5j")
        session.press(.right)
        #expect(session.state.topLine == 0)
        session.type("5j")
        session.press(.left)
        #expect(session.state.topLine == 0)
    }

    @Test func scrollingStopsAtTheEndsOfTheDocument() {
        var session = loadedSession()
        session.press(.up)
        #expect(session.state.currentPage == 0)
        #expect(session.state.message == .firstPage)
        session.press(.end)
        session.deliverNumbered(35, lineCount: 5)
        session.press(.down)
        #expect(session.state.currentPage == 35)
        #expect(session.state.message == .lastPage)
    }

    @Test func scrollingWrapsInWrapAroundMode() {
        var session = ReaderSession()
        session.press(.end)
        session.deliverNumbered(35, lineCount: 5)
        session.type("wj")
        #expect(session.state.currentPage == 0)
        session.press(.up)
        #expect(session.state.currentPage == 35)
    }

    @Test func unreadablePagesAreScrolledPast() {
        var session = ReaderSession()
        _ = session.state.handle(.pageFailed(page: 0, reason: .damaged(message: "broken")))
        session.press(.down)
        #expect(session.state.currentPage == 1)
    }

    @Test func resizeKeepsTheRelativePosition() {
        var session = ReaderSession()
        session.deliverNumbered(0, lineCount: 40)
        session.type("20j")
        #expect(session.state.topLine == 20)
        // At 78 cells two words share a line: 20 lines, and line 20 of 40 becomes line 10.
        session.resize(rows: 10, columns: 80)
        #expect(session.state.topLine == 10)
        session.resize(rows: 10, columns: 40)
        #expect(session.state.topLine == 20)
        #expect(session.state.currentPage == 0)
    }

    @Test func resizeTallerClampsToTheLastScreenful() {
        var session = ReaderSession()
        session.deliverNumbered(0, lineCount: 40)
        session.type("20j")
        session.resize(rows: 30, columns: 40)
        #expect(session.state.topLine == 11)
    }

    @Test func layoutToggleSwitchesModes() {
        var session = ReaderSession()
        session.type("L")
        #expect(session.state.layoutMode == .physical)
        #expect(session.state.message == .layout(.physical))
        session.type("L")
        #expect(session.state.layoutMode == .reflow)
        #expect(session.state.message == .layout(.reflow))
    }

    @Test func sidewaysScrollingNeedsThePageLayout() {
        var session = ReaderSession()
        session.deliver(PageTextFixture.page([[String(repeating: "abcdefghij", count: 10)]]), for: 0)
        session.type(">")
        #expect(session.state.horizontalOffset == 0)
        #expect(session.state.message == .sidewaysNeedsLayout)
    }

    @Test func sidewaysScrollingMovesHalfAScreenAndStopsAtTheEdges() {
        // One row of 100 cells in 38-cell view: offsets run from 0 to 62.
        var session = ReaderSession(layoutMode: .physical)
        session.deliver(PageTextFixture.page([[String(repeating: "abcdefghij", count: 10)]]), for: 0)
        session.type(">")
        #expect(session.state.horizontalOffset == 19)
        session.type(">")
        #expect(session.state.horizontalOffset == 38)
        session.type("5>")
        #expect(session.state.horizontalOffset == 62)
        session.type("<")
        #expect(session.state.horizontalOffset == 43)
        session.type("9<")
        #expect(session.state.horizontalOffset == 0)
    }
}
