/// A match of a search pattern in a run of lines: where it starts and, for a match that runs on
/// across the line break (a phrase split over two lines, a word hyphenated at the end of one),
/// what it covers of the next line.
public struct LineMatch: Sendable, Hashable {
    /// The line the match starts on.
    public var line: Int
    /// The characters it covers on `line` (Character offsets).
    public var range: Range<Int>
    /// The characters it covers on `line + 1` when it runs on across the break; nil when it ends
    /// on its line.
    public var continuation: Range<Int>?

    /// Creates a match starting on `line`.
    public init(line: Int, range: Range<Int>, continuation: Range<Int>? = nil) {
        self.line = line
        self.range = range
        self.continuation = continuation
    }

    /// Whether the match runs on across a line break.
    public var crossesLines: Bool { continuation != nil }
}

extension SearchPattern {
    /// Every match of the pattern in `lines`, in order: the matches within a line, and the ones
    /// that run on from the end of a line into the start of the next. Two lines meet as a reader
    /// reads them: with a space; a letter, a hyphen and a letter with the hyphen dropped
    /// ("spe-" + "cialization" is "specialization") or kept ("well-" + "known"); with nothing
    /// between characters of scripts written without spaces. An empty line (between blocks or
    /// paragraphs) joins nothing. A match over more than two lines is not found.
    ///
    /// `folio --search`, the reader's `/` and the match count all find matches through this.
    ///
    /// Nothing is found when matching takes longer than ``onScreenTimeLimit``.
    public func lineMatches(in lines: [some StringProtocol]) -> [LineMatch] {
        (try? lineMatches(in: lines, until: .after(seconds: Self.onScreenTimeLimit))) ?? []
    }

    /// Every match of the pattern in `lines`, as ``lineMatches(in:)`` finds them; throws when
    /// `deadline` passes first (checked between lines, and between the windows of a long line).
    public func lineMatches(
        in lines: [some StringProtocol], until deadline: SearchDeadline
    ) throws(SearchTooCostly) -> [LineMatch] {
        var found: [LineMatch] = []
        // Where the match that ran on from the line before ends on this line.
        var continuedUpTo = 0
        for index in lines.indices {
            let line = String(lines[index])
            var lastEnd = 0
            if deadline.hasPassed { throw SearchTooCostly() }
            for range in try matchRanges(in: line, until: deadline) where range.lowerBound >= continuedUpTo {
                found.append(LineMatch(line: index, range: range))
                lastEnd = range.upperBound
            }
            continuedUpTo = 0
            guard index + 1 < lines.endIndex,
                let crossing = try crossingMatch(
                    from: line, to: String(lines[index + 1]), startingAtOrAfter: lastEnd, until: deadline)
            else { continue }
            found.append(LineMatch(line: index, range: crossing.range, continuation: crossing.continuation))
            continuedUpTo = crossing.continuation.upperBound
        }
        return found
    }

    /// The indices of the lines of `lines` on which a match starts (within the line or running on
    /// into the next), and of the lines that hold only the end of a match from the line before.
    /// Comparing characters (grapheme clusters, with canonical equivalence) costs more than
    /// extracting a page's text; but when both the pattern and a line are plain ASCII, every
    /// character is one byte and lowercasing is ASCII lowercasing, so such lines, most lines of
    /// most documents, are compared byte by byte, with the same answer.
    ///
    /// Throws when `deadline` passes first (checked between lines, and between the windows of a
    /// long line).
    public func matchingLineIndices(
        in lines: [Substring], until deadline: SearchDeadline
    ) throws(SearchTooCostly) -> (starts: [Int], continuations: [Int]) {
        var starts: [Int] = []
        var continuations: [Int] = []
        // As in lineMatches(in:until:): where the match that ran on from the line before ends.
        var continuedUpTo = 0
        for index in lines.indices {
            if deadline.hasPassed { throw SearchTooCostly() }
            let mayRunOn = index + 1 < lines.endIndex && mayRunOn(from: lines[index], to: lines[index + 1])
            var hasOwnMatch = false
            var lastEnd = 0
            if try containsMatch(lines[index], until: deadline) {
                // Where the line's own matches lie matters only after a match that ran on into
                // it, or before one that may run on from it: most matching lines need no more.
                if continuedUpTo == 0, !mayRunOn {
                    hasOwnMatch = true
                } else {
                    let ranges = try matchRanges(in: String(lines[index]), until: deadline).filter {
                        $0.lowerBound >= continuedUpTo
                    }
                    hasOwnMatch = !ranges.isEmpty
                    lastEnd = ranges.last?.upperBound ?? 0
                }
            }
            var crossing: (range: Range<Int>, continuation: Range<Int>)?
            if mayRunOn {
                crossing = try crossingMatch(
                    from: String(lines[index]), to: String(lines[index + 1]), startingAtOrAfter: lastEnd,
                    until: deadline)
            }
            if hasOwnMatch || crossing != nil {
                starts.append(index)
            } else if continuedUpTo > 0 {
                continuations.append(index)
            }
            continuedUpTo = crossing?.continuation.upperBound ?? 0
        }
        return (starts, continuations)
    }

