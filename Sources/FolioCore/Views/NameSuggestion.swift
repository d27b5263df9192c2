/// The name a user probably meant when they mistyped one (`next-pgae` → `next-page`), for
/// messages about configuration files.
public enum NameSuggestion {
    /// The name in `names` closest to `typed`, when it is within two edits (insertions,
    /// deletions, substitutions, swaps of neighbours) and closer than any other; nil otherwise.
    public static func closest(to typed: String, among names: [String]) -> String? {
        let scored = names.map { ($0, distance(Array(typed.lowercased()), Array($0))) }.sorted { $0.1 < $1.1 }
        guard let best = scored.first, best.1 <= 2, best.1 < typed.count else { return nil }
        if scored.count > 1, scored[1].1 == best.1 { return nil }
        return best.0
    }

    /// The optimal string alignment distance between `a` and `b`.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
