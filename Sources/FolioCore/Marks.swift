/// A place marked with `m` and a letter: lowercase letters mark places in one document,
/// uppercase ones a place in any document (the document and the place).
public struct Mark: Sendable, Equatable {
    /// The letter, `a`–`z` or `A`–`Z`.
    public var letter: Character
    /// The page (0-based) and the laid-out line at the top of the screen.
    public var page: Int
    public var topLine: Int
    /// The document of an uppercase mark set in another document; nil for this one.
    public var document: String?

    /// A mark `letter` at `page` and `topLine`, in `document` (nil: the open one).
    public init(letter: Character, page: Int, topLine: Int, document: String? = nil) {
        self.letter = letter
        self.page = page
        self.topLine = topLine
        self.document = document
    }

    /// Whether `letter` can name a mark, and whether the mark is global (uppercase).
    public static func isLetter(_ letter: Character) -> Bool {
        letter.isASCII && letter.isLetter
    }

    /// Whether the mark names a place in any document (an uppercase letter).
    public var isGlobal: Bool { letter.isUppercase }
}

/// Setting marks and jumping to them: `m` and `'` take the next key as the letter.
extension ReaderState {
    /// What the next key does after `m` or `'`.
    enum MarkKey: Sendable, Equatable {
        case set
        case jump
    }

    /// The letter typed after `m` (set) or `'` (jump); `''` goes back to where the last jump
    /// started, `'?` lists the marks.
    mutating func handleMarkKey(_ key: Key, for action: MarkKey) -> [ReaderEffect] {
        pendingMarkKey = nil
        guard case .character(let scalar) = key else {
            return []
        }
        let letter = Character(scalar)
        if action == .jump, letter == "'" {
            return goBack()
        }
        if action == .jump, letter == "?" {
            message = marks.isEmpty ? "No marks yet (m and a letter sets one)" : "Marks: " + markList
            return []
        }
        guard Mark.isLetter(letter) else {
            message = "Marks are letters: a–z in this document, A–Z in any"
            return []
        }
        switch action {
        case .set:
            let mark = Mark(letter: letter, page: currentPage, topLine: topLine)
            marks.removeAll { $0.letter == letter }
            marks.append(mark)
            message = "Mark \(letter) set on page \(currentPage + 1)"
            return [.saveMark(mark)]
        case .jump:
            guard let mark = marks.first(where: { $0.letter == letter }) else {
                message = "No mark \(letter) (\(keyName(for: .setMark)) and a letter sets one)"
                return []
            }
            if let document = mark.document {
                return [.openMarkedDocument(path: document, page: mark.page)]
            }
            let effects = jump(to: min(mark.page, max(paging.pageCount - 1, 0)))
            topLine = min(mark.topLine, maximumTopLine(of: currentPage))
            message = "Mark \(letter): page \(currentPage + 1)"
            return effects
        }
    }

    /// The marks as the status line lists them: `a 12, b 40, C other.pdf 3`.
    private var markList: String {
        marks.sorted { String($0.letter) < String($1.letter) }.map { mark in
            let place = mark.document.map { ($0.split(separator: "/").last.map(String.init) ?? $0) + " " } ?? ""
            return "\(mark.letter) \(place)\(mark.page + 1)"
        }.joined(separator: ", ")
    }
}
