/// Which of a page's text blocks are one flow of text that MuPDF split.
///
/// MuPDF starts a new block where lines are spaced a little further apart than before (ruby
/// over Japanese, a line with a taller character) and at the foot of every column. Reflowing
/// block by block would then break paragraphs in the middle: an EPUB of Japanese prose came
/// out one line per paragraph. Blocks that follow each other closely, at the same left edge,
/// in the same font size, at the line pitch they have inside, are merged (the paragraph rules
/// then still break where a line is indented or ends short); a paragraph cut at a column's
/// foot goes on at the top of the next column after a full last line without closing
/// punctuation.
enum BlockFlow {
    /// Blocks whose line pitch across the break is at most this many times the pitch inside
    /// them may be one flow.
    static let pitchTolerance = 1.15
    /// A line's pitch over its height, for blocks of one line that show no pitch of their own.
    static let singleLinePitch = 1.2
    /// Left edges of one flow lie within this many font sizes of each other. (A block that
    /// starts indented starts a paragraph, and centred lines are not one flow.)
    static let edgeToleranceInEms = 0.5
    /// A block of one line may start this many font sizes right of the next: it is the
    /// indented first line of the paragraph the next block goes on with.
    static let indentToleranceInEms = 3.0
    /// A block of one line this many font sizes or less right of the line before it, on its
    /// baseline, goes on that line.
    static let sameLineGapInEms = 3.0
    /// Font sizes of one flow differ by at most this ratio.
    static let sizeTolerance = 0.15
    /// A line ending short of this share of its block's width ends its paragraph.
    static let fullLineRatio = 0.9
    /// Characters that end a sentence, after which a paragraph may well end.
    static let closingPunctuation = Set(".!?:;。！？」』”\"'".unicodeScalars)

    /// `blocks` with each run of blocks that are one flow merged into one block.
    ///
    /// First, lines on one baseline are joined (``LineShape/joiningLinesOnOneBaseline(_:)``),
    /// also where MuPDF put the pieces in blocks of their own: a block of one line close to
    /// the right of the last line before it, on its baseline, goes on that line, and so does a
    /// footnote mark raised after it (``LineShape/isRaisedMark(_:after:)``).
    static func merged(_ blocks: [TextBlock]) -> [TextBlock] {
        let blocks = blocks.map(LineShape.joiningLinesOnOneBaseline)
        var merged: [TextBlock] = []
        var previous: TextBlock?
        // The pitch between the last two blocks, when both are of one line, and the right end
        // of the full lines of the run of such blocks at one pitch they are in.
        var lastPitch: Double?
        var runRight: Double?
        for (index, block) in blocks.enumerated() {
            if let last = merged.last, let lastLine = last.lines.last, block.lines.count == 1,
                let line = block.lines.first,
                (LineShape.shareBaseline(lastLine, line) && line.box.x0 >= lastLine.box.x1 - 1
                    && line.box.x0 - lastLine.box.x1 <= sameLineGapInEms * LineShape.size(of: lastLine))
                    || LineShape.isRaisedMark(line, after: lastLine)
            {
                var joined = last
                joined.lines[joined.lines.count - 1] = LineShape.joined(lastLine, line)
                joined.box = last.box.union(joined.lines[joined.lines.count - 1].box)
                merged[merged.count - 1] = joined
                previous = joined
                continue
            }
            let after = index + 1 < blocks.count ? blocks[index + 1] : nil
            let spacing = previous.flatMap { previous in
                regularPitch(previous, block, before: lastPitch, rightEnd: runRight, after: after)
            }
            if let previous, let last = merged.last, isOneFlow(previous, block, spacing: spacing) {
                merged[merged.count - 1] = TextBlock(lines: last.lines + block.lines, box: last.box.union(block.box))
            } else {
                merged.append(block)
            }
            let pitchHere = previous.flatMap { previous in
                previous.lines.count == 1 && block.lines.count == 1 ? pitch(from: previous, to: block) : nil
            }
            if let pitchHere, let lastPitch, abs(pitchHere - lastPitch) <= pitchAgreement * pitchHere {
                if spacing != nil, let right = previous?.box.x1 {
                    runRight = max(runRight ?? right, right)
                }
            } else {
                runRight = spacing != nil ? previous?.box.x1 : nil
            }
            lastPitch = pitchHere
            previous = block
        }
        return merged
    }

    /// Lines may be this many font sizes apart and still be one flow, when their pitch is
    /// regular: double spacing (a manuscript, a thesis) sets lines about twice their size apart.
    static let widestRegularPitchInEms = 2.6
    /// Pitches of a run of lines agree within this ratio.
    static let pitchAgreement = 0.1

