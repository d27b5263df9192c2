/// Every match of a pattern in the document, counted in the background page by page from the
/// first, so the reader can say `match 3 of 17 (page 12)` and fill the total in as the count
/// goes on. Pages arrive in order, so the matches before any page are kept as running sums
/// and found by binary search: O(log n) per question, never a walk through the pages.
struct MatchTally: Sendable, Equatable {
    /// The count's id, matching its events.
    let id: Int
    let pattern: SearchPattern
    /// The pages with matches, in order, and the matches on the pages before each.
    private var pages: [Int] = []
    private var matchesBefore: [Int] = []
    private var matchesOn: [Int] = []
    /// Matches counted so far.
    private(set) var total = 0
    /// Pages `0..<counted` are counted.
    private(set) var counted = 0
    private(set) var pageCount: Int

    init(id: Int, pattern: SearchPattern, pageCount: Int) {
        self.id = id
        self.pattern = pattern
        self.pageCount = pageCount
    }

    /// Whether every page is counted.
    var isComplete: Bool { counted >= pageCount }

    /// Adds a batch: `matches` on pages counted since the last one, `counted` pages now done.
    mutating func add(_ matches: [PageMatchCount], counted: Int, pageCount: Int) {
        for match in matches where match.page >= self.counted && match.page > (pages.last ?? -1) {
            pages.append(match.page)
            matchesBefore.append(total)
            matchesOn.append(match.matches)
            total += match.matches
        }
        self.counted = max(self.counted, counted)
        self.pageCount = pageCount
    }

    /// The matches on pages before `page`, once the count has got past it; nil before then.
    func matches(before page: Int) -> Int? {
        guard page < counted else { return nil }
        let index = firstIndex(atOrAfter: page)
        return index < pages.count ? matchesBefore[index] : total
    }

    /// The matches counted on `page`.
    func matches(on page: Int) -> Int {
        let index = firstIndex(atOrAfter: page)
        return index < pages.count && pages[index] == page ? matchesOn[index] : 0
    }

    private func firstIndex(atOrAfter page: Int) -> Int {
        var low = 0
        var high = pages.count
        while low < high {
            let middle = (low + high) / 2
            if pages[middle] < page {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }
}