    /// Whether the pattern has a space (or other white space) in it.
    private var hasSpace: Bool { text.unicodeScalars.contains { $0.properties.isWhitespace } }

    /// Whether `line` alone contains the pattern, comparing bytes when both are ASCII.
    private func containsMatch(_ line: Substring, until deadline: SearchDeadline) throws(SearchTooCostly) -> Bool {
        guard !isRegex, let ascii = asciiNeedle else { return try matches(line, until: deadline) }
        let byteAnswer = line.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return Self.contains(ascii, in: bytes, foldingCase: !isCaseSensitive)
        }
        if let answer = byteAnswer ?? nil { return answer }
        return try matches(line, until: deadline)
    }

    /// Whether a match may run on from `line` into `next`. A plain pattern with no space in it
    /// can only run on across a hyphen or between characters of a script written without
    /// spaces: any other line end is passed over before the lines are taken apart, which is
    /// most lines of most documents.
    private func mayRunOn(from line: some StringProtocol, to next: some StringProtocol) -> Bool {
        guard !hasSpace, !isRegex else { return true }
        guard let last = line.unicodeScalars.last(where: { !$0.properties.isWhitespace }),
            let first = next.unicodeScalars.first(where: { !$0.properties.isWhitespace })
        else { return false }
        return last == LineJoin.softHyphen || LineJoin.hyphens.contains(last) || LineJoin.isSpaceless(last)
            || LineJoin.isSpaceless(first)
    }

    /// The first match that starts on `line` at or after `offset` and runs on into `next`, with
    /// what it covers of each.
    private func crossingMatch(
        from line: String, to next: String, startingAtOrAfter offset: Int, until deadline: SearchDeadline
    ) throws(SearchTooCostly) -> (range: Range<Int>, continuation: Range<Int>)? {
        guard mayRunOn(from: line, to: next) else { return nil }
        let head = Array(line)
        let tail = Array(next)
        // The characters of each line that take part: trailing and leading spaces do not.
        var headEnd = head.count
        while headEnd > 0, head[headEnd - 1].isWhitespace { headEnd -= 1 }
        var tailStart = 0
        while tailStart < tail.count, tail[tailStart].isWhitespace { tailStart += 1 }
        guard headEnd > offset, tailStart < tail.count, let last = head[headEnd - 1].unicodeScalars.last,
            let first = tail[tailStart].unicodeScalars.first
        else { return nil }
        // A plain pattern can only take as many characters from each side as it has; a regular
        // expression sees the whole of both lines (its anchors and look-arounds need them).
        // Folding marks, a tatweel or a mark standing alone takes a Character the pattern lacks.
        // nil is the whole line: a sentinel such as Int.max would overflow the sums below.
        let reach: Int? = isRegex || foldsMarks ? nil : text.count + 1
        let headStart = reach.map { max(offset, headEnd - min($0, headEnd)) } ?? offset
        let tailEnd = reach.map { min(tail.count, tailStart + min($0, tail.count)) } ?? tail.count
        let before = head[headStart..<headEnd]
        let after = tail[tailStart..<tailEnd]

        var joins: [(separator: [Character], droppedFromHead: Int)] = []
        let beforeLast = headEnd >= 2 ? head[headEnd - 2] : nil
        if last == LineJoin.softHyphen {
            joins = [([], 1)]
        } else if LineJoin.hyphens.contains(last), beforeLast?.isLetter == true, tail[tailStart].isLetter {
            joins = [([], 1), ([], 0)]
        } else if LineJoin.isSpaceless(last) || LineJoin.isSpaceless(first) {
            joins = [([], 0)]
        } else {
            joins = [([" "], 0)]
        }
        for join in joins {
            let kept = before.dropLast(join.droppedFromHead)
            let joined = String(kept) + String(join.separator) + String(after)
            let tailOffset = kept.count + join.separator.count
            for range in try matchRanges(in: joined, until: deadline) where range.lowerBound < kept.count {
                guard range.upperBound > tailOffset else { continue }
                let start = headStart + range.lowerBound
                return (start..<headEnd, tailStart..<(tailStart + range.upperBound - tailOffset))
            }
        }
        return nil
    }
}
