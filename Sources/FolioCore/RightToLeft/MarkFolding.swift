/// Arabic and Hebrew text compared without its marks: the harakat and Quranic marks of Arabic,
/// the tatweel that stretches a word, and the points (niqqud, cantillation) of Hebrew, which a
/// reader seldom types but a document often carries. A search pattern written without them
/// finds the words written with them ("كتب" finds "كَتَبَ"), and one that has them matches them
/// exactly, as smart case does for capitals.
///
/// Where the pattern has no marked alef — a hamza or madda on it (أ إ آ), or the wasla of
/// Quranic and classical text (ٱ), or a wavy hamza (ٲ ٳ) — alefs with one also match a bare
/// alef, as Arabic search engines commonly let them.
public enum MarkFolding {
    /// Whether `scalar` is a mark the folding drops: a nonspacing mark among U+064B–U+065F,
    /// U+0670, U+06D6–U+06ED (Arabic) and U+0591–U+05C7 (Hebrew), or the tatweel, U+0640.
    /// (The punctuation among those, such as the maqaf U+05BE, is not a mark and stays.)
    public static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0640: true
        case 0x064B...0x065F, 0x0670, 0x06D6...0x06ED, 0x0591...0x05C7:
            scalar.properties.generalCategory == .nonspacingMark
        default: false
        }
    }

    /// The alefs with a hamza, madda, wasla or wavy hamza, which fold to the bare alef U+0627.
    static let markedAlefs: Set<Unicode.Scalar> = [
        "\u{0622}", "\u{0623}", "\u{0625}", "\u{0671}", "\u{0672}", "\u{0673}",
    ]

    /// Whether folding may change `scalar`'s Character: a letter or mark of the Hebrew or Arabic
    /// blocks. A line without any compares as it is.
    static func mayFold(_ scalar: Unicode.Scalar) -> Bool {
        (0x0591...0x06ED).contains(scalar.value)
    }

    /// Whether a pattern asks for folding: it has an Arabic or Hebrew letter and, once composed
    /// as ``folded(_:foldingAlefs:)`` composes, no mark.
    static func folds(pattern: String) -> Bool {
        let scalars = composed(Array(pattern.unicodeScalars))
        return scalars.contains { mayFold($0) && RightToLeft.isStrong($0) } && !scalars.contains(where: isMark)
    }

    /// Whether a pattern keeps alefs apart: it has a marked alef (``markedAlefs``).
    static func keepsAlefs(pattern: String) -> Bool {
        composed(Array(pattern.unicodeScalars)).contains(where: markedAlefs.contains)
    }

    /// The canonical compositions of Arabic letters with a madda or hamza above or below
    /// (U+0653–U+0655): a document may hold "أ" as alef and hamza, two scalars.
    private static let compositions: [Unicode.Scalar: [Unicode.Scalar: Unicode.Scalar]] = [
        "\u{0627}": ["\u{0653}": "\u{0622}", "\u{0654}": "\u{0623}", "\u{0655}": "\u{0625}"],
        "\u{0648}": ["\u{0654}": "\u{0624}"],
        "\u{064A}": ["\u{0654}": "\u{0626}"],
        "\u{06D5}": ["\u{0654}": "\u{06C0}"],
        "\u{06C1}": ["\u{0654}": "\u{06C2}"],
        "\u{06D2}": ["\u{0654}": "\u{06D3}"],
    ]

    /// `scalars` with each letter followed (past other marks) by a madda or hamza it composes
    /// with turned into the composed letter, so that folding drops only the other marks.
    private static func composed(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        var base: Int?
        for scalar in scalars {
            if let index = base, let composed = compositions[result[index]]?[scalar] {
                result[index] = composed
                continue
            }
            if scalar.properties.generalCategory != .nonspacingMark {
                base = result.count
            }
            result.append(scalar)
        }
        return result
    }

    /// `scalars` (one Character's or a pattern's) without their marks, hamza letters composed
    /// first, and with the marked alefs (``markedAlefs``) made bare when `foldingAlefs`.
    static func folded(_ scalars: [Unicode.Scalar], foldingAlefs: Bool) -> [Unicode.Scalar] {
        composed(scalars).compactMap { scalar in
            if isMark(scalar) { return nil }
            return foldingAlefs && markedAlefs.contains(scalar) ? "\u{0627}" : scalar
        }
    }

    /// `line` folded, as Characters, with the offset in `line` of the Character each came from;
    /// nil when folding leaves `line` as it is because it holds no Hebrew or Arabic.
    static func folded(_ line: some StringProtocol, foldingAlefs: Bool) -> (characters: [Character], origins: [Int])? {
        guard line.unicodeScalars.contains(where: mayFold) else { return nil }
        var characters: [Character] = []
        var origins: [Int] = []
        for (offset, character) in line.enumerated() {
            let scalars = Array(character.unicodeScalars)
            guard scalars.contains(where: mayFold) else {
                characters.append(character)
                origins.append(offset)
                continue
            }
            var view = String.UnicodeScalarView()
            view.append(contentsOf: folded(scalars, foldingAlefs: foldingAlefs))
            for piece in String(view) {
                characters.append(piece)
                origins.append(offset)
            }
        }
        return (characters, origins)
    }
}
