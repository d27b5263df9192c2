/// What one paragraph's characters resolve to under the Unicode bidirectional algorithm
/// (UAX #9): an embedding level each, and the character to draw where a mirrored form is due.
public struct BidiLevels: Sendable, Equatable {
    /// One level per scalar: even runs left to right, odd right to left.
    public var levels: [UInt8]
    /// The scalars, each replaced by its mirror image (`(` for `)`) where it runs right to left.
    public var mirrored: [Unicode.Scalar]

    /// Creates the answer from its levels and mirrored scalars, one each per scalar.
    public init(levels: [UInt8], mirrored: [Unicode.Scalar]) {
        self.levels = levels
        self.mirrored = mirrored
    }
}

/// The Unicode bidirectional algorithm, which FolioCore cannot run itself (MuPDF ships one;
/// `FolioDocument.MuPDFBidi` reaches it through the C boundary).
public protocol BidiAlgorithm: Sendable {
    /// The levels of `scalars`, one paragraph whose base direction is right to left when
    /// `rightToLeft` is true; nil when the algorithm fails.
    func levels(of scalars: [Unicode.Scalar], rightToLeft: Bool) -> BidiLevels?
}

/// Right-to-left text (Arabic, Hebrew, Persian, Syriac, Thaana…): telling it apart, holding it in
/// logical order, and turning a line into the visual order a terminal draws.
///
/// Text is kept in logical order (the order it is read and typed) everywhere: search, copy,
/// `folio --text`. Most terminals do no bidirectional reordering, so the text views send each
/// line in visual order, left to right as it appears on the page, from ``visual(_:levels:)``.
public enum RightToLeft {
    /// Whether `scalar` is a strong right-to-left character: a letter of Hebrew, Arabic, Syriac,
    /// Thaana, NKo, Samaritan, Mandaic or their presentation forms (bidi classes R and AL).
    public static func isStrong(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x05D0...0x05EA, 0x05EF...0x05F4, 0x0608, 0x060B, 0x060D, 0x061B...0x064A, 0x066D...0x066F: true
        case 0x0671...0x06D5, 0x06E5, 0x06E6, 0x06EE, 0x06EF, 0x06FA...0x070D, 0x0710...0x072F: true
        case 0x074D...0x07A5, 0x07B1, 0x07C0...0x07EA, 0x0800...0x0815, 0x0840...0x0858, 0x0860...0x089F: true
        case 0x08A0...0x08C9, 0xFB1D, 0xFB1F...0xFB28, 0xFB2A...0xFDFF, 0xFE70...0xFEFE: true
        case 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    /// Whether `scalar` is a strong left-to-right character: a letter of any other script.
    static func isStrongLeftToRight(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isAlphabetic && !isStrong(scalar) && scalar.properties.generalCategory != .nonspacingMark
    }

    /// Whether `scalars` read right to left as a paragraph: its first strong character is
    /// right-to-left (rules P2 and P3 of UAX #9).
    public static func isRightToLeftParagraph(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        for scalar in scalars {
            if isStrong(scalar) {
                return true
            }
            if isStrongLeftToRight(scalar) {
                return false
            }
        }
        return false
    }

    /// Whether any of `scalars` is a strong right-to-left character.
    public static func contains(_ scalars: some Sequence<Unicode.Scalar>) -> Bool {
        scalars.contains(where: isStrong)
    }

    /// `scalars` in visual order (left to right on the screen), by rule L2 of UAX #9, with the
    /// mirrored forms where a character runs right to left (see ``visualIndices(_:levels:)``).
    public static func visual(_ scalars: [Unicode.Scalar], levels: BidiLevels) -> [Unicode.Scalar] {
        guard levels.levels.count == scalars.count, levels.mirrored.count == scalars.count else { return scalars }
        return visualIndices(scalars, levels: levels.levels).map { index in
            levels.levels[index] % 2 == 1 ? levels.mirrored[index] : scalars[index]
        }
    }

    /// The indices of `scalars` in visual order (left to right on the screen), by rule L2 of
    /// UAX #9: from the highest level down to the lowest odd one, every run at that level or
    /// above is reversed. A combining mark stays after the character it sits on, since
    /// terminals draw marks on the cell before them. `levels` has one level per scalar.
    static func visualIndices(_ scalars: [Unicode.Scalar], levels: [UInt8]) -> [Int] {
        guard levels.count == scalars.count else { return Array(scalars.indices) }
        // Clusters: a base character and the zero-width marks after it, at the base's level.
        var clusters: [(range: Range<Int>, level: UInt8)] = []
        for index in scalars.indices {
            if index > 0, DisplayWidth.of(scalars[index]) == 0, !clusters.isEmpty {
                clusters[clusters.count - 1].range = clusters[clusters.count - 1].range.lowerBound..<(index + 1)
            } else {
                clusters.append((index..<(index + 1), levels[index]))
            }
        }
        guard let highest = clusters.map(\.level).max(), highest > 0 else { return Array(scalars.indices) }
        let lowestOdd = clusters.map(\.level).filter { $0 % 2 == 1 }.min() ?? highest
        var order = Array(clusters.indices)
        var level = highest
        while level >= lowestOdd {
            var start = 0
            while start < order.count {
                guard clusters[order[start]].level >= level else {
                    start += 1
                    continue
                }
                var end = start
                while end < order.count, clusters[order[end]].level >= level {
                    end += 1
                }
                order[start..<end].reverse()
                start = end
            }
            if level == 0 { break }
            level -= 1
        }
        return order.flatMap { clusters[$0].range }
    }

    /// `line` in the order it is drawn, left to right along its direction (a base character and
    /// the marks after it kept together), where it holds right-to-left letters, brackets in
    /// right-to-left text turned to the shapes drawn: the layout view places what it is given
    /// as drawn.
    static func drawingOrder(_ line: TextLine) -> TextLine {
        guard line.chars.contains(where: { isStrong($0.scalar) }) else { return line }
        var clusters: [[TextChar]] = []
        for char in mirroringBracketsInRightToLeftText(line.chars) {
            if DisplayWidth.of(char.scalar) == 0, !clusters.isEmpty {
                clusters[clusters.count - 1].append(char)
            } else {
                clusters.append([char])
            }
        }
        let direction = line.direction
        var drawn = line
        drawn.chars = clusters.enumerated().sorted { a, b in
            let first = direction.position(of: a.element[0].box)
            let second = direction.position(of: b.element[0].box)
            return first != second ? first < second : a.offset < b.offset
        }.flatMap(\.element)
        return drawn
    }

    /// A layout view's row, whose characters are in the order drawn, in the order it is read,
    /// with, for each Character of that logical text, the Character of `drawn` it is; nil when
    /// the row holds no right-to-left letter. A row without left-to-right letters is turned
    /// round from its first visible character to its last, numbers kept in their own order; in
    /// a row with both, each run of right-to-left text (its letters and marks, and the spaces and
    /// punctuation between them) is turned round. Brackets turned round are mirrored back to
    /// the ones read.
    public static func logicalOrder(ofDrawn drawn: String) -> (text: String, drawnAt: [Int])? {
        let characters = Array(drawn)
        func isRightToLeft(_ index: Int) -> Bool {
            characters[index].unicodeScalars.first.map(isStrong) == true
        }
        func isNeutral(_ index: Int) -> Bool {
            guard let scalar = characters[index].unicodeScalars.first else { return true }
            return !isStrong(scalar) && !isStrongLeftToRight(scalar) && scalar.properties.numericType == nil
        }
        guard characters.indices.contains(where: isRightToLeft) else { return nil }
        var order = Array(characters.indices)
        var turned = [Bool](repeating: false, count: characters.count)
        let hasLeftToRight = characters.contains { $0.unicodeScalars.first.map(isStrongLeftToRight) == true }
        if !hasLeftToRight, let first = characters.firstIndex(where: { !$0.isWhitespace }),
            let last = characters.lastIndex(where: { !$0.isWhitespace })
        {
            order[first...last].reverse()
            turned.replaceSubrange(first...last, with: repeatElement(true, count: last - first + 1))
            // Numbers read left to right: each turned back.
            var index = first
            while index <= last {
                guard characters[order[index]].unicodeScalars.first?.properties.numericType != nil else {
                    index += 1
                    continue
                }
                var end = index
                while end + 1 <= last, characters[order[end + 1]].unicodeScalars.first?.properties.numericType != nil {
                    end += 1
                }
                order[index...end].reverse()
                index = end + 1
            }
        }
        var start = hasLeftToRight ? 0 : characters.count
        while start < characters.count {
            guard isRightToLeft(start) else {
                start += 1
                continue
            }
            var end = start
            var probe = start + 1
            while probe < characters.count, isRightToLeft(probe) || isNeutral(probe) {
                if isRightToLeft(probe) { end = probe }
                probe += 1
            }
            order[start...end].reverse()
            turned.replaceSubrange(start...end, with: repeatElement(true, count: end - start + 1))
            start = end + 1
        }
        let text = order.map { index -> String in
            let character = characters[index]
            guard turned[index], let scalar = character.unicodeScalars.first,
                character.unicodeScalars.count == 1, let mirror = mirroredBrackets[scalar]
            else { return String(character) }
            return String(mirror)
        }.joined()
        return (text, order)
    }

    /// Brackets and their mirror images (Unicode's Bidi_Mirroring_Glyph for the common ones).
    static let mirroredBrackets: [Unicode.Scalar: Unicode.Scalar] = [
        "(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<",
        "«": "»", "»": "«", "‹": "›", "›": "‹",
    ]

    /// `chars` with each bracket that stands in right-to-left text (the nearest letter on either
    /// side, in their order, is right-to-left, and none is left-to-right) swapped for its mirror
    /// image: what is drawn as `)` there is read as `(`, and the other way round.
    static func mirroringBracketsInRightToLeftText(_ chars: [TextChar]) -> [TextChar] {
        guard chars.contains(where: { mirroredBrackets[$0.scalar] != nil }) else { return chars }
        func strongSide(_ indices: some Sequence<Int>) -> Bool? {
            for index in indices {
                if isStrong(chars[index].scalar) { return true }
                if isStrongLeftToRight(chars[index].scalar) { return false }
            }
            return nil
        }
        var result = chars
        for index in chars.indices {
            guard let mirror = mirroredBrackets[chars[index].scalar] else { continue }
            let before = strongSide(stride(from: index - 1, through: 0, by: -1))
            let after = strongSide(index + 1..<chars.count)
            if before != false, after != false, before == true || after == true {
                result[index].scalar = mirror
            }
        }
        return result
    }

    /// `page` with each block of mostly right-to-left text mirrored left to right, so that the
    /// reflow's rules, written for text that starts at the left edge (an indent, a line ending
    /// short, a paragraph going on at the top of the next column), read it as they read
    /// left-to-right text: a right-to-left paragraph is indented and ends short at the right
    /// edge's mirror image. The characters keep their logical order.
    static func mirroringRightToLeftBlocks(_ page: PageText) -> PageText {
        let width = page.width
        func mirrored(_ box: TextRect) -> TextRect {
            TextRect(x0: width - box.x1, y0: box.y0, x1: width - box.x0, y1: box.y1)
        }
        var page = page
        for index in page.blocks.indices where isMostlyRightToLeft(page.blocks[index]) {
            var block = page.blocks[index]
            block.box = mirrored(block.box)
            for line in block.lines.indices {
                block.lines[line].box = mirrored(block.lines[line].box)
                block.lines[line].direction.x = -block.lines[line].direction.x
                for char in block.lines[line].chars.indices {
                    block.lines[line].chars[char].box = mirrored(block.lines[line].chars[char].box)
                }
            }
            page.blocks[index] = block
        }
        return page
    }

    /// Whether most of the strong characters of `block` run right to left.
    static func isMostlyRightToLeft(_ block: TextBlock) -> Bool {
        var rightToLeft = 0
        var leftToRight = 0
        for line in block.lines where !line.isVertical {
            for char in line.chars {
                if isStrong(char.scalar) {
                    rightToLeft += 1
                } else if isStrongLeftToRight(char.scalar) {
                    leftToRight += 1
                }
            }
        }
        return rightToLeft > leftToRight
    }

    /// `line` in logical order. A PDF may store right-to-left text as it is drawn, left to right
    /// (its characters' boxes then move right along the line where logical order moves left):
    /// such a line is reversed, keeping runs of left-to-right text (words in Latin letters,
    /// numbers) in their own order, which is how they are both read and drawn. A space is put
    /// back between two right-to-left words where the page shows a gap but holds no space
    /// character. Lines without right-to-left letters, and vertical lines, come back unchanged.
    public static func logicalOrder(_ line: TextLine) -> TextLine {
        guard line.chars.contains(where: { isStrong($0.scalar) }) else { return line }
        var forward = 0
        var backward = 0
        var previous: TextChar?
        guard !line.isVertical else { return line }
        let direction = line.direction
        for char in line.chars {
            // Only neighbours within right-to-left text tell its order, not across a Latin word.
            if isStrongLeftToRight(char.scalar) || char.scalar.properties.numericType != nil {
                previous = nil
            }
            guard isStrong(char.scalar), char.box.width > 0, char.box.height > 0 else { continue }
            if let previous {
                let step = direction.position(of: char.box) - direction.position(of: previous.box)
                if step > 0 {
                    forward += 1
                } else if step < 0 {
                    backward += 1
                }
            }
            previous = char
        }
        var chars = line.chars
        if forward > backward {
            let rightToLeft = chars.filter { isStrong($0.scalar) }.count
            let leftToRight = chars.filter { isStrongLeftToRight($0.scalar) }.count
            // The codes of a visual-order line name the shapes drawn, mirrored in right-to-left text.
            chars = mirroringBracketsInRightToLeftText(
                rightToLeft >= leftToRight
                    ? reversedKeepingLeftToRightRuns(chars, along: direction) : reversingRightToLeftRuns(chars))
        }
        var logical = line
        logical.chars = withRecoveredSpaces(chars, along: direction)
        return logical
    }

    /// A gap between two right-to-left glyphs wider than this many font sizes is a word space.
    static let wordGapInEms = 0.2

    /// `chars` (logical order) with a space put where the page shows a word gap between two
    /// characters (one of them right-to-left, the second a letter or digit) and holds none.
    private static func withRecoveredSpaces(_ chars: [TextChar], along direction: TextDirection) -> [TextChar] {
        var result: [TextChar] = []
        result.reserveCapacity(chars.count)
        var last: TextChar?
        for char in chars {
            if char.scalar.isWhiteSpace {
                last = nil
            } else if char.scalar.properties.generalCategory != .nonspacingMark {
                if let last, char.box.width > 0, isStrong(last.scalar) || isStrong(char.scalar),
                    isWordCharacter(char.scalar),
                    gap(between: direction.extent(of: last.box), direction.extent(of: char.box))
                        > wordGapInEms * max(last.size, char.size, 1)
                {
                    result.append(
                        TextChar(
                            scalar: " ",
                            box: TextRect(x0: char.box.x1, y0: last.box.y0, x1: last.box.x0, y1: last.box.y1),
                            size: last.size, baseline: last.baseline))
                }
                last = char
            }
            result.append(char)
        }
        return result
    }

    /// Whether `scalar` is a letter or a digit: punctuation may stand apart from the word before
    /// it where a layout engine placed a neutral character oddly, and gets no space before it.
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isStrong(scalar) || isStrongLeftToRight(scalar) || scalar.properties.numericType != nil
    }

