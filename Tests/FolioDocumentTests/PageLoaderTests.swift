import FolioCore
import FolioDocument
import FolioTestSupport
import Foundation
import Testing

/// The reader's page loader on a real document: pages come back in the order asked for, with
/// the text `Document` gives, and nothing comes back once it is stopped.
@Suite struct PageLoaderTests {
    /// The pages delivered, in order.
    final class Deliveries: @unchecked Sendable {
        private let condition = NSCondition()
        private var pages: [(page: Int, text: String?)] = []

        func add(_ page: Int, _ result: Result<PageText, DocumentError>) {
            condition.withLock {
                pages.append((page, try? result.get().plainText))
                condition.broadcast()
            }
        }

        func wait(for count: Int) -> [(page: Int, text: String?)] {
            condition.withLock {
                let deadline = Date(timeIntervalSinceNow: 20)
                while pages.count < count, condition.wait(until: deadline) {}
                return pages
            }
        }
    }

    @Test func pagesArriveInTheOrderAskedWithTheirText() throws {
        let document = try Document(path: Corpus.path("pdfjs-tracemonkey.pdf"))
        let deliveries = Deliveries()
        let loader = PageLoader(document: document) { deliveries.add($0, $1) }
        defer { loader.stop() }
        loader.load([4, 5, 3])
        let delivered = deliveries.wait(for: 3)
        #expect(delivered.map(\.page) == [4, 5, 3])
        #expect(delivered.first?.text == (try document.text(page: 4)).plainText)
    }

    @Test func nothingArrivesAfterStop() throws {
        let document = try Document(path: Corpus.path("pdfjs-tracemonkey.pdf"))
        let deliveries = Deliveries()
        let loader = PageLoader(document: document) { deliveries.add($0, $1) }
        loader.load([0])
        #expect(deliveries.wait(for: 1).map(\.page) == [0])
        loader.stop()
        loader.load(Array(1..<14))
        Thread.sleep(forTimeInterval: 0.2)
        #expect(deliveries.wait(for: 1).map(\.page) == [0])
    }
}
