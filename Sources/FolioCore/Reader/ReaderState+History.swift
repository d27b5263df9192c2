/// The jump history: every jump (go to page, first/last page, outline, link, search) remembers
/// where the reader was, so Backspace (or Ctrl-O) returns there and Ctrl-N goes forward again.
extension ReaderState {
    /// How many places each direction of the history keeps.
    static let historyLimit = 100

    var position: ReadingPosition {
        ReadingPosition(page: currentPage, topLine: viewport.topLine, lineCount: contentHeight(of: currentPage))
    }

    /// Goes to `page` as a jump: the place left behind joins the history. A page the document
    /// does not have (an outline entry or link pointing past its end, or one that arrived for
    /// an older version of it) is refused with a message, never made the current page.
    mutating func jump(to page: Int) -> [ReaderEffect] {
        guard (0..<paging.pageCount).contains(page) else {
            message = .notInDocument(pageCount: paging.pageCount)
            return []
        }
        remember(position, in: &jumps.back)
        jumps.forward.removeAll()
        return go(to: page)
    }

    mutating func goBack() -> [ReaderEffect] {
        guard let target = jumps.back.popLast() else {
            message = .noEarlierPlace
            return []
        }
        remember(position, in: &jumps.forward)
        return restore(target)
    }

    mutating func goForward() -> [ReaderEffect] {
        guard let target = jumps.forward.popLast() else {
            message = .noLaterPlace
            return []
        }
        remember(position, in: &jumps.back)
        return restore(target)
    }

    /// `''`: back to where the last jump started, itself a jump, so that the next `''` comes
    /// back again (as in vim and less): the two last places, back and forth.
    mutating func swapWithLastPlace() -> [ReaderEffect] {
        guard let target = jumps.back.popLast() else {
            message = .noEarlierPlace
            return []
        }
        remember(position, in: &jumps.back)
        jumps.forward.removeAll()
        return restore(target)
    }

    /// Goes to `target`'s page and, once the page is here, to its line.
    private mutating func restore(_ target: ReadingPosition) -> [ReaderEffect] {
        let effects = go(to: target.page)
        guard currentPage == target.page else { return effects }
        pending.landing = (target.page, .line(target.topLine, of: target.lineCount))
        scrollToPendingLanding()
        return effects
    }

    private func remember(_ place: ReadingPosition, in history: inout [ReadingPosition]) {
        guard history.last != place else { return }
        history.append(place)
        if history.count > Self.historyLimit {
            history.removeFirst()
        }
    }
}
