/// Where the reader has been: places to go back to (Backspace, Ctrl-O) and forward to again
/// (Ctrl-N), and the page last saved as where the document was left.
struct JumpHistory: Sendable, Equatable {
    var back: [ReadingPosition] = []
    var forward: [ReadingPosition] = []
    /// The page last handed out to be saved as where the document was left
    /// (``ReaderEffect/savePosition(page:)``); nil before the first.
    var savedPage: Int?
    /// The page ``ReaderState/positionEffects()`` last asked to settle; nil before the first (the
    /// start page is saved too once the reader stays on it: `--page` may have chosen it).
    var pageAskedToSettle: Int?

    /// Drops the places on pages a new version of the document no longer has.
    mutating func keepPages(below pageCount: Int) {
        back = back.filter { $0.page < pageCount }
        forward = forward.filter { $0.page < pageCount }
    }
}

/// A place in the document the jump history can return to: the page, and the laid-out line at
/// the top of the screen in a layout of the page `lineCount` lines long (nil while the page was
/// not here), so that the place is found again after a relayout.
struct ReadingPosition: Sendable, Equatable {
    var page: Int
    var topLine: Int
    var lineCount: Int?
}
