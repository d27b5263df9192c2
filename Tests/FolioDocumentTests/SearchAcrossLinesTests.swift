import Dispatch
import FolioCore
import FolioDocument
import FolioTestSupport
import Synchronization
import Testing

/// Matches split over two lines, on real documents: the reader's background search, its count
/// and the reflow view it lands in find them on the same pages as `folio --search`. The pages
/// expected come from `pdftotext`'s text of each file, its paragraphs joined with line-end
/// hyphens dropped or kept — another extractor, so an independent answer.
@Suite struct SearchAcrossLinesTests {
    static let cases: [(file: String, pattern: String, pages: [Int])] = [
        ("pdfjs-tracemonkey.pdf", "trace trees", [1, 2, 4, 5, 6, 7, 9, 12]),
        ("pdfjs-tracemonkey.pdf", "nested trace trees", [2, 6, 7]),
        ("pdfjs-tracemonkey.pdf", "specialization", [1, 2, 4, 5, 11, 12, 13, 14]),
        ("pdfjs-tracemonkey.pdf", "type specialization", [1, 2, 4, 11, 12, 13]),
    ]

    /// Every page, in order, that the background search stops at, one search after another.
    private func pagesFound(by pattern: SearchPattern, in document: Document) throws -> [Int] {
        let reports = Mutex<[DocumentSearcher.Report]>([])
        let arrived = DispatchSemaphore(value: 0)
        let searcher = DocumentSearcher(source: document) { report in
            if case .progress = report { return }
            reports.withLock { $0.append(report) }
            arrived.signal()
        }
        defer { searcher.stop() }
        let pageCount = try document.pageCount
        var pages: [Int] = []
        var start = 0
        while start < pageCount {
            searcher.start(
                SearchRequest(
                    id: start, pattern: pattern, startPage: start, direction: .forward, pageCount: pageCount - start))
            #expect(arrived.wait(timeout: .now() + 30) == .success)
            let report = reports.withLock { $0.removeLast() }
            guard case .found(_, let page) = report else { break }
            pages.append(page + 1)
            start = page + 1
        }
        return pages
    }

    @Test(arguments: cases)
    func theBackgroundSearchTheCountAndTheReflowViewAgree(file: String, pattern: String, pages: [Int]) throws {
        let document = try Document(path: Corpus.path(file))
        let search = SearchPattern(pattern)
        #expect(try pagesFound(by: search, in: document) == pages)

        var counted: [Int] = []
        var shownInReflow: [Int] = []
        for page in 0..<(try document.pageCount) {
            let lines = try document.plainText(page: page).split(separator: "\n", omittingEmptySubsequences: false)
            if !search.lineMatches(in: lines).isEmpty { counted.append(page + 1) }
            let laidOut = TextLayout.reflow(try document.text(page: page), width: 80).map(\.text)
            if !search.lineMatches(in: laidOut).isEmpty { shownInReflow.append(page + 1) }
        }
        #expect(counted == pages)
        #expect(shownInReflow == pages)
    }
}
