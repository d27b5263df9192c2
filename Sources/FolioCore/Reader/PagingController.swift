/// Decides which page comes next, in bounded or wrap-around mode.
///
/// Follows the data-source shape of the seed readers: "page after" and "page before" return
/// nothing at the ends in bounded mode and wrap in wrap-around mode. Pages are 0-based; only
/// ``resolveJump(_:)`` takes a 1-based page number as the user types it. Every call is O(1)
/// and allocates nothing, so a document may have any number of pages.
public struct PagingController: Sendable, Equatable {
    /// The number of pages in the document.
    public let pageCount: Int
    /// Whether paging stops at the ends or wraps around.
    public var mode: PagingMode

    /// Creates a controller for a document of `pageCount` pages.
    public init(pageCount: Int, mode: PagingMode) {
        precondition(pageCount >= 0, "A document cannot have a negative number of pages")
        self.pageCount = pageCount
        self.mode = mode
    }

    /// The page after `page`: nil after the last page when bounded, the first page when wrapping.
    public func pageAfter(_ page: Int) -> Int? {
        self.page(page, movedBy: 1)
    }

    /// The page before `page`: nil before the first page when bounded, the last page when wrapping.
    public func pageBefore(_ page: Int) -> Int? {
        self.page(page, movedBy: -1)
    }

    /// The page `delta` pages away from `page`, for counted moves such as `5` Right.
    ///
    /// Bounded: a move past an end lands on that end, unless `page` is already there, in
    /// which case the result is nil so the caller can say "Last page" or "First page".
    /// Wrap-around: the move wraps modulo the page count.
    public func page(_ page: Int, movedBy delta: Int) -> Int? {
        guard pageCount > 0, (0..<pageCount).contains(page) else {
            return nil
        }
        switch mode {
        case .bounded:
            let lastPage = pageCount - 1
            if delta > 0 {
                return page == lastPage ? nil : page + min(delta, lastPage - page)
            }
            if delta < 0 {
                guard page > 0 else {
                    return nil
                }
                // `magnitude` because negating Int.min would overflow.
                return delta.magnitude >= UInt(page) ? 0 : page - Int(delta.magnitude)
            }
            return page
        case .wrapAround:
            // Reduce first, then step around the end without ever adding past pageCount,
            // so no delta (not even Int.min) and no page count (not even Int.max) overflows.
            let offset = delta % pageCount
            if offset >= 0 {
                let roomAfter = pageCount - 1 - page
                return offset <= roomAfter ? page + offset : offset - roomAfter - 1
            }
            let back = -offset
            return back <= page ? page - back : pageCount - (back - page)
        }
    }

    /// The 0-based page for a 1-based page number the user typed, or nil when there is none.
    ///
    /// Numbers below 1 never resolve. Numbers past the end resolve only in wrap-around mode,
    /// where they wrap modulo the page count.
    public func resolveJump(_ requested: Int) -> Int? {
        guard requested >= 1, pageCount > 0 else {
            return nil
        }
        switch mode {
        case .bounded:
            return requested <= pageCount ? requested - 1 : nil
        case .wrapAround:
            return (requested - 1) % pageCount
        }
    }
}
