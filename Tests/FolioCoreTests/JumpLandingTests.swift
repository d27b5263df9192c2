import FolioCore
import Testing

/// Jumps land on the line they point at, not only on the page: the jump history's places, and
/// the destinations of links and outline entries.
@Suite struct JumpLandingTests {
    /// Ctrl-O and Ctrl-N (and Backspace) come back to the line that was at the top, once the
    /// page is here again.
    @Test func theHistoryKeepsTheLine() {
        var session = ReaderSession()
        session.type("3G")
        session.deliverNumbered(2, lineCount: 40)
        session.type("7j")
        session.type("20G")
        session.deliverNumbered(19, lineCount: 40)
        session.type("4j")
        session.press(.control("o"))
        #expect(session.state.currentPage == 2)
        session.deliverNumbered(2, lineCount: 40)
        #expect(session.state.topLine == 7)
        #expect(session.screenLines[0].hasPrefix(" P2L8="))
        session.press(.control("n"))
        #expect(session.state.currentPage == 19)
        session.deliverNumbered(19, lineCount: 40)
        #expect(session.state.topLine == 4)
        session.press(.backspace)
        session.deliverNumbered(2, lineCount: 40)
        #expect(session.state.topLine == 7, "Backspace too")
    }

    /// Page 5 of the link and outline tests: a line naming "Chapter Two" at the top, then the
    /// heading "Chapter Two" with its top at 120 pt, then a long body.
    static let chapterPage = PageTextFixture.page(
        [["See Chapter Two below"], ["Intro"], ["Chapter Two"]] + (0..<20).map { ["Body \($0)"] })

    /// A link lands on its destination's line, in the reflow and the layout view, even where
    /// the words of the heading are on an earlier line too.
    @Test(arguments: [LayoutMode.reflow, .physical])
    func aLinkLandsOnTheHeadingItPointsAt(layout: LayoutMode) {
        var session = ReaderSession(pageCount: 10, screen: ScreenSize(rows: 10, columns: 60), layoutMode: layout)
        session.deliver(PageTextFixture.page([["See Chapter Two for more"]]), for: 0)
        let chapter = LinkItem(box: TextRect(x0: 96, y0: 72, x1: 162, y1: 84), page: 4, uri: nil, targetY: 120)
        session.type("f")
        _ = session.state.handle(.linksLoaded(page: 0, links: [chapter]))
        session.type("a")
        #expect(session.state.currentPage == 4)
        session.deliver(Self.chapterPage, for: 4)
        #expect(session.screenLines[0].trimmingSuffix() == " Chapter Two")
    }

    /// A destination that is not a number (the document's to say) lands on the top of the page.
    @Test func aLinkToAPointThatIsNotANumberLandsOnTheTop() {
        var session = ReaderSession(pageCount: 10, screen: ScreenSize(rows: 10, columns: 60))
        session.deliver(PageTextFixture.page([["See Chapter Two for more"]]), for: 0)
        let chapter = LinkItem(box: TextRect(x0: 96, y0: 72, x1: 162, y1: 84), page: 4, uri: nil, targetY: .nan)
        session.type("f")
        _ = session.state.handle(.linksLoaded(page: 0, links: [chapter]))
        session.type("a")
        session.deliver(Self.chapterPage, for: 4)
        #expect(session.state.currentPage == 4)
        #expect(session.state.topLine == 0)
    }

    /// An outline entry lands on its heading, not on the top of its page: once the page is
    /// here, or at once when it is here already.
    @Test func anOutlineEntryLandsOnItsHeading() {
        var session = ReaderSession(pageCount: 10, screen: ScreenSize(rows: 10, columns: 60))
        session.deliver(PageTextFixture.page([["Contents"]]), for: 0)
        session.type("o")
        _ = session.state.handle(
            .outlineLoaded([
                OutlineItem(title: "Contents", level: 0, page: 0),
                OutlineItem(title: "Chapter Two", level: 0, page: 2, targetY: 120),
            ]))
        session.press(.down, .enter)
        #expect(session.state.currentPage == 2)
        session.deliver(Self.chapterPage, for: 2)
        #expect(session.screenLines[0].trimmingSuffix() == " Chapter Two")
        session.press(.backspace)
        #expect(session.state.topLine == 0)
        session.type("o")
        session.press(.down, .enter)
        #expect(session.screenLines[0].trimmingSuffix() == " Chapter Two", "at once")
    }
}

extension String {
    /// The string without its trailing spaces.
    fileprivate func trimmingSuffix() -> String {
        String(reversed().drop { $0 == " " }.reversed())
    }
}
