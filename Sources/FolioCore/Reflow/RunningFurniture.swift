/// Running headers and footers told by repetition: a line that stands at the same place with
/// the same words (its numbers aside) on the pages around it.
///
/// ``Furniture`` tells headers on one page by where they stand (the outer 8% of the page) and
/// what they are (a page number, text no larger than the body). A chapter title set larger
/// than the body as a running head, or a header lower than the band, escapes that; repetition
/// catches it. The evidence is a fixed window of pages, the ``radius`` pages either side, so
/// the reader (which holds those pages' text around the current one) and `folio --text
/// --reflow` (which reads the pages around each page it prints) decide a page's heads alike.
enum RunningFurniture {
    /// How many pages either side of a page are its evidence.
    static let radius = 2
    /// A candidate stands in the top or bottom share of the page this large.
    static let edgeBand = 0.2
    /// How many one-line blocks at each edge are candidates (a header and a line under it).
    static let candidatesPerEdge = 2
    /// Lines stand at the same place when their middles are this share of the page height
    /// apart or less (8 points on a Letter page).
    static let positionTolerance = 0.01
    /// A candidate needs this many letters to be compared (a lone number is a page number,
    /// which ``Furniture`` knows already, and a stray symbol proves nothing).
    static let minimumLetters = 3

    /// The candidates among `blocks` (a page's blocks after ``BlockFlow`` has merged them): the
    /// index of each block of one line (or of pieces on one baseline: a page number and a title
    /// far apart) among the two topmost and the two lowest blocks, with its ``EdgeLine``.
    static func candidates(in blocks: [TextBlock], pageHeight: Double) -> [(index: Int, line: EdgeLine)] {
        guard pageHeight > 0 else { return [] }
        let byTop = blocks.indices.sorted { blocks[$0].box.y0 < blocks[$1].box.y0 }
        let top = byTop.prefix(candidatesPerEdge).filter { blocks[$0].box.y1 <= edgeBand * pageHeight }
        let bottom = byTop.reversed().prefix(candidatesPerEdge).filter {
            blocks[$0].box.y0 >= (1 - edgeBand) * pageHeight
        }
        let pitch = linePitch(of: blocks)
        var seen: Set<Int> = []
        var found: [(index: Int, line: EdgeLine)] = []
        for index in top + bottom where seen.insert(index).inserted {
            let lines = blocks[index].lines.filter { ParagraphBuilder.hasVisibleText([$0]) }
            // The last line of a page's body is no footer, however often the pages around end
            // in the same words at the same place (`debian-octave.pdf`: "The result of which can
            // be seen in Figure 28.1." and, two pages on, "… Figure 28.2.").
            guard let first = lines.first, lines.allSatisfy({ LineShape.shareBaseline(first, $0) }),
                let end = lines.last?.chars.last(where: { !$0.scalar.isWhiteSpace })?.scalar,
                !sentenceEnds.contains(end),
                isSetApart(
                    index, in: blocks, pitch: min(pitch ?? .infinity, BlockFlow.singleLinePitch * first.box.height)),
                let edge = EdgeLine(lines, pageHeight: pageHeight)
            else { continue }
            found.append((index, edge))
        }
        return found.sorted { $0.index < $1.index }
    }

    /// A header or footer stands this many line pitches or more from the text beside it, top
    /// to top: further than the next line of a paragraph.
    static let apartInPitches = 1.5
    /// Characters that end a sentence, which a running head does not.
    static let sentenceEnds = Set(".!?。！？".unicodeScalars)

