/// A search pattern with smart case: case-insensitive unless the pattern contains a capital
/// letter (as in vim's `smartcase` and ripgrep's `--smart-case`).
///
/// `folio --search` and the reader's `/` search both match through this type.
public struct SearchPattern: Sendable, Equatable {
    /// The pattern as typed.
    public let text: String
    /// Whether matching respects case (the pattern has an uppercase letter).
    public let isCaseSensitive: Bool
    private let needle: String

    /// Creates a pattern from what the user typed.
    public init(_ text: String) {
        self.text = text
        isCaseSensitive = text.unicodeScalars.contains { $0.properties.isUppercase }
        needle = isCaseSensitive ? text : text.lowercased()
    }

    /// Where the pattern occurs in `line`, as ranges of Character offsets, left to right and
    /// not overlapping (for highlighting).
    public func matchRanges(in line: String) -> [Range<Int>] {
        let needleCharacters = Array(needle)
        guard !needleCharacters.isEmpty else { return [] }
        let characters = isCaseSensitive ? Array(line) : line.map { Character($0.lowercased()) }
        var ranges: [Range<Int>] = []
        var start = 0
        while start + needleCharacters.count <= characters.count {
            if characters[start..<(start + needleCharacters.count)].elementsEqual(needleCharacters) {
                ranges.append(start..<(start + needleCharacters.count))
                start += needleCharacters.count
            } else {
                start += 1
            }
        }
        return ranges
    }

    /// Whether `line` contains the pattern.
    public func matches(_ line: some StringProtocol) -> Bool {
        guard !needle.isEmpty else { return false }
        if isCaseSensitive {
            return line.contains(needle)
        }
        return line.lowercased().contains(needle)
    }
}
