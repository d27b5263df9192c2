/// Text chosen by character and word (`v`), from one place of the laid-out text to another,
/// possibly on another page: the anchor stays where the selection began, the cursor moves.
public struct TextSelection: Sendable, Equatable {
    /// A Character of a page's laid-out text: the page, the line, and the Character's offset
    /// in the line's text (logical order).
    public struct Point: Sendable, Hashable, Comparable {
        /// The page (0-based).
        public var page: Int
        /// The laid-out line of the page.
        public var line: Int
        /// The Character's offset in the line's text.
        public var character: Int

        /// A point from its page, line and Character offset.
        public init(page: Int, line: Int, character: Int) {
            self.page = page
            self.line = line
            self.character = character
        }

        /// The point as a position of its page's layout.
        var position: PageTextAlignment.LinePosition {
            PageTextAlignment.LinePosition(line: line, character: character)
        }

        public static func < (lhs: Point, rhs: Point) -> Bool {
            (lhs.page, lhs.line, lhs.character) < (rhs.page, rhs.line, rhs.character)
        }
    }

    /// Where the selection began.
    public internal(set) var anchor: Point
    /// The end that moves.
    public internal(set) var cursor: Point
    /// The count typed so far (`3` of `3w`, `2` of `2H`).
    var count: Int?

    /// The selection's first Character.
    public var start: Point { min(anchor, cursor) }
    /// The selection's last Character (included).
    public var end: Point { max(anchor, cursor) }

    /// The pages the selection covers, first to last.
    public var pages: ClosedRange<Int> { start.page...end.page }

    /// The Characters selected on `line` of `page`, whose text has `length` Characters; nil
    /// when none are.
    public func characters(onLine line: Int, of page: Int, length: Int) -> Range<Int>? {
        let here = Point(page: page, line: line, character: 0)
        let lineEnd = Point(page: page, line: line, character: max(length - 1, 0))
        guard start <= lineEnd, end >= here else { return nil }
        let lower = start.page == page && start.line == line ? start.character : 0
        let upper = end.page == page && end.line == line ? end.character + 1 : length
        let range = min(lower, length)..<min(max(upper, lower), length)
        return range.isEmpty && length > 0 ? nil : range
    }
}

/// Moving a text selection's cursor through laid-out text: characters, words, lines and
/// paragraphs of the pages held, in reading order, onto the next or previous page at the ends.
struct TextCursor {
    /// The laid-out lines of a page, when it is held.
    let lines: (Int) -> [LaidOutLine]?
    /// The page after a page, and before it (nil at the ends).
    let pageAfter: (Int) -> Int?
    let pageBefore: (Int) -> Int?

    /// How the characters of a word differ from what stands between words (vim's `w`): letters,
    /// digits and `_` make words, other marks make words of their own.
    enum CharacterClass: Equatable {
        case space
        case word
        case mark

        init(_ character: Character) {
            if character.isWhitespace {
                self = .space
            } else if character.isLetter || character.isNumber || character == "_" {
                self = .word
            } else {
                self = .mark
            }
        }
    }

    /// The Character at `point`, or nil past its line's end (an empty line).
    func character(at point: TextSelection.Point) -> Character? {
        guard let line = lines(point.page)?[safe: point.line] else { return nil }
        let characters = Array(line.text)
        return characters[safe: point.character]
    }

    /// The next place in reading order: the next Character, the start of the next line (an
    /// empty line counts as one place), or of the next page held; nil at the end.
    func after(_ point: TextSelection.Point) -> TextSelection.Point? {
        guard let pageLines = lines(point.page) else { return nil }
        let length = pageLines[safe: point.line].map { $0.text.count } ?? 0
        if point.character + 1 < length {
            return TextSelection.Point(page: point.page, line: point.line, character: point.character + 1)
        }
        if point.line + 1 < pageLines.count {
            return TextSelection.Point(page: point.page, line: point.line + 1, character: 0)
        }
        guard let next = pageAfter(point.page), next > point.page, let nextLines = lines(next), !nextLines.isEmpty
        else { return nil }
        return TextSelection.Point(page: next, line: 0, character: 0)
    }

    /// The place before `point` in reading order; nil at the start.
    func before(_ point: TextSelection.Point) -> TextSelection.Point? {
        if point.character > 0 {
            return TextSelection.Point(page: point.page, line: point.line, character: point.character - 1)
        }
        if point.line > 0, let pageLines = lines(point.page) {
            return lastPlace(ofLine: point.line - 1, of: point.page, in: pageLines)
        }
        guard let previous = pageBefore(point.page), previous < point.page, let previousLines = lines(previous),
            !previousLines.isEmpty
        else { return nil }
        return lastPlace(ofLine: previousLines.count - 1, of: previous, in: previousLines)
    }

    private func lastPlace(ofLine line: Int, of page: Int, in pageLines: [LaidOutLine]) -> TextSelection.Point {
        TextSelection.Point(page: page, line: line, character: max(pageLines[line].text.count - 1, 0))
    }

    /// The class of what stands at `point`: an empty line and a line's end count as space.
    func characterClass(at point: TextSelection.Point) -> CharacterClass {
        character(at: point).map(CharacterClass.init) ?? .space
    }

    /// Whether `point` starts a new line (so a word ends before it, whatever the classes).
    private func startsLine(_ point: TextSelection.Point) -> Bool { point.character == 0 }

