import Testing

@testable import FolioCore

/// Continuous scrolling in the image view (`s`, `set continuous`): scrolling past a page's end
/// goes on into the next page's top, drawn below it after a one-row seam, and back; the status
/// line names the page filling most of the screen and flips start from it; the document's ends
/// stop the scroll; the text view, clicks and spreads agree.
@Suite struct ReaderStateContinuousTests {
    /// The rows a page image is tall unless a test says otherwise (the text area has 9).
    static let pageRows = 20

    /// A reader of `pageCount` letter-size pages in the image view, continuous scrolling turned
    /// on with `s` (or by `set continuous` when `configured`), every page's text and every
    /// image it asks for delivered, each image `rows` tall and 38 columns wide.
    private func reader(
        pageCount: Int = 10, rows: Int = pageRows, configured: Bool = false,
        preferences: ReaderPreferences = ReaderPreferences(), rowsByPage: [Int: Int] = [:], withheld: Set<Int> = []
    ) -> Reader {
        var preferences = preferences
        preferences.continuous = configured
        var reader = Reader(rows: rows)
        reader.rows = rowsByPage
        reader.withheld = withheld
        reader.session.state = ReaderState(
            document: DocumentSummary(fileName: "doc.pdf", title: nil, pageCount: pageCount), startPage: 0,
            screen: ScreenSize(rows: 10, columns: 40), preferences: preferences,
            imageAvailability: .available(label: "image"))
        reader.serve(reader.session.state.start())
        reader.press(.tab)
        if !configured {
            reader.type("s")
        }
        return reader
    }

    /// A session whose page loads and renders are answered as the loop would.
    private struct Reader {
        var session = ReaderSession(pageCount: 1)
        /// How many rows each page's image is, by page (``pageRows`` for the others).
        var rows: [Int: Int] = [:]
        let defaultRows: Int
        /// Pages whose renders are held back (still on their way), and the requests held.
        var withheld: Set<Int> = []
        var held: [RenderRequest] = []

        init(rows: Int) {
            defaultRows = rows
        }

        /// Answers the loads and renders among `effects`, and those the answers ask for.
        mutating func serve(_ effects: [ReaderEffect]) {
            for effect in effects {
                switch effect {
                case .loadPages(let pages):
                    for page in pages {
                        serve(
                            session.state.handle(
                                .pageLoaded(page: page, text: PageText(width: 612, height: 792, blocks: []))))
                    }
                case .renderPages(let requests):
                    for request in requests {
                        guard !withheld.contains(request.page) else {
                            held.append(request)
                            continue
                        }
                        serve(
                            session.state.handle(
                                .pageRendered(request, rows: rows[request.page] ?? defaultRows, columns: 38)))
                    }
                default:
                    break
                }
            }
        }

        mutating func press(_ key: Key, times: Int = 1) {
            for _ in 0..<times {
                serve(session.press(key))
            }
        }

        mutating func type(_ text: String) {
            serve(session.type(text))
        }

        var frame: Frame { ReaderView.render(session.state) }

        /// The images on screen, top to bottom: (page, first row on screen, first image row, rows).
        var images: [[Int]] {
            let frame = frame
            return ((frame.image.map { [$0] } ?? []) + frame.imagesBelow).map {
                [$0.request.page, $0.screenRow, $0.sourceRow, $0.rows]
            }
        }

        /// The pages the status line names (`3/10`).
        var shown: String {
            String(session.screenLines[9].split(separator: " ").last ?? "")
        }
    }

    @Test func scrollingPastAPageEndShowsTheNextPageBelowASeam() {
        var reader = reader()
        #expect(reader.session.state.message == .continuous(on: true, inImageView: true))
        #expect(reader.images == [[0, 0, 0, 9]])
        // Page 1's last 6 rows, the seam, page 2's first 2 rows.
        reader.press(.down, times: 14)
        #expect(reader.images == [[0, 0, 14, 6], [1, 7, 0, 2]])
        #expect(reader.session.state.currentPage == 0)
        #expect(reader.shown == "1/10")
        // Page 1's last row, the seam, 7 rows of page 2: the status line names page 2.
        reader.press(.down, times: 5)
        #expect(reader.images == [[0, 0, 19, 1], [1, 2, 0, 7]])
        #expect(reader.shown == "2/10")
        // The seam at the top: page 2 is drawn from the second row.
        reader.press(.down)
        #expect(reader.images == [[1, 1, 0, 8]])
        // Past the seam, page 2 is the page at the top: the current page.
        reader.press(.down)
        #expect(reader.session.state.currentPage == 1)
        #expect(reader.images == [[1, 0, 0, 9]])
    }

