import FolioCommandLine
import FolioTestSupport
import Testing

/// Seeded random command lines: the parser must accept or reject each one with a usage error,
/// never crash, and whatever it accepts must be consistent.
@Suite struct OptionsFuzzTests {
    /// Tokens a user (or a script gone wrong) might type, good and bad.
    static let vocabulary = [
        "--info", "--text", "--outline", "--search", "--pages", "--password", "-p", "--page", "--version", "-h",
        "--help", "--", "-", "--info=", "--text=yes", "--search=", "--search=x", "--pages=", "--pages=1-",
        "--page=0", "--page=-1", "-p=3", "--bogus", "---", "-x", "", " ", "0", "1", "-1", "3-2", "2-5", "7-",
        "1,4,9-12", ",", "1,", "-3", "1--2", "1-2-3", "99999999999999999999", "9223372036854775807",
        "9223372036854775808", "1-9223372036854775807", "a.pdf", "b.pdf", "dir/", "\u{1B}]0;pwned\u{07}",
        "=", "--=", "==", "é", "１", "٣", "@", "@xiv", "@1-3", "3-@", "-p=@", "--labels", "--json", "--json=yes",
    ]

    @Test func randomCommandLinesParseOrFailCleanly() {
        var random = SeededRandom(seed: 1)
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...6, using: &random)
            let arguments = (0..<count).map { _ in
                Int.random(in: 0..<8, using: &random) == 0
                    ? random.troublesomeString(count: Int.random(in: 0...4, using: &random))
                    : random.pick(Self.vocabulary)
            }
            do throws(Options.UsageError) {
                let options = try Options(arguments: arguments)
                if options.mode != nil, !options.showHelp, !options.showVersion {
                    #expect(options.path != nil, "\(arguments)")
                }
                if let startPage = options.startPage {
                    #expect(!startPage.isEmpty && (Int(startPage) ?? 1) >= 1, "\(arguments)")
                }
                if options.pages != nil {
                    #expect(options.mode == .text || options.mode?.isSearch == true, "\(arguments)")
                }
                if case .search(let pattern) = options.mode {
                    #expect(!pattern.isEmpty, "\(arguments)")
                }
                if options.showsLabels {
                    #expect(options.mode == .outline || options.mode?.isSearch == true, "\(arguments)")
                }
                if options.json {
                    #expect(
                        options.mode == .info || options.mode == .outline || options.mode?.isSearch == true,
                        "\(arguments)")
                }
            } catch {
                #expect(!error.message.isEmpty, "\(arguments)")
            }
        }
    }

    @Test func randomPageRangesResolveInsideTheDocument() {
        var random = SeededRandom(seed: 2)
        let alphabet = "0123456789-,@".map(String.init) + ["9999999999999999999999", " ", "x"]
        for _ in 0..<20_000 {
            let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in random.pick(alphabet) }.joined()
            guard let range = PageRange(text) else { continue }
            #expect(range.pieces.allSatisfy(Self.isOrdered), "\(text)")
            let pageCount = random.pick([0, 1, 2, 14, 1158, Int.random(in: 0...100_000, using: &random), Int.max])
            switch range.pages(in: pageCount) {
            case .success(let ranges):
                #expect(
                    ranges.allSatisfy { $0.lowerBound >= 0 && $0.upperBound < pageCount }, "\(text) in \(pageCount)")
            case .failure(.beyondEnd(let page)):
                #expect(page > pageCount, "\(text) in \(pageCount)")
            case .failure(.unknownLabel(let label)):
                // Without labels, only a label (after @) or text that is no page number is unknown.
                #expect(text.contains("@") || Int(label) == nil, "\(text) in \(pageCount)")
            case .failure(.reversed(let piece)):
                #expect(piece.contains("-"), "\(text) in \(pageCount)")
            }
        }
    }
}

extension OptionsFuzzTests {
    /// Whether a piece's bounds are page numbers from 1 in order, or labels (ordered only once
    /// the document says which pages they name).
    fileprivate static func isOrdered(_ piece: PageRange.Piece) -> Bool {
        switch (piece.first, piece.last) {
        case (.number(let first), .number(let last)): first >= 1 && last >= first
        case (.number(let first), _): first >= 1
        case (.label(let label), _): !label.isEmpty && (Int(label) == nil || piece.text.contains("@"))
        }
    }
}

extension Options.Mode {
    fileprivate var isSearch: Bool {
        if case .search = self { true } else { false }
    }
}
