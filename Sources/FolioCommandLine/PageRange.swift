/// A set of 1-based pages as written on the command line: `3`, `2-5`, `7-`, `1,4,9-12`.
public struct PageRange: Sendable, Equatable {
    /// One piece of a range: `first...last`, or `first...` when `last` is nil (to the end).
    public struct Piece: Sendable, Equatable {
        public var first: Int
        public var last: Int?
    }

    public var pieces: [Piece]

    /// Parses `text`; nil when it is not a valid range.
    public init?(_ text: String) {
        var pieces: [Piece] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard let first = Int(bounds[0]), first >= 1 else { return nil }
            if bounds.count == 1 {
                pieces.append(Piece(first: first, last: first))
            } else if bounds[1].isEmpty {
                pieces.append(Piece(first: first, last: nil))
            } else {
                guard let last = Int(bounds[1]), last >= first else { return nil }
                pieces.append(Piece(first: first, last: last))
            }
        }
        guard !pieces.isEmpty else { return nil }
        self.pieces = pieces
    }

    /// The 0-based pages of a `pageCount`-page document, in the order given; the first page
    /// number beyond the document (1-based) when the range names one.
    public func pages(in pageCount: Int) -> Result<[ClosedRange<Int>], OutOfRange> {
        var ranges: [ClosedRange<Int>] = []
        for piece in pieces {
            guard piece.first <= pageCount else { return .failure(OutOfRange(page: piece.first)) }
            let last = piece.last ?? pageCount
            guard last <= pageCount else { return .failure(OutOfRange(page: last)) }
            ranges.append((piece.first - 1)...(last - 1))
        }
        return .success(ranges)
    }

    /// A page number beyond the end of the document.
    public struct OutOfRange: Error, Sendable {
        public var page: Int
    }
}