    /// A page at a time, the same keys stop at the page's end and then flip to the next page's
    /// top, with nothing of another page on screen.
    @Test func aPageAtATimeNothingOfTheNextPageShows() {
        var reader = reader()
        reader.type("s")
        #expect(reader.session.state.message == .continuous(on: false, inImageView: true))
        reader.press(.down, times: 11)
        #expect(reader.images == [[0, 0, 11, 9]])
        reader.press(.down)
        #expect(reader.images == [[1, 0, 0, 9]])
    }

    /// Down and then up the same number of rows, across several pages, comes back to the same
    /// place; so does a screenful at a time.
    @Test func scrollingBackUpRetracesTheWay() {
        var reader = reader()
        reader.press(.down, times: 53)
        #expect(reader.session.state.currentPage == 2)
        #expect(reader.images == [[2, 0, 11, 9]])
        reader.press(.up, times: 53)
        #expect(reader.session.state.currentPage == 0)
        #expect(reader.images == [[0, 0, 0, 9]])
        // A screenful is 7 rows (two kept): four of them are 28 rows, 7 into page 2.
        reader.press(.pageDown, times: 4)
        #expect(reader.images == [[1, 0, 7, 9]])
        reader.press(.pageUp, times: 4)
        #expect(reader.images == [[0, 0, 0, 9]])
    }

    /// The scroll stops with the last page's end at the screen's bottom, and says so; a count
    /// as large as a key takes goes no further and does not hang.
    @Test func theDocumentsEndStopsTheScroll() {
        var reader = reader(pageCount: 3)
        reader.press(.down, times: 100)
        #expect(reader.session.state.currentPage == 2)
        #expect(reader.images == [[2, 0, 11, 9]])
        #expect(reader.session.state.message == .lastPage)
        reader.type("999999999999")
        reader.press(.down)
        #expect(reader.images == [[2, 0, 11, 9]])
        // Up at the first page's top says so too.
        reader.type("999999999999")
        reader.press(.up)
        #expect(reader.images == [[0, 0, 0, 9]])
        reader.press(.up)
        #expect(reader.session.state.message == .firstPage)
    }

    /// In a long document wrapping around, a count as large as a key takes goes round at most
    /// once, at once.
    @Test func aHugeCountWrappingAroundGoesRoundAtOnce() {
        var preferences = ReaderPreferences()
        preferences.paging = .wrapAround
        var reader = reader(pageCount: 100_000, preferences: preferences)
        reader.type("999999999999")
        reader.press(.down)
        // 999,999,999,999 rows modulo a round of 100,000 pages of 21 rows: 999,999 rows, the
        // top of page 47,620.
        #expect(reader.session.state.currentPage == 47_619)
        #expect(reader.images.first == [47_619, 0, 0, 9])
        reader.type("999999999999")
        reader.press(.up)
        #expect(reader.session.state.currentPage == 0)
        #expect(reader.images.first == [0, 0, 0, 9])
    }

    /// A page whose image is still on its way is taken to be as tall as the current one; when
    /// it comes, shorter, the place is kept within it.
    @Test func aPageOnItsWayIsTakenAsTallAsTheCurrentOne() {
        var reader = reader()
        reader.withheld = [2]
        reader.press(.down, times: 46)
        // Page 3 starts 42 rows down, as if page 2 were 20 rows tall.
        #expect(reader.session.state.currentPage == 2)
        #expect(reader.frame.image == nil)
        reader.withheld = []
        reader.rows[2] = 3
        let held = reader.held
        for request in held {
            reader.serve(reader.session.state.handle(.pageRendered(request, rows: 3, columns: 38)))
        }
        // Its last row is the most that may go above the screen: then the seam, page 4.
        #expect(reader.session.state.currentPage == 2)
        #expect(reader.images == [[3, 1, 0, 8]])
    }

