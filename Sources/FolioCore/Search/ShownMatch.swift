/// A match of a search pattern in the lines a text view shows: where it starts and, for a match
/// that runs on across a line break, the line it ends on and what it covers there.
struct ShownMatch: Sendable, Equatable {
    /// The laid-out line the match starts on.
    var line: Int
    /// The characters it covers on `line` (Character offsets).
    var range: Range<Int>
    /// The line it runs on into (the next line with text) and the characters it covers there;
    /// nil when it ends on its line.
    var continuation: (line: Int, range: Range<Int>)?

    static func == (lhs: ShownMatch, rhs: ShownMatch) -> Bool {
        lhs.line == rhs.line && lhs.range == rhs.range && lhs.continuation?.line == rhs.continuation?.line
            && lhs.continuation?.range == rhs.continuation?.range
    }
}

extension SearchPattern {
    /// Every match of the pattern in the laid-out `lines` of a text view, in order: as
    /// ``lineMatches(in:)`` finds them, except that a match also runs on across empty lines
    /// between two lines of one text block (`blocks` gives each line's, as
    /// ``LaidOutLine/block``). The search reads the page's own lines, where a text block is one
    /// run of lines; the reflow view may set a block as several paragraphs, with an empty line
    /// between, and a match the search found across that break is still shown, and reached with
    /// `n`. An empty line between two blocks, or a row of the layout view, joins nothing, as in
    /// the search.
    func shownMatches(in lines: [some StringProtocol], blocks: [Int?]) -> [ShownMatch] {
        let block = { (index: Int) in index < blocks.count ? blocks[index] : nil }
        // Runs of lines with text the search reads as one, as indices into `lines`.
        var runs: [[Int]] = []
        for index in lines.indices where !lines[index].allSatisfy(\.isWhitespace) {
            if let previous = runs.last?.last,
                previous + 1 == index || (block(previous) != nil && block(previous) == block(index))
            {
                runs[runs.count - 1].append(index)
            } else {
                runs.append([index])
            }
        }
        return runs.flatMap { run in
            lineMatches(in: run.map { lines[$0] }).map { match in
                ShownMatch(
                    line: run[match.line], range: match.range,
                    continuation: match.continuation.map { (run[match.line + 1], $0) })
            }
        }
    }
}
