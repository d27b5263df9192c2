/// Fuzzy matching for filtering a list as you type: the filter's characters must appear in the
/// text in order, not necessarily together, ignoring case (`inst` finds "Installing").
enum FuzzyMatch {
    /// The Character offsets in `text` that match `filter`, leftmost first; nil when `text`
    /// does not contain the filter's characters in order. An empty filter matches everything.
    static func positions(of filter: String, in text: String) -> [Int]? {
        let wanted = Array(filter.lowercased())
        guard !wanted.isEmpty else { return [] }
        var positions: [Int] = []
        positions.reserveCapacity(wanted.count)
        var next = 0
        for (offset, character) in text.enumerated() where Character(character.lowercased()) == wanted[next] {
            positions.append(offset)
            next += 1
            if next == wanted.count { return positions }
        }
        return nil
    }
}
