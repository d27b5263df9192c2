import FolioCore
import Testing

/// Sideways in a page image zoomed past the text area, as key scripts: `<` and `>` and the
/// horizontal wheel move along it in image cells, clamped at both edges; a flip keeps the place
/// sideways, a zoom or resize keeps the same part of the page at the screen's middle; clicks
/// land on the point of the page under them; the status line says where the screen is.
///
/// The screen is 40 × 10: the text area 38 columns from screen column 1, 9 rows. Each page is
/// 612 × 792 points (``PageTextFixture``).
@Suite struct ReaderStateImageSidewaysTests {
    private static let textColumns = 38

    private func session() -> ReaderSession {
        var session = ReaderSession(pageCount: 10)
        session.state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 10), startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40), imageAvailability: .available(label: "image"))
        _ = session.state.start()
        session.deliver(PageTextFixture.page([["Chapter 1"]]), for: 0)
        session.deliver(PageTextFixture.page([["Chapter 2"]]), for: 1)
        return session
    }

    private func requests(_ effects: [ReaderEffect]) -> [RenderRequest] {
        effects.flatMap { effect -> [RenderRequest] in
            if case .renderPages(let requests) = effect { return requests }
            return []
        }
    }

    /// The image view, zoomed by `steps` presses of `+`, with page 0's image `columns` wide
    /// delivered (and page 1's, when `nextColumns` is given).
    private func zoomed(
        _ steps: Int, columns: Int, nextColumns: Int? = nil, rows: Int = 120
    ) throws -> (session: ReaderSession, request: RenderRequest) {
        var session = session()
        var asked = requests(session.press(.tab))
        for _ in 0..<steps {
            asked += requests(session.type("+"))
        }
        // Each press asks for the images missing at its zoom: the last ones are at the zoom now.
        let current = try #require(asked.last { $0.page == 0 })
        _ = session.state.handle(.pageRendered(current, rows: rows, columns: columns))
        if let nextColumns {
            let next = try #require(asked.last { $0.page == 1 && $0.zoom == current.zoom })
            _ = session.state.handle(.pageRendered(next, rows: rows, columns: nextColumns))
        }
        return (session, current)
    }

    private func placement(_ session: ReaderSession) -> ImagePlacement? {
        ReaderView.render(session.state).image
    }

    /// At about twice the fit width (76 columns: 38 past the text area), `>` moves half the
    /// text area (19 cells, as in the page layout), a count multiplies it, and neither key
    /// goes past an edge: the image's right edge stops at the text area's right edge.
    @Test func keysMoveHalfATextAreaAndStopAtBothEdgesAtZoomTwo() throws {
        var (session, request) = try zoomed(3, columns: 76)
        #expect((1.9...2.0).contains(request.zoom))
        #expect(placement(session)?.sourceColumn == 0)
        session.type(">")
        #expect(session.state.message == nil)
        #expect(placement(session)?.sourceColumn == 19)
        #expect(placement(session)?.columns == Self.textColumns)
        session.type(">")
        #expect(placement(session)?.sourceColumn == 38)
        session.type(">")
        #expect(placement(session)?.sourceColumn == 38, "the right edge is at the text area's")
        #expect(placement(session).map { $0.sourceColumn + $0.columns } == 76)
        session.type("<")
        #expect(placement(session)?.sourceColumn == 19)
        session.type("9<")
        #expect(placement(session)?.sourceColumn == 0, "the left edge stops it")
        session.type("2>")
        #expect(placement(session)?.sourceColumn == 38)
        // The image stays in the text area, from its first column.
        #expect(placement(session)?.screenColumn == 1)
    }

    /// At about four times (152 columns: 114 past), `4>` goes 76 cells, and a huge count to
    /// the right edge without overflowing.
    @Test func countsMultiplyTheStepAtZoomFour() throws {
        var (session, request) = try zoomed(6, columns: 152)
        #expect((3.7...4.0).contains(request.zoom))
        session.type("4>")
        #expect(placement(session)?.sourceColumn == 76)
        session.type("99999999999999999999>")
        #expect(placement(session)?.sourceColumn == 114)
        #expect(placement(session)?.columns == Self.textColumns)
        session.type("99999999999999999999<")
        #expect(placement(session)?.sourceColumn == 0)
    }

    /// The horizontal wheel (and Shift with the wheel, which the decoder reports the same)
    /// moves six cells a notch (a vertical notch is three rows), within the same edges.
    @Test func theHorizontalWheelScrollsTheImage() throws {
        var (session, _) = try zoomed(3, columns: 76)
        func wheel(_ action: MouseEvent.Action, times: Int = 1) {
            for _ in 0..<times {
                _ = session.state.handle(.mouse(MouseEvent(action: action, row: 4, column: 20)))
            }
        }
        wheel(.wheelRight)
        #expect(placement(session)?.sourceColumn == 6)
        wheel(.wheelRight, times: 10)
        #expect(placement(session)?.sourceColumn == 38)
        wheel(.wheelLeft)
        #expect(placement(session)?.sourceColumn == 38 - 6)
        wheel(.wheelLeft, times: 10)
        #expect(placement(session)?.sourceColumn == 0)
        #expect(session.state.message == nil)
        // The vertical wheel still scrolls down, and leaves the place sideways alone.
        wheel(.wheelRight)
        wheel(.wheelDown)
        #expect(placement(session)?.sourceRow == 3)
        #expect(placement(session)?.sourceColumn == 6)
    }

    /// In the reflowed text the keys say the layout is needed; the wheel says nothing (a
    /// touchpad swipes sideways as it scrolls). In the layout, the wheel scrolls the text.
    @Test func theTextViewsKeepTheirRules() {
        var session = ReaderSession(pageCount: 4)
        session.deliver(PageTextFixture.page([[String(repeating: "wide ", count: 30)]]), for: 0)
        _ = session.state.handle(.mouse(MouseEvent(action: .wheelRight, row: 2, column: 2)))
        #expect(session.state.message == nil)
        #expect(session.state.horizontalOffset == 0)
        session.type(">")
        #expect(session.state.message == .sidewaysNeedsLayout)

        var layout = ReaderSession(pageCount: 4, layoutMode: .physical)
        layout.deliver(PageTextFixture.page([[String(repeating: "wide ", count: 30)]]), for: 0)
        _ = layout.state.handle(.mouse(MouseEvent(action: .wheelRight, row: 2, column: 2)))
        #expect(layout.state.horizontalOffset == 6)
        _ = layout.state.handle(.mouse(MouseEvent(action: .wheelLeft, row: 2, column: 2)))
        #expect(layout.state.horizontalOffset == 0)
    }

    /// A flip keeps the place sideways (the zoom is kept too), clamped to a narrower page;
    /// while the next page's image renders its text stands in unshifted, and the place is
    /// clamped when the image arrives.
    @Test func flippingKeepsThePlaceSideways() throws {
        var (session, _) = try zoomed(3, columns: 76, nextColumns: 76)
        session.type("2>")
        #expect(placement(session)?.sourceColumn == 38)
        session.press(.right)
        #expect(session.state.currentPage == 1)
        #expect(placement(session)?.sourceColumn == 38)
        session.press(.left)
        #expect(placement(session)?.sourceColumn == 38)

        // A narrower page 2 (50 columns: 12 past), not yet rendered when it is shown.
        let asked = requests(session.press(.right) + session.press(.right))
        #expect(session.state.currentPage == 2)
        session.deliver(PageTextFixture.page([["Chapter 3"]]), for: 2)
        #expect(placement(session) == nil)
        #expect(session.screenLines[0].hasPrefix(" Chapter 3"), "the text stands in where it starts")
        let third = try #require(asked.first { $0.page == 2 })
        _ = session.state.handle(.pageRendered(third, rows: 120, columns: 50))
        #expect(placement(session)?.sourceColumn == 12)
        #expect(placement(session)?.columns == Self.textColumns)
    }

    /// Scrolled sideways, a zoom keeps the same part of the page at the middle of the text area: at 76 columns
    /// from column 19, the middle (column 38) is half the page; zoomed to 95 columns, half the
    /// page is column 47.5, so the image shows from column 28 or 29.
    @Test func aZoomKeepsThePartOfThePageInTheMiddle() throws {
        var (session, _) = try zoomed(3, columns: 76)
        // At the left edge, where reading starts, a zoom stays there.
        let fromTheEdge = try #require(requests(session.type("+")).first { $0.page == 0 })
        _ = session.state.handle(.pageRendered(fromTheEdge, rows: 150, columns: 95))
        #expect(placement(session)?.sourceColumn == 0)
        let back = try #require(requests(session.type("-")).first { $0.page == 0 })
        _ = session.state.handle(.pageRendered(back, rows: 120, columns: 76))
        session.type(">")
        #expect(placement(session)?.sourceColumn == 19)
        let bigger = try #require(requests(session.type("+")).first { $0.page == 0 })
        _ = session.state.handle(.pageRendered(bigger, rows: 150, columns: 95))
        let column = try #require(placement(session)?.sourceColumn)
        #expect((28...29).contains(column))
        // Zoomed out to an image narrower than the text area, it is centred whole.
        var smaller: RenderRequest?
        for _ in 0..<5 {
            smaller = requests(session.type("-")).first { $0.page == 0 } ?? smaller
        }
        _ = session.state.handle(.pageRendered(try #require(smaller), rows: 40, columns: 30))
        #expect(placement(session)?.sourceColumn == 0)
        #expect(placement(session)?.screenColumn == 1 + (Self.textColumns - 30) / 2)
        // An image that fits does not move.
        session.type(">")
        #expect(placement(session)?.sourceColumn == 0)
    }

    /// A resize keeps the middle too: from column 38 of 152 (text area 38, middle at 57, three
    /// eighths of the page) to a text area of 58 columns and an image of 232, three eighths is
    /// column 87, so the image shows from column 58.
    @Test func aResizeKeepsThePartOfThePageInTheMiddle() throws {
        var (session, _) = try zoomed(6, columns: 152)
        session.type("2>")
        #expect(placement(session)?.sourceColumn == 38)
        let effects = session.state.handle(.resize(ScreenSize(rows: 10, columns: 60)))
        let resized = try #require(requests(effects).first { $0.page == 0 })
        #expect(resized.viewport.columns == 58)
        _ = session.state.handle(.pageRendered(resized, rows: 180, columns: 232))
        #expect(placement(session)?.sourceColumn == 58)
        #expect(placement(session)?.columns == 58)
    }

    /// A click and a Ctrl-click on the image scrolled sideways are on the point of the page
    /// under them: the image's column 19 (screen column 1) covers x 153–161 of the 612-point
    /// page at 76 columns, its column 56 (screen column 38) x 451–459.
    @Test func clicksLandOnThePointUnderThemWhenScrolled() throws {
        var (session, _) = try zoomed(3, columns: 76, rows: 100)
        session.type(">")
        func source(atColumn column: Int) -> (x: Double, y: Double)? {
            let click = MouseEvent(action: .click(clicks: 1), row: 0, column: column, withControl: true)
            for effect in session.state.handle(.mouse(click)) {
                if case .findSource(_, let x, let y) = effect { return (x, y) }
            }
            return nil
        }
        let left = try #require(source(atColumn: 1))
        #expect(left.x > 612 * 19 / 76 && left.x < 612 * 20 / 76)
        #expect(left.y > 0 && left.y < 792 / 100)
        let right = try #require(source(atColumn: 38))
        #expect(right.x > 612 * 56 / 76 && right.x < 612 * 57 / 76)

        // A link on the right of the page, at x 440–470 on the first rows, is followed by a
        // click on screen column 38 once scrolled, and not by one on column 1.
        let link = LinkItem(box: TextRect(x0: 440, y0: 0, x1: 470, y1: 20), page: 5, uri: nil)
        let missed = session.state.handle(
            .mouse(MouseEvent(action: .click(clicks: 1), row: 0, column: 1)))
        #expect(missed.contains(.loadLinks(page: 0)))
        _ = session.state.handle(.linksLoaded(page: 0, links: [link]))
        #expect(session.state.currentPage == 0)
        let hit = session.state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 0, column: 38)))
        #expect(hit.contains(.loadLinks(page: 0)))
        _ = session.state.handle(.linksLoaded(page: 0, links: [link]))
        #expect(session.state.currentPage == 5)
    }

    /// The status line says where the screen is sideways: arrows to the sides with more, and
    /// the share of the width shown up to the screen's right edge.
    @Test func theStatusLineSaysWhereTheScreenIsSideways() throws {
        var (session, _) = try zoomed(3, columns: 76)
        #expect(session.screenLines[9].contains("▸ 50%"))
        session.type(">")
        #expect(session.screenLines[9].contains("◂▸ 75%"))
        session.type(">")
        #expect(session.screenLines[9].contains("◂ 100%"))
    }
}
