/// A line of text as a terminal without bidirectional support must be sent it: its characters in
/// visual order, left to right on the screen, and where each character of the logical text (the
/// order it is read, searched and copied in) is drawn.
///
/// The reader keeps the logical text for everything but drawing; a search match or a link, found
/// in the logical text, is drawn where ``runs(of:)`` says, which may be several pieces apart (a
/// phrase running from a Latin word into an Arabic one is split by the reordering).
public struct VisualOrder: Sendable, Equatable {
    /// The text in visual order, with mirrored brackets where they run right to left.
    public var text: String
    /// For each Character of the logical text, the offset of the Character of ``text`` it is
    /// drawn in (two logical characters drawn as one ligature share it).
    public var drawnAt: [Int]

    /// Creates the visual form from its text and where each logical Character is drawn.
    public init(text: String, drawnAt: [Int]) {
        self.text = text
        self.drawnAt = drawnAt
    }

    /// `logical`, one paragraph running right to left when `rightToLeft` is true, put in visual
    /// order by `bidi`, or nil when it holds no right-to-left letter (it is drawn as it is read)
    /// or the algorithm fails.
    public init?(of logical: String, rightToLeft: Bool, bidi: any BidiAlgorithm) {
        let scalars = Array(logical.unicodeScalars)
        guard RightToLeft.contains(scalars), let levels = bidi.levels(of: scalars, rightToLeft: rightToLeft),
            levels.levels.count == scalars.count, levels.mirrored.count == scalars.count
        else { return nil }
        // The logical Character each scalar belongs to, and whether it is the Character's first.
        var characterOfScalar: [Int] = []
        characterOfScalar.reserveCapacity(scalars.count)
        var firstScalars: Set<Int> = []
        var characterCount = 0
        for character in logical {
            firstScalars.insert(characterOfScalar.count)
            characterOfScalar.append(contentsOf: repeatElement(characterCount, count: character.unicodeScalars.count))
            characterCount += 1
        }
        let order = RightToLeft.visualIndices(scalars, levels: levels.levels)
        var view = String.UnicodeScalarView()
        for index in order {
            view.append(levels.levels[index] % 2 == 1 ? levels.mirrored[index] : scalars[index])
        }
        let text = String(view)
        var drawnAt = [Int](repeating: 0, count: characterCount)
        var position = 0
        for (offset, character) in text.enumerated() {
            for _ in character.unicodeScalars {
                let source = order[position]
                if firstScalars.contains(source) {
                    drawnAt[characterOfScalar[source]] = offset
                }
                position += 1
            }
        }
        self.init(text: text, drawnAt: drawnAt)
    }

    /// Where the logical Characters `range` are drawn: runs of Character offsets in ``text``,
    /// left to right, none empty.
    public func runs(of range: Range<Int>) -> [Range<Int>] {
        let drawn = Set(drawnAt[range.clamped(to: drawnAt.indices)]).sorted()
        var runs: [Range<Int>] = []
        for offset in drawn {
            if let last = runs.last, last.upperBound == offset {
                runs[runs.count - 1] = last.lowerBound..<(offset + 1)
            } else {
                runs.append(offset..<(offset + 1))
            }
        }
        return runs
    }
}