    /// The pitch between `block` and `next`, both of one line, when it is the pitch of the run
    /// they are in: the same as the pitch before them (`before`, between the two blocks before) or after
    /// them (to `after`, another block of one line), and no more than
    /// ``widestRegularPitchInEms`` font sizes. MuPDF gives each line of double-spaced text a
    /// block of its own; three lines or more at one pitch are one flow, however wide it is,
    /// when the upper line is a full line of prose: a line of a few words ending where the
    /// next line ends, or where the full lines of the run before end (`rightEnd`). A line ending
    /// short ends its paragraph anyway, and one-line paragraphs with a blank line between them
    /// are not double spacing.
    private static func regularPitch(
        _ block: TextBlock, _ next: TextBlock, before: Double?, rightEnd: Double?, after: TextBlock?
    ) -> Double? {
        guard block.lines.count == 1, next.lines.count == 1, let line = block.lines.first,
            let nextLine = next.lines.first, let size = medianSize(block),
            let pitch = pitch(from: block, to: next), pitch <= widestRegularPitchInEms * size,
            line.chars.lazy.filter({ DisplayWidth.isVisible($0.scalar) }).count >= PageReflow.minimumFullLineCells
        else { return nil }
        let agrees = { (other: Double) in abs(other - pitch) <= pitchAgreement * pitch }
        let endsFull =
            abs(line.box.x1 - nextLine.box.x1) <= size
            || (rightEnd.map { abs(line.box.x1 - $0) <= size } ?? false && before.map(agrees) ?? false)
        guard endsFull else { return nil }
        if let before, agrees(before) {
            return pitch
        }
        if let after, after.lines.count == 1, let following = self.pitch(from: next, to: after), agrees(following) {
            return pitch
        }
        return nil
    }

    /// How far the top of `next`'s first line is below the top of `block`'s last line.
    private static func pitch(from block: TextBlock, to next: TextBlock) -> Double? {
        guard let last = block.lines.last, let first = next.lines.first else { return nil }
        let pitch = first.box.y0 - last.box.y0
        return pitch > 0 ? pitch : nil
    }

    /// Whether `next` goes on directly below `block` as more of the same text; `spacing` is the
    /// regular pitch of a run of lines they are in, when they are (see ``regularPitch``).
    private static func isOneFlow(_ block: TextBlock, _ next: TextBlock, spacing: Double?) -> Bool {
        guard !TextLayout.isRagged(block), !TextLayout.isRagged(next), let lastLine = block.lines.last,
            let firstLine = next.lines.first, let size = medianSize(block), let nextSize = medianSize(next),
            !LineShape.isTabular(lastLine), !LineShape.isTabular(firstLine),
            LineShape.isMonospaced(block.lines) == LineShape.isMonospaced(next.lines)
        else { return false }
        let pitch = firstLine.box.y0 - lastLine.box.y0
        let ownPitch = linePitch(block) ?? linePitch(next) ?? spacing ?? singleLinePitch * lastLine.box.height
        return pitch > 0.5 * lastLine.box.height && pitch <= pitchTolerance * ownPitch
            && next.box.x0 - block.box.x0 <= edgeToleranceInEms * size
            && block.box.x0 - next.box.x0 <= (block.lines.count == 1 ? indentToleranceInEms : edgeToleranceInEms) * size
            && abs(nextSize - size) <= sizeTolerance * size
    }

    /// Whether `paragraph`, the last of `block`, goes on in `next`'s first line: `next` is the
    /// top of the next column (right of `block`), the block's last line is full and ends
    /// without closing punctuation (a sentence cut off must go on somewhere), and the next
    /// block's first line starts at its left edge, not indented as a new paragraph would be.
    static func continues(_ paragraph: [Unicode.Scalar], in block: TextBlock, into next: TextBlock) -> Bool {
        guard block.lines.count >= 2, next.box.x0 >= block.box.x1 - 1, next.box.y0 < block.box.y1,
            let lastLine = block.lines.last(where: { ParagraphBuilder.hasVisibleText([$0]) }),
            let firstLine = next.lines.first(where: { ParagraphBuilder.hasVisibleText([$0]) }),
            let last = paragraph.last, !closingPunctuation.contains(last),
            !LineShape.isTabular(firstLine), !LineShape.isTabular(lastLine), let size = medianSize(next)
        else { return false }
        let isFull = lastLine.box.x1 - block.box.x0 >= fullLineRatio * block.box.width
        let isIndented = firstLine.box.x0 - next.box.x0 > ParagraphBuilder.indentInCharacters * size / 2
        return isFull && !isIndented
    }

    /// The median distance from the top of one line of `block` to the top of the next.
    private static func linePitch(_ block: TextBlock) -> Double? {
        let pitches = zip(block.lines, block.lines.dropFirst()).map { $1.box.y0 - $0.box.y0 }.filter { $0 > 0 }.sorted()
        return pitches.isEmpty ? nil : pitches[pitches.count / 2]
    }

    private static func medianSize(_ block: TextBlock) -> Double? {
        var sizes: [Double] = []
        for line in block.lines {
            for char in line.chars where char.size > 0 {
                sizes.append(char.size)
            }
        }
        sizes.sort()
        return sizes.isEmpty ? nil : sizes[sizes.count / 2]
    }
}
