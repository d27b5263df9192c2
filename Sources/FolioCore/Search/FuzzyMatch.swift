/// Fuzzy matching for filtering a list as you type: the filter's characters must appear in the
/// text in order, not necessarily together, ignoring case (`inst` finds "Installing"), and
/// ignoring Arabic and Hebrew marks when the filter has none, as search does (``MarkFolding``).
enum FuzzyMatch {
    /// The Character offsets in `text` that match `filter`, leftmost first; nil when `text`
    /// does not contain the filter's characters in order. An empty filter matches everything.
    static func positions(of filter: String, in text: String) -> [Int]? {
        let foldsMarks = MarkFolding.folds(pattern: filter)
        let foldsAlefs = foldsMarks && !MarkFolding.keepsAlefs(pattern: filter)
        /// `character` as compared: lowercased, and without marks when folding (nil for a mark
        /// or a tatweel standing alone).
        func compared(_ character: Character) -> Character? {
            let lowered = character.lowercased()
            guard foldsMarks else { return Character(lowered) }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: MarkFolding.folded(Array(lowered.unicodeScalars), foldingAlefs: foldsAlefs))
            return String(view).first
        }
        let wanted = filter.compactMap(compared)
        guard !wanted.isEmpty else { return [] }
        var positions: [Int] = []
        positions.reserveCapacity(wanted.count)
        var next = 0
        for (offset, character) in text.enumerated() where compared(character) == wanted[next] {
            positions.append(offset)
            next += 1
            if next == wanted.count { return positions }
        }
        return nil
    }
}
