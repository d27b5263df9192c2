import FolioCore
import FolioDocument
import FolioTestSupport
import Testing

/// Words found in a page's layout are found on the page, and the other way round, checked
/// against MuPDF's own search: each occurrence of a phrase in the reflowed text maps to a
/// different one of MuPDF's hits for it, on a two-column paper whose reflow reorders and
/// joins lines.
@Suite struct PageTextAlignmentTests {
    /// Indices of the page characters, other than white space, whose box centre lies in one
    /// of `boxes`.
    private func characters(of characters: [TextChar], in boxes: [TextRect]) -> [Int] {
        characters.indices.filter { index in
            let box = characters[index].box
            guard !characters[index].scalar.properties.isWhitespace else { return false }
            let x = (box.x0 + box.x1) / 2
            let y = (box.y0 + box.y1) / 2
            return boxes.contains { x >= $0.x0 && x <= $0.x1 && y >= $0.y0 && y <= $0.y1 }
        }
    }

    private func compared(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !$0.properties.isWhitespace && $0 != "-" }))
    }

    @Test(arguments: ["the", "trace", "of the", "JavaScript", "code"])
    func everyOccurrenceOfAPhraseMapsToItsOwnHit(phrase: String) throws {
        let document = try Document(path: Corpus.path("pdfjs-tracemonkey.pdf"))
        let text = try document.text(page: 0)
        let lines = TextLayout.reflow(text, width: 60)
        let alignment = PageTextAlignment(text: text, lines: lines)
        let pageCharacters = text.characters
        // MuPDF's hits with exactly the phrase's letters (its search ignores case).
        let hits = try document.search(page: 0, for: phrase).map { characters(of: pageCharacters, in: $0.boxes) }
            .filter { String(String.UnicodeScalarView($0.map { pageCharacters[$0].scalar })) == compared(phrase) }
        #expect(hits.count >= 2, "the phrase is repeated on the page")

        var hitsFound: [Int] = []
        for (lineIndex, line) in lines.enumerated() {
            let characters = Array(line.text)
            let length = phrase.count
            guard characters.count >= length else { continue }
            for start in 0...(characters.count - length) where String(characters[start..<(start + length)]) == phrase {
                let chosen = try #require(
                    alignment.pageCharacters(
                        from: .init(line: lineIndex, character: start),
                        through: .init(line: lineIndex, character: start + length - 1)))
                let hit = try #require(hits.firstIndex(of: chosen), "line \(lineIndex) offset \(start): not a hit")
                hitsFound.append(hit)
            }
        }
        #expect(hitsFound.count == Set(hitsFound).count, "no two occurrences map to the same hit: \(hitsFound)")

        var runsFound: [[PageTextAlignment.LineRun]] = []
        for hit in hits {
            let runs = alignment.lineRuns(ofPageCharacters: hit)
            let shown = runs.map { run in String(Array(lines[run.line].text)[run.characters]) }.joined()
            #expect(compared(shown) == compared(phrase), "hit laid out as \(shown)")
            runsFound.append(runs)
        }
        #expect(Set(runsFound.map { "\($0)" }).count == hits.count, "each hit has its own place in the layout")
    }
}
