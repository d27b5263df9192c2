/// The order entries are listed in: folders first, then files, each group by name, ignoring
/// case and comparing runs of digits by their value, so `chapter 2` comes before `chapter 10`.
enum BrowserNameOrder {
    /// `entries` in list order.
    ///
    /// Each name is case-folded once, not once per comparison, so that a folder of many
    /// thousands of entries sorts quickly.
    static func sorted(_ entries: [BrowserEntry]) -> [BrowserEntry] {
        entries.map(SortKey.init).sorted(by: precedes).map(\.entry)
    }

    /// An entry with its name ready for comparing.
    private struct SortKey {
        let entry: BrowserEntry
        let folded: [Unicode.Scalar]

        init(_ entry: BrowserEntry) {
            self.entry = entry
            folded = Array(entry.name.lowercased().unicodeScalars)
        }
    }

    private enum Comparison {
        case before
        case same
        case after
    }

    private static func precedes(_ first: SortKey, _ second: SortKey) -> Bool {
        if first.entry.isFolder != second.entry.isFolder {
            return first.entry.isFolder
        }
        switch compare(first.folded, second.folded) {
        case .before: return true
        case .after: return false
        // Names equal but for case or leading zeros still get a fixed order.
        case .same: return first.entry.name < second.entry.name
        }
    }

    /// Case-folded names compared scalar by scalar, runs of digits by their value.
    private static func compare(_ left: [Unicode.Scalar], _ right: [Unicode.Scalar]) -> Comparison {
        var i = 0
        var j = 0
        while i < left.count, j < right.count {
            if isDigit(left[i]), isDigit(right[j]) {
                let comparison = compareNumbers(digitRun(in: left, from: &i), digitRun(in: right, from: &j))
                if comparison != .same {
                    return comparison
                }
                continue
            }
            if left[i] != right[j] {
                return left[i].value < right[j].value ? .before : .after
            }
            i += 1
            j += 1
        }
        if i < left.count {
            return .after
        }
        return j < right.count ? .before : .same
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        ("0"..."9").contains(scalar)
    }

    /// The digits from `index` on, without leading zeros; moves `index` past them.
    private static func digitRun(in scalars: [Unicode.Scalar], from index: inout Int) -> ArraySlice<Unicode.Scalar> {
        let start = index
        while index < scalars.count, isDigit(scalars[index]) {
            index += 1
        }
        return scalars[start..<index].drop { $0 == "0" }
    }

    /// Digit runs (without leading zeros) compared by value: any length, no overflow.
    private static func compareNumbers(
        _ first: ArraySlice<Unicode.Scalar>, _ second: ArraySlice<Unicode.Scalar>
    ) -> Comparison {
        if first.count != second.count {
            return first.count < second.count ? .before : .after
        }
        for (a, b) in zip(first, second) where a != b {
            return a.value < b.value ? .before : .after
        }
        return .same
    }
}
