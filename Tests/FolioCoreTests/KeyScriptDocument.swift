import FolioCore
import FolioTestSupport
import Foundation

/// A document for key scripts run through the pure core: the text of its pages (generated
/// lines that trouble layouts and terminals, or the real text of a corpus file), which pages
/// fail to load or render, its outline and links. Everything follows from the seed.
struct KeyScriptDocument {
    let name: String
    var pageCount: Int
    let labelRanges: [PageLabels.Range]
    /// Pages whose text cannot be read (``ReaderEvent/pageFailed(page:message:)``).
    let failingPages: Set<Int>
    /// Whether renders of odd pages fail (``ReaderEvent/renderFailed(_:message:)``).
    let rendersFail: Bool
    /// The outline, or nil when reading it fails.
    let outline: [OutlineItem]?
    private let seed: UInt64
    private let corpusPages: [String]?
    /// Pages already laid out as text.
    private var texts: [Int: PageText] = [:]

    /// The document `seed` chooses: a generated one (of 0, 1, a few or a million pages) or
    /// the text of a corpus file.
    init(seed: UInt64) {
        var random = SeededRandom(seed: seed ^ 0xD0C)
        self.seed = seed
        let corpus = Self.corpusTexts
        let kind = Int.random(in: 0..<8, using: &random)
        if kind >= 4, !corpus.isEmpty {
            let (file, pages) = random.pick(corpus)
            name = file
            corpusPages = pages
            pageCount = pages.count
        } else {
            name = "generated-\(kind).pdf"
            corpusPages = nil
            pageCount = [random.pick([2, 3, 12, 40]), 0, 1, 1_000_000][min(kind, 3)]
        }
        let count = pageCount
        failingPages = Set(
            (0..<3).map { _ in Int.random(in: 0..<max(count, 1), using: &random) }.filter { _ in
                Bool.random(using: &random)
            })
        rendersFail = Int.random(in: 0..<4, using: &random) == 0
        labelRanges =
            Bool.random(using: &random) || count == 0
            ? []
            : [
                PageLabels.Range(startPage: 0, style: .lowerRoman),
                PageLabels.Range(
                    startPage: min(2, count - 1), style: .decimal, prefix: random.pick(["", "A-", "\u{1B}]0;"])),
            ]
        switch Int.random(in: 0..<4, using: &random) {
        case 0: outline = nil
        case 1: outline = []
        default:
            var level = 0
            outline = (0..<Int.random(in: 1...30, using: &random)).map { index in
                level = max(0, min(level + Int.random(in: -2...1, using: &random), 6))
                let title = random.pick(["Chapter \(index)", random.troublesomeString(count: 6), "مقدمة", "第一章", ""])
                let page = Bool.random(using: &random) ? nil : Int.random(in: 0..<max(count, 1), using: &random)
                return OutlineItem(title: title, level: level, page: page)
            }
        }
    }

    var summary: DocumentSummary {
        DocumentSummary(fileName: name, title: "Key \u{1B}[31mscript", pageCount: pageCount, labelRanges: labelRanges)
    }

    /// The text of `page`, made the first time it is asked for.
    mutating func text(of page: Int) -> PageText {
        if let text = texts[page] {
            return text
        }
        let text = PageTextFixture.page(blocks(of: page))
        texts[page] = text
        return text
    }

    /// The lines of `page`'s text, for searching it.
    mutating func lines(of page: Int) -> [String] {
        text(of: page).blocks.flatMap(\.lines).map(\.text)
    }

    /// The links on `page`: to other pages (some past the end) and to hostile addresses.
    mutating func links(of page: Int) -> [LinkItem] {
        let lines = text(of: page).blocks.flatMap(\.lines)
        return lines.prefix(3).enumerated().map { index, line in
            switch index {
            case 0: LinkItem(box: line.box, page: (page + 1) % max(pageCount, 1), uri: nil, targetY: 100)
            case 1: LinkItem(box: line.box, page: nil, uri: "https://example.org/\u{1B}]52;c;eA==\u{07}")
            default: LinkItem(box: line.box, page: 0, uri: nil, targetY: -1e9)
            }
        }
    }

    private func blocks(of page: Int) -> [[String]] {
        if let corpusPages, !corpusPages.isEmpty {
            // A longer version of the file (``KeyScriptStep/fileChanged(pageCount:)``) repeats its pages.
            let paragraphs = corpusPages[page % max(corpusPages.count, 1)].components(separatedBy: "\n\n").prefix(12)
            return paragraphs.map { paragraph in
                Array(paragraph.split(separator: "\n", omittingEmptySubsequences: true).prefix(20).map(String.init))
            }.filter { !$0.isEmpty }
        }
        var random = SeededRandom(seed: seed &+ UInt64(page) &* 7919)
        let choices: [() -> String] = [
            { "x" }, { "    indented" }, { "  two spaces then words " }, { "well-" }, { "known" },
            { "-leading hyphen" },
            { "שלום עולם" }, { "مرحبا بالعالم" }, { "汉字かな交じり文" }, { "e\u{301}\u{302}\u{303}" }, { "the end " },
            { String(repeating: "long-", count: 120) }, { "P\(page) line" },
        ]
        return (0..<Int.random(in: 0...6, using: &random)).map { _ in
            (0..<Int.random(in: 1...8, using: &random)).map { _ in
                Int.random(in: 0..<5, using: &random) == 0
                    ? random.troublesomeString(count: Int.random(in: 1...12, using: &random))
                    : random.pick(choices)()
            }
        }
    }

    /// The corpus files' expected text, page by page (form feeds between pages), read once.
    static let corpusTexts: [(String, [String])] = {
        let folder = Corpus.directory.appendingPathComponent("expected_text")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
        return names.compactMap { name in
            guard let text = try? String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8) else {
                return nil
            }
            let pages = text.split(separator: "\u{0C}", omittingEmptySubsequences: false).prefix(400).map(String.init)
            return (name, pages)
        }
    }()
}
