import FolioCore

/// The bytes of rendered page images, kept on the session's thread. Whether an image is ready
/// is not recorded here: ``ReaderState/readyImages`` is the one record, and the cache keeps the
/// bytes of every image listed there for as long as it is listed, whatever their size. Images
/// no longer listed (pages the reader left) stay within a bound in bytes, least recently used
/// first to go, so that going back to a page seen a moment ago costs no render.
final class PageImageCache {
    /// A cached image, its extent in cells and the part of the page it shows.
    struct Entry: Sendable {
        var image: PageImage
        var rows: Int
        var columns: Int
        /// The part of the page the image shows, in points; nil for the whole page.
        var cropBox: TextRect? = nil
        /// Where each page of a spread's image is, left to right; empty for one page's image.
        var parts: [SpreadPart] = []
    }

    private let capacity: Int
    private var entries: [RenderRequest: Entry] = [:]
    private var recentlyUsed: [RenderRequest] = []

    /// An empty cache of `capacity` bytes.
    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The entry for `request`, now the most recently used; nil when it is not cached.
    func entry(for request: RenderRequest) -> Entry? {
        guard let entry = entries[request] else { return nil }
        touch(request)
        return entry
    }

    /// Keeps `entry` for `request` as the most recently used. The bound is kept by
    /// ``trim(keeping:)``, once the state has been told of the image.
    func store(_ entry: Entry, for request: RenderRequest) {
        entries[request] = entry
        touch(request)
    }

    /// Drops the least recently used images not in `ready` until the cache is within its
    /// capacity; the images in `ready` are never dropped.
    func trim(keeping ready: Set<RenderRequest>) {
        var total = entries.values.reduce(0) { $0 + $1.image.byteCount }
        var kept: [RenderRequest] = []
        for request in recentlyUsed {
            if total > capacity, !ready.contains(request) {
                total -= entries.removeValue(forKey: request)?.image.byteCount ?? 0
            } else {
                kept.append(request)
            }
        }
        recentlyUsed = kept
    }

    /// Marks `request` as the most recently used.
    private func touch(_ request: RenderRequest) {
        recentlyUsed.removeAll { $0 == request }
        recentlyUsed.append(request)
    }
}
