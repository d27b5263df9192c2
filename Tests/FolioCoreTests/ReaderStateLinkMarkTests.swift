import FolioCore
import Testing

/// Links marked in the text view: underlined where their words are, and followed by a click.
@Suite struct ReaderStateLinkMarkTests {
    /// A page whose second block says "See the chapter on trace trees for more." with a link
    /// over "the chapter on trace trees" (to page 9), and a URI over "folio.example" below.
    private func linkedPage() -> (PageText, [LinkItem]) {
        let page = PageTextFixture.page([
            ["Introduction"], ["See the chapter on trace trees for more."], ["Visit folio.example today"],
        ])
        func box(block: Int, from first: Int, to last: Int) -> TextRect {
            let chars = page.blocks[block].lines[0].chars
            return TextRect(
                x0: chars[first].box.x0, y0: chars[first].box.y0, x1: chars[last].box.x1, y1: chars[last].box.y1)
        }
        return (
            page,
            [
                LinkItem(box: box(block: 1, from: 4, to: 29), page: 9, uri: nil),
                LinkItem(box: box(block: 2, from: 6, to: 18), page: nil, uri: "https://folio.example/"),
            ]
        )
    }

    private func session() -> ReaderSession {
        var session = ReaderSession()
        let (page, links) = linkedPage()
        session.deliver(page, for: 0)
        _ = session.state.handle(.pageLinksLoaded(page: 0, links: links))
        return session
    }

    @Test func theWordsOfEachLinkAreUnderlined() {
        let session = session()
        let rows = ReaderView.render(session.state).rows
        #expect(rows[2].map(\.text).joined() == " See the chapter on trace trees for")
        #expect(rows[2].filter { $0.style == .link }.map(\.text) == ["the chapter on trace trees"])
        #expect(rows[5].filter { $0.style == .link }.map(\.text) == ["folio.example"])
        #expect(rows[0].allSatisfy { $0.style != .link })
    }

    @Test func aSearchMatchTakesPrecedenceOverTheUnderline() {
        var session = session()
        session.type("/trace")
        session.press(.enter)
        let rows = ReaderView.render(session.state).rows
        #expect(rows[2].filter { $0.style == .currentMatch }.map(\.text) == ["trace"])
        #expect(rows[5].filter { $0.style == .link }.map(\.text) == ["folio.example"], "other rows keep theirs")
    }

    @Test func aClickOnUnderlinedWordsFollowsTheLink() {
        var session = session()
        // Column 1 is the first character ("S"); "chapter" starts at column 9.
        _ = session.state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 2, column: 10)))
        #expect(session.state.currentPage == 9)
        session.press(.backspace)
        #expect(session.state.currentPage == 0)
        session.deliver(linkedPage().0, for: 0)
        _ = session.state.handle(.pageLinksLoaded(page: 0, links: linkedPage().1))
        let copy = session.state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 5, column: 8)))
        #expect(copy.contains { if case .copy(text: "https://folio.example/", _) = $0 { true } else { false } })
    }

    @Test func aClickBesideALinkSaysHowLinksWork() {
        var session = session()
        let effects = session.state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 2, column: 2)))
        #expect(effects.isEmpty)
        #expect(session.state.currentPage == 0)
        #expect(session.state.message == .clickFollowsLinks)
    }

    /// A contents entry wraps: its page number, the link's words, is on the next row.
    @Test func aLinkWhoseLineWrapsIsMarkedOnTheRowItsWordsAreOn() {
        var session = ReaderSession()
        let entry = "6.1 Structures " + String(repeating: ". ", count: 20) + "111"
        let page = PageTextFixture.page([[entry]])
        let chars = page.blocks[0].lines[0].chars
        let number = chars.count - 3
        let box = TextRect(
            x0: chars[number].box.x0, y0: chars[number].box.y0, x1: chars[number + 2].box.x1,
            y1: chars[number + 2].box.y1)
        session.deliver(page, for: 0)
        _ = session.state.handle(.pageLinksLoaded(page: 0, links: [LinkItem(box: box, page: 110, uri: nil)]))
        let rows = ReaderView.render(session.state).rows
        #expect(rows[0].allSatisfy { $0.style != .link })
        #expect(rows[1].filter { $0.style == .link }.map(\.text) == ["111"])
        _ = session.state.handle(.key(.character("f")))
        _ = session.state.handle(.linksLoaded(page: 0, links: [LinkItem(box: box, page: 110, uri: nil)]))
        let hinted = ReaderView.render(session.state).rows
        #expect(hinted[1].filter { $0.style == .hint }.map(\.text) == ["a"], "f finds it there too")
    }

    @Test func linksOfAPageNotLoadedAreNotKept() {
        var session = ReaderSession()
        session.deliver(linkedPage().0, for: 0)
        _ = session.state.handle(.pageLinksLoaded(page: 5, links: linkedPage().1))
        session.type("5G")
        session.deliver(linkedPage().0, for: 4)
        #expect(ReaderView.render(session.state).rows.flatMap { $0 }.allSatisfy { $0.style != .link })
    }
}
