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
    /// ``lineMatches(in:)`` finds them, except that a match also runs on across empty lines. The
    /// search reads the page's own lines, where a text block is one run of lines; the views may
    /// set a block as several paragraphs, with an empty line between, and a match the search
    /// found across that break is still shown, and reached with `n`.
    func shownMatches(in lines: [some StringProtocol]) -> [ShownMatch] {
        let withText = lines.indices.filter { !lines[$0].allSatisfy(\.isWhitespace) }
        return lineMatches(in: withText.map { lines[$0] }).map { match in
            ShownMatch(
                line: withText[match.line], range: match.range,
                continuation: match.continuation.map { (withText[match.line + 1], $0) })
        }
    }
}
