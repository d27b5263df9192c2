import FolioCore
import Testing

/// Search matches are shown wherever the search finds them.
@Suite struct SearchHighlightTests {
    /// One block of the page, whose indented second line the reflow view sets as a paragraph of
    /// its own: the search reads the block's lines as one run and finds "edge of the indented",
    /// and the view shows the match on both rows, across the empty line between.
    @Test func aMatchAcrossAParagraphBreakTheViewMadeIsShown() {
        var session = ReaderSession(screen: ScreenSize(rows: 10, columns: 60))
        let block = PageTextFixture.block(
            ["This line runs on to the right edge of the", "        indented line that goes on"], y: 72)
        session.deliver(PageTextFixture.page([block]), for: 0)
        session.type("/edge of the indented")
        session.press(.enter)
        let rows = ReaderView.render(session.state).rows
        #expect(session.screenLines[1].allSatisfy { $0 == " " }, "the view made two paragraphs")
        #expect(rows[0].filter { $0.style == .currentMatch }.map(\.text) == ["edge of the"])
        #expect(rows[2].filter { $0.style == .currentMatch }.map(\.text) == ["indented"])
    }
}
