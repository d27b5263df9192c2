import FolioDocument
import FolioTestSupport
import Testing

@Suite struct PageWorkersTests {
    let tracemonkey = Corpus.path("pdfjs-tracemonkey.pdf")

    /// Drains `workers` into (page, text or error message) pairs.
    private func results(_ workers: PageWorkers<String>) -> [(page: Int, text: String)] {
        var results: [(page: Int, text: String)] = []
        while let (page, result) = workers.next() {
            switch result {
            case .success(let text): results.append((page, text))
            case .failure(let error): results.append((page, "error: \(error)"))
            }
        }
        return results
    }

    @Test(arguments: [1, 2, 3])
    func resultsComeInTheOrderAsked(workerCount: Int) throws {
        let document = try Document(path: tracemonkey)
        let pages = [13, 0, 5, 5, 2, 7, 8, 9, 10, 11, 12, 1]
        let expected = try pages.map { try document.plainText(page: $0) }
        let workers = PageWorkers(document: document, pages: pages, workerCount: workerCount, lookahead: 2) {
            document, page, cancellation throws(DocumentError) in
            try document.plainText(page: page, cancellation: cancellation)
        }
        let got = results(workers)
        #expect(got.map(\.page) == pages)
        #expect(got.map(\.text) == expected)
    }

    @Test func aFailedPageKeepsItsPlace() throws {
        let document = try Document(path: tracemonkey)
        let workers = PageWorkers(document: document, pages: Array(0..<6), workerCount: 2) {
            _, page, _ throws(DocumentError) in
            if page == 3 { throw .damaged("page three") }
            return "page \(page)"
        }
        #expect(
            results(workers).map(\.text) == ["page 0", "page 1", "page 2", "error: page three", "page 4", "page 5"])
    }

    @Test func stoppingEndsTheResults() throws {
        let document = try Document(path: tracemonkey)
        let workers = PageWorkers(document: document, pages: Array(0..<14), workerCount: 2, lookahead: 2) {
            document, page, cancellation throws(DocumentError) in
            try document.plainText(page: page, cancellation: cancellation)
        }
        #expect(workers.next()?.page == 0)
        workers.stop()
        #expect(workers.next() == nil)
    }

    @Test func aReopenedDocumentIsUnlockedAndCounted() throws {
        let path = Corpus.path("qpdf-20-pages-encrypted.pdf")
        let document = try Document(path: path, password: "user")
        let copy = try document.reopened()
        #expect(!copy.needsPassword)
        #expect(try copy.pageCount == document.pageCount)
        #expect(try copy.plainText(page: 19) == document.plainText(page: 19))
    }
}
