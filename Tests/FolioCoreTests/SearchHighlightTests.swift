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

    /// Two blocks of the page, one empty line apart: "the Edge" runs from the end of the first
    /// into the second, which the search does not read as one run, so it finds nothing there,
    /// and neither the reflow view nor the layout view shows a match across the empty line (nor
    /// goes to one: the search goes on to the other pages).
    @Test(arguments: [LayoutMode.reflow, .physical])
    func aPhraseFromOneBlockIntoTheNextIsNotShown(layout: LayoutMode) {
        let page = PageTextFixture.page([["The first block ends with the"], ["Edge of the next block"]])
        #expect(SearchPattern("the edge").matchBoxes(in: page).isEmpty, "the search reads the blocks apart")
        var session = ReaderSession(screen: ScreenSize(rows: 10, columns: 60), layoutMode: layout)
        session.deliver(page, for: 0)
        #expect(session.screenLines[1].allSatisfy { $0 == " " }, "an empty line between the blocks")
        let effects = session.type("/the edge") + session.press(.enter)
        let rows = ReaderView.render(session.state).rows
        #expect(
            rows.prefix(3).allSatisfy { row in row.allSatisfy { $0.style != .currentMatch && $0.style != .highlight } })
        #expect(
            effects.contains { if case .search = $0 { true } else { false } }, "none on the page: the others searched")
    }
}

/// A search in the image view: the matches on the current page are its marked boxes.
@Suite struct ImageViewSearchTests {
    /// A page of 30 lines with "zebra" on lines 5, 20 and 25, line `k`'s top at 72 + 24 × `k`
    /// points on a 792-point page; drawn as an image 99 rows tall, the boxes start on rows 24,
    /// 69 and 84 (192, 552 and 672 points).
    static let zebraPage = PageTextFixture.page(
        (0..<30).map { line in [[5, 20, 25].contains(line) ? "line \(line) zebra" : "line \(line)"] })

    /// The search finds the boxes on the page shown, says which of the count each is, and `n`
    /// and `N` scroll the image from box to box.
    @Test func aSearchOnThePageGoesFromBoxToBox() {
        var session = Self.imageView(of: Self.zebraPage)
        let effects = session.type("/zebra") + session.press(.enter)
        #expect(!effects.contains { if case .search = $0 { true } else { false } }, "found on the page")
        _ = session.state.handle(
            .matchesCounted(id: 1, matches: [PageMatchCount(page: 0, matches: 3)], counted: 10, total: 10))
        // Row 24 shown a row below the top.
        #expect(session.state.topLine == 23)
        #expect(
            session.state.message
                == .match(page: 0, count: .placed(ordinal: 1, total: 3, isComplete: true), wrapped: nil))
        session.type("n")
        #expect(session.state.topLine == 68)
        #expect(
            session.state.message
                == .match(page: 0, count: .placed(ordinal: 2, total: 3, isComplete: true), wrapped: nil))
        session.type("N")
        #expect(session.state.topLine == 23)
    }

    /// A reader in the image view of a document of 10 pages, on the first, `page`, drawn as an
    /// image 99 rows tall (8 points a row).
    static func imageView(of page: PageText) -> ReaderSession {
        var session = ReaderSession(pageCount: 10)
        session.state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 10), startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40), imageAvailability: .available(label: "image"))
        _ = session.state.start()
        session.deliver(page, for: 0)
        let wanted = session.press(.tab).flatMap { effect -> [RenderRequest] in
            if case .renderPages(let requests) = effect { return requests }
            return []
        }
        _ = session.state.handle(.pageRendered(wanted[0], rows: 99, columns: 38))
        return session
    }

    /// `/pattern`, with the count of the page's `matches` (the only ones in the document) in.
    static func search(_ pattern: String, in session: inout ReaderSession, matches: Int) {
        session.type("/" + pattern)
        session.press(.enter)
        _ = session.state.handle(
            .matchesCounted(id: 1, matches: [PageMatchCount(page: 0, matches: matches)], counted: 10, total: 10))
    }

    /// The match notice for match `ordinal` of `total` on the first page.
    static func notice(_ ordinal: Int, of total: Int) -> Notice {
        .match(page: 0, count: .placed(ordinal: ordinal, total: total, isComplete: true), wrapped: nil)
    }

    /// "zebra crossing" three times: split over rows 24 and 25 (192 and 204 points), then on
    /// rows 69 and 84. `n` goes from the split match to the second, not to its second line.
    @Test func aMatchOverTwoLinesIsOneStop() {
        let page = PageTextFixture.page([
            PageTextFixture.block(["a zebra", "crossing on two lines"], y: 192),
            PageTextFixture.block(["one zebra crossing"], y: 552),
            PageTextFixture.block(["last zebra crossing"], y: 672),
        ])
        var session = Self.imageView(of: page)
        Self.search("zebra crossing", in: &session, matches: 3)
        #expect(session.state.topLine == 23)
        #expect(session.state.message == Self.notice(1, of: 3))
        session.type("n")
        #expect(session.state.topLine == 68)
        #expect(session.state.message == Self.notice(2, of: 3))
        session.type("n")
        #expect(session.state.topLine == 83)
        #expect(session.state.message == Self.notice(3, of: 3))
    }

    /// Two columns: the left one's blocks on rows 24 and 69, the right one's on row 46. `n`
    /// follows the page's order, as the count numbers the matches: down the left column, then
    /// the right.
    @Test func matchesAreVisitedInTheCountsOrder() {
        let page = PageTextFixture.page([
            PageTextFixture.block(["left zebra"], y: 192),
            PageTextFixture.block(["left zebra again"], y: 552),
            PageTextFixture.block(["right zebra"], x: 320, y: 372),
        ])
        var session = Self.imageView(of: page)
        Self.search("zebra", in: &session, matches: 3)
        #expect(session.state.topLine == 23)
        session.type("n")
        #expect(session.state.topLine == 68)
        #expect(session.state.message == Self.notice(2, of: 3))
        session.type("n")
        #expect(session.state.topLine == 45)
        #expect(session.state.message == Self.notice(3, of: 3))
        session.type("N")
        #expect(session.state.topLine == 68)
        #expect(session.state.message == Self.notice(2, of: 3))
    }
}
