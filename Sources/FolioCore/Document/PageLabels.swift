/// The printed page numbers a document declares (a PDF's `/PageLabels`): roman front matter,
/// then 1, 2, …, perhaps with prefixes such as `A-1`.
///
/// Made once per document from its label ranges. A page's label is found by binary search over
/// the ranges, and a label's page by parsing it against each range, so neither ever walks the
/// pages: both cost O(log r) and O(r) for r ranges, whatever the page count.
public struct PageLabels: Sendable, Equatable {
    /// How a range writes its numbers.
    public enum Style: Sendable, Equatable {
        /// 1, 2, 3
        case decimal
        /// I, II, III
        case upperRoman
        /// i, ii, iii
        case lowerRoman
        /// A … Z, AA … ZZ, AAA …
        case upperLetters
        /// a … z, aa … zz, aaa …
        case lowerLetters
        /// No number: every page of the range is labelled with the prefix alone.
        case none
    }

    /// Pages from `startPage` (0-based) on, up to the next range, are labelled `prefix`
    /// followed by a number written in `style`, counting from `firstValue`.
    public struct Range: Sendable, Equatable {
        public var startPage: Int
        public var style: Style
        public var prefix: String
        public var firstValue: Int

        /// A range of labels starting at `startPage`.
        public init(startPage: Int, style: Style, prefix: String = "", firstValue: Int = 1) {
            self.startPage = startPage
            self.style = style
            self.prefix = prefix
            self.firstValue = firstValue
        }
    }

    /// A document without labels.
    public static let none = PageLabels(ranges: [], pageCount: 0)

    /// The ranges inside the document, by first page, one per first page.
    public let ranges: [Range]
    /// The number of pages labelled.
    public let pageCount: Int

    /// Labels for a `pageCount`-page document from `ranges` as the document lists them: ranges
    /// starting outside the document are dropped, and of two starting on the same page the
    /// later one counts.
    public init(ranges: [Range], pageCount: Int) {
        var byStart: [Int: Range] = [:]
        for range in ranges where range.startPage >= 0 && range.startPage < pageCount && range.firstValue >= 1 {
            byStart[range.startPage] = range
        }
        self.ranges = byStart.values.sorted { $0.startPage < $1.startPage }
        self.pageCount = pageCount
    }

    /// Whether the document labels its pages at all.
    public var isEmpty: Bool { ranges.isEmpty }

    /// The label of `page` (0-based), or nil when the document gives it none (or an empty one).
    public func label(ofPage page: Int) -> String? {
        guard page >= 0, page < pageCount, let index = rangeIndex(containing: page) else { return nil }
        let range = ranges[index]
        let (value, overflow) = range.firstValue.addingReportingOverflow(page - range.startPage)
        guard !overflow, let number = Self.format(value, in: range.style) else { return nil }
        let label = range.prefix + number
        return label.isEmpty ? nil : label
    }

    /// The label of `page` when it says something the physical number does not: nil when the
    /// page has no label or its label is its 1-based number.
    public func distinctLabel(ofPage page: Int) -> String? {
        guard let label = label(ofPage: page), label != String(page + 1) else { return nil }
        return label
    }

    /// The first page (0-based) labelled `text`: an exact match first, then one ignoring case
    /// (so `iv` finds the page labelled `IV`); nil when no page has that label.
    public func page(labelled text: String) -> Int? {
        guard !text.isEmpty, text.count <= Self.longestLabel else { return nil }
        return firstPage(labelled: text, ignoringCase: false) ?? firstPage(labelled: text, ignoringCase: true)
    }

