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
        if let body, case .success(let regex) = Self.compile(body) {
            expression = CompiledExpression(
                regex: caseSensitive ? regex.regex : regex.regex.ignoresCase(), windowLength: regex.cost.windowLength)
        } else {
            expression = nil
        }
    }

    /// `body` compiled, or why it cannot run: not a regular expression, or too costly to run
    /// (see ``RegexCost``). The length is checked first: compiling a huge pattern takes long.
    private static func compile(_ body: String) -> Result<(regex: Regex<AnyRegexOutput>, cost: RegexCost), Failure> {
        if body.count > RegexCost.maximumLength {
            return .failure(Failure(message: RegexCostError.tooLong(body.count).message))
        }
        let regex: Regex<AnyRegexOutput>
        do {
            regex = try Regex(body)
        } catch {
            return .failure(Failure(message: "not a regular expression: \(error)"))
        }
        switch RegexCost.assess(body) {
        case .success(let cost): return .success((regex, cost))
        case .failure(let error): return .failure(Failure(message: error.message))
        }
    }

    /// Why a pattern cannot run, as a user reads it.
    private struct Failure: Error {
        let message: String
    }

    /// Why `text`, a `re:` pattern, cannot run: it is not a regular expression, or one too
    /// costly to run (one that can take exponential time, such as `(a+)+`, or too long); nil
    /// when it can run (or is plain text).
    public static func regexError(in text: String) -> String? {
        guard let body = regexBody(of: text) else { return nil }
        if case .failure(let failure) = compile(body) {
            return failure.message
        }
        return nil
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
        /// The most characters of a line one match call sees (``RegexCost/windowLength``).
        let windowLength: Int

        init(regex: Regex<AnyRegexOutput>, windowLength: Int) {
            self.regex = regex
            self.windowLength = windowLength
        }

        /// The matches in `line`, as Character offsets, left to right and not overlapping. A
        /// line longer than the window is matched in windows that overlap by half: each keeps
        /// the matches that start in its middle (the first and last windows, those up to their
        /// edge), so that an anchor or a look-around at a window's edge, which is not the line's,
        /// finds nothing it would not find in the whole line, and a match of up to a quarter of
        /// the window is found wherever it is.
        func ranges(in line: String, until deadline: SearchDeadline) throws(SearchTooCostly) -> [Range<Int>] {
            let window = max(windowLength, 4)
            guard line.count > window else {
                var ranges: [Range<Int>] = []
                var offset = 0
                var index = line.startIndex
                for match in line.matches(of: regex) where !match.range.isEmpty {
                    offset += line.distance(from: index, to: match.range.lowerBound)
                    let end = offset + line.distance(from: match.range.lowerBound, to: match.range.upperBound)
                    ranges.append(offset..<end)
                    index = match.range.upperBound
                    offset = end
                }
                return ranges
            }
            let characters = Array(line.indices) + [line.endIndex]
            let count = characters.count - 1
            let step = window / 2
            var ranges: [Range<Int>] = []
            var windowStart = 0
            while true {
                let windowEnd = min(windowStart + window, count)
                let isLast = windowEnd == count
                let keepFrom = windowStart == 0 ? 0 : windowStart + step / 2
                let keepBefore = isLast ? count : windowStart + step + step / 2
                let text = line[characters[windowStart]..<characters[windowEnd]]
                var offset = windowStart
                var index = text.startIndex
                for match in text.matches(of: regex) where !match.range.isEmpty {
                    offset += text.distance(from: index, to: match.range.lowerBound)
                    let end = offset + text.distance(from: match.range.lowerBound, to: match.range.upperBound)
                    index = match.range.upperBound
                    let start = offset
                    offset = end
                    if start >= keepBefore { break }
                    // A match that reaches the window's end may be cut short there.
                    guard start >= keepFrom, isLast || end < windowEnd,
                        start >= (ranges.last?.upperBound ?? 0)
                    else { continue }
                    ranges.append(start..<end)
                }
                if isLast { return ranges }
                windowStart += step
                if deadline.hasPassed { throw SearchTooCostly() }
            }
        }
    }

    /// How long matching the lines on screen may take (seconds): a regular expression that
    /// takes longer finds nothing there (a search of the document says it is too costly).
    public static let onScreenTimeLimit = 1.0

    /// Where the pattern occurs in `line`, as ranges of Character offsets, left to right and
    /// not overlapping (for highlighting); nothing when that takes longer than
    /// ``onScreenTimeLimit``.
    public func matchRanges(in line: String) -> [Range<Int>] {
        (try? matchRanges(in: line, until: .after(seconds: Self.onScreenTimeLimit))) ?? []
    }

    /// Where the pattern occurs in `line`, giving up at `deadline`.
    func matchRanges(in line: String, until deadline: SearchDeadline) throws(SearchTooCostly) -> [Range<Int>] {
        if isRegex {
            return try expression?.ranges(in: line, until: deadline) ?? []
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
        let matches = (try? pageMatches(in: page, until: .after(seconds: Self.onScreenTimeLimit))) ?? []
        return matches.flatMap { match in [match.start.box, match.continuation?.box].compactMap { $0 } }
    }

    /// Every match of the pattern on `page`, block by block as ``lineMatches(in:until:)`` finds
    /// them in each block's lines, with where it lies on each line it covers; throws when
    /// `deadline` passes first.
    public func pageMatches(
        in page: PageText, until deadline: SearchDeadline
    ) throws(SearchTooCostly) -> [PageMatch] {
        var found: [PageMatch] = []
        for (blockIndex, block) in page.blocks.enumerated() {
            let texts = block.lines.map(\.text)
            for match in try lineMatches(in: texts, until: deadline) {
                let start = Self.part(match.range, line: match.line, of: block, text: texts[match.line])
                let continuation = match.continuation.map {
                    Self.part($0, line: match.line + 1, of: block, text: texts[match.line + 1])
                }
                found.append(PageMatch(block: blockIndex, start: start, continuation: continuation))
            }
        }
        return found
    }

    /// The part of a match on line `index` of `block`: `range` (Character offsets in `text`, the
    /// line's text) as offsets into the line's characters, and the union of their boxes.
    private static func part(_ range: Range<Int>, line index: Int, of block: TextBlock, text: String) -> PageMatch.Part
    {
        let line = block.lines[index]
        // Character offsets to offsets in `chars`, which has one entry per scalar.
        var firstScalar = [0]
        for character in text {
            firstScalar.append(firstScalar[firstScalar.count - 1] + character.unicodeScalars.count)
        }
        guard range.upperBound < firstScalar.count, firstScalar[range.upperBound] <= line.chars.count else {
            return PageMatch.Part(line: index, characters: range, box: nil)
        }
        let characters = firstScalar[range.lowerBound]..<firstScalar[range.upperBound]
        let chars = line.chars[characters]
        let box = chars.first.map { first in
            chars.dropFirst().reduce(first.box) { union, char in
                TextRect(
                    x0: min(union.x0, char.box.x0), y0: min(union.y0, char.box.y0),
                    x1: max(union.x1, char.box.x1), y1: max(union.y1, char.box.y1))
            }
        }
        return PageMatch.Part(line: index, characters: characters, box: box)
    }

    /// Whether the pattern has a character of a script written without spaces (Chinese,
    /// Japanese, Thai): such a phrase may cross a line of the page, where MuPDF's text puts
    /// a line break, so a search also looks in the page's reflowed paragraphs.
    public var mayCrossLines: Bool {
        text.unicodeScalars.contains(where: LineJoin.isSpaceless)
    }

    /// Whether `line` contains the pattern; false when that takes longer than
    /// ``onScreenTimeLimit``.
    public func matches(_ line: some StringProtocol) -> Bool {
        (try? matches(line, until: .after(seconds: Self.onScreenTimeLimit))) ?? false
    }

    /// Whether `line` contains the pattern, giving up at `deadline`.
    func matches(_ line: some StringProtocol, until deadline: SearchDeadline) throws(SearchTooCostly) -> Bool {
        if isRegex {
            return try !(expression?.ranges(in: String(line), until: deadline).isEmpty ?? true)
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
        guard !needle.isEmpty, haystack.count >= needle.count else { return false }
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

/// When a search gives up: a point in time on the continuous clock.
public struct SearchDeadline: Sendable {
    private let instant: ContinuousClock.Instant

    /// The deadline `seconds` from now.
    public static func after(seconds: Double) -> SearchDeadline {
        SearchDeadline(instant: .now + .milliseconds(seconds > 0 ? Int(min(seconds, 1e9) * 1000) : 0))
    }

    /// Whether the deadline is past.
    var hasPassed: Bool { ContinuousClock.now >= instant }
}

/// A search that gave up at its deadline: the pattern is too costly on the text (a regular
/// expression that backtracks a great deal, on a long page).
public struct SearchTooCostly: Error, Sendable, Equatable {}
