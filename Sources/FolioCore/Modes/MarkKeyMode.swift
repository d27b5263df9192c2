/// Setting marks and jumping to them: `m` and `'` wait for the next key, the mark's letter.
extension ReaderState {
    /// Waits for a mark's letter, to set (`m`) or jump to (`'`) the mark.
    mutating func awaitMark(_ action: MarkKey) {
        mode = .awaitingMark(action)
        message = .markPrompt(action)
    }

    /// The letter typed after `m` (set) or `'` (jump); `''` goes back to where the last jump
    /// started (and, typed again, forth), `'?` lists the marks.
    mutating func handleMarkKey(_ key: Key, for action: MarkKey) -> [ReaderEffect] {
        input.count = nil
        mode = .reading
        guard case .character(let scalar) = key else {
            return []
        }
        let letter = Character(scalar)
        if action == .jump, letter == "'" {
            return swapWithLastPlace()
        }
        if action == .jump, letter == "?" {
            message = .marks(marks.sorted { String($0.letter) < String($1.letter) })
            return []
        }
        guard Mark.isLetter(letter) else {
            message = .notAMarkLetter
            return []
        }
        switch action {
        case .set:
            let mark = Mark(
                letter: letter, page: currentPage, topLine: viewport.topLine, lineCount: contentHeight(of: currentPage))
            marks.removeAll { $0.letter == letter }
            marks.append(mark)
            message = .markSet(letter: letter, page: currentPage)
            return [.saveMark(mark)]
        case .jump:
            guard let mark = marks.first(where: { $0.letter == letter }) else {
                message = .noMark(letter: letter)
                return []
            }
            if let document = mark.document {
                return [.openMarkedDocument(path: document, page: mark.page)]
            }
            let page = min(mark.page, max(paging.pageCount - 1, 0))
            let effects = jump(to: page, landingOn: .line(mark.topLine, of: page == mark.page ? mark.lineCount : nil))
            message = .atMark(letter: letter, page: currentPage)
            return effects
        }
    }
}
