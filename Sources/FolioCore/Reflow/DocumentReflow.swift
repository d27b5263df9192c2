/// `folio --text --reflow` over a document: each page's ``PageReflow`` (made in parallel by the
/// page workers) put together in one cheap ordered pass, so that what needs other pages is
/// decided with them.
///
/// - Running headers and footers are decided by the pages around each page (see
///   ``RunningFurniture``), exactly as the reader decides them with the same pages at hand.
/// - A paragraph that goes on over a page break (see ``PageReflow``'s continuation rule) is
///   printed whole on the page where it starts, joined as lines are (a syllable hyphen
///   dropped, a compound's kept, no space in Chinese or Japanese); the next page starts with
///   its next paragraph. Only pages printed one after the other are joined.
/// - Hyphens no page decided are settled by the words of the other pages read.
///
/// The batch writes a page once ``lookahead`` pages after it are read (``settled(through:)``),
/// so output streams and memory stays bounded however long the document: a page's hyphens are
/// settled by the words of every page before it and of the ``lookahead`` pages after it.
public struct DocumentReflow: Sendable {
    /// How many pages past a page are read before it is written: more than the pages its running
    /// headers and a paragraph going on over its end need, and enough of the document ahead that
    /// a hyphen's other spelling is likely among them.
    public static let lookahead = 64
    /// One page read for the document: its ``PageReflow`` and its text as the page alone gives
    /// it, which most pages keep. Made on the page's worker thread, so the wrapping runs in
    /// parallel too.
    public struct Page: Sendable {
        let reflow: PageReflow
        /// The page alone laid out at `width` cells, and the lines of each piece.
        let lines: [LaidOutLine]
        let ranges: [Range<Int>]
        /// The text of the page alone.
        let text: String
        let width: Int

        /// Reads `page` for reflowing at `width` cells.
        public init(_ page: PageText, width: Int) {
            reflow = PageReflow(page)
            self.width = max(width, 1)
            (lines, ranges) = PageReflow.laidOutWithRanges(reflow.pieces, width: width, vocabulary: reflow.vocabulary)
            text = TextLayout.printed(lines)
        }
    }

    private var pages: [Int: Page] = [:]
    /// The words of every page added.
    private var vocabulary = LineJoin.Vocabulary()

    /// An empty document.
    public init() {}

    /// Adds `page` (0-based). Pages around the printed ones may be added as evidence without
    /// being printed. (Its words join the document's here, while the workers read on.)
    public mutating func add(_ page: Page, number: Int) {
        pages[number] = page
        vocabulary.formUnion(page.reflow.vocabulary)
    }

    /// The printed page written last, and those read but not yet written, in order.
    private var lastWritten: Int?
    private var unwritten: [Int] = []

    /// Adds `page` (0-based, after every page added before it), to be printed when `printed`
    /// is true (else it is evidence only), and returns the texts of the printed pages now
    /// settled, in order, with their numbers: those ``lookahead`` pages or more before `page`,
    /// taken a few dozen at a time, but for a paragraph still going on at the pages read, which
    /// waits for its end (up to ``longestHeld`` pages, where it is cut). The pages no later text
    /// needs are forgotten.
    public mutating func add(_ page: Page, number: Int, printed: Bool) -> [(page: Int, text: String?)] {
        add(page, number: number)
        lastAdded = number
        if printed {
            unwritten.append(number)
        }
        guard let first = unwritten.first, number - first >= Self.lookahead + Self.batch else { return [] }
        return settled(through: number - Self.lookahead, final: false)
    }

    /// The texts of every printed page not yet returned, in order: the end of the document.
    public mutating func remaining() -> [(page: Int, text: String?)] {
        settled(through: Int.max, final: true)
    }

    /// How many pages are settled at a time: each time, the pages after them are looked at too.
    private static let batch = 32
    /// How many pages a paragraph that goes on and on may hold back before it is cut there (a
    /// paragraph break the page does not have, rather than memory without bound).
    public static let longestHeld = 4 * lookahead

    /// The page added last.
    private var lastAdded = -1
    /// Pages whose last paragraph is not joined by the next page's first: where a paragraph too
    /// long to hold was cut.
    private var cuts: Set<Int> = []

    /// The texts of the unwritten printed pages up to `last`, decided with the printed page
    /// before them (whose paragraph their first may go on) and all those after them (whose
    /// paragraphs may join their last). Unless `final`, a page whose paragraph may still go on
    /// past the pages read (or whose join the pages not yet read could change) waits.
    private mutating func settled(through last: Int, final: Bool) -> [(page: Int, text: String?)] {
        let before = lastWritten.map { [$0] } ?? []
        let printed = before + unwritten
        var ready = unwritten.prefix { $0 <= last }
        if !final {
            // A page's running heads, and so its joins, are sure once the pages `radius` after
            // it are read; a paragraph reaching such a page may yet go on.
            let unsure = lastAdded - PageReflow.evidenceRadius - 1
            let starts = paragraphStarts(of: printed)
            let heldFrom = zip(printed, starts).filter { $0.0 >= unsure }.map(\.1).min() ?? Int.max
            let held = ready.prefix { $0 < heldFrom }
            if held.isEmpty, unwritten.count > Self.longestHeld, let cut = ready.last {
                cuts.insert(cut)
            } else {
                ready = held
            }
        }
        guard let end = ready.last else { return [] }
        let texts = self.texts(of: printed, returning: before.count..<(before.count + ready.count))
        let settled = zip(ready, texts).map { (page: $0, text: $1) }
        lastWritten = end
        unwritten.removeFirst(ready.count)
        // The last page written is the next call's page before, and its running headers take
        // in the pages `evidenceRadius` before it.
        let keep = end - PageReflow.evidenceRadius
        pages = pages.filter { $0.key >= keep }
        cuts = cuts.filter { $0 >= end }
        return settled
    }