    /// What a page the user typed names, read by `rule`: the reader's go-to prompt (`g xiv`,
    /// `g 714`) takes labels first, the command line (`--pages 714`, `-p @xiv`) numbers first.
    public func lookUp(_ text: String, rule: PageNumberRule = .labelsFirst) -> PageLookup {
        switch rule {
        case .labelsFirst:
            if let page = page(labelled: text) {
                return .labelled(page)
            }
        case .numbersFirst:
            if text.hasPrefix(PageNumberRule.labelMark) {
                return page(labelled: String(text.dropFirst())).map { .labelled($0) } ?? .unknown
            }
            if Int(text) == nil, let page = page(labelled: text) {
                return .labelled(page)
            }
        }
        guard let number = Int(text), number >= 1 else { return .unknown }
        return number <= pageCount ? .physical(number - 1) : .beyondEnd(number)
    }

    /// The ranges as a reader would list them: `i–iv, 1–3, a–b, 4–5` (the first
    /// ``summaryLimit`` of them, then `…`).
    public var summary: String {
        let listed = ranges.indices.prefix(Self.summaryLimit).compactMap { index -> String? in
            let first = ranges[index].startPage
            let last = index + 1 < ranges.count ? ranges[index + 1].startPage - 1 : pageCount - 1
            guard let firstLabel = label(ofPage: first) else { return nil }
            guard last > first, let lastLabel = label(ofPage: last), lastLabel != firstLabel else { return firstLabel }
            return firstLabel + "–" + lastLabel
        }
        return (listed + (ranges.count > Self.summaryLimit ? ["…"] : [])).joined(separator: ", ")
    }

    /// How many ranges ``summary`` lists.
    static let summaryLimit = 8

    // MARK: Lookup

    /// Labels longer than this are not looked for: no document numbers its pages so.
    static let longestLabel = 200

    /// The index of the last range starting at or before `page`, by binary search.
    private func rangeIndex(containing page: Int) -> Int? {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].startPage <= page {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low == 0 ? nil : low - 1
    }

    private func firstPage(labelled text: String, ignoringCase: Bool) -> Int? {
        let wanted = ignoringCase ? text.lowercased() : text
        for index in ranges.indices {
            let range = ranges[index]
            let end = index + 1 < ranges.count ? ranges[index + 1].startPage : pageCount
            let prefix = ignoringCase ? range.prefix.lowercased() : range.prefix
            guard wanted.hasPrefix(prefix) else { continue }
            let number = String(wanted.dropFirst(prefix.count))
            if range.style == .none {
                if number.isEmpty { return range.startPage }
                continue
            }
            guard let value = Self.value(of: number, in: range.style, ignoringCase: ignoringCase),
                value >= range.firstValue
            else { continue }
            let (page, overflow) = range.startPage.addingReportingOverflow(value - range.firstValue)
            if !overflow, page < end {
                return page
            }
        }
        return nil
    }

    // MARK: Numbers

    /// `value` written in `style`; nil for `.none`, which writes no number, or a value with
    /// no such numeral (letters past a sensible length).
    static func format(_ value: Int, in style: Style) -> String? {
        switch style {
        case .decimal: String(value)
        case .upperRoman: roman(value)
        case .lowerRoman: roman(value).lowercased()
        case .upperLetters: letters(value, from: "A")
        case .lowerLetters: letters(value, from: "a")
        case .none: ""
        }
    }

