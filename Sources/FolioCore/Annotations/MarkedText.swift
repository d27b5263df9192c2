extension PageText {
    /// The text a markup annotation marks: the characters whose box's centre lies in one of
    /// `quads`, in reading order.
    ///
    /// Within a line, marked characters separated by unmarked ones are joined by one space;
    /// lines are joined as the reflow view joins them (``LineJoin``): by a space, or directly
    /// after a syllable hyphen, which goes ("inter-" + "active" is "interactive", while
    /// "well-" + "known" keeps its hyphen), the page's own words deciding. White space at the
    /// ends of each line's part is dropped.
    public func markedText(under quads: [TextRect]) -> String {
        guard !quads.isEmpty else { return "" }
        let pieces = blocks.lazy.flatMap(\.lines).map { Self.markedPiece(of: $0, under: quads) }.filter { !$0.isEmpty }
        guard var text = pieces.first else { return "" }
        let vocabulary = LineJoin.Vocabulary(lines: blocks.lazy.flatMap(\.lines))
        for piece in pieces.dropFirst() {
            switch LineJoin.between(text, piece, vocabulary: vocabulary) {
            case .space: text.append(" ")
            case .direct: break
            case .droppingHyphen: text.removeLast()
            case .undecidedHyphen:
                if !LineJoin.undecidedHyphen(ending: text, before: piece).keeps(vocabulary: vocabulary) {
                    text.removeLast()
                }
            }
            text += piece
        }
        return String(String.UnicodeScalarView(text))
    }

    /// The marked characters of `line`, runs apart joined by a space, without white space at
    /// either end.
    private static func markedPiece(of line: TextLine, under quads: [TextRect]) -> [Unicode.Scalar] {
        var piece: [Unicode.Scalar] = []
        var skipped = false
        for char in line.chars {
            let x = (char.box.x0 + char.box.x1) / 2
            let y = (char.box.y0 + char.box.y1) / 2
            guard quads.contains(where: { $0.x0 <= x && x <= $0.x1 && $0.y0 <= y && y <= $0.y1 }) else {
                skipped = !piece.isEmpty
                continue
            }
            if skipped, piece.last?.isWhiteSpace == false, !char.scalar.isWhiteSpace {
                piece.append(" ")
            }
            skipped = false
            piece.append(char.scalar)
        }
        while piece.last?.isWhiteSpace == true { piece.removeLast() }
        return Array(piece.drop { $0.isWhiteSpace })
    }
}
