/// Arabic letters in the shapes they take inside a word, for terminals that draw each character
/// alone: a terminal that does not shape shows "كتاب" as four separate letters, but the
/// presentation forms Unicode keeps for compatibility (U+FE70–U+FEFF, and a few of
/// U+FB50–U+FDFF for Persian and Urdu letters) are the joined shapes themselves. Display only:
/// search, copy and `folio --text` keep the letters.
///
/// Each letter's shape comes from whether it joins the letters either side (its joining type,
/// from Unicode's ArabicShaping.txt): isolated, final (joined to the letter before, on its
/// right), initial (joined to the one after) or medial (both). Marks are transparent: a letter
/// joins across them. Lam followed by alef becomes one of the lam-alef ligatures.
public enum ArabicShaping {
    /// How a character takes part in joining (Unicode's Joining_Type).
    public enum JoiningType: Sendable, Equatable {
        /// Joins on both sides (beh, seen, lam…).
        case dual
        /// Joins only to the letter before it, on its right (alef, dal, reh, waw…).
        case right
        /// Joins either side of it and is drawn as a connection (tatweel, zero width joiner).
        case causing
        /// Is passed over (marks).
        case transparent
        /// Does not join (everything else, hamza among the letters).
        case none
    }

    /// The joining type of `scalar`, by Unicode's ArabicShaping.txt for the Arabic block, the
    /// tatweel and the zero width joiner; marks (general category Mn, Me, Cf other than the
    /// joiners) are transparent.
    public static func joiningType(of scalar: Unicode.Scalar) -> JoiningType {
        switch scalar.value {
        case 0x0622...0x0625, 0x0627, 0x0629, 0x062F...0x0632, 0x0648, 0x0671...0x0673, 0x0675...0x0677,
            0x0688...0x0699, 0x06C0, 0x06C3...0x06CB, 0x06CD, 0x06CF, 0x06D2, 0x06D3, 0x06D5, 0x06EE, 0x06EF:
            return .right
        case 0x0620, 0x0626, 0x0628, 0x062A...0x062E, 0x0633...0x063F, 0x0641...0x0647, 0x0649, 0x064A, 0x066E,
            0x066F, 0x0678...0x0687, 0x069A...0x06BF, 0x06C1, 0x06C2, 0x06CC, 0x06CE, 0x06D0, 0x06D1, 0x06FA...0x06FC,
            0x06FF:
            return .dual
        case 0x0640, 0x200D:
            return .causing
        case 0x200C:
            return .none
        default:
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .enclosingMark, .format: return .transparent
            default: return .none
            }
        }
    }

    /// A letter's presentation forms: isolated and final always, initial and medial for
    /// dual-joining letters.
    struct Forms: Sendable {
        var isolated: Unicode.Scalar
        var final: Unicode.Scalar
        var initial: Unicode.Scalar?
        var medial: Unicode.Scalar?
    }

    /// The presentation forms of the letters that have them. U+FE80–U+FEF4 hold the letters of
    /// U+0621–U+063A and U+0641–U+064A in order, each with as many forms as it joins (hamza
    /// one, a right-joining letter two, a dual-joining one four), but alef maksura, dual-joining
    /// since Unicode 6.1, has only two there: its others are U+FBE8 and U+FBE9.
    static let forms: [Unicode.Scalar: Forms] = {
        var table: [Unicode.Scalar: Forms] = [:]
        var next: UInt32 = 0xFE81
        let letters = Array(0x0622...0x063A) + Array(0x0641...0x064A)
        for value in letters {
            guard let letter = Unicode.Scalar(UInt32(value)) else { continue }
            let joinsBothSides = joiningType(of: letter) == .dual && letter != "\u{0649}"
            let scalars = (0..<(joinsBothSides ? 4 : 2)).compactMap { Unicode.Scalar(next + UInt32($0)) }
            next += UInt32(scalars.count)
            table[letter] = Forms(
                isolated: scalars[0], final: scalars[1], initial: joinsBothSides ? scalars[2] : nil,
                medial: joinsBothSides ? scalars[3] : nil)
        }
        table["\u{0649}"]?.initial = "\u{FBE8}"
        table["\u{0649}"]?.medial = "\u{FBE9}"
        // Persian and Urdu letters in Presentation Forms-A: peh, tcheh, jeh, keheh, gaf, farsi yeh.
        table["\u{067E}"] = Forms(isolated: "\u{FB56}", final: "\u{FB57}", initial: "\u{FB58}", medial: "\u{FB59}")
        table["\u{0686}"] = Forms(isolated: "\u{FB7A}", final: "\u{FB7B}", initial: "\u{FB7C}", medial: "\u{FB7D}")
        table["\u{0698}"] = Forms(isolated: "\u{FB8A}", final: "\u{FB8B}")
        table["\u{06A9}"] = Forms(isolated: "\u{FB8E}", final: "\u{FB8F}", initial: "\u{FB90}", medial: "\u{FB91}")
        table["\u{06AF}"] = Forms(isolated: "\u{FB92}", final: "\u{FB93}", initial: "\u{FB94}", medial: "\u{FB95}")
        table["\u{06CC}"] = Forms(isolated: "\u{FBFC}", final: "\u{FBFD}", initial: "\u{FBFE}", medial: "\u{FBFF}")
        return table
    }()

    /// The lam-alef ligatures, isolated and final, by the alef that follows the lam.
    static let lamAlefs: [Unicode.Scalar: (isolated: Unicode.Scalar, final: Unicode.Scalar)] = [
        "\u{0622}": ("\u{FEF5}", "\u{FEF6}"), "\u{0623}": ("\u{FEF7}", "\u{FEF8}"),
        "\u{0625}": ("\u{FEF9}", "\u{FEFA}"), "\u{0627}": ("\u{FEFB}", "\u{FEFC}"),
    ]

    /// What each of `scalars` (logical order, one paragraph or line) is drawn as: its shaped
    /// form, itself, or nil where it is drawn as part of the ligature of the scalar at
    /// `mergedInto` (an alef after a lam).
    public static func shaped(_ scalars: [Unicode.Scalar]) -> (drawn: [Unicode.Scalar?], mergedInto: [Int: Int]) {
        var drawn: [Unicode.Scalar?] = scalars
        var mergedInto: [Int: Int] = [:]
        guard scalars.contains(where: { forms[$0] != nil }) else { return (drawn, mergedInto) }
        let types = scalars.map(joiningType)
        // A neighbour is drawn joined only where it has the form for it: a tatweel or zero
        // width joiner, or a letter of the table (one without forms stays isolated).
        func joinsToItsNext(_ index: Int) -> Bool {
            types[index] == .causing || (types[index] == .dual && forms[scalars[index]]?.initial != nil)
        }
        func joinsToItsPrevious(_ index: Int) -> Bool {
            types[index] == .causing
                || ((types[index] == .dual || types[index] == .right) && forms[scalars[index]] != nil)
        }
        /// The nearest index from `index` going `step` that is not transparent.
        func neighbour(of index: Int, step: Int) -> Int? {
            var probe = index + step
            while probe >= 0, probe < scalars.count {
                if types[probe] != .transparent { return probe }
                probe += step
            }
            return nil
        }
        for index in scalars.indices where drawn[index] != nil {
            guard let letterForms = forms[scalars[index]] else { continue }
            let before = neighbour(of: index, step: -1)
            let after = neighbour(of: index, step: 1)
            let joinsBefore = before.map(joinsToItsNext) == true
            let joinsAfter = letterForms.initial != nil && after.map(joinsToItsPrevious) == true
            // Lam and the alef after it (past the lam's marks), with no mark on the alef, are
            // one ligature.
            if scalars[index] == "\u{0644}", let after, let ligature = lamAlefs[scalars[after]],
                after + 1 >= scalars.count || types[after + 1] != .transparent
            {
                drawn[index] = joinsBefore ? ligature.final : ligature.isolated
                drawn[after] = nil
                mergedInto[after] = index
                continue
            }
            drawn[index] =
                switch (joinsBefore, joinsAfter) {
                case (true, true): letterForms.medial ?? letterForms.final
                case (true, false): letterForms.final
                case (false, true): letterForms.initial ?? letterForms.isolated
                case (false, false): letterForms.isolated
                }
        }
        return (drawn, mergedInto)
    }

    /// `text`, already in the order it is drawn (the layout view's rows), with each run of
    /// Arabic shaped as it reads, from the right; nil when it holds no Arabic letter to shape.
    /// A run keeps its cells, so the grid's columns stay where they are: for the alef of each
    /// lam-alef ligature a space goes at the run's left end, where the word ends, and the alef is
    /// drawn in the ligature's cell.
    public static func shapedInDrawingOrder(_ text: String) -> VisualOrder? {
        guard text.unicodeScalars.contains(where: { forms[$0] != nil }) else { return nil }
        let characters = Array(text)
        var shown: [String] = characters.map(String.init)
        var drawnAt = Array(characters.indices)
        func isArabic(_ character: Character) -> Bool {
            character.unicodeScalars.first.map { joiningType(of: $0) != .none && $0.properties.isAlphabetic } == true
        }
        var start = 0
        while start < characters.count {
            guard isArabic(characters[start]) else {
                start += 1
                continue
            }
            var end = start
            while end < characters.count, isArabic(characters[end]) { end += 1 }
            // The run read from the right, shaped, and put back in drawing order.
            let logical = Array(characters[start..<end].reversed())
            var scalars: [Unicode.Scalar] = []
            var firstScalar: [Int] = []
            for character in logical {
                firstScalar.append(scalars.count)
                scalars.append(contentsOf: character.unicodeScalars)
            }
            let result = shaped(scalars)
            // Each logical Character's shape (nil for an alef in a ligature) and, for such an
            // alef, the logical Character of its lam.
            var shapes: [String?] = []
            var lams: [Int: Int] = [:]
            for (offset, character) in logical.enumerated() {
                let range = firstScalar[offset]..<(firstScalar[offset] + character.unicodeScalars.count)
                var view = String.UnicodeScalarView()
                view.append(contentsOf: range.compactMap { result.drawn[$0] })
                shapes.append(view.isEmpty ? nil : String(view))
                if let ligature = result.mergedInto[range.lowerBound] {
                    lams[offset] = (firstScalar.lastIndex { $0 <= ligature }) ?? 0
                }
            }
            let padding = shapes.count { $0 == nil }
            var position = start
            for _ in 0..<padding {
                shown[position] = " "
                position += 1
            }
            // Drawing order is the logical order reversed.
            var cellOfLogical: [Int: Int] = [:]
            for offset in logical.indices.reversed() {
                guard let shape = shapes[offset] else { continue }
                shown[position] = shape
                cellOfLogical[offset] = position
                position += 1
            }
            for offset in logical.indices {
                drawnAt[end - 1 - offset] = cellOfLogical[offset] ?? lams[offset].flatMap { cellOfLogical[$0] } ?? start
            }
            start = end
        }
        return VisualOrder(text: shown.joined(), drawnAt: drawnAt)
    }
}