    /// The value `text` writes in `style`, accepting only the one way the style writes it
    /// (`iiii` is not 4, `007` is not 7); nil when it writes none.
    private static func value(of text: String, in style: Style, ignoringCase: Bool) -> Int? {
        guard !text.isEmpty else { return nil }
        let candidate: Int?
        switch style {
        case .decimal:
            candidate = text.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } ? Int(text) : nil
        case .upperRoman, .lowerRoman:
            candidate = romanValue(text.uppercased())
        case .upperLetters, .lowerLetters:
            let scalars = Array(text.uppercased().unicodeScalars)
            guard let first = scalars.first, ("A"..."Z").contains(first), scalars.allSatisfy({ $0 == first }) else {
                return nil
            }
            candidate = (scalars.count - 1) * 26 + Int(first.value - 0x41) + 1
        case .none:
            candidate = nil
        }
        guard let candidate, candidate >= 1, let written = format(candidate, in: style) else { return nil }
        return (ignoringCase ? written.lowercased() == text.lowercased() : written == text) ? candidate : nil
    }

    private static let romanDigits: [(value: Int, numeral: String)] = [
        (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
        (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
    ]

    /// Roman numerals; thousands past 3,999 repeat `M`, as MuPDF and pdf.js write them.
    private static func roman(_ value: Int) -> String {
        guard value / 1000 <= longestLabel else { return String(value) }
        var rest = value
        var numeral = ""
        for (digitValue, digit) in romanDigits {
            while rest >= digitValue {
                numeral += digit
                rest -= digitValue
            }
        }
        return numeral
    }

    /// The value of an upper-case roman numeral, read leniently (canonical form is checked by
    /// writing the value back).
    private static func romanValue(_ text: String) -> Int? {
        let values: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]
        let digits = text.compactMap { values[$0] }
        guard digits.count == text.count else { return nil }
        var total = 0
        for (index, digit) in digits.enumerated() {
            total += index + 1 < digits.count && digit < digits[index + 1] ? -digit : digit
        }
        return total
    }

    /// `A`…`Z`, then `AA`…`ZZ`, and so on (the letter repeated); nil past ``longestLabel``
    /// letters.
    private static func letters(_ value: Int, from first: Unicode.Scalar) -> String? {
        let repeats = (value - 1) / 26 + 1
        guard repeats <= longestLabel, let letter = Unicode.Scalar(first.value + UInt32((value - 1) % 26)) else {
            return nil
        }
        return String(repeating: String(Character(letter)), count: repeats)
    }
}

/// How a page the user typed is read: as a printed label or as a page number.
public enum PageNumberRule: Sendable, Equatable {
    /// The page labelled so when one is, else the page with that 1-based number: the reader's
    /// go-to prompt, where `714` is what the reader sees printed on the page.
    case labelsFirst
    /// A number is the page with that 1-based number, as in pdftotext, qpdf and mutool (and in
    /// `folio --search`'s output); a label is written after ``labelMark`` (`@714`, `@xiv`), and
    /// a word that is no number (`xiv`) is taken as a label too. Every command-line option that
    /// names a page (`--pages`, `-p`) reads it so.
    case numbersFirst

    /// What marks a label under ``numbersFirst``: `@714` is the page printed 714.
    public static let labelMark = "@"
}

/// What a page the user typed names.
public enum PageLookup: Sendable, Equatable {
    /// The page (0-based) with that label.
    case labelled(Int)
    /// The page (0-based) with that 1-based number, no page being labelled so.
    case physical(Int)
    /// A page number past the last page, no page being labelled so.
    case beyondEnd(Int)
    /// Neither a label nor a page number.
    case unknown
}

extension PageLabels {
    /// Where the reader opens for a page given on the command line (`-p 5`, `-p @xiv`, `-p 999`),
    /// read as every command-line option reads a page (``PageNumberRule/numbersFirst``), and what
    /// it says about it: the page labelled so when a label is given; a number past the end opens
    /// the last page and says so. `page` is nil when `typed` names no page (the reader then opens
    /// where it would have), and the note says that too.
    public func opening(at typed: String) -> (page: Int?, note: Notice?) {
        let label = typed.hasPrefix(PageNumberRule.labelMark) ? String(typed.dropFirst()) : typed
        switch lookUp(typed, rule: .numbersFirst) {
        case .labelled(let page):
            let note = Notice.labelledPage(label: label, page: page, pageCount: pageCount)
            return (page, label == String(page + 1) ? nil : note)
        case .physical(let page):
            return (page, nil)
        case .beyondEnd(let number):
            return (pageCount - 1, .openedLastPage(number: number, pageCount: pageCount))
        case .unknown:
            return (
                nil,
                isEmpty
                    ? .noPageNamed(typed: typed, pageCount: pageCount) : .noPageLabelled(typed: label, labels: summary)
            )
        }
    }
}
