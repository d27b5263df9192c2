/// Places to go back to (Backspace, Ctrl-O) and forward to again (Ctrl-N).
struct JumpHistory: Sendable, Equatable {
    var back: [ReadingPosition] = []
    var forward: [ReadingPosition] = []

    /// Drops the places on pages a new version of the document no longer has.
    mutating func keepPages(below pageCount: Int) {
        back = back.filter { $0.page < pageCount }
        forward = forward.filter { $0.page < pageCount }
    }
}

/// A place in the document the jump history can return to.
struct ReadingPosition: Sendable, Equatable {
    var page: Int
    var topLine: Int
}
