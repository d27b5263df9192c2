/// How the text views draw the words an annotation marks: its kind (a highlight's colour behind
/// the words, an underline or squiggly line under them, a strike-out's words faint) and colour.
public struct AnnotationStyle: Sendable, Hashable {
    /// How the words are marked.
    public enum Mark: Sendable, Hashable {
        /// The colour behind the words.
        case highlight
        /// A line under the words (underline and squiggly: a terminal draws one line).
        case underline
        /// The words struck out (faint where the terminal has no strike-through).
        case strikeOut
        /// The marker before a line that has a note.
        case noteMarker
    }

    /// How the words are marked.
    public var mark: Mark
    /// The annotation's colour; nil when it has none (the terminal's highlight colour is used).
    public var colour: AnnotationColour?

    /// A style from its mark and colour.
    public init(mark: Mark, colour: AnnotationColour?) {
        self.mark = mark
        self.colour = colour
    }

    /// The style of `kind`'s marked words, nil for kinds that mark no words.
    init?(kind: AnnotationKind, colour: AnnotationColour?) {
        switch kind {
        case .highlight: self.init(mark: .highlight, colour: colour)
        case .underline, .squiggly: self.init(mark: .underline, colour: colour)
        case .strikeOut: self.init(mark: .strikeOut, colour: colour)
        case .note, .freeText, .ink, .other: return nil
        }
    }
}

/// Where a page's annotations show in one layout of it: the runs of Characters each text-markup
/// annotation marks, line by line, and the lines that carry a note's marker.
///
/// A markup annotation's words are the page characters whose box's centre lies in one of its
/// quads (as ``PageText/markedText(under:)`` reads them), found in the layout by
/// ``PageTextAlignment``. A note sits on the line nearest its place on the page: the line of
/// the page character closest to its box's top-left corner.
public struct AnnotationMarks: Sendable, Equatable {
    /// A run of Characters of a laid-out line marked by an annotation.
    public struct Run: Sendable, Equatable {
        /// The Characters of the line's text (logical order).
        public var characters: Range<Int>
        /// How they are drawn.
        public var style: AnnotationStyle
        /// The annotation marking them.
        public var id: AnnotationID
    }

    /// The marked runs of each laid-out line, by line.
    public private(set) var runs: [Int: [Run]] = [:]
    /// The annotations with a note, by the line their marker is on.
    public private(set) var notes: [Int: [AnnotationID]] = [:]
    /// The lines each annotation shows on, first to last.
    public private(set) var lines: [AnnotationID: [Int]] = [:]

    /// No marks.
    public init() {}

    /// The most annotations of a page marked, and the most quads of each looked at: a hostile
    /// page's thousands cost the screen no more than a few hundred.
    static let annotationLimit = 500
    static let quadLimit = 200

    /// Where `annotations` of the page whose text is `text` show in `alignment`, a layout of it.
    public init(annotations: [Annotation], text: PageText, alignment: PageTextAlignment) {
        guard !annotations.isEmpty else { return }
        let characters = text.characters
        for annotation in annotations.prefix(Self.annotationLimit) {
            var shownOn: [Int] = []
            if let style = AnnotationStyle(kind: annotation.kind, colour: annotation.colour) {
                let marked = Self.characters(of: characters, under: Array(annotation.quads.prefix(Self.quadLimit)))
                for run in alignment.lineRuns(ofPageCharacters: marked) {
                    runs[run.line, default: []].append(Run(characters: run.characters, style: style, id: annotation.id))
                    shownOn.append(run.line)
                }
            }
            if shownOn.isEmpty, let nearest = Self.nearestCharacter(in: characters, to: annotation.rect),
                let line = alignment.lineRuns(ofPageCharacters: [nearest]).first?.line
            {
                shownOn.append(line)
            }
            guard let first = shownOn.first else { continue }
            lines[annotation.id] = shownOn
            if !annotation.note.isEmpty || annotation.kind == .note || annotation.kind == .freeText {
                notes[first, default: []].append(annotation.id)
            }
        }
        for line in runs.keys {
            runs[line]?.sort { $0.characters.lowerBound < $1.characters.lowerBound }
        }
    }

    /// The indices of `characters` whose box's centre lies in one of `quads`.
    static func characters(of characters: [TextChar], under quads: [TextRect]) -> [Int] {
        guard !quads.isEmpty else { return [] }
        return characters.indices.filter { index in
            let box = characters[index].box
            let x = (box.x0 + box.x1) / 2
            let y = (box.y0 + box.y1) / 2
            return quads.contains { $0.x0 <= x && x <= $0.x1 && $0.y0 <= y && y <= $0.y1 }
        }
    }

    /// The character that is not white space closest to `rect`'s top-left corner.
    private static func nearestCharacter(in characters: [TextChar], to rect: TextRect) -> Int? {
        characters.indices.filter { !characters[$0].scalar.properties.isWhitespace }.min { first, second in
            distance(characters[first].box, rect) < distance(characters[second].box, rect)
        }
    }

    private static func distance(_ box: TextRect, _ rect: TextRect) -> Double {
        let dx = box.x0 - rect.x0
        let dy = box.y0 - rect.y0
        return dx * dx + dy * dy
    }
}

extension PageText {
    /// The quads of the characters `indices` (into ``characters``): for each line of the page,
    /// the box around its chosen characters, in reading order: a highlight's QuadPoints.
    public func quads(ofCharacters indices: [Int]) -> [TextRect] {
        let chosen = Set(indices)
        var quads: [TextRect] = []
        var index = 0
        for line in blocks.lazy.flatMap(\.lines) {
            var box: TextRect?
            for char in line.chars {
                if chosen.contains(index), !char.scalar.properties.isWhitespace {
                    box = box.map { $0.union(char.box) } ?? char.box
                }
                index += 1
            }
            if let box { quads.append(box) }
        }
        return quads
    }
}
