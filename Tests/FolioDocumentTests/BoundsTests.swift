import Dispatch
import FolioCore
import FolioDocument
import FolioTestSupport
import Testing

/// Absurd documents cost bounded time and memory: a 10,000-inch page, a page tree that lies about
/// its size.
@Suite struct BoundsTests {
    @Test func hugePageIsRefusedAtFullSizeButRendersSmall() throws {
        let directory = try TemporaryDirectory()
        let document = try Document(path: try directory.write(Fixtures.hugePage(), to: "huge.pdf"))
        let size = try document.pageSize(0)
        #expect(size.width == 720_000 && size.height == 720_000)
        let start = DispatchTime.now()
        #expect {
            try document.render(page: 0, zoom: 1)
        } throws: { error in
            guard case .tooLarge(let reason) = error as? DocumentError else { return false }
            return reason.contains("720000×720000") && reason.contains("40000000")
        }
        #expect {
            try document.render(page: 0, zoom: 0.01, maxPixels: 1_000)
        } throws: { error in
            guard case .tooLarge(let reason) = error as? DocumentError else { return false }
            return reason.contains("7200×7200")
        }
        #expect(TimeLimitTests.seconds(since: start) < 1)
        let small = try document.render(page: 0, width: 200, cancellation: Cancellation(timeLimit: 10))
        #expect(small.width == 200 && small.height == 200)
        #expect(small.pixels.count == 200 * 200 * 3)
        #expect(try document.plainText(page: 0, cancellation: Cancellation(timeLimit: 10)).contains("x bottom left"))
    }

    @Test func invalidZoomIsRefused() throws {
        let document = try Document(path: Corpus.path("pdfjs-paragraph_and_link.pdf"))
        for zoom in [0, -1, .nan, .infinity, 1e9] {
            #expect(throws: DocumentError.invalidRequest("invalid zoom")) { try document.render(page: 0, zoom: zoom) }
        }
        #expect(throws: DocumentError.invalidRequest("cannot render a page of zero width")) {
            try document.render(page: 0, width: 0)
        }
    }

    @Test func lyingPageTreeCostsLogarithmicWork() throws {
        let start = DispatchTime.now()
        let document = try Document(path: Corpus.path("pdfjs-poppler-67295-0-billion-pages.pdf"))
        let info = try document.info()
        #expect(info.pageCount == 1)
        #expect(info.declaredPageCount == 1_410_065_407)
        #expect(throws: DocumentError.noSuchPage(1, count: 1)) { try document.plainText(page: 1) }
        #expect(TimeLimitTests.seconds(since: start) < 5)
    }

    /// A PNG's size is checked before it is multiplied: Int.max × 2 × 3 overflowed, and a width
    /// past a C int's third overflowed MuPDF's row stride.
    @Test func aPNGOfAbsurdSizeIsRefused() {
        for (width, height) in [(Int.max, 2), (2, Int.max), (Int.max, Int.max), (1 << 30, 1), (0, 0), (-1, -1)] {
            #expect(throws: DocumentError.self, "\(width)×\(height)") {
                try PNGEncoder.encode(width: width, height: height, rgb: [0, 0, 0])
            }
            #expect(throws: DocumentError.self, "\(width)×\(height)") {
                try PNGEncoder.encode(width: width, height: height, palette: [0, 0, 0], indices: [0])
            }
        }
        #expect((try? PNGEncoder.encode(width: 1, height: 1, rgb: [0, 0, 0]))?.starts(with: [0x89, 0x50]) == true)
    }
}
