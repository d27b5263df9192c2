import FolioCore
import Foundation

/// Rendered page images, bounded in bytes whatever the document's length, so going back to a
/// page seen a moment ago costs no render. The images most recently used are kept even beyond
/// the bound. Shared between the renderer's thread and the session's.
final class PageImageCache: @unchecked Sendable {
    /// A cached image and its extent in cells.
    struct Entry: Sendable {
        var image: PageImage
        var rows: Int
        var columns: Int
    }

    /// Memory for ready images: at a byte a pixel, about 24 text pages 1000 pixels wide, or 7
    /// pages 1900 pixels wide.
    static let standardCapacity = 32 << 20
    /// How many of the most recently used images are never evicted: the page on screen and the
    /// two the reader prefetches, however large they are.
    static let keptImages = 3

    private let capacity: Int
    private let lock = NSLock()
    private var entries: [RenderRequest: Entry] = [:]
    private var recentlyUsed: [RenderRequest] = []
    /// Starts where the process id says, so that two readers in panes of one terminal (tmux)
    /// seldom use the same ids.
    private var lastImageID = UInt32(ProcessInfo.processInfo.processIdentifier % 255)

    /// An empty cache of `capacity` bytes.
    init(capacity: Int = standardCapacity) {
        self.capacity = capacity
    }

    /// The entry for `request`, now the most recently used; nil when it is not cached.
    func entry(for request: RenderRequest) -> Entry? {
        lock.withLock {
            guard let entry = entries[request] else { return nil }
            touch(request)
            return entry
        }
    }

    /// Keeps `entry` for `request`, evicting the least recently used beyond the capacity.
    func store(_ entry: Entry, for request: RenderRequest) {
        lock.withLock {
            entries[request] = entry
            touch(request)
            var total = entries.values.reduce(0) { $0 + $1.image.byteCount }
            while total > capacity, recentlyUsed.count > Self.keptImages {
                let oldest = recentlyUsed.removeFirst()
                total -= entries.removeValue(forKey: oldest)?.image.byteCount ?? 0
            }
        }
    }

    /// A new image id for the kitty graphics protocol: 1 to 255, so that Unicode placeholders
    /// can carry it as a 256-colour foreground, which tmux passes on unchanged. An id comes back
    /// only after 254 others, long after the terminal was told to free its image (the reader
    /// keeps a few).
    func newImageID() -> UInt32 {
        lock.withLock {
            lastImageID = lastImageID % 255 + 1
            return lastImageID
        }
    }

    /// Marks `request` as the most recently used. Call with the lock held.
    private func touch(_ request: RenderRequest) {
        recentlyUsed.removeAll { $0 == request }
        recentlyUsed.append(request)
    }
}