    /// Wrapping round pages of different heights, a count goes exactly as far as the pages are
    /// tall: a round is measured, not guessed from the current page.
    @Test func wrappingRoundPagesOfDifferentHeights() {
        var preferences = ReaderPreferences()
        preferences.paging = .wrapAround
        var reader = reader(pageCount: 2, preferences: preferences, rowsByPage: [0: 5, 1: 40])
        // Page 1's 5 rows and the seam, then 7 rows into page 2.
        reader.type("13")
        reader.press(.down)
        #expect(reader.session.state.currentPage == 1)
        #expect(reader.images.first == [1, 0, 7, 9])
        reader.press(.home)
        // Up from page 1's top goes round to page 2's end: 12 rows above its seam.
        reader.type("12")
        reader.press(.up)
        #expect(reader.session.state.message != .firstPage)
        #expect(reader.session.state.currentPage == 1)
        #expect(reader.images.first == [1, 0, 29, 9])
    }

    /// A document of one page wrapping round onto itself scrolls no further than its end.
    @Test func aOnePageDocumentWrappingRoundStopsAtItsEnd() {
        var preferences = ReaderPreferences()
        preferences.paging = .wrapAround
        var reader = reader(pageCount: 1, preferences: preferences)
        reader.press(.down, times: 20)
        #expect(reader.images == [[0, 0, 11, 9]])
        #expect(reader.session.state.message == .lastPage)
        reader.press(.up, times: 20)
        #expect(reader.images == [[0, 0, 0, 9]])
    }

    /// On a screen with no row for the page (the status line alone), a page still counts one
    /// row of screen: a one-page document does not scroll past its last row (found by the key
    /// scripts, seed 121055).
    @Test func aScreenWithNoRowForThePageStopsAtTheLastRow() {
        var reader = reader(pageCount: 1, rows: 1)
        reader.serve(reader.session.state.handle(.resize(ScreenSize(rows: 1, columns: 40))))
        reader.press(.down)
        #expect(reader.session.state.topLine == 0)
        #expect(reader.session.state.message == .lastPage)
    }

    /// With only the seam on screen and the next page's image on its way, the text area stays
    /// blank (no text of the page above stands in) and the status line names the page coming;
    /// leaving for the text view and back asks for the image again.
    @Test func onlyTheSeamOnScreenStaysBlank() {
        var reader = reader(withheld: [1])
        reader.press(.down, times: 20)
        #expect(reader.frame.image == nil)
        let lines = reader.session.screenLines
        #expect(lines.dropLast().allSatisfy { $0.allSatisfy { $0 == " " } })
        #expect(lines.last?.contains("Rendering page 2…") == true)
        reader.press(.tab)
        let asked = reader.session.press(.tab).renderRequests
        #expect(asked.contains { $0.page == 1 })
    }

    /// However short the pages, at most six images are on screen at once.
    @Test func atMostSixPagesAreOnScreen() {
        var reader = reader(pageCount: 20, rows: 1)
        reader.serve(reader.session.state.handle(.resize(ScreenSize(rows: 30, columns: 40))))
        #expect(reader.images.count == 1 + ReaderState.maximumPagesBelow)
    }

    /// Pages shorter than the screen (fit page, zoomed out) stack below each other; the last
    /// ones stop at the screen's bottom, and a document shorter than the screen does not move.
    @Test func shortPagesStackAndTheEndStaysInView() {
        var reader = reader(pageCount: 4, rows: 3)
        #expect(reader.images == [[0, 0, 0, 3], [1, 4, 0, 3], [2, 8, 0, 1]])
        // 15 rows in all, 6 more than the screen: the last page's end on the last row.
        reader.press(.down, times: 10)
        #expect(reader.images == [[1, 0, 2, 1], [2, 2, 0, 3], [3, 6, 0, 3]])
        #expect(reader.session.state.message == .lastPage)

        var tiny = self.reader(pageCount: 2, rows: 3)
        #expect(tiny.images == [[0, 0, 0, 3], [1, 4, 0, 3]])
        tiny.press(.down)
        #expect(tiny.images == [[0, 0, 0, 3], [1, 4, 0, 3]])
        #expect(tiny.session.state.message == .lastPage)
    }

