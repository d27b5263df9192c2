/// A search pattern with smart case: case-insensitive unless the pattern contains a capital
/// letter (as in vim's `smartcase` and ripgrep's `--smart-case`). A pattern that starts with
/// `re:` is a regular expression (Swift's `Regex` syntax), with smart case too.
///
/// A plain pattern with Arabic or Hebrew letters and no marks is matched with the text's marks
/// left out, a pattern with marks exactly (see ``MarkFolding``).
///
/// `folio --search` and the reader's `/` search both match through this type.
public struct SearchPattern: Sendable, Hashable {
    /// What marks a pattern as a regular expression.
    public static let regexPrefix = "re:"

    /// The pattern as typed.
    public let text: String
    /// Whether matching respects case (the pattern has an uppercase letter).
    public let isCaseSensitive: Bool
    private let needle: String
    /// The pattern's bytes (lowercased when case does not matter) when it is plain ASCII with no
    /// line break, for matching ASCII lines byte by byte; nil otherwise.
    let asciiNeedle: [UInt8]?
    /// The compiled expression of a `re:` pattern; nil for plain text.
    private let expression: CompiledExpression?
    /// Whether lines are matched with their Arabic and Hebrew marks left out (a plain pattern
    /// with letters of those scripts and no marks).
    let foldsMarks: Bool
    /// Whether, folding marks, alefs with a hamza or madda match a bare alef (the pattern has none).
    private let foldsAlefs: Bool

    /// Creates a pattern from what the user typed. A `re:` pattern that is not a valid
    /// expression matches nothing; ``regexError(in:)`` says what is wrong with it.
    public init(_ text: String) {
        self.text = text
        let body = Self.regexBody(of: text)
        let source = body ?? text
        let caseSensitive = source.unicodeScalars.contains { $0.properties.isUppercase }
        isCaseSensitive = caseSensitive
        foldsMarks = body == nil && MarkFolding.folds(pattern: text)
        foldsAlefs = foldsMarks && !MarkFolding.keepsAlefs(pattern: text)
        let cased = caseSensitive ? text : text.lowercased()
        var folded = String.UnicodeScalarView()
        if foldsMarks {
            folded.append(contentsOf: MarkFolding.folded(Array(cased.unicodeScalars), foldingAlefs: foldsAlefs))
        }
        needle = foldsMarks ? String(folded) : cased
        let needleBytes = Array(needle.utf8)
        // "\r" and "\n" are excluded because "\r\n" is one character, which a byte match could split.
        asciiNeedle =
            needleBytes.allSatisfy({ $0 < 0x80 && $0 != Self.carriageReturn && $0 != Self.lineFeed })
            ? needleBytes : nil
        if let body {
            expression = (try? Regex(body)).map { regex in
                CompiledExpression(regex: caseSensitive ? regex : regex.ignoresCase())
            }
        } else {
            expression = nil
        }
    }

    /// Why `text`, a `re:` pattern, is not a regular expression; nil when it is one (or is
    /// plain text).
    public static func regexError(in text: String) -> String? {
        guard let body = regexBody(of: text) else { return nil }
        do {
            _ = try Regex(body)
            return nil
        } catch {
            return "not a regular expression: \(error)"
        }
    }

    /// Whether the pattern is a regular expression (`re:`).
    public var isRegex: Bool { Self.regexBody(of: text) != nil }

    public static func == (left: SearchPattern, right: SearchPattern) -> Bool {
        left.text == right.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
    }

    private static func regexBody(of text: String) -> String? {
        guard text.hasPrefix(regexPrefix), text.count > regexPrefix.count else { return nil }
        return String(text.dropFirst(regexPrefix.count))
    }

    /// A compiled expression, shared read-only between threads (`Regex` keeps no state a match
    /// changes).
    private final class CompiledExpression: @unchecked Sendable {
        let regex: Regex<AnyRegexOutput>

        init(regex: Regex<AnyRegexOutput>) {
            self.regex = regex
        }
    }

