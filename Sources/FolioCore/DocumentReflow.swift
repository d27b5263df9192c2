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
/// - Hyphens no page decided are settled by the words of every page read.
public struct DocumentReflow: Sendable {
    private var pages: [Int: PageReflow] = [:]

    /// An empty document.
    public init() {}

    /// Adds the reflow of `page` (0-based). Pages around the printed ones may be added as
    /// evidence without being printed.
    public mutating func add(_ reflow: PageReflow, page: Int) {
        pages[page] = reflow
    }

    /// The reflowed text of each of `printed` (0-based, in order), furniture left out, at
    /// `width` cells, as ``TextLayout/text(of:mode:width:)`` gives a page alone; a page not
    /// added gives nil.
    public func texts(of printed: [Int], width: Int) -> [String?] {
        var vocabulary = LineJoin.Vocabulary()
        for reflow in pages.values {
            vocabulary.formUnion(reflow.vocabulary)
        }
        var running: [Int: Set<Int>] = [:]
        var pieces: [Int: [PageReflow.Piece]] = [:]
        for page in printed {
            guard let reflow = pages[page] else { continue }
            running[page] = reflow.running(neighbours: PageReflow.neighbours(of: page, in: pages))
            pieces[page] = reflow.pieces
        }
        // Where each paragraph moved onto an earlier page went: (page, piece).
        var movedTo: [Int: [Int: (page: Int, piece: Int)]] = [:]
        for (page, next) in zip(printed, printed.dropFirst()) where next == page + 1 {
            guard let reflow = pages[page], let following = pages[next],
                let (last, first) = reflow.continuation(
                    running: running[page] ?? [], into: following, nextRunning: running[next] ?? [])
            else { continue }
            let target = movedTo[page]?[last] ?? (page, last)
            pieces[target.page]?[target.piece].paragraph.append(
                following.pieces[first].paragraph, vocabulary: vocabulary)
            movedTo[next, default: [:]][first] = target
        }
        return printed.map { page in
            guard var kept = pieces[page] else { return nil }
            for index in running[page] ?? [] {
                kept[index].isFurniture = true
            }
            if let moved = movedTo[page] {
                kept = kept.enumerated().filter { moved[$0.offset] == nil }.map(\.element)
            }
            return TextLayout.printed(PageReflow.laidOut(kept, width: width, vocabulary: vocabulary))
        }
    }
}
