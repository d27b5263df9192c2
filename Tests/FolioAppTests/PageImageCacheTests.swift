import FolioCore
import FolioGraphics
import Testing

@testable import FolioApp

/// The page-image cache keeps the bytes of every image the state counts as ready, whatever the
/// bound, and drops the others least recently used first once over it.
@Suite struct PageImageCacheTests {
    private func request(page: Int) -> RenderRequest {
        RenderRequest(
            page: page, viewport: ScreenSize(rows: 23, columns: 78), fit: .width, zoom: 1, inverted: false)
    }

    /// A half-block image of `bytes` bytes.
    private func entry(bytes: Int) -> PageImageCache.Entry {
        .init(
            image: .halfBlocks(RGBImage(width: bytes / 3, height: 1, pixels: Array(repeating: 0, count: bytes))),
            rows: 1, columns: 1)
    }

    @Test func readyImagesStayBeyondTheBoundAndOthersGoOldestFirst() {
        let cache = PageImageCache(capacity: 600)
        for page in 0..<4 {
            cache.store(entry(bytes: 300), for: request(page: page))
        }
        // Page 0 used again: page 1 is now the least recently used.
        _ = cache.entry(for: request(page: 0))
        cache.trim(keeping: [request(page: 2), request(page: 3)])
        #expect(cache.entry(for: request(page: 1)) == nil)
        #expect(cache.entry(for: request(page: 0)) == nil)
        #expect(cache.entry(for: request(page: 2)) != nil && cache.entry(for: request(page: 3)) != nil)
    }

    @Test func unusedImagesStayWithinTheBound() {
        let cache = PageImageCache(capacity: 600)
        for page in 0..<3 {
            cache.store(entry(bytes: 300), for: request(page: page))
        }
        cache.trim(keeping: [])
        #expect(cache.entry(for: request(page: 0)) == nil)
        #expect(cache.entry(for: request(page: 1)) != nil && cache.entry(for: request(page: 2)) != nil)
    }

    @Test func noRoomKeepsOnlyTheReadyOnes() {
        let cache = PageImageCache(capacity: 0)
        cache.store(entry(bytes: 300), for: request(page: 0))
        cache.store(entry(bytes: 300), for: request(page: 1))
        cache.trim(keeping: [request(page: 0)])
        #expect(cache.entry(for: request(page: 0)) != nil)
        #expect(cache.entry(for: request(page: 1)) == nil)
    }
}
