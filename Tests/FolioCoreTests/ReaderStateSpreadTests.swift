import Testing

@testable import FolioCore

/// Spreads in the reader (`d`, `set spread`): flipping moves a spread at a time, `g N` shows the
/// spread holding page N, the status line names both pages, the requests name the pages left
/// to right, clicks land on the page under them, and the text view is left as it is.
@Suite struct ReaderStateSpreadTests {
    /// Seven letter-size pages but the fifth, a landscape plate: paired 1–2, 3–4, 5 (the plate),
    /// 6 (its partner, alone), 7 (the last, alone); the first page alone: 1, 2–3, 4, 5, 6–7.
    static let plate = 4
    static let pageCount = 7

    private static func text(of page: Int) -> PageText {
        page == plate
            ? PageText(width: 792, height: 612, blocks: []) : PageText(width: 612, height: 792, blocks: [])
    }

    /// A reader in the image view with spreads on (by `d`, or by `set spread` when `configured`),
    /// every page's text delivered.
    private func reader(
        firstAlone: Bool = false, direction: SpreadDirection = .leftToRight, configured: Bool = false,
        labels: [PageLabels.Range] = []
    ) -> ReaderSession {
        readerAndEffects(firstAlone: firstAlone, direction: direction, configured: configured, labels: labels).session
    }

    /// A reader as ``reader(firstAlone:direction:configured:labels:)`` makes it, and the
    /// effects of its last key (`Tab`, or `d`).
    private func readerAndEffects(
        firstAlone: Bool = false, direction: SpreadDirection = .leftToRight, configured: Bool = false,
        labels: [PageLabels.Range] = []
    ) -> (session: ReaderSession, effects: [ReaderEffect]) {
        var session = ReaderSession(pageCount: Self.pageCount)
        var preferences = ReaderPreferences()
        preferences.spreadFirstPageAlone = firstAlone
        preferences.spreadDirection = direction
        preferences.spreads = configured
        session.state = ReaderState(
            document: DocumentSummary(
                fileName: "doc.pdf", title: nil, pageCount: Self.pageCount, labelRanges: labels),
            startPage: 0, screen: ScreenSize(rows: 10, columns: 40), preferences: preferences,
            imageAvailability: .available(label: "image"), scalesImages: false)
        serve(session.state.start(), to: &session)
        var effects = press(.tab, &session)
        if !configured {
            effects = type("d", &session)
        }
        return (session, effects)
    }

    /// Answers the page loads among `effects` as the loop would, with each page's text, and
    /// returns the effects with those of the answers.
    @discardableResult
    private func serve(_ effects: [ReaderEffect], to session: inout ReaderSession) -> [ReaderEffect] {
        var all = effects
        for effect in effects {
            if case .loadPages(let pages) = effect {
                for page in pages {
                    all += serve(
                        session.state.handle(.pageLoaded(page: page, text: Self.text(of: page))), to: &session)
                }
            }
        }
        return all
    }

    /// Presses `key` and serves the page loads it asks for.
    @discardableResult
    private func press(_ key: Key, _ session: inout ReaderSession) -> [ReaderEffect] {
        serve(session.press(key), to: &session)
    }

    /// Types `text` and serves the page loads it asks for.
    @discardableResult
    private func type(_ text: String, _ session: inout ReaderSession) -> [ReaderEffect] {
        serve(session.type(text), to: &session)
    }

    /// The pages the status line names, as it shows them (`3–4/7`).
    private func shown(_ session: ReaderSession) -> String {
        String(session.screenLines[9].split(separator: " ").last ?? "")
    }

    private func requests(_ effects: [ReaderEffect]) -> [RenderRequest] {
        effects.renderRequests
    }

    @Test func flippingMovesASpreadAtATimeAndBackTheSameWay() {
        var session = reader()
        #expect(shown(session) == "1–2/7")
        #expect(session.state.message == .spreads(on: true, inImageView: true))
        var forward: [String] = []
        for _ in 0..<4 {
            press(.right, &session)
            forward.append(shown(session))
        }
        #expect(forward == ["3–4/7", "5/7", "6/7", "7/7"])
        press(.right, &session)
        #expect(session.state.message == .lastPage)
        var back: [String] = []
        for _ in 0..<4 {
            press(.left, &session)
            back.append(shown(session))
        }
        #expect(back == ["6/7", "5/7", "3–4/7", "1–2/7"])
        press(.left, &session)
        #expect(session.state.message == .firstPage)
    }

