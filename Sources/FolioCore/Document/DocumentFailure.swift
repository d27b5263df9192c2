/// Why the document could not give what the reader asked of it (a page's text, its image, the
/// outline, a search through its pages), told apart where the reader treats them differently:
/// a page given up on after its time limit is not a damaged one.
///
/// The owner makes one from the document library's error at the edge; ``NoticeText`` words it.
public enum DocumentFailure: Sendable, Equatable {
    /// The work took longer than its time limit, `seconds`, and was stopped or abandoned.
    case timedOut(seconds: Double)
    /// The page or the file is damaged: the library's own `message` says how.
    case damaged(message: String)
    /// The library ran out of memory.
    case outOfMemory
    /// Anything else, as `message` describes it (a size cap, work skipped while abandoned work
    /// still runs, a request the library refused).
    case other(message: String)
}

/// Why a background search stopped before going through every page it should.
public enum SearchFailure: Sendable, Equatable {
    /// The document could not be searched.
    case documentFailed(DocumentFailure)
    /// The pattern took longer than `seconds` on `page` (0-based): a regular expression too
    /// costly for that page's text.
    case tooCostly(page: Int, seconds: Double)
}
