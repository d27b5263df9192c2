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
    /// The cells ``text`` takes (fewer than the logical text's where letters are drawn as one
    /// ligature).
    public var width: Int

    /// Creates the visual form from its text and where each logical Character is drawn.
    public init(text: String, drawnAt: [Int]) {
        self.text = text
        self.drawnAt = drawnAt
        width = DisplayWidth.of(text)
    }

    /// `logical`, one paragraph running right to left when `rightToLeft` is true, put in visual
    /// order by `bidi`, or nil when it holds no right-to-left letter (it is drawn as it is read)
    /// or the algorithm fails. With `shapingArabic`, Arabic letters are drawn in their joined
    /// shapes (see ``ArabicShaping``), for a terminal that does not shape them itself.
    public init?(of logical: String, rightToLeft: Bool, bidi: any BidiAlgorithm, shapingArabic: Bool = false) {
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
        let shaped =
            shapingArabic ? ArabicShaping.shaped(scalars) : (drawn: scalars.map(Optional.some), mergedInto: [:])
        // The scalars drawn, in visual order, with the logical index each comes from; an alef
        // drawn in a lam-alef ligature is not among them.
        var sources: [Int] = []
        var view = String.UnicodeScalarView()
        for index in RightToLeft.visualIndices(scalars, levels: levels.levels) {
            guard let drawn = shaped.drawn[index] else { continue }
            sources.append(index)
            view.append(
                drawn != scalars[index] ? drawn : levels.levels[index] % 2 == 1 ? levels.mirrored[index] : drawn)
        }
        let text = String(view)
        var drawnAt = [Int](repeating: 0, count: characterCount)
        var position = 0
        for (offset, character) in text.enumerated() {
            for _ in character.unicodeScalars {
                let source = sources[position]
                if firstScalars.contains(source) {
                    drawnAt[characterOfScalar[source]] = offset
                }
                position += 1
            }
        }
        for (merged, ligature) in shaped.mergedInto where firstScalars.contains(merged) {
            drawnAt[characterOfScalar[merged]] = drawnAt[characterOfScalar[ligature]]
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
