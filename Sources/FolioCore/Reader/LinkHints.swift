/// Something link hints (`f`) do with a key. Letters are not commands: they type a hint.
public enum LinkHintCommand: String, KeyCommand {
    /// Close the hints without following a link.
    case cancel = "cancel"
    /// Show every link of the page as a numbered list instead.
    case showList = "show-list"
}

/// Link hints' key table.
public typealias LinkHintKeymap = Keymap<LinkHintCommand>

extension Keymap where Command == LinkHintCommand {
    /// Link hints' default keys.
    public static var standard: LinkHintKeymap {
        LinkHintKeymap(bindings: [
            KeyBinding(
                keys: [.enter, .tab], command: .showList, summary: "List every link of the page",
                details: "numbered, with its words and target (below)", hint: "lists all"),
            KeyBinding(keys: [.escape], command: .cancel, summary: "Close", hint: "closes"),
        ])
    }
}

/// The links on screen with a hint each (`a`, `s`, … as in zathura and vimium), drawn just
/// before the link's words; typing a hint follows its link.
public struct LinkHints: Sendable, Equatable {
    /// How many rows after the one its line starts on a link's words are looked for.
    static let wrappedRows = 2

    /// The letters hints are made of, home row first.
    static let alphabet = Array("asdfghjkl")

    /// One hint: the letters, the link, and where its words start on screen.
    public struct Hint: Sendable, Equatable {
        public var label: String
        public var link: LinkItem
        /// The laid-out line of the page and the Character offset in it where the words start.
        public var line: Int
        public var offset: Int
    }

    /// Every link of the page (for the list), and the hinted ones on screen.
    public let page: Int
    public let links: [LinkItem]
    public let hints: [Hint]
    /// The letters typed so far.
    public internal(set) var typed = ""

    /// Hints for the `links` whose words show among `lines` from `topLine` for `rows` rows
    /// (found as ``places(of:text:lines:among:)`` says); all hints have the same length, so
    /// none is the start of another.
    init(page: Int, links: [LinkItem], text: PageText, lines: [LaidOutLine], topLine: Int, rows: Int) {
        self.page = page
        self.links = links
        // A top line past the lines gives an empty range rather than a reversed one.
        let first = min(max(topLine, 0), lines.count)
        let shown = first..<min(first + max(rows, 0), lines.count)
        let placed = Self.places(of: links, text: text, lines: lines, among: shown)
        let labels = Self.labels(count: placed.count)
        hints = zip(labels, placed).map { Hint(label: $0, link: $1.link, line: $1.line, offset: $1.offset) }
    }

    /// Where the words of each of `links` start among the laid-out `lines` whose indices are in
    /// `candidates`, in the order of `links` (a link whose words are not there has no place).
    /// A link is found through the page's `text`: the text line its box sits on is looked for
    /// among the laid-out lines by its first words (reflowing moves lines, never reorders their
    /// words), then the link's first word from there, on that row or the next two (the line may
    /// have wrapped). Each place is used once.
    static func places(
        of links: [LinkItem], text: PageText, lines: [LaidOutLine], among candidates: Range<Int>
    ) -> [(link: LinkItem, line: Int, offset: Int)] {
        let sourceLines = Array(text.blocks.lazy.flatMap(\.lines))
        var placed: [(link: LinkItem, line: Int, offset: Int)] = []
        var taken: Set<[Int]> = []
        for link in links {
            let middle = (link.box.y0 + link.box.y1) / 2
            guard let firstWord = link.text.split(whereSeparator: \.isWhitespace).first.map(String.init),
                let source = sourceLines.first(where: {
                    $0.box.y0 <= middle && $0.box.y1 >= middle && $0.box.x1 >= link.box.x0 && $0.box.x0 <= link.box.x1
                })
            else { continue }
            let key = source.text.split(whereSeparator: \.isWhitespace).prefix(3).joined(separator: " ")
            search: for line in candidates {
                guard let keyRange = lines[line].text.firstRange(of: key) else { continue }
                // The words may have wrapped onto the next rows (a contents entry's page
                // number after its dots).
                for next in line..<min(line + 1 + Self.wrappedRows, candidates.upperBound) {
                    let laidOut = lines[next].text
                    var start = next == line ? keyRange.lowerBound : laidOut.startIndex
                    while let word = laidOut[start...].firstRange(of: firstWord) {
                        let offset = laidOut.distance(from: laidOut.startIndex, to: word.lowerBound)
                        if taken.insert([next, offset]).inserted {
                            placed.append((link, next, offset))
                            break search
                        }
                        start = word.upperBound
                    }
                }
            }
        }
        return placed
    }

    /// `count` labels of equal length from ``alphabet``.
    public static func labels(count: Int) -> [String] {
        guard count > 0 else { return [] }
        var length = 1
        var capacity = alphabet.count
        while capacity < count {
            length += 1
            capacity *= alphabet.count
        }
        return (0..<count).map { number in
            var rest = number
            var letters: [Character] = []
            for _ in 0..<length {
                letters.insert(alphabet[rest % alphabet.count], at: 0)
                rest /= alphabet.count
            }
            return String(letters)
        }
    }
}