    /// Whether the block at `index` stands apart from the text beside it, above and below, as a
    /// header or footer stands off the body: ``apartInPitches`` of the line pitch, top to top
    /// (LaTeX's heads: 1.8 to 2.2; Octave's: 3.8). The pitch is the page's, or the block's own
    /// line height's when that is less (a page of a few lines in large type has no pitch to
    /// speak of).
    static func isSetApart(_ index: Int, in blocks: [TextBlock], pitch: Double) -> Bool {
        let box = blocks[index].box
        for (other, block) in blocks.enumerated() where other != index {
            if block.box.y0 >= box.y1 - 1, block.box.y0 - box.y0 < apartInPitches * pitch {
                return false
            }
            if let last = block.lines.last, block.box.y1 <= box.y0 + 1, box.y0 - last.box.y0 < apartInPitches * pitch {
                return false
            }
        }
        return true
    }

    /// The distance between the tops of consecutive lines in the blocks, the lower quartile
    /// (a page of short paragraphs has more gaps between them than lines in them); nil when no
    /// block has two lines.
    static func linePitch(of blocks: [TextBlock]) -> Double? {
        var pitches: [Double] = []
        for block in blocks {
            pitches += zip(block.lines, block.lines.dropFirst()).map { $1.box.y0 - $0.box.y0 }.filter { $0 > 0 }
        }
        pitches.sort()
        return pitches.isEmpty ? nil : pitches[pitches.count / 4]
    }

    /// Whether `line` runs through the pages around its own: `neighbours` holds the edge lines
    /// of each page in the window that is there (in any order; pages beyond the document's
    /// ends, or that could not be read or have no text, are left out), with whether the page is
    /// an even number of pages away (running heads often alternate between left and right
    /// pages: the book's title on the left, the chapter's on the right).
    ///
    /// It does when it stands on at least two of those pages, or on one of the same side (two
    /// pages away: a chapter's opening page, with no head, or the last page of the chapter
    /// before, with its own, may be the other), or, when the window holds a single page, on
    /// it. A heading that stands at the same place as one two pages away with the same words,
    /// its numbers aside, is taken for a running head; that takes a chapter of two pages.
    static func isRunning(_ line: EdgeLine, neighbours: [(lines: [EdgeLine], sameSide: Bool)]) -> Bool {
        let matches = neighbours.map { page in page.lines.contains { line.matches($0) } }
        let count = matches.filter { $0 }.count
        let onTheSameSide = zip(neighbours, matches).contains { $0.0.sameSide && $0.1 }
        return count >= 2 || onTheSameSide || (neighbours.count == 1 && count == 1)
    }
}

/// A line at the top or bottom edge of a page that may be a running header or footer: what it
/// says with its numbers normalised, and where it stands.
struct EdgeLine: Sendable, Hashable {
    /// The line's words, lowercased, every run of digits as `#` and white space as one space:
    /// "Chapter 5: Strings" and "Chapter 6: Strings" alike read "chapter #: strings".
    var key: String
    /// The line's middle, from the top of the page, as a share of the page's height.
    var position: Double

    /// The edge line of `lines` (pieces of one line) on a page `pageHeight` points tall; nil
    /// when they have fewer than ``RunningFurniture/minimumLetters`` letters.
    init?(_ lines: [TextLine], pageHeight: Double) {
        guard let first = lines.first else { return nil }
        var key = String.UnicodeScalarView()
        var letters = 0
        let space = TextChar(scalar: " ", box: first.box, size: 0)
        for char in lines.map(\.chars).joined(separator: [space]) {
            let scalar = char.scalar
            if scalar.properties.numericType != nil {
                if key.last != "#" {
                    key.append("#")
                }
            } else if scalar.isWhiteSpace {
                if let last = key.last, last != " " {
                    key.append(" ")
                }
            } else {
                if scalar.properties.isAlphabetic {
                    letters += 1
                }
                key.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        while key.last == " " {
            key.removeLast()
        }
        guard letters >= RunningFurniture.minimumLetters else { return nil }
        self.key = String(key)
        position = (first.box.y0 + first.box.y1) / 2 / pageHeight
    }

    /// Whether `other` says the same at the same place.
    func matches(_ other: EdgeLine) -> Bool {
        key == other.key && abs(position - other.position) <= RunningFurniture.positionTolerance
    }
}
