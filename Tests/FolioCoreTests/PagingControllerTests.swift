import FolioCore
import Testing

@Suite struct PagingControllerTests {
    let bounded = PagingController(pageCount: 36, mode: .bounded)
    let wrapping = PagingController(pageCount: 36, mode: .wrapAround)

    @Test func boundedStopsAtBothEnds() {
        #expect(bounded.pageAfter(0) == 1)
        #expect(bounded.pageAfter(34) == 35)
        #expect(bounded.pageAfter(35) == nil)
        #expect(bounded.pageBefore(35) == 34)
        #expect(bounded.pageBefore(1) == 0)
        #expect(bounded.pageBefore(0) == nil)
    }

    @Test func wrapAroundWrapsAtBothEnds() {
        #expect(wrapping.pageAfter(34) == 35)
        #expect(wrapping.pageAfter(35) == 0)
        #expect(wrapping.pageBefore(0) == 35)
        #expect(wrapping.pageBefore(1) == 0)
    }

    @Test(arguments: [
        (32, 5, 35 as Int?),  // page 33 of 36, five on: lands on page 36
        (35, 5, nil),  // already on the last page
        (35, 1, nil),
        (30, 2, 32),
        (3, -5, 0),  // five back from page 4: lands on page 1
        (0, -5, nil),  // already on the first page
        (10, 0, 10),
        (10, Int.max, 35),
        (10, Int.min, 0),
    ])
    func boundedCountedMoves(page: Int, delta: Int, expected: Int?) {
        #expect(bounded.page(page, movedBy: delta) == expected)
    }

    @Test(arguments: [
        (32, 5, 1),  // 33, 34, 35, then 0, 1
        (35, 1, 0),
        (2, -5, 33),  // 1, 0, then 35, 34, 33
        (0, -1, 35),
        (7, 36, 7),
        (7, -36 * 1000, 7),
    ])
    func wrappingCountedMoves(page: Int, delta: Int, expected: Int) {
        #expect(wrapping.page(page, movedBy: delta) == expected)
    }

    @Test(arguments: [(1, 0 as Int?), (12, 11), (36, 35), (37, nil), (999, nil), (0, nil), (-3, nil)])
    func boundedJumps(requested: Int, expected: Int?) {
        #expect(bounded.resolveJump(requested) == expected)
    }

    @Test(arguments: [(1, 0 as Int?), (36, 35), (37, 0), (38, 1), (73, 0), (0, nil), (-1, nil), (Int.min, nil)])
    func wrappingJumps(requested: Int, expected: Int?) {
        #expect(wrapping.resolveJump(requested) == expected)
    }

    @Test func emptyDocumentHasNoPages() {
        let empty = PagingController(pageCount: 0, mode: .wrapAround)
        #expect(empty.pageAfter(0) == nil)
        #expect(empty.pageBefore(0) == nil)
        #expect(empty.resolveJump(1) == nil)
    }

    @Test func singlePageWrapsOntoItself() {
        let single = PagingController(pageCount: 1, mode: .wrapAround)
        #expect(single.pageAfter(0) == 0)
        #expect(single.pageBefore(0) == 0)
        #expect(PagingController(pageCount: 1, mode: .bounded).pageAfter(0) == nil)
    }

    @Test(.timeLimit(.minutes(1)), arguments: [1_410_065_407, Int.max])
    func hugePageCountsNeedNoPerPageWork(pageCount: Int) {
        let last = pageCount - 1
        let bounded = PagingController(pageCount: pageCount, mode: .bounded)
        #expect(bounded.pageAfter(last) == nil)
        #expect(bounded.page(0, movedBy: Int.max) == last)
        #expect(bounded.page(last, movedBy: -Int.max) == 0)
        #expect(bounded.resolveJump(pageCount) == last)

        let wrapping = PagingController(pageCount: pageCount, mode: .wrapAround)
        #expect(wrapping.pageAfter(last) == 0)
        #expect(wrapping.pageBefore(0) == last)
        #expect(wrapping.page(last - 1, movedBy: 3) == 1)
        #expect(wrapping.page(1, movedBy: -3) == last - 1)
        #expect(wrapping.page(5, movedBy: Int.min) != nil)
    }
}