    /// Where the pattern occurs in `line`, as ranges of Character offsets, left to right and
    /// not overlapping (for highlighting).
    public func matchRanges(in line: String) -> [Range<Int>] {
        if isRegex {
            guard let expression else { return [] }
            return line.matches(of: expression.regex).compactMap { match in
                guard !match.range.isEmpty else { return nil }
                let start = line.distance(from: line.startIndex, to: match.range.lowerBound)
                return start..<(start + line.distance(from: match.range.lowerBound, to: match.range.upperBound))
            }
        }
        let needleCharacters = Array(needle)
        guard !needleCharacters.isEmpty else { return [] }
        let folded = foldsMarks ? MarkFolding.folded(line, foldingAlefs: foldsAlefs) : nil
        let original = folded?.characters ?? Array(line)
        let characters = isCaseSensitive ? original : original.map { Character($0.lowercased()) }
        var ranges: [Range<Int>] = []
        var start = 0
        while start + needleCharacters.count <= characters.count {
            if characters[start..<(start + needleCharacters.count)].elementsEqual(needleCharacters) {
                ranges.append(start..<(start + needleCharacters.count))
                start += needleCharacters.count
            } else {
                start += 1
            }
        }
        guard let origins = folded?.origins else { return ranges }
        // Back to the line's own Characters: a match covers its letters' marks and the tatweels
        // between them.
        return ranges.map { origins[$0.lowerBound]..<(origins[$0.upperBound - 1] + 1) }
    }

    /// Where the pattern occurs on `page`: one box per match and line (a match that runs on
    /// across a line break of a block has a box on each of its two lines), the union of its
    /// characters' boxes, in points — for drawing hits on the page image.
    public func matchBoxes(in page: PageText) -> [TextRect] {
        var boxes: [TextRect] = []
        for block in page.blocks {
            let texts = block.lines.map(\.text)
            for match in lineMatches(in: texts) {
                if let box = Self.box(of: match.range, in: block.lines[match.line], text: texts[match.line]) {
                    boxes.append(box)
                }
                if let continuation = match.continuation,
                    let box = Self.box(of: continuation, in: block.lines[match.line + 1], text: texts[match.line + 1])
                {
                    boxes.append(box)
                }
            }
        }
        return boxes
    }

    /// The union of the boxes of the characters `range` (Character offsets in `text`, the
    /// line's text) of `line`.
    private static func box(of range: Range<Int>, in line: TextLine, text: String) -> TextRect? {
        // Character offsets to offsets in `chars`, which has one entry per scalar.
        var firstScalar = [0]
        for character in text {
            firstScalar.append(firstScalar[firstScalar.count - 1] + character.unicodeScalars.count)
        }
        guard range.upperBound < firstScalar.count, firstScalar[range.upperBound] <= line.chars.count else {
            return nil
        }
        let chars = line.chars[firstScalar[range.lowerBound]..<firstScalar[range.upperBound]]
        guard let first = chars.first else { return nil }
        return chars.dropFirst().reduce(first.box) { union, char in
            TextRect(
                x0: min(union.x0, char.box.x0), y0: min(union.y0, char.box.y0),
                x1: max(union.x1, char.box.x1), y1: max(union.y1, char.box.y1))
        }
    }

    /// Whether the pattern has a character of a script written without spaces (Chinese,
    /// Japanese, Thai): such a phrase may cross a line of the page, where MuPDF's text puts
    /// a line break, so a search also looks in the page's reflowed paragraphs.
    public var mayCrossLines: Bool {
        text.unicodeScalars.contains(where: LineJoin.isSpaceless)
    }

    /// Whether `line` contains the pattern.
    public func matches(_ line: some StringProtocol) -> Bool {
        if isRegex {
            guard let expression else { return false }
            return String(line).matches(of: expression.regex).contains { !$0.range.isEmpty }
        }
        guard !needle.isEmpty else { return false }
        if foldsMarks, let folded = MarkFolding.folded(line, foldingAlefs: foldsAlefs) {
            let text = String(folded.characters)
            return (isCaseSensitive ? text : text.lowercased()).contains(needle)
        }
        if isCaseSensitive {
            return line.contains(needle)
        }
        return line.lowercased().contains(needle)
    }

    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Whether ASCII `haystack` contains `needle` (already lowercase when folding case).
    static func contains(_ needle: [UInt8], in haystack: UnsafeBufferPointer<UInt8>, foldingCase: Bool) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) {
            var offset = 0
            while offset < needle.count {
                var byte = haystack[start + offset]
                if foldingCase, byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") {
                    byte += 0x20
                }
                guard byte == needle[offset] else { break }
                offset += 1
            }
            if offset == needle.count {
                return true
            }
        }
        return false
    }
}
