import Testing

@testable import FolioCore

/// The spread rule (``PageSpread``): pages paired by position (1–2, 3–4, … or, the first page
/// alone, 1 | 2–3 | 4–5), a pair shown together only when both pages are portrait and their
/// heights within 10%, a last page without a partner alone; the same spread for a page
/// however it is reached.
@Suite struct PageSpreadTests {
    private static let letter = PageSpread.PageShape.size(width: 612, height: 792)
    private static let plate = PageSpread.PageShape.size(width: 792, height: 612)

    /// The spreads of a document whose pages have `shapes`, in order, found by asking for the
    /// spread of each page in turn.
    private func spreads(_ shapes: [PageSpread.PageShape], firstAlone: Bool) -> [[Int]] {
        var found: [[Int]] = []
        for page in shapes.indices {
            let spread = PageSpread.holding(page, pageCount: shapes.count, firstPageAlone: firstAlone) { shapes[$0] }
            let pages = spread.map { [$0.first] + ($0.second.map { [$0] } ?? []) } ?? []
            if found.last != pages { found.append(pages) }
        }
        return found
    }

    @Test func pagesPairByPositionAndALastOddPageIsAlone() {
        let five = Array(repeating: Self.letter, count: 5)
        #expect(spreads(five, firstAlone: false) == [[0, 1], [2, 3], [4]])
        #expect(spreads(five, firstAlone: true) == [[0], [1, 2], [3, 4]])
        let four = Array(repeating: Self.letter, count: 4)
        #expect(spreads(four, firstAlone: true) == [[0], [1, 2], [3]])
        #expect(spreads([Self.letter], firstAlone: false) == [[0]])
    }

    /// A landscape plate is alone, and so is the page it would have been paired with; the pages
    /// after it pair as before (the rule goes by position, so nothing shifts).
    @Test func aPageThatDoesNotFitIsAloneAndThePairingAfterItStays() {
        var shapes = Array(repeating: Self.letter, count: 8)
        shapes[3] = Self.plate
        #expect(spreads(shapes, firstAlone: false) == [[0, 1], [2], [3], [4, 5], [6, 7]])
        #expect(spreads(shapes, firstAlone: true) == [[0], [1, 2], [3], [4], [5, 6], [7]])
        shapes[3] = .unreadable
        #expect(spreads(shapes, firstAlone: false) == [[0, 1], [2], [3], [4, 5], [6, 7]])
    }

    @Test func heightsWithinATenthFitAndFurtherApartDoNot() {
        let tall = PageSpread.PageShape.size(width: 600, height: 800)
        #expect(PageSpread.fitTogether(tall, .size(width: 560, height: 730)))
        #expect(PageSpread.fitTogether(.size(width: 560, height: 730), tall))
        #expect(!PageSpread.fitTogether(tall, .size(width: 500, height: 710)))
        #expect(PageSpread.fitTogether(.size(width: 500, height: 500), .size(width: 500, height: 500)))
        #expect(!PageSpread.fitTogether(tall, Self.plate))
        #expect(!PageSpread.fitTogether(tall, .unknown))
        #expect(!PageSpread.fitTogether(tall, .size(width: .nan, height: 800)))
        #expect(!PageSpread.fitTogether(tall, .size(width: 0, height: 800)))
        #expect(!PageSpread.fitTogether(tall, .size(width: 600, height: .infinity)))
    }

    /// Until the page and its partner are measured there is no spread to show; the page after
    /// is not needed (nor any other).
    @Test func aSpreadWaitsForItsTwoPagesAndNoOther() {
        let known: Set = [2, 3]
        let shape: (Int) -> PageSpread.PageShape = { known.contains($0) ? Self.letter : .unknown }
        #expect(
            PageSpread.holding(3, pageCount: 5000, firstPageAlone: false, shape: shape) == .init(first: 2, second: 3))
        #expect(PageSpread.holding(1, pageCount: 5000, firstPageAlone: false, shape: shape) == nil)
        #expect(PageSpread.holding(4, pageCount: 5000, firstPageAlone: false, shape: shape) == nil)
        #expect(PageSpread.holding(5000, pageCount: 5000, firstPageAlone: false, shape: shape) == nil)
        #expect(PageSpread.holding(-1, pageCount: 5000, firstPageAlone: false, shape: shape) == nil)
        // The first page alone needs no measuring.
        #expect(PageSpread.holding(0, pageCount: 5000, firstPageAlone: true, shape: shape) == .init(first: 0))
    }

    /// Over a long document of mixed pages, every page is in exactly one spread, every page of
    /// a spread has that spread, and a pair is two neighbours that fit.
    @Test func spreadsCoverEveryPageOnceWhicheverPageAsks() {
        var generator = SystemRandomNumberGenerator()
        let shapes: [PageSpread.PageShape] = (0..<5000).map { _ in
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: Self.plate
            case 1: .size(width: 400, height: 600)
            case 2: .unreadable
            default: Self.letter
            }
        }
        for firstAlone in [false, true] {
            var covered = 0
            for spread in spreads(shapes, firstAlone: firstAlone) {
                #expect(spread.first == covered)
                covered += spread.count
                for page in spread {
                    let again = PageSpread.holding(page, pageCount: shapes.count, firstPageAlone: firstAlone) {
                        shapes[$0]
                    }
                    #expect(again?.first == spread.first && again?.last == spread.last)
                }
                if spread.count == 2 {
                    #expect(PageSpread.fitTogether(shapes[spread[0]], shapes[spread[1]]))
                    #expect((spread[0] - (firstAlone ? 1 : 0)) % 2 == 0)
                }
            }
            #expect(covered == shapes.count)
        }
    }

    @Test func rightToLeftPutsTheLaterPageOnTheLeft() {
        let spread = PageSpread(first: 4, second: 5)
        #expect(spread.pagesLeftToRight(.leftToRight) == [4, 5])
        #expect(spread.pagesLeftToRight(.rightToLeft) == [5, 4])
        #expect(PageSpread(first: 6).pagesLeftToRight(.rightToLeft) == [6])
    }
}
