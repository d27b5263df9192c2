/// Code on a page: the monospaced lines that the reflow keeps as they are.
///
/// MuPDF groups lines into blocks by how close they are, not by what they are: a heading and
/// the code under it come as one block, and a listing is cut into several blocks where its
/// indentation changes. Code is read line by line, each line indented by its place relative to
/// the left edge of the whole listing, so the blocks are first cut and put together again.
enum CodeBlocks {
    /// Blocks of code this many lines apart or less (a blank line or two) are one listing.
    static let widestGapInLines = 3.0
    /// A line further below the one before than this many times the listing's line pitch
    /// follows a blank line.
    static let blankLinePitch = 1.6
    /// A line's pitch over its font size, for listings too short to show one.
    static let singleLinePitch = 1.2

    /// `blocks` with code apart from prose: a block holding both is cut into runs of lines
    /// that are monospaced and runs that are not; then blocks of code that follow each other
    /// down the page, overlapping across it, at most ``widestGapInLines`` lines apart, are one.
    static func gathered(_ blocks: [TextBlock]) -> [TextBlock] {
        var gathered: [TextBlock] = []
        for block in blocks.flatMap(separated) {
            if let last = gathered.last, isContinuation(of: last, by: block) {
                gathered[gathered.count - 1] = TextBlock(
                    lines: last.lines + block.lines, box: last.box.union(block.box))
            } else {
                gathered.append(block)
            }
        }
        return gathered
    }

    /// The lines of a block of code, each with its indentation in cells from its position
    /// (code is often indented by moving the text, not by spaces), and whether a blank line
    /// stands before it.
    static func lines(of block: TextBlock) -> [(scalars: [Unicode.Scalar], indent: Int, followsBlank: Bool)] {
        let visible = block.lines.flatMap(\.chars).filter { DisplayWidth.isVisible($0.scalar) && $0.box.width > 0 }
        let advances = visible.map(\.box.width).sorted()
        let advance = advances.isEmpty ? 1 : advances[advances.count / 2]
        let left =
            block.lines.compactMap { $0.chars.first(where: { DisplayWidth.isVisible($0.scalar) })?.box.x0 }
            .filter(\.isFinite).min() ?? block.box.x0
        let pitch = linePitch(of: block)
        var previousBaseline: Double?
        return block.lines.compactMap { line in
            guard let first = line.chars.first(where: { DisplayWidth.isVisible($0.scalar) }) else { return nil }
            let offset = ((first.box.x0 - left) / advance).rounded()
            let indent = offset.isFinite ? Int(min(max(offset, 0), Double(PhysicalLayout.maximumColumn))) : 0
            let scalars = line.chars.drop { !DisplayWidth.isVisible($0.scalar) }.map(\.scalar)
            let baseline = LineShape.baseline(of: line)
            var followsBlank = false
            if let baseline, let previousBaseline, let pitch {
                followsBlank = baseline - previousBaseline > blankLinePitch * pitch
            }
            previousBaseline = baseline ?? previousBaseline
            return (Array(scalars.reversed().drop(while: \.isWhiteSpace).reversed()), indent, followsBlank)
        }
    }

    /// The listing's line pitch: the smallest distance between two baselines that is not
    /// less than its font size, or ``singleLinePitch`` font sizes when it shows none.
    private static func linePitch(of block: TextBlock) -> Double? {
        let lines = block.lines.filter { ParagraphBuilder.hasVisibleText([$0]) }
        guard let first = lines.first else { return nil }
        let size = LineShape.size(of: first)
        let baselines = lines.compactMap(LineShape.baseline(of:))
        let pitches = zip(baselines, baselines.dropFirst()).map { $1 - $0 }.filter { $0 >= 0.9 * size }
        return pitches.min() ?? singleLinePitch * size
    }

    /// `block` cut into runs of monospaced lines and runs of other lines (lines without
    /// visible text go with the run they are in); a block of one kind is given back whole.
    private static func separated(_ block: TextBlock) -> [TextBlock] {
        var runs: [(lines: [TextLine], isCode: Bool)] = []
        for line in block.lines {
            let isCode = ParagraphBuilder.hasVisibleText([line]) ? LineShape.isMonospaced([line]) : runs.last?.isCode
            if let isCode, runs.last?.isCode != isCode {
                runs.append(([line], isCode))
            } else if runs.isEmpty {
                runs.append(([line], false))
            } else {
                runs[runs.count - 1].lines.append(line)
            }
        }
        guard runs.count > 1 else { return [block] }
        return runs.map { run in
            let box = run.lines.dropFirst().reduce(run.lines[0].box) { $0.union($1.box) }
            return TextBlock(lines: run.lines, box: box)
        }
    }

    /// Whether `next` is more of the listing `block` is: both code, `next` below, overlapping
    /// it across the page, its first baseline at most ``widestGapInLines`` lines below.
    private static func isContinuation(of block: TextBlock, by next: TextBlock) -> Bool {
        guard LineShape.isMonospaced(block.lines), LineShape.isMonospaced(next.lines),
            let last = block.lines.last(where: { ParagraphBuilder.hasVisibleText([$0]) }),
            let first = next.lines.first(where: { ParagraphBuilder.hasVisibleText([$0]) }),
            let lastBaseline = LineShape.baseline(of: last), let firstBaseline = LineShape.baseline(of: first),
            next.box.x0 < block.box.x1, block.box.x0 < next.box.x1
        else { return false }
        let pitch = linePitch(of: block) ?? singleLinePitch * LineShape.size(of: last)
        let gap = firstBaseline - lastBaseline
        return gap > 0 && gap <= widestGapInLines * pitch
    }

}