    /// With wrap-around on, the last spread is followed by the first and the first preceded by
    /// the last; a document of one spread asks for it once.
    @Test func wrapAroundGoesRoundBySpreads() {
        var session = reader()
        type("w", &session)
        press(.end, &session)
        #expect(shown(session) == "7/7")
        press(.right, &session)
        #expect(shown(session) == "1–2/7")
        press(.left, &session)
        #expect(shown(session) == "7/7")

        var preferences = ReaderPreferences()
        preferences.spreads = true
        preferences.paging = .wrapAround
        var short = ReaderSession(pageCount: 2)
        short.state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 2), startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40), preferences: preferences,
            imageAvailability: .available(label: "image"), scalesImages: false)
        let asked = requests(serve(short.state.start(), to: &short) + press(.tab, &short))
        #expect(asked.map(\.spreadPages) == [[0, 1]])
        press(.right, &short)
        #expect(shown(short) == "1–2/2")
    }

    /// With wrap-around on, a count goes round the spreads, however large: the largest count a
    /// key takes in a document of two spreads lands where its remainder does, at once.
    @Test func aHugeCountGoesRoundTheSpreadsAtOnce() {
        var preferences = ReaderPreferences()
        preferences.spreads = true
        preferences.paging = .wrapAround
        var session = ReaderSession(pageCount: 4)
        session.state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: 4), startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40), preferences: preferences,
            imageAvailability: .available(label: "image"), scalesImages: false)
        serve(session.state.start(), to: &session)
        press(.tab, &session)
        #expect(shown(session) == "1–2/4")
        // 999,999,999,999 spreads of two: an odd count, so the other spread.
        type("999999999999", &session)
        press(.right, &session)
        #expect(shown(session) == "3–4/4")
        type("999999999998", &session)
        press(.left, &session)
        #expect(shown(session) == "3–4/4")
    }

    @Test func theFirstPageAloneShiftsThePairs() {
        var session = reader(firstAlone: true)
        var seen = [shown(session)]
        for _ in 0..<4 {
            press(.right, &session)
            seen.append(shown(session))
        }
        #expect(seen == ["1/7", "2–3/7", "4/7", "5/7", "6–7/7"])
    }

    /// Space and PageDown at a spread's bottom, and a count, move by spreads too.
    @Test func screenfulsAndCountsMoveBySpreads() {
        var session = reader()
        _ = session.state.handle(.pageRendered(session.state.renderRequest(for: 0), rows: 5, columns: 38))
        press(.pageDown, &session)
        #expect(shown(session) == "3–4/7")
        type("2", &session)
        press(.right, &session)
        #expect(shown(session) == "6/7")
        type("9", &session)
        press(.left, &session)
        #expect(shown(session) == "1–2/7")
    }

    @Test func goingToAPageShowsTheSpreadHoldingIt() {
        var session = reader()
        type("g4", &session)
        press(.enter, &session)
        #expect(shown(session) == "3–4/7")
        #expect(session.state.currentPage == 3)
        type("g3", &session)
        press(.enter, &session)
        #expect(shown(session) == "3–4/7")
        // The page reached stays the current one: the text view shows it.
        #expect(session.state.currentPage == 2)
        press(.right, &session)
        #expect(shown(session) == "5/7")
    }

    @Test func theRequestNamesThePagesLeftToRightAndRightToLeftForManga() {
        let left = reader()
        #expect(left.state.renderRequest(for: 1).page == 0)
        #expect(left.state.renderRequest(for: 1).spreadPages == [0, 1])
        #expect(left.state.renderRequest(for: 4).spreadPages == [])
        let right = reader(direction: .rightToLeft)
        #expect(right.state.renderRequest(for: 0).spreadPages == [1, 0])
        #expect(right.state.renderRequest(for: 0).page == 0)
    }

    /// The reader asks for the spread on screen and those either side, each once, named by
    /// their first pages.
    @Test func theSpreadsEitherSideAreAskedForAhead() {
        var (session, effects) = readerAndEffects(configured: true)
        let asked = requests(effects)
        #expect(asked.map(\.page) == [0, 2])
        #expect(asked.map(\.spreadPages) == [[0, 1], [2, 3]])
        // Now at 3–4: the plate after it alone; 1–2 is already asked for.
        let next = requests(press(.right, &session))
        #expect(next.map(\.page) == [4])
        #expect(next.map(\.spreadPages) == [[]])
    }

    /// `d` never shows a wrong page while the new image is made: on page 2, its image alone stands
    /// in for the spread 1–2 (not page 1's), and the spread stands in for page 2 alone when `d`
    /// turns spreads off; each arriving image lets the other go.
    @Test func theImageShowingTheCurrentPageStandsInEitherWay() {
        var session = reader(configured: true)
        press(.tab, &session)
        press(.right, &session)
        press(.tab, &session)
        type("d", &session)
        // Spreads off, on page 2 (counted from 1): its image alone, and page 1's beside it.
        #expect(shown(session) == "2/7")
        let alone = session.state.renderRequest(for: 1)
        let first = session.state.renderRequest(for: 0)
        _ = session.state.handle(.pageRendered(alone, rows: 24, columns: 38))
        _ = session.state.handle(.pageRendered(first, rows: 24, columns: 38))
        type("d", &session)
        #expect(shown(session) == "1–2/7")
        let spread = session.state.renderRequest(for: 1)
        #expect(spread.spreadPages == [0, 1])
        #expect(ReaderView.render(session.state).image?.request == alone)
        _ = session.state.handle(.pageRendered(spread, rows: 12, columns: 38))
        #expect(ReaderView.render(session.state).image?.request == spread)
        #expect(!session.state.readyImages.contains(alone) && !session.state.readyImages.contains(first))
        type("d", &session)
        #expect(ReaderView.render(session.state).image?.request == spread)
        _ = session.state.handle(.pageRendered(alone, rows: 24, columns: 38))
        #expect(ReaderView.render(session.state).image?.request == alone)
    }

    /// `set spread true` starts the image view in spreads; `d` turns them off again.
    @Test func theConfiguredSettingIsTheFirst() {
        var session = reader(configured: true)
        #expect(shown(session) == "1–2/7")
        type("d", &session)
        #expect(shown(session) == "1/7")
        #expect(session.state.message == .spreads(on: false, inImageView: true))
    }

    /// In the text view `d` changes the setting only, and says where it shows.
    @Test func theTextViewIsUnchangedAndSaysWhereSpreadsShow() {
        var session = ReaderSession(pageCount: Self.pageCount, screen: ScreenSize(rows: 10, columns: 80))
        serve(session.startEffects, to: &session)
        type("d", &session)
        #expect(session.state.message == .spreads(on: true, inImageView: false))
        #expect(session.screenLines[9].contains("Spreads on: they show in the image view (Tab)"))
        #expect(shown(session) == "1/7")
        press(.right, &session)
        #expect(shown(session) == "2/7")
    }

    /// Labelled pages name both labels: `i–ii · 1–2/7`.
    @Test func theStatusLineNamesBothLabels() {
        let session = reader(labels: [PageLabels.Range(startPage: 0, style: .lowerRoman, prefix: "", firstValue: 1)])
        #expect(session.screenLines[9].hasSuffix("i–ii · 1–2/7 "))
    }

    /// An image of 38 columns: page 1 in columns 0–18.5, a gap, page 2 from 19.5. A click on
    /// either half asks for that page's links, at the point of it under the click; on the gap,
    /// for none.
    @Test func aClickLandsOnThePageUnderIt() throws {
        var session = reader()
        let request = session.state.renderRequest(for: 0)
        let box = TextRect(x0: 0, y0: 0, x1: 612, y1: 792)
        _ = session.state.handle(
            .pageRendered(
                request, rows: 24, columns: 38,
                parts: [
                    SpreadPart(page: 0, firstColumn: 0, columns: 18.5, box: box),
                    SpreadPart(page: 1, firstColumn: 19.5, columns: 18.5, box: box),
                ]))
        let left = session.state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 0, column: 1)))
        #expect(left.contains(.loadLinks(page: 0)))
        let right = session.state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 0, column: 38)))
        #expect(right.contains(.loadLinks(page: 1)))
        let gap = session.state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 0, column: 19)))
        #expect(gap.isEmpty)
        // The right half's last cell is near page 2's right edge; a link there is followed.
        let link = LinkItem(box: TextRect(x0: 590, y0: 0, x1: 612, y1: 20), page: 6, uri: nil)
        _ = session.state.handle(.mouse(MouseEvent(action: .click(clicks: 1), row: 0, column: 38)))
        _ = session.state.handle(.linksLoaded(page: 1, links: [link]))
        #expect(session.state.currentPage == 6)
        // A Ctrl-click asks for the source of page 2's point.
        press(.home, &session)
        _ = session.state.handle(
            .pageRendered(
                session.state.renderRequest(for: 0), rows: 24, columns: 38,
                parts: [
                    SpreadPart(page: 0, firstColumn: 0, columns: 18.5, box: box),
                    SpreadPart(page: 1, firstColumn: 19.5, columns: 18.5, box: box),
                ]))
        let control = MouseEvent(action: .click(clicks: 1), row: 0, column: 21, withControl: true)
        let source = try #require(
            session.state.handle(.mouse(control)).compactMap { effect -> (Int, Double)? in
                if case .findSource(let page, let x, _) = effect { return (page, x) }
                return nil
            }.first)
        #expect(source.0 == 1)
        #expect(source.1 > 0 && source.1 < 612 * 2 / 18.5)
    }

    /// A forward search onto the second page of a spread asks for the spread with the boxes on
    /// that page; its partner's own request has none.
    @Test func aForwardSearchMarksItsPageOfTheSpread() {
        var session = reader()
        let box = TextRect(x0: 72, y0: 100, x1: 300, y1: 112)
        let effects = session.state.handle(.syncTeXPlaceFound(page: 3, boxes: [box]))
        let asked = effects.renderRequests
        let spread = asked.first { $0.spreadPages == [2, 3] }
        #expect(spread?.syncTeXBoxes == [box] && spread?.syncTeXPage == 3, "\(asked)")
        #expect(asked.filter { $0.spreadPages != [2, 3] }.allSatisfy { $0.syncTeXBoxes.isEmpty })
    }
}
