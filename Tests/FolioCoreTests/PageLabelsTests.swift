import FolioCore
import Testing

/// Printed page labels: numbering styles, prefixes and start values, lookups both ways, and
/// what the reader does with them (the go-to prompt, the status line, jumps that wrap).
@Suite struct PageLabelsTests {
    /// The ranges of pdf.js's `labelled_pages.pdf` (its /PageLabels: 0 r, 4 D, 7 a, 9 D St 4).
    static let labelledPages: [PageLabels.Range] = [
        .init(startPage: 0, style: .lowerRoman),
        .init(startPage: 4, style: .decimal),
        .init(startPage: 7, style: .lowerLetters),
        .init(startPage: 9, style: .decimal, firstValue: 4),
    ]

    @Test func everyStyleNumbersItsPages() {
        let labels = PageLabels(ranges: Self.labelledPages, pageCount: 11)
        #expect(
            (0..<11).map { labels.label(ofPage: $0) } == ["i", "ii", "iii", "iv", "1", "2", "3", "a", "b", "4", "5"])
        let styles = PageLabels(
            ranges: [
                .init(startPage: 0, style: .upperRoman, firstValue: 1994),
                .init(startPage: 2, style: .upperLetters, firstValue: 26),
                .init(startPage: 5, style: .decimal, prefix: "A-", firstValue: 9),
                .init(startPage: 7, style: .none, prefix: "Cover"),
            ], pageCount: 9)
        #expect(
            (0..<9).map { styles.label(ofPage: $0) }
                == ["MCMXCIV", "MCMXCV", "Z", "AA", "BB", "A-9", "A-10", "Cover", "Cover"])
        #expect(styles.label(ofPage: 9) == nil)
        #expect(styles.label(ofPage: -1) == nil)
    }

    @Test func pagesBeforeTheFirstRangeAndEmptyLabelsHaveNone() {
        let labels = PageLabels(
            ranges: [.init(startPage: 2, style: .decimal), .init(startPage: 4, style: .none)], pageCount: 6)
        #expect(labels.label(ofPage: 0) == nil)
        #expect(labels.label(ofPage: 2) == "1")
        #expect(labels.label(ofPage: 4) == nil, "a range with neither style nor prefix labels nothing")
        #expect(labels.distinctLabel(ofPage: 2) == "1")
        #expect(
            PageLabels(ranges: [.init(startPage: 0, style: .decimal)], pageCount: 3).distinctLabel(ofPage: 1) == nil)
    }

    @Test func labelsFindTheirPages() {
        let labels = PageLabels(ranges: Self.labelledPages, pageCount: 11)
        #expect(labels.page(labelled: "iv") == 3)
        #expect(labels.page(labelled: "IV") == 3, "case is ignored when nothing matches exactly")
        #expect(labels.page(labelled: "4") == 9, "the page printed 4, not the fourth page")
        #expect(labels.page(labelled: "b") == 8)
        #expect(labels.page(labelled: "iiii") == nil, "only numerals written the one way")
        #expect(labels.page(labelled: "01") == nil)
        #expect(labels.page(labelled: "c") == nil, "the letters range ends at b")
        #expect(labels.page(labelled: "6") == nil)
        #expect(labels.lookUp("iii") == .labelled(2))
        #expect(labels.lookUp("6") == .physical(5))
        #expect(labels.lookUp("12") == .beyondEnd(12))
        #expect(labels.lookUp("0") == .unknown)
        #expect(labels.lookUp("zz") == .unknown)
        #expect(labels.summary == "i–iv, 1–3, a–b, 4–5")
    }

    /// The command line reads a number as the page with that number, as pdftotext, qpdf and
    /// mutool do, and a label after `@`; a word that is no number is a label too. The reader's
    /// prompt (the rule by default) still takes labels first.
    @Test func theCommandLineReadsNumbersAsPages() {
        let labels = PageLabels(ranges: Self.labelledPages, pageCount: 11)
        #expect(labels.lookUp("4", rule: .numbersFirst) == .physical(3), "page 4, printed iv")
        #expect(labels.lookUp("4") == .labelled(9), "the prompt: the page printed 4")
        #expect(labels.lookUp("@4", rule: .numbersFirst) == .labelled(9))
        #expect(labels.lookUp("@iv", rule: .numbersFirst) == .labelled(3))
        #expect(labels.lookUp("iv", rule: .numbersFirst) == .labelled(3), "no page has the number iv")
        #expect(labels.lookUp("@6", rule: .numbersFirst) == .unknown, "no page is printed 6")
        #expect(labels.lookUp("12", rule: .numbersFirst) == .beyondEnd(12))
        #expect(labels.lookUp("@", rule: .numbersFirst) == .unknown)
        #expect(labels.lookUp("zz", rule: .numbersFirst) == .unknown)
        #expect(labels.opening(at: "4") == (3, nil))
        #expect(labels.opening(at: "@4") == (9, .labelledPage(label: "4", page: 9, pageCount: 11)))
        #expect(labels.opening(at: "@zz") == (nil, .noPageLabelled(typed: "zz", labels: "i–iv, 1–3, a–b, 4–5")))
    }

    @Test func prefixesAndLaterStartsAreFound() {
        let octave = PageLabels(
            ranges: [
                .init(startPage: 0, style: .decimal, prefix: "T-"),
                .init(startPage: 2, style: .lowerRoman),
                .init(startPage: 16, style: .decimal),
            ], pageCount: 1158)
        #expect(octave.page(labelled: "T-2") == 1)
        #expect(octave.page(labelled: "xiv") == 15)
        #expect(octave.page(labelled: "714") == 729)
        #expect(octave.label(ofPage: 1157) == "1142")
        #expect(octave.lookUp("1143") == .physical(1142))
        #expect(octave.summary == "T-1–T-2, i–xiv, 1–1142")
    }

    @Test func hostileRangesAreDroppedOrBounded() {
        let labels = PageLabels(
            ranges: [
                .init(startPage: -3, style: .decimal),
                .init(startPage: 0, style: .decimal, firstValue: Int.max - 1),
                .init(startPage: 50, style: .decimal),
                .init(startPage: 3, style: .upperLetters, firstValue: 1_000_000),
            ], pageCount: 5)
        #expect(labels.ranges.map(\.startPage) == [0, 3])
        #expect(labels.label(ofPage: 0) == String(Int.max - 1))
        #expect(labels.label(ofPage: 2) == nil, "a value past Int.max has no label")
        #expect(labels.label(ofPage: 3) == nil, "38,462 repeated letters are not a label")
        #expect(labels.page(labelled: String(repeating: "i", count: 10_000)) == nil)
    }

    // MARK: The reader

    private func labelledReader() -> ReaderSession {
        ReaderSession(pageCount: 11, screen: ScreenSize(rows: 10, columns: 60), labelRanges: Self.labelledPages)
    }

    @Test func goToFindsTheLabelFirstAndSaysWhichPageItMeant() {
        var session = labelledReader()
        session.type("giv")
        session.press(.enter)
        #expect(session.state.currentPage == 3)
        #expect(session.state.message == .labelledPage(label: "iv", page: 3, pageCount: 11))
        #expect(session.screenLines.last?.hasSuffix("reflow  iv · 4/11 ") == true)
        session.type("g4")
        session.press(.enter)
        #expect(session.state.currentPage == 9)
        session.type("g6")
        session.press(.enter)
        #expect(session.state.currentPage == 5)
        #expect(session.state.message == .notALabel(typed: "6", page: 5, pageCount: 11))
        session.type("gzz")
        session.press(.enter)
        #expect(session.state.currentPage == 5)
        #expect(session.state.message == .noPageLabelled(typed: "zz", labels: "i–iv, 1–3, a–b, 4–5"))
        session.type("gII")
        session.press(.enter)
        #expect(session.state.currentPage == 1)
    }

    @Test func theStatusLineShowsTheLabelOnlyWhenItDiffers() {
        var session = ReaderSession(
            pageCount: 11, screen: ScreenSize(rows: 10, columns: 60),
            labelRanges: [.init(startPage: 0, style: .decimal), .init(startPage: 5, style: .lowerRoman)])
        #expect(session.screenLines.last?.hasSuffix("reflow  1/11 ") == true)
        session.type("6G")
        #expect(session.screenLines.last?.hasSuffix("reflow  i · 6/11 ") == true)
    }

    @Test func jumpsPastTheEndSayWhereTheyWrapped() {
        var session = ReaderSession()
        session.type("g40")
        session.press(.enter)
        #expect(session.state.message == .noSuchPage(number: 40, pageCount: 36))
        #expect(session.state.currentPage == 0)
        session.type("w")
        session.type("g40")
        session.press(.enter)
        #expect(session.state.currentPage == 3)
        #expect(session.state.message == .pageWraps(number: 40, page: 3))
        session.type("73G")
        #expect(session.state.currentPage == 0)
        #expect(session.state.message == .pageWraps(number: 73, page: 0))
        session.type("12G")
        #expect(session.state.message == nil, "a page inside the document says nothing")
    }

    @Test func commandLinePagesOpenTheLabelOrTheLastPage() {
        let labels = PageLabels(ranges: Self.labelledPages, pageCount: 11)
        #expect(labels.opening(at: "a") == (7, .labelledPage(label: "a", page: 7, pageCount: 11)))
        #expect(labels.opening(at: "999") == (10, .openedLastPage(number: 999, pageCount: 11)))
        #expect(labels.opening(at: "nope") == (nil, .noPageLabelled(typed: "nope", labels: "i–iv, 1–3, a–b, 4–5")))
        let plain = PageLabels(ranges: [], pageCount: 14)
        #expect(plain.opening(at: "3") == (2, nil))
        #expect(plain.opening(at: "30") == (13, .openedLastPage(number: 30, pageCount: 14)))
    }
}