    /// The distance between two extents along a line, 0 where they touch or overlap. (Two
    /// neighbours in logical order may stand either way round where the direction changes.)
    private static func gap(between a: ClosedRange<Double>, _ b: ClosedRange<Double>) -> Double {
        max(0, a.lowerBound - b.upperBound, b.lowerBound - a.upperBound)
    }

    /// Visual order to logical for a left-to-right line with right-to-left words in it: each run
    /// of right-to-left characters (and the neutrals between them) turned round in place.
    private static func reversingRightToLeftRuns(_ chars: [TextChar]) -> [TextChar] {
        var chars = chars
        var index = 0
        while index < chars.count {
            guard isStrong(chars[index].scalar) else {
                index += 1
                continue
            }
            var end = index
            var probe = index
            while probe < chars.count, !isStrongLeftToRight(chars[probe].scalar) {
                if isStrong(chars[probe].scalar) {
                    end = probe
                }
                probe += 1
            }
            chars[index...end].reverse()
            index = end + 1
        }
        return chars
    }

    /// Visual order to logical for a right-to-left line: everything reversed, then each run of
    /// left-to-right characters (letters of other scripts, digits, and what lies between them)
    /// turned back. A combining mark stays after its base character.
    private static func reversedKeepingLeftToRightRuns(_ chars: [TextChar], along direction: TextDirection)
        -> [TextChar]
    {
        // Clusters in visual order: a base and the marks after it.
        var clusters: [[TextChar]] = []
        for char in chars {
            if DisplayWidth.of(char.scalar) == 0, !clusters.isEmpty {
                clusters[clusters.count - 1].append(char)
            } else {
                clusters.append([char])
            }
        }
        // Against the line's direction, by position: a ligature's letters, which share one
        // glyph's box in logical order, come out right too. (Positions tie only where a glyph
        // has no width; those keep their order reversed.)
        clusters.reverse()
        clusters = clusters.enumerated().sorted { a, b in
            let first = direction.position(of: a.element[0].box)
            let second = direction.position(of: b.element[0].box)
            return first != second ? first > second : a.offset < b.offset
        }.map(\.element)
        /// 1 for a letter of a left-to-right script, 2 for a digit, 0 for anything else.
        func leftToRightKind(_ cluster: [TextChar]) -> Int {
            guard let scalar = cluster.first?.scalar else { return 0 }
            return isStrongLeftToRight(scalar) ? 1 : scalar.properties.numericType != nil ? 2 : 0
        }
        var index = 0
        while index < clusters.count {
            let kind = leftToRightKind(clusters[index])
            guard kind != 0 else {
                index += 1
                continue
            }
            // A run of words goes on over neutrals (spaces, punctuation) up to its last cluster of
            // the same kind; a number beside a word is a run of its own, as UAX #9 resolves it
            // in a right-to-left paragraph.
            var end = index
            var probe = index
            while probe < clusters.count, !isStrong(clusters[probe].first?.scalar ?? " ") {
                let probeKind = leftToRightKind(clusters[probe])
                if probeKind == kind {
                    end = probe
                } else if probeKind != 0 {
                    break
                }
                probe += 1
            }
            clusters[index...end].reverse()
            index = end + 1
        }
        return clusters.flatMap { $0 }
    }
}
