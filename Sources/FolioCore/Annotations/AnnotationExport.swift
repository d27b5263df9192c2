/// How `folio --annotations` writes annotations: a line of tab-separated fields each, or
/// reading notes in Markdown. Every field is made safe for a terminal.
public enum AnnotationExport {
    /// `PAGE<TAB>TYPE<TAB>MARKED TEXT<TAB>NOTE` for `annotation` (PAGE counted from 1), without
    /// the line's end; each field as ``field(_:)`` makes it.
    public static func line(_ annotation: Annotation) -> String {
        [String(annotation.page + 1), annotation.kind.name, annotation.markedText, annotation.note]
            .map(field).joined(separator: "\t")
    }

    /// `text` as one field of a tab-separated line: a backslash written `\\`, a tab `\t`, a line
    /// break (LF, CR or CR LF) `\n`, and any other control character replaced by U+FFFD
    /// (``TerminalSafeText``), so that the line has exactly its tabs and no escape sequence.
    public static func field(_ text: String) -> String {
        var escaped = ""
        for scalar in lineBreaksUnified(text).unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return TerminalSafeText.sanitized(escaped)
    }

    /// One page's reading notes in Markdown: a heading naming the page by its printed `label`
    /// (or its number, from 1, when it has none), then each annotation in order: text markup
    /// as a `>` quote of the text it marks, its note below as a paragraph; a note as a plain
    /// paragraph. Annotations with neither marked text nor a note are left out; nil when that
    /// leaves none.
    public static func markdown(page: Int, label: String?, annotations: [Annotation]) -> String? {
        let entries = annotations.compactMap(markdownEntry)
        guard !entries.isEmpty else { return nil }
        let name = label.map { TerminalSafeText.sanitized($0) } ?? String(page + 1)
        return "## Page \(name)\n\n" + entries.joined(separator: "\n")
    }

    /// An annotation's part of the reading notes, each paragraph followed by a blank line.
    private static func markdownEntry(_ annotation: Annotation) -> String? {
        let quoted = safeLines(annotation.markedText)
        let note = safeLines(annotation.note)
        var entry = ""
        if !quoted.isEmpty {
            entry += quoted.map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n") + "\n\n"
        }
        if !note.isEmpty {
            entry += note.joined(separator: "\n") + "\n\n"
        }
        return entry.isEmpty ? nil : String(entry.dropLast())
    }

    /// `text`'s lines made safe for a terminal, without white space at either end of the whole;
    /// none for blank text.
    private static func safeLines(_ text: String) -> [String] {
        let trimmed = lineBreaksUnified(text).unicodeScalars.drop { $0.isWhiteSpace }
        let kept = String(String.UnicodeScalarView(trimmed.reversed().drop { $0.isWhiteSpace }.reversed()))
        guard !kept.isEmpty else { return [] }
        return TerminalSafeText.sanitized(kept, keeping: ["\n", "\t"])
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// `text` with CR LF and a lone CR (as Acrobat writes notes) made LF.
    private static func lineBreaksUnified(_ text: String) -> String {
        var unified = String.UnicodeScalarView()
        var afterReturn = false
        for scalar in text.unicodeScalars {
            if scalar == "\n", afterReturn {
                afterReturn = false
                continue
            }
            afterReturn = scalar == "\r"
            unified.append(afterReturn ? "\n" : scalar)
        }
        return String(unified)
    }
}

extension AnnotationTime {
    /// The moment in ISO 8601, in UTC, to the second: `2024-05-01T12:30:00Z`.
    public var iso8601: String {
        let (days, second) = secondsSince1970.quotientAndRemainder(dividingBy: 86_400)
        let (day, seconds) = second < 0 ? (days - 1, second + 86_400) : (days, second)
        let (year, month, dayOfMonth) = Self.civilDate(daysSince1970: day)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = String(year)
        let paddedYear =
            year >= 0 && year < 1000 ? String(repeating: "0", count: 4 - yearText.count) + yearText : yearText
        return "\(paddedYear)-\(two(month))-\(two(dayOfMonth))T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):"
            + "\(two(seconds % 60))Z"
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (the "days from civil" inverse,
    /// counted in 400-year eras of 146,097 days).
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468  // days since 0000-03-01
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
