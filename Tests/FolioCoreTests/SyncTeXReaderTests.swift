import FolioCore
import Testing

/// SyncTeX in the reader, as key scripts: `S`, a Ctrl-click and `S` in a text selection ask for
/// the source of the right point of the page; a forward search's place is gone to and marked for
/// a moment, in the text view and on the page image.
@Suite struct SyncTeXReaderTests {
    /// Page 1: a paragraph of two lines, then one-line ones, more than a screenful (the
    /// fixture's geometry: 6 pt a cell, 12 pt a line, the first line's top at 72 pt, blocks a
    /// blank line apart).
    private static let firstPage = PageTextFixture.page(
        [["Alpha beta", "gamma delta"], ["Second paragraph"]] + (3...8).map { ["Paragraph \($0)."] })
    private static let secondPage = PageTextFixture.page([["Page two begins here."], ["And goes on."]])

    private func session(images: Bool = false) -> ReaderSession {
        var session = ReaderSession(pageCount: 4)
        if images {
            session.state = ReaderState(
                document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 4), startPage: 0,
                screen: ScreenSize(rows: 10, columns: 40), imageAvailability: .available(label: "image"))
            _ = session.state.start()
        }
        session.deliver(Self.firstPage, for: 0)
        session.deliver(Self.secondPage, for: 1)
        return session
    }

    /// The point a `findSource` effect among `effects` asks about.
    private func sourcePoint(_ effects: [ReaderEffect]) -> (page: Int, x: Double, y: Double)? {
        for effect in effects {
            if case .findSource(let page, let x, let y) = effect { return (page, x, y) }
        }
        return nil
    }

    @Test func sAsksForTheSourceOfTheFirstLineOfTextOnScreen() throws {
        var session = session()
        // The first character of "Alpha": x 72–78, y 72–84.
        let top = try #require(sourcePoint(session.type("S")))
        #expect(top.page == 0 && top.x == 75 && top.y == 78)
        // Scrolled a line down, the top line is blank: the next line with text is asked about,
        // "Second" (its block starts three lines lower, at 108 pt).
        session.type("j")
        let next = try #require(sourcePoint(session.type("S")))
        #expect(next.page == 0 && next.x == 75 && next.y == 114)
    }

    @Test func aCtrlClickAsksForTheCharacterClicked() throws {
        var session = session()
        // Column 7 is "b" of "beta" (the text starts after a one-cell margin): x 108–114.
        let click = MouseEvent(action: .click(clicks: 1), row: 0, column: 7, withControl: true)
        let clicked = try #require(sourcePoint(session.state.handle(.mouse(click))))
        #expect(clicked.page == 0 && clicked.x == 111 && clicked.y == 78)
        // Past the line's end, the line's first character.
        let beyond = MouseEvent(action: .click(clicks: 1), row: 0, column: 39, withControl: true)
        let lineStart = try #require(sourcePoint(session.state.handle(.mouse(beyond))))
        #expect(lineStart.x == 75 && lineStart.y == 78)
        // A plain click asks for nothing of the kind.
        #expect(
            sourcePoint(session.state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 0, column: 7)))) == nil)
    }

    @Test func sInATextSelectionAsksForTheCursorAndEndsTheSelection() throws {
        var session = session()
        session.type("vw")
        let cursor = try #require(sourcePoint(session.type("S")))
        #expect(cursor.page == 0 && cursor.x == 111 && cursor.y == 78)
        #expect(session.state.textSelection == nil)
    }

    @Test func sBeforeThePageArrivesSaysSo() {
        var session = ReaderSession(pageCount: 4)
        #expect(sourcePoint(session.type("S")) == nil)
        #expect(session.state.message == .pageNotLoaded(page: 0))
    }

    @Test func aForwardSearchGoesToThePlaceAndMarksItForAMoment() {
        var session = session()
        // "And goes on." on page 2: its block's line at 108–120 pt.
        let box = TextRect(x0: 70, y0: 107, x1: 300, y1: 121)
        let effects = session.state.handle(.syncTeXPlaceFound(page: 1, boxes: [box]))
        #expect(session.state.currentPage == 1)
        #expect(effects.contains(.clearSyncTeXMark(id: 1, after: ReaderState.syncTeXMarkTime)))
        let marked = ReaderView.render(session.state).rows.enumerated().filter { row in
            row.element.contains { $0.style == .currentMatch }
        }
        #expect(marked.map(\.offset) == [2], "only the line of the box is marked")
        #expect(session.screenLines[2].hasPrefix(" And goes on."))
        // Backspace goes back: the forward search was a jump.
        session.press(.backspace)
        #expect(session.state.currentPage == 0)
        session.press(.control("n"))

        // A later search's mark is not taken away by the earlier one's time running out.
        let later = session.state.handle(.syncTeXPlaceFound(page: 1, boxes: [box]))
        #expect(later.contains(.clearSyncTeXMark(id: 2, after: ReaderState.syncTeXMarkTime)))
        _ = session.state.handle(.syncTeXMarkTimedOut(id: 1))
        #expect(session.state.syncTeXMark?.id == 2)
        _ = session.state.handle(.syncTeXMarkTimedOut(id: 2))
        #expect(session.state.syncTeXMark == nil)
        #expect(!ReaderView.render(session.state).rows.joined().contains { $0.style == .currentMatch })
    }

    @Test func aForwardSearchOutsideTheDocumentGoesNowhere() {
        var session = session()
        let effects = session.state.handle(.syncTeXPlaceFound(page: 9, boxes: [TextRect(x0: 0, y0: 0, x1: 1, y1: 1)]))
        #expect(effects.isEmpty)
        #expect(session.state.currentPage == 0)
        #expect(session.state.message == .notInDocument(pageCount: 4))
    }

    @Test func theImageViewFramesThePlaceOnThePageImage() {
        var session = session(images: true)
        session.press(.tab)
        let box = TextRect(x0: 70, y0: 71, x1: 300, y1: 85)
        let effects = session.state.handle(.syncTeXPlaceFound(page: 0, boxes: [box]))
        let asked = effects.flatMap { effect -> [RenderRequest] in
            if case .renderPages(let requests) = effect { return requests }
            return []
        }
        #expect(asked.first?.page == 0)
        #expect(asked.first?.syncTeXBoxes == [box])
        #expect(asked.dropFirst().allSatisfy { $0.syncTeXBoxes.isEmpty }, "the neighbours are not marked")
        // Once the mark's time is up, the page is asked for unmarked again.
        let after = session.state.handle(.syncTeXMarkTimedOut(id: 1))
        #expect(
            after.contains { effect in
                if case .renderPages(let requests) = effect {
                    return requests.contains { $0.page == 0 && $0.syncTeXBoxes.isEmpty }
                }
                return false
            })
    }
}
