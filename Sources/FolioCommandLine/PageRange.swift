public import FolioCore

/// A set of pages as written on the command line: `3`, `2-5`, `7-`, `1,4,9-12`, numbers being
/// pages counted from 1 as in pdftotext, qpdf and mutool; printed page labels after `@` in the
/// same places (`@xiv`, `@714-720`, `@i-@iv`, `@A-1`), and a word that is no number (`xiv`) taken
/// as a label too (``PageNumberRule/numbersFirst``), resolved once the document is open.
public struct PageRange: Sendable, Equatable {
    /// One end of a piece: a 1-based page number or a page label, as typed.
    public enum Bound: Sendable, Equatable {
        case number(Int)
        /// A label, without the `@` that may mark it.
        case label(String)

        /// The number, or the label without its `@`.
        var text: String {
            switch self {
            case .number(let number): String(number)
            case .label(let label): label
            }
        }

        /// This end as ``PageLabels/lookUp(_:rule:)`` reads it under ``PageNumberRule/numbersFirst``.
        var reference: String {
            switch self {
            case .number(let number): String(number)
            case .label(let label): PageNumberRule.labelMark + label
            }
        }
    }

    /// One piece of a range: `first` to `last`, or `first` to the end when `last` is nil.
    public struct Piece: Sendable, Equatable {
        /// The piece as typed (`@A-1` may be one label rather than a range from `A` to 1).
        public var text: String
        public var first: Bound
        public var last: Bound?
    }

    public var pieces: [Piece]

    /// Parses `text`; nil when it is not a valid range. A piece starting with `@` is of labels
    /// at both ends (`@714-720`).
    public init?(_ text: String) {
        var pieces: [Piece] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let isLabels = part.hasPrefix(PageNumberRule.labelMark)
            let body = isLabels ? part.dropFirst() : part
            let bounds = body.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
            guard let first = Self.bound(bounds[0], isLabel: isLabels) else { return nil }
            if bounds.count == 1 {
                pieces.append(Piece(text: String(part), first: first, last: first))
            } else if bounds[1].isEmpty {
                pieces.append(Piece(text: String(part), first: first, last: nil))
            } else {
                guard let last = Self.bound(bounds[1], isLabel: isLabels) else { return nil }
                if case .number(let from) = first, case .number(let to) = last, to < from { return nil }
                pieces.append(Piece(text: String(part), first: first, last: last))
            }
        }
        guard !pieces.isEmpty else { return nil }
        self.pieces = pieces
    }

    /// The 0-based pages of a document of `labels.pageCount` pages, in the order given. A
    /// number names the page with that number, a label the first page printed so.
    public func pages(in labels: PageLabels) -> Result<[ClosedRange<Int>], Failure> {
        let pageCount = labels.pageCount
        var ranges: [ClosedRange<Int>] = []
        for piece in pieces {
            let whole = piece.text.hasPrefix(PageNumberRule.labelMark) ? String(piece.text.dropFirst()) : piece.text
            if case .label = piece.first, let page = labels.page(labelled: whole) {
                ranges.append(page...page)
                continue
            }
            let first: Int
            switch Self.resolve(piece.first, in: labels) {
            case .success(let page): first = page
            case .failure(let failure): return .failure(failure)
            }
            var last = pageCount - 1
            if let bound = piece.last {
                switch Self.resolve(bound, in: labels) {
                case .success(let page): last = page
                case .failure(let failure): return .failure(failure)
                }
            }
            guard first <= last else { return .failure(.reversed(piece.text)) }
            ranges.append(first...last)
        }
        return .success(ranges)
    }

    /// The 0-based pages of a `pageCount`-page document without page labels.
    public func pages(in pageCount: Int) -> Result<[ClosedRange<Int>], Failure> {
        pages(in: PageLabels(ranges: [], pageCount: pageCount))
    }

    /// Why a range names pages the document does not have.
    public enum Failure: Error, Sendable, Equatable {
        /// A page number beyond the end of the document (1-based).
        case beyondEnd(Int)
        /// A label no page has, that is no page number either.
        case unknownLabel(String)
        /// A piece whose end comes before its start (`iv-ii`).
        case reversed(String)
    }

    /// One end as typed: a label when it starts with `@`, when `isLabel` (the piece started
    /// with `@`) or when it is no number; else a page number from 1.
    private static func bound(_ typed: Substring, isLabel: Bool) -> Bound? {
        let isMarked = typed.hasPrefix(PageNumberRule.labelMark)
        let text = isMarked ? typed.dropFirst() : typed
        guard !text.isEmpty,
            !text.unicodeScalars.contains(where: { $0.value <= 0x20 || (0x7F...0x9F).contains($0.value) })
        else { return nil }
        if isLabel || isMarked {
            return .label(String(text))
        }
        if let number = Int(text) {
            return number >= 1 ? .number(number) : nil
        }
        // All digits yet no Int: a number too large to be a page.
        guard !text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return .label(String(text))
    }

    private static func resolve(_ bound: Bound, in labels: PageLabels) -> Result<Int, Failure> {
        switch labels.lookUp(bound.reference, rule: .numbersFirst) {
        case .labelled(let page), .physical(let page): .success(page)
        case .beyondEnd(let number): .failure(.beyondEnd(number))
        case .unknown: .failure(.unknownLabel(bound.text))
        }
    }
}