    /// The start of the next word (`w`); the last place when there is none.
    func nextWordStart(from point: TextSelection.Point) -> TextSelection.Point {
        var current = point
        let startClass = characterClass(at: point)
        if startClass != .space {
            // Over the rest of this word; a line's end ends it.
            while let next = after(current), !startsLine(next), characterClass(at: next) == startClass {
                current = next
            }
        }
        // Then over the spaces to the next word.
        while let next = after(current) {
            current = next
            if characterClass(at: current) != .space { return current }
        }
        return current
    }

    /// The end of the word at `point`, or of the next when `point` is at one's end (`e`).
    func wordEnd(from point: TextSelection.Point) -> TextSelection.Point {
        var current = point
        // Step at least once, then over spaces, then to the last character of the word's class.
        guard var next = after(current) else { return current }
        while characterClass(at: next) == .space, let further = after(next) {
            next = further
        }
        current = next
        let wordClass = characterClass(at: current)
        while let further = after(current), !startsLine(further), characterClass(at: further) == wordClass {
            current = further
        }
        return current
    }

    /// The start of the word at `point`, or of the one before when `point` is at one's start (`b`).
    func wordStart(from point: TextSelection.Point) -> TextSelection.Point {
        guard var current = before(point) else { return point }
        while characterClass(at: current) == .space, let earlier = before(current) {
            current = earlier
        }
        let wordClass = characterClass(at: current)
        while !startsLine(current), let earlier = before(current), characterClass(at: earlier) == wordClass {
            current = earlier
        }
        return current
    }

    /// The same Character offset (or the line's last) `delta` lines down (negative: up),
    /// across pages; nil when no line is there.
    func line(_ delta: Int, from point: TextSelection.Point) -> TextSelection.Point? {
        var page = point.page
        var line = point.line + delta
        while true {
            guard let pageLines = lines(page) else { return nil }
            if line < 0 {
                guard let previous = pageBefore(page), previous < page, let previousLines = lines(previous) else {
                    return nil
                }
                line += previousLines.count
                page = previous
            } else if line >= pageLines.count {
                guard let next = pageAfter(page), next > page else { return nil }
                line -= pageLines.count
                page = next
            } else {
                let length = pageLines[line].text.count
                return TextSelection.Point(page: page, line: line, character: min(point.character, max(length - 1, 0)))
            }
        }
    }

    /// The first (`atEnd` false) or last Character of `point`'s line.
    func lineEdge(of point: TextSelection.Point, atEnd: Bool) -> TextSelection.Point {
        let length = lines(point.page)?[safe: point.line]?.text.count ?? 0
        return TextSelection.Point(page: point.page, line: point.line, character: atEnd ? max(length - 1, 0) : 0)
    }

    /// Whether `line` of `page` is a paragraph's last: the next line is empty, of another
    /// block, or on another page; an empty line belongs to no paragraph.
    private func endsParagraph(_ line: Int, of page: Int) -> Bool {
        guard let pageLines = lines(page), let this = pageLines[safe: line], !this.text.isEmpty else { return false }
        guard let next = pageLines[safe: line + 1] else { return true }
        return next.text.isEmpty || next.block != this.block
    }

    /// Whether `line` of `page` is a paragraph's first.
    private func startsParagraph(_ line: Int, of page: Int) -> Bool {
        guard let pageLines = lines(page), let this = pageLines[safe: line], !this.text.isEmpty else { return false }
        guard line > 0 else { return true }
        let previous = pageLines[line - 1]
        return previous.text.isEmpty || previous.block != this.block
    }

    /// The last Character of the paragraph, or of the next when `point` is at the end of one (`}`).
    func paragraphEnd(from point: TextSelection.Point) -> TextSelection.Point {
        var current = point
        while let next = after(current) {
            current = next
            let edge = lineEdge(of: current, atEnd: true)
            if endsParagraph(current.line, of: current.page), edge > point {
                return edge
            }
        }
        return current
    }

    /// The first Character of the paragraph, or of the one before when `point` is at one's
    /// start (`{`).
    func paragraphStart(from point: TextSelection.Point) -> TextSelection.Point {
        var current = point
        while let earlier = before(current) {
            current = earlier
            let edge = lineEdge(of: current, atEnd: false)
            if startsParagraph(current.line, of: current.page), edge < point {
                return edge
            }
        }
        return current
    }

    /// The next match of `pattern` after `point` (`forward`), or before it: its last
    /// Character going forward, its first going back; nil when the pages held have none.
    func match(of pattern: SearchPattern, from point: TextSelection.Point, forward: Bool) -> TextSelection.Point? {
        var page = point.page
        var visited: Set<Int> = []
        while visited.insert(page).inserted, let pageLines = lines(page) {
            let order = forward ? Array(pageLines.indices) : pageLines.indices.reversed()
            for line in order {
                let ranges = pattern.matchRanges(in: pageLines[line].text)
                let places = ranges.map {
                    TextSelection.Point(page: page, line: line, character: forward ? $0.upperBound - 1 : $0.lowerBound)
                }
                if let found = forward ? places.first(where: { $0 > point }) : places.last(where: { $0 < point }) {
                    return found
                }
            }
            guard let next = forward ? pageAfter(page) : pageBefore(page), forward ? next > page : next < page else {
                return nil
            }
            page = next
        }
        return nil
    }
}

extension Array {
    /// The element at `index`, or nil outside the array.
    subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