    /// The renders asked for cover the pages coming into view, so a page is on screen as soon
    /// as its top is.
    @Test func thePagesComingIntoViewAreRendered() {
        var reader = reader(pageCount: 10, rows: 2)
        // Page images of 2 rows start at rows 0, 3 and 6 of the 9 (page 4's row 9 is off).
        #expect(reader.images == [[0, 0, 0, 2], [1, 3, 0, 2], [2, 6, 0, 2]])
        reader.press(.down, times: 7)
        #expect(reader.images == [[2, 0, 1, 1], [3, 2, 0, 2], [4, 5, 0, 2], [5, 8, 0, 1]])
    }

    /// Flips start from the page filling the screen: Right shows the page after it at its top,
    /// Left the page before it.
    @Test func flipsStartFromThePageFillingTheScreen() {
        var reader = reader()
        reader.press(.down, times: 17)
        #expect(reader.shown == "2/10")
        reader.press(.right)
        #expect(reader.session.state.currentPage == 2)
        #expect(reader.images.first == [2, 0, 0, 9])
        reader.press(.down, times: 17)
        #expect(reader.shown == "4/10")
        reader.press(.left)
        #expect(reader.session.state.currentPage == 2)
    }

    /// Tab shows the text of the page filling the screen, and turning continuous scrolling off
    /// keeps that page on screen, from its top.
    @Test func leavingShowsThePageFillingTheScreen() {
        var reader = reader()
        reader.press(.down, times: 17)
        reader.press(.tab)
        #expect(reader.session.state.currentPage == 1)
        #expect(reader.session.state.viewMode == .text)
        reader.press(.tab)
        reader.press(.down, times: 17)
        #expect(reader.shown == "3/10")
        reader.type("s")
        #expect(reader.session.state.currentPage == 2)
        #expect(reader.images == [[2, 0, 0, 9]])
    }

    /// `s` in the text view changes the setting for the image view, and says so.
    @Test func inTheTextViewTheSettingWaitsForTheImageView() {
        var reader = reader(configured: true)
        reader.press(.tab)
        reader.type("s")
        #expect(reader.session.state.message == .continuous(on: false, inImageView: false))
        #expect(!reader.session.state.continuousOn)
        reader.type("s")
        reader.press(.tab)
        reader.press(.down, times: 14)
        #expect(reader.images.count == 2)
    }

    /// A click on the lower page lands on that page, at the point under it; the seam is no page.
    @Test func aClickOnTheLowerPageLandsOnIt() {
        var reader = reader()
        reader.press(.down, times: 14)
        // Page 2's first two rows are screen rows 7 and 8, the seam row 6.
        let point = reader.session.state.pagePoint(atRow: 8, column: 20)
        #expect(point?.page == 1)
        #expect(point.map { abs($0.y - 1.5 / 20 * 792) < 0.001 } == true)
        #expect(reader.session.state.pagePoint(atRow: 6, column: 20) == nil)
        #expect(reader.session.state.pagePoint(atRow: 5, column: 20)?.page == 0)
    }

    /// With spreads, the next spread goes below the one on screen.
    @Test func spreadsStackBySpreads() {
        var preferences = ReaderPreferences()
        preferences.spreads = true
        var reader = reader(preferences: preferences)
        reader.press(.down, times: 14)
        let images = reader.frame.imagesBelow
        #expect(images.map(\.request.spreadPages) == [[2, 3]])
        #expect(reader.shown == "1–2/10")
        reader.press(.down, times: 5)
        #expect(reader.shown == "3–4/10")
    }

    /// Wrapping round a document shorter than the screen, each page is drawn once.
    @Test func wrapAroundDrawsAPageOnce() {
        var preferences = ReaderPreferences()
        preferences.paging = .wrapAround
        var reader = reader(pageCount: 2, rows: 3, preferences: preferences)
        #expect(reader.images == [[0, 0, 0, 3], [1, 4, 0, 3]])
        // Down goes round: page 1 again after page 2.
        reader.press(.down, times: 4)
        #expect(reader.images == [[1, 0, 0, 3], [0, 4, 0, 3]])
    }
}