    /// For each of `printed`, the page where its first paragraph starts: an earlier page when
    /// that paragraph went on from there (through whole pages of it, when a page's first piece
    /// is also the one going on to the next).
    private func paragraphStarts(of printed: [Int]) -> [Int] {
        let (_, joins) = decisions(of: printed)
        var starts: [Int] = []
        // Where the paragraph going on from the page before started.
        var goingOnFrom: Int?
        for page in printed {
            let start = joins[page - 1] != nil ? goingOnFrom ?? page : page
            starts.append(start)
            guard let join = joins[page] else {
                goingOnFrom = nil
                continue
            }
            // The piece going on is the one that came in, or a paragraph of this page's own.
            goingOnFrom = joins[page - 1]?.first == join.last ? start : page
        }
        return starts
    }

    /// The running heads of each of `printed`, and for each page whose last paragraph the next
    /// printed page goes on, that paragraph and the next page's piece that continues it.
    private func decisions(
        of printed: [Int]
    ) -> (running: [Int: Set<Int>], joins: [Int: (last: Int, first: Int)]) {
        let reflows = pages.mapValues(\.reflow)
        var running: [Int: Set<Int>] = [:]
        for page in printed {
            guard let reflow = reflows[page] else { continue }
            running[page] = reflow.running(neighbours: PageReflow.neighbours(of: page, in: reflows))
        }
        var joins: [Int: (last: Int, first: Int)] = [:]
        for (page, next) in zip(printed, printed.dropFirst()) where next == page + 1 && !cuts.contains(page) {
            guard let reflow = reflows[page], let following = reflows[next],
                let join = reflow.continuation(
                    running: running[page] ?? [], into: following, nextRunning: running[next] ?? [])
            else { continue }
            joins[page] = join
        }
        return (running, joins)
    }

    /// The reflowed text of each of `printed` (0-based, in order), furniture left out, at the
    /// width its page was read for, as ``TextLayout/text(of:mode:width:)`` gives a page alone
    /// when nothing from other pages changes it; a page not added gives nil.
    public func texts(of printed: [Int]) -> [String?] {
        texts(of: printed, returning: printed.indices)
    }

    /// The texts of `printed[wanted]`, decided with all of `printed`.
    private func texts(of printed: [Int], returning wanted: Range<Int>) -> [String?] {
        let (running, joins) = decisions(of: printed)
        var pieces: [Int: [PageReflow.Piece]] = [:]
        for page in printed {
            pieces[page] = pages[page]?.reflow.pieces
        }
        // Where each paragraph moved onto an earlier page went: (page, piece).
        var movedTo: [Int: [Int: (page: Int, piece: Int)]] = [:]
        var joinedOnto: Set<PieceAddress> = []
        for page in printed {
            guard let (last, first) = joins[page], let following = pages[page + 1]?.reflow else { continue }
            let next = page + 1
            let target = movedTo[page]?[last] ?? (page, last)
            pieces[target.page]?[target.piece].paragraph.append(
                following.pieces[first].paragraph, vocabulary: vocabulary)
            movedTo[next, default: [:]][first] = target
            joinedOnto.insert(PieceAddress(page: target.page, piece: target.piece))
        }
        return printed[wanted].map { page in
            guard let read = pages[page], let kept = pieces[page] else { return nil }
            let runningText = (running[page] ?? []).filter { !kept[$0].isFurniture }
            let moved = movedTo[page] ?? [:]
            // The pieces laid out again: those another page's paragraph joined, and those whose
            // hyphens the document settles otherwise than the page did. (Tables are laid out
            // from their cells, which no hyphen changes.)
            let rewrapped = kept.indices.filter { index in
                joinedOnto.contains(PieceAddress(page: page, piece: index))
                    || (!kept[index].paragraph.isTabular
                        && kept[index].paragraph.undecided.contains {
                            $0.keeps(vocabulary: vocabulary) != $0.keeps(vocabulary: read.reflow.vocabulary)
                        })
            }
            if runningText.isEmpty, moved.isEmpty, rewrapped.isEmpty {
                return read.text
            }
            var lines = read.lines
            for index in kept.indices.reversed() {
                let range = read.ranges[index]
                if moved[index] != nil {
                    lines.removeSubrange(range)
                    continue
                }
                let hasBlank = kept[index].followsBlank && range.lowerBound > 0
                if rewrapped.contains(index) {
                    var wrapped = PageReflow.wrapped(kept[index], width: read.width, vocabulary: vocabulary)
                    if runningText.contains(index) {
                        for line in wrapped.indices {
                            wrapped[line].isFurniture = true
                        }
                    }
                    lines.replaceSubrange(range, with: (hasBlank ? [LaidOutLine(text: "", width: 0)] : []) + wrapped)
                } else if runningText.contains(index) {
                    for line in range.dropFirst(hasBlank ? 1 : 0) {
                        lines[line].isFurniture = true
                    }
                }
            }
            return TextLayout.printed(lines)
        }
    }
}

/// A piece of a page: where a paragraph from the next page was joined.
private struct PieceAddress: Hashable {
    var page: Int
    var piece: Int
}
