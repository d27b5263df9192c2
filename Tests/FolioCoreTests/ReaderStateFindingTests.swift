import FolioCore
import Testing

/// Search, outline, links, jump history and copying, driven as key scripts.
@Suite struct ReaderStateFindingTests {
    /// A page of `count` one-line blocks "line N of page P", with `word` on the given lines.
    private func page(_ page: Int, lines count: Int = 30, word: String = "", on wordLines: Set<Int> = []) -> PageText {
        PageTextFixture.page(
            (0..<count).map { line in
                [wordLines.contains(line) ? "line \(line) of page \(page) \(word)" : "line \(line) of page \(page)"]
            })
    }

    private func loadedSession(pageCount: Int = 36, startPage: Int = 0) -> ReaderSession {
        var session = ReaderSession(pageCount: pageCount, startPage: startPage)
        session.deliver(page(startPage), for: startPage)
        return session
    }

    @Test func searchFindsAMatchFurtherDownTheCurrentPage() {
        var session = ReaderSession()
        session.deliver(page(0, word: "zebra", on: [20]), for: 0)
        let effects = session.type("/zebra") + session.press(.enter)
        #expect(
            effects == [
                .recordSearch("zebra"), .countMatches(MatchCountRequest(id: 1, pattern: SearchPattern("zebra"))),
            ],
            "found here: no search, only the history and the count")
        // Blocks are separated by blank lines, so line 20 of the page is laid-out line 40.
        #expect(session.state.topLine == 40)
        #expect(session.state.lastSearch?.text == "zebra")
    }

    @Test func searchContinuesInTheBackgroundAndJumpsToTheHit() throws {
        var session = loadedSession()
        let effects = session.type("/zebra") + session.press(.enter)
        let request = try #require(
            effects.compactMap { effect -> SearchRequest? in
                if case .search(let request) = effect { return request }
                return nil
            }.first)
        #expect(request.startPage == 1)
        #expect(request.direction == .forward)
        #expect(request.pageCount == 35)
        #expect(session.screenLines.last?.contains("Searching 0/35") == true)

        _ = session.state.handle(.searchProgress(id: request.id, searched: 12, total: 35))
        #expect(session.screenLines.last?.contains("Searching 12/35") == true)

        let jump = session.state.handle(.searchFound(id: request.id, page: 7))
        #expect(session.state.currentPage == 7)
        #expect(jump.contains { if case .loadPages(let pages) = $0 { return pages.first == 7 } else { return false } })
        #expect(session.state.message == .found(pattern: "zebra", page: 7))
        session.deliver(page(7, word: "zebra", on: [3]), for: 7)
        #expect(session.state.topLine == 6)

        // Backspace returns to where the search started.
        session.press(.backspace)
        #expect(session.state.currentPage == 0)
    }

    @Test func resultsOfAnOlderSearchAreIgnored() {
        var session = loadedSession()
        session.type("/one")
        session.press(.enter)
        session.type("/two")
        let effects = session.press(.enter)
        #expect(effects.prefix(2) == [.recordSearch("two"), .cancelSearch])
        #expect(!effects.contains { if case .countMatches = $0 { true } else { false } }, "not while searching")
        _ = session.state.handle(.searchFound(id: 1, page: 9))
        #expect(session.state.currentPage == 0)
        let found = session.state.handle(.searchFound(id: 2, page: 4))
        #expect(session.state.currentPage == 4)
        #expect(found.contains(.countMatches(MatchCountRequest(id: 2, pattern: SearchPattern("two")))))
    }

    @Test func noMatchSaysSoAndEscapeStopsASearch() {
        var session = loadedSession()
        session.type("/zebra")
        session.press(.enter)
        _ = session.state.handle(.searchFailed(id: 1, reason: nil))
        #expect(session.state.message == .noMatchToEnd(pattern: "zebra", direction: .forward))
        #expect(session.state.runningSearch == nil)

        session.type("n")
        #expect(session.state.runningSearch != nil)
        #expect(session.press(.escape) == [.cancelSearch])
        #expect(session.state.runningSearch == nil)
        #expect(session.state.message == .searchStopped(pattern: "zebra"))
    }

    @Test func previousMatchSearchesBackwardAndWrapModeCoversTheWholeDocument() throws {
        var session = loadedSession(startPage: 10)
        session.type("/zebra")
        session.press(.enter)
        let backward = session.type("N").compactMap { effect -> SearchRequest? in
            if case .search(let request) = effect { return request }
            return nil
        }
        let request = try #require(backward.first)
        #expect(request.direction == .backward)
        #expect(request.startPage == 9)
        #expect(request.pageCount == 10)
        #expect((0..<10).map { request.page(at: $0, documentPages: 36) } == Array((0...9).reversed()))

        session.type("w")
        let wrapped = try #require(
            session.type("n").compactMap { effect -> SearchRequest? in
                if case .search(let request) = effect { return request }
                return nil
            }.first)
        #expect(wrapped.pageCount == 36)
        #expect(wrapped.page(at: 25, documentPages: 36) == 0)
        #expect(wrapped.page(at: 35, documentPages: 36) == 10)
    }

    @Test func matchesAreHighlightedAndTheCurrentOneSetApart() {
        var session = ReaderSession()
        session.deliver(
            PageTextFixture.page([["The Zebra and the zebra crossing"], ["no stripes"], ["a zebra again"]]), for: 0)
        session.type("/zebra")
        session.press(.enter)
        var rows = ReaderView.render(session.state).rows
        #expect(rows[0].filter { $0.style == .currentMatch }.map(\.text) == ["Zebra", "zebra"])
        #expect(rows[0].map(\.text).joined() == " The Zebra and the zebra crossing")
        #expect(rows[4].filter { $0.style == .highlight }.map(\.text) == ["zebra"])
        session.type("n")
        rows = ReaderView.render(session.state).rows
        #expect(rows.flatMap { $0 }.filter { $0.style == .currentMatch }.map(\.text) == ["zebra"])
        #expect(rows.flatMap { $0 }.filter { $0.style == .highlight }.map(\.text) == ["Zebra", "zebra"])
    }

    @Test func aMatchAcrossALineBreakIsFoundHighlightedOnBothRowsAndCounted() throws {
        var session = ReaderSession()
        // Wrapped at 38 columns, "trace" ends the first row and "trees" starts the second.
        session.deliver(PageTextFixture.page([["one two three four five six trace trees and more"]]), for: 0)
        #expect(session.screenLines[0].hasPrefix(" one two three four five six trace "))
        session.type("/trace trees")
        let effects = session.press(.enter)
        let count = try #require(
            effects.compactMap { effect -> MatchCountRequest? in
                if case .countMatches(let request) = effect { return request }
                return nil
            }.first)
        #expect(!effects.contains { if case .search = $0 { true } else { false } }, "found on this page")
        let rows = ReaderView.render(session.state).rows
        #expect(rows[0].filter { $0.style == .currentMatch }.map(\.text) == ["trace"])
        #expect(rows[1].filter { $0.style == .currentMatch }.map(\.text) == ["trees"])
        _ = session.state.handle(
            .matchesCounted(id: count.id, matches: [PageMatchCount(page: 0, matches: 1)], counted: 36, total: 36))
        #expect(
            session.state.message
                == .match(page: 0, count: .placed(ordinal: 1, total: 1, isComplete: true), wrapped: nil))
    }

    @Test func aHyphenatedWordSplitOnThePageIsFoundInTheLayoutView() {
        var session = ReaderSession(layoutMode: .physical)
        let lines =
            (0..<12).map { "filler line \($0)" } + ["perform type special-", "ization. The end"]
            + (0..<12).map { "more \($0)" }
        session.deliver(PageTextFixture.page([lines]), for: 0)
        session.type("/specialization")
        session.press(.enter)
        #expect(session.state.topLine == 12)
        #expect(session.screenLines[0].hasPrefix(" perform type special- "))
        let rows = ReaderView.render(session.state).rows
        #expect(rows[0].filter { $0.style == .currentMatch }.map(\.text) == ["special-"])
        #expect(rows[1].filter { $0.style == .currentMatch }.map(\.text) == ["ization"])
    }

    @Test func aPageFoundInTheBackgroundForAPhraseSplitOnThePageOpensAtItsLine() throws {
        var session = loadedSession()
        let effects = session.type("/nested trace trees") + session.press(.enter)
        let request = try #require(
            effects.compactMap { effect -> SearchRequest? in
                if case .search(let request) = effect { return request }
                return nil
            }.first)
        _ = session.state.handle(.searchFound(id: request.id, page: 3))
        let filler = (0..<12).map { ["paragraph \($0)"] }
        session.deliver(
            PageTextFixture.page(
                filler + [
                    [
                        "We solve the nested loop problem by recording nested trace",
                        "trees. Our system traces the inner loop exactly as the naive version.",
                    ]
                ] + filler), for: 3)
        // Split on the page, the phrase is on one line of the reflow view, after twelve
        // paragraphs and the blank lines between them.
        #expect(session.state.topLine == 25)
        #expect(session.screenLines[0].hasPrefix(" recording nested trace trees. Our "))
        #expect(session.state.message == .match(page: 3, count: .counting(total: 0), wrapped: nil))
    }

    @Test func theStatusLineShowsTheSectionOnceTheOutlineIsIn() {
        var session = ReaderSession(screen: ScreenSize(rows: 10, columns: 60))
        session.deliver(page(0), for: 0)
        #expect(session.screenLines.last?.contains("§") == false, "no outline yet")
        _ = session.state.handle(
            .outlineLoaded([
                OutlineItem(title: "1 Intro", level: 0, page: 0),
                OutlineItem(title: "2 Installing", level: 0, page: 3),
                OutlineItem(title: "2.1 From source code, step by step", level: 1, page: 5),
                OutlineItem(title: "Index", level: 0, page: nil),
            ]))
        #expect(session.screenLines.last?.hasPrefix(" doc.pdf  § 1 Intro ") == true)
        session.type("6G")
        #expect(session.screenLines.last?.contains(" doc.pdf  § 2.1 From source code, step by") == true)
        #expect(session.screenLines.last?.contains("step by step") == false, "cut to fit")
        session.type("5G")
        #expect(session.screenLines.last?.hasPrefix(" doc.pdf  § 2 Installing ") == true)
        session.type("x")
        #expect(session.screenLines.last?.contains("§") == false, "a message takes its place")
        session.resize(rows: 10, columns: 30)
        session.type("1G")
        #expect(session.screenLines.last?.contains("§") == false, "no room")
    }

    @Test func theMessageSaysWhichMatchOfHowManyAsTheCountGoesOn() {
        var session = ReaderSession()
        session.deliver(page(0, word: "zebra", on: [3, 10]), for: 0)
        session.type("/zebra")
        session.press(.enter)
        #expect(session.state.message == .match(page: 0, count: .counting(total: 0), wrapped: nil))
        let counted = [PageMatchCount(page: 0, matches: 2), PageMatchCount(page: 5, matches: 3)]
        _ = session.state.handle(.matchesCounted(id: 1, matches: counted, counted: 10, total: 36))
        #expect(
            session.state.message
                == .match(page: 0, count: .placed(ordinal: 1, total: 5, isComplete: false), wrapped: nil))
        _ = session.state.handle(.matchesCounted(id: 1, matches: [], counted: 36, total: 36))
        #expect(
            session.state.message
                == .match(page: 0, count: .placed(ordinal: 1, total: 5, isComplete: true), wrapped: nil))
        session.type("n")
        #expect(
            session.state.message
                == .match(page: 0, count: .placed(ordinal: 2, total: 5, isComplete: true), wrapped: nil))
        session.type("n")
        let id = session.state.runningSearch?.id ?? 0
        _ = session.state.handle(.searchFound(id: id, page: 5))
        session.deliver(page(5, word: "zebra", on: [1, 2, 4]), for: 5)
        #expect(
            session.state.message
                == .match(page: 5, count: .placed(ordinal: 3, total: 5, isComplete: true), wrapped: nil))
        session.type("nn")
        #expect(
            session.state.message
                == .match(page: 5, count: .placed(ordinal: 5, total: 5, isComplete: true), wrapped: nil))
        _ = session.state.handle(.matchesCounted(id: 7, matches: counted, counted: 36, total: 36))
        #expect(
            session.state.message
                == .match(page: 5, count: .placed(ordinal: 5, total: 5, isComplete: true), wrapped: nil),
            "an older count is ignored")
    }

    @Test func nAtTheLastMatchSaysSoWhenBounded() {
        var session = ReaderSession(pageCount: 3, startPage: 2)
        session.deliver(page(2, word: "zebra", on: [5]), for: 2)
        session.type("/zebra")
        session.press(.enter)
        #expect(session.state.topLine == 10)
        session.type("n")
        #expect(session.state.message == .lastMatch(pattern: "zebra", direction: .forward))

        // In the middle of the document, the background search comes back empty-handed.
        var middle = ReaderSession(pageCount: 36, startPage: 4)
        middle.deliver(page(4, word: "zebra", on: [2]), for: 4)
        middle.type("/zebra")
        middle.press(.enter)
        #expect(middle.state.runningSearch == nil, "found on the page itself")
        middle.type("n")
        let id = middle.state.runningSearch?.id ?? 0
        _ = middle.state.handle(.searchFailed(id: id, reason: nil))
        #expect(middle.state.message == .lastMatch(pattern: "zebra", direction: .forward))
    }

    @Test func nPastTheEndInWrapModeSaysItWrapped() {
        var session = ReaderSession(pageCount: 36, startPage: 30)
        session.deliver(page(30, word: "zebra", on: [2]), for: 30)
        session.type("w/zebra")
        session.press(.enter)
        session.type("n")
        let id = session.state.runningSearch?.id ?? 0
        _ = session.state.handle(.searchFound(id: id, page: 2))
        #expect(session.state.currentPage == 2)
        #expect(session.state.message == .foundAfterWrapping(pattern: "zebra", page: 2, direction: .forward))
        session.type("N")
        let back = session.state.runningSearch?.id ?? 0
        _ = session.state.handle(.searchFound(id: back, page: 30))
        #expect(session.state.message == .foundAfterWrapping(pattern: "zebra", page: 30, direction: .backward))
    }

    @Test func aBrokenExpressionIsReportedAndStillRemembered() {
        var session = loadedSession()
        session.type("/re:(oops")
        let effects = session.press(.enter)
        #expect(effects == [.recordSearch("re:(oops")], "no search, but Up can bring it back to fix")
        guard case .badPattern(let pattern, let error) = session.state.message else {
            Issue.record("no bad-pattern notice: \(String(describing: session.state.message))")
            return
        }
        #expect(pattern == "re:(oops")
        #expect(error.hasPrefix("not a regular expression"))
        session.type("/")
        session.press(.up)
        #expect(session.state.searchPrompt?.text == "re:(oops")
    }

    @Test func ctrlCStopsARunningSearchOnly() {
        var session = loadedSession()
        #expect(session.state.interruptWork() == nil, "nothing running: Ctrl-C quits as usual")
        session.type("/zebra")
        session.press(.enter)
        #expect(session.state.interruptWork() == [.cancelSearch])
        #expect(session.state.runningSearch == nil)
        #expect(session.state.message == .searchStopped(pattern: "zebra"))
    }

    @Test func outlineOpensJumpsAndHistoryGoesBackAndForward() {
        var session = loadedSession(startPage: 3)
        #expect(session.type("o") == [.loadOutline])
        #expect(session.state.message == .loadingOutline)
        _ = session.state.handle(
            .outlineLoaded([
                OutlineItem(title: "One", level: 0, page: 0),
                OutlineItem(title: "Two", level: 0, page: 2),
                OutlineItem(title: "Two A", level: 1, page: 5),
                OutlineItem(title: "Three", level: 0, page: 20),
            ]))
        guard case .outline(let list) = session.state.overlay else {
            Issue.record("the outline did not open")
            return
        }
        #expect(list.current == 1)
        #expect(list.selected == 1)
        #expect(session.screenLines[0].hasPrefix(" Outline — 4 entries"))
        #expect(session.screenLines[2].hasPrefix(" ● ▾ Two  3"))

        session.press(.left)
        if case .outline(let folded) = session.state.overlay {
            #expect(folded.visible == [0, 1, 3])
        }
        session.press(.down, .enter)
        #expect(session.state.overlay == nil)
        #expect(session.state.currentPage == 20)
        session.press(.backspace)
        #expect(session.state.currentPage == 3)
        session.press(.control("n"))
        #expect(session.state.currentPage == 20)
        session.press(.control("n"))
        #expect(session.state.message == .noLaterPlace)
    }

    /// An outline whose order strays from the pages': an index at the end points back to page
    /// 2. The current section is found level by level, so on page 31 it is 2.1 of chapter 2,
    /// not the index entry (the last entry at or before the page in document order).
    @Test func theCurrentSectionIsFoundLevelByLevel() {
        let items = [
            OutlineItem(title: "1 Introduction", level: 0, page: 0),
            OutlineItem(title: "2 Installing", level: 0, page: 20),
            OutlineItem(title: "2.1 From source", level: 1, page: 25),
            OutlineItem(title: "2.1.1 Configure", level: 2, page: 40),
            OutlineItem(title: "2.2 Packages", level: 1, page: 50),
            OutlineItem(title: "Index", level: 0, page: 90),
            OutlineItem(title: "see also: Introduction", level: 1, page: 2),
        ]
        #expect(OutlineList.entry(containing: 30, in: items) == 2)
        #expect(OutlineList.entry(containing: 45, in: items) == 3)
        #expect(OutlineList.entry(containing: 22, in: items) == 1, "before its first subsection: the chapter")
        #expect(OutlineList.entry(containing: 95, in: items) == 6)
        #expect(OutlineList.entry(containing: 0, in: items) == 0)
        #expect(OutlineList.entry(containing: 5, in: [OutlineItem(title: "late", level: 0, page: 9)]) == nil)
    }

    @Test func typingFiltersTheOutlineFuzzilyAndEnterJumps() {
        var session = ReaderSession(pageCount: 100, startPage: 3, screen: ScreenSize(rows: 12, columns: 60))
        session.type("o")
        _ = session.state.handle(
            .outlineLoaded([
                OutlineItem(title: "Introduction", level: 0, page: 0),
                OutlineItem(title: "Installing Octave", level: 0, page: 20),
                OutlineItem(title: "Getting Started", level: 1, page: 25),
                OutlineItem(title: "Lost section", level: 0, page: nil),
            ]))
        session.type("INST")
        #expect(
            session.screenLines[0].hasPrefix(" Outline — 2 of 4 entries match 'INST'"), "Installing, GettINg STarted")
        let rows = ReaderView.render(session.state).rows
        #expect(rows[1].filter { $0.style == .highlight }.map(\.text) == ["Inst"])
        #expect(rows[2].filter { $0.style == .highlight }.map(\.text) == ["in", "St"], "Gett·in·g St·arted")
        session.press(.backspace, .backspace)
        #expect(session.screenLines[0].hasPrefix(" Outline — 4 of 4 entries match 'IN'"))
        session.type("zzz")
        session.press(.enter)
        #expect(session.state.message == .noOutlineEntry(filter: "INzzz"))
        session.press(.escape)
        session.type("ist")
        session.press(.enter)
        #expect(session.state.currentPage == 20, "Installing Octave: the first match")
    }

    @Test func entriesPointingNowhereAreDimmedAndSaySo() {
        var session = ReaderSession(screen: ScreenSize(rows: 12, columns: 60))
        session.type("o")
        _ = session.state.handle(
            .outlineLoaded([
                OutlineItem(title: "Cover", level: 0, page: 0), OutlineItem(title: "Lost", level: 0, page: nil),
            ]))
        #expect(session.screenLines[0].hasPrefix(" Outline — 2 entries"))
        let rows = ReaderView.render(session.state).rows
        #expect(rows[2].allSatisfy { $0.style == .dim || $0.text.allSatisfy { $0 == " " } })
        #expect(session.screenLines[2].contains("Lost  (points nowhere)"))
        session.press(.down, .enter)
        #expect(session.state.message == .outlineEntryLeadsNowhere(title: "Lost"))

        var single = ReaderSession()
        single.type("o")
        _ = single.state.handle(.outlineLoaded([OutlineItem(title: "Only", level: 0, page: 0)]))
        #expect(single.screenLines[0].hasPrefix(" Outline — 1 entry"))
    }

    @Test func documentWithoutOutlineSaysSo() {
        var session = loadedSession()
        session.type("o")
        _ = session.state.handle(.outlineLoaded([]))
        #expect(session.state.overlay == nil)
        #expect(session.state.message == .noOutline)
    }

    @Test func linksAreNumberedAndFollowedOrCopied() {
        var session = loadedSession()
        #expect(session.type("f") == [.loadLinks(page: 0)])
        let box = TextRect(x0: 72, y0: 72, x1: 144, y1: 84)
        let links = [
            LinkItem(box: box, page: 4, uri: nil),
            LinkItem(box: box, page: nil, uri: "https://mupdf.com"),
            LinkItem(box: box, page: 30, uri: nil),
        ]
        _ = session.state.handle(.linksLoaded(page: 0, links: links))
        #expect(session.state.keyMode == .linkHints)
        session.press(.enter)
        // The box covers the first 12 cells of "line 0 of page 0", 6 pt each from x = 72.
        #expect(session.screenLines[1].hasPrefix(" 1  line 0 of pa  → page 5"))
        #expect(session.screenLines[2].hasPrefix(" 2  line 0 of pa  → https://mupdf.com"))
        session.type("3")
        #expect(session.state.currentPage == 30)

        session.press(.backspace)
        session.deliver(page(0), for: 0)
        session.type("f")
        _ = session.state.handle(.linksLoaded(page: 0, links: links))
        session.press(.enter, .down)
        #expect(session.type("y") == [.copy(text: "https://mupdf.com", description: "the link address")])
    }

    /// A link's words come from the page's text under its box, its target is named by the
    /// printed label, following it lands on the line it points at, and an address is copied,
    /// never opened.
    @Test func linksShowTheirWordsAndLandWhereTheyPoint() {
        var session = ReaderSession(
            pageCount: 10, screen: ScreenSize(rows: 10, columns: 60),
            labelRanges: [.init(startPage: 0, style: .lowerRoman), .init(startPage: 2, style: .decimal)])
        session.deliver(PageTextFixture.page([["See Chapter Two for more"]]), for: 0)
        session.type("f")
        // "Chapter Two" is cells 4 to 14: x from 72 + 4 × 6 = 96 to 72 + 15 × 6 = 162.
        let chapter = LinkItem(box: TextRect(x0: 96, y0: 72, x1: 162, y1: 84), page: 4, uri: nil, targetY: 96)
        let site = LinkItem(box: TextRect(x0: 168, y0: 72, x1: 186, y1: 84), page: nil, uri: "https://mupdf.com")
        _ = session.state.handle(.linksLoaded(page: 0, links: [chapter, site]))
        // Hints go just before each link's words, home row first.
        #expect(session.screenLines[0].hasPrefix(" See aChapter Two sfor more"))
        let hintSpans = ReaderView.render(session.state).rows[0].filter { $0.style == .hint }
        #expect(hintSpans.map(\.text) == ["a", "s"])
        #expect(session.screenLines.last?.contains("2 links on screen: type a hint") == true)
        session.press(.enter)
        #expect(session.screenLines[1].hasPrefix(" 1  Chapter Two  → 3 (page 5)"))
        #expect(session.screenLines[2].hasPrefix(" 2  for  → https://mupdf.com"))
        session.press(.escape)
        session.type("f")
        _ = session.state.handle(.linksLoaded(page: 0, links: [chapter, site]))
        session.type("a")
        #expect(session.state.currentPage == 4)
        // Page 5: "Intro text", then "Chapter Two" with its top at 96 pt, then a long body.
        let body = (0..<20).map { ["Body \($0)"] }
        session.deliver(PageTextFixture.page([["Intro text"], ["Chapter Two"]] + body), for: 4)
        #expect(session.state.topLine == 2, "Chapter Two is laid-out line 2, after a blank line")
        #expect(session.screenLines[0] == " Chapter Two" + String(repeating: " ", count: 48))

        session.press(.backspace)
        session.deliver(PageTextFixture.page([["See Chapter Two for more"]]), for: 0)
        session.type("f")
        _ = session.state.handle(.linksLoaded(page: 0, links: [chapter, site]))
        #expect(
            session.type("s")
                == [
                    .copy(
                        text: "https://mupdf.com",
                        description: "the link address https://mupdf.com (links are never opened)")
                ])
    }

    @Test func copyingThePageAndChosenLines() {
        var session = ReaderSession()
        #expect(session.type("y").isEmpty)
        #expect(session.state.message == .pageNotLoaded(page: 0))
        let text = PageTextFixture.page([["alpha"], ["beta"], ["gamma"]])
        session.deliver(text, for: 0)
        #expect(session.type("y") == [.copy(text: text.plainText, description: "page 1")])

        // Laid out: alpha, "", beta, "", gamma.
        session.type("V")
        session.type("jj")
        #expect(session.state.selection?.lines == 0...2)
        #expect(session.type("y") == [.copy(text: "alpha\n\nbeta\n", description: "3 lines of page 1")])
        #expect(session.state.selection == nil)
        #expect(session.type("Y") == [.copyDocument])
    }
}
