/// A place in a TeX source to find in the PDF: `LINE:COLUMN:TEXFILE`, the form
/// `synctex view -i` takes (and Folio's forward search with it).
///
/// The rules are `synctex view`'s (TeX Live's `synctex_main.c`), a little stricter:
/// - LINE is a decimal number from 1.
/// - COLUMN is a decimal number, or empty, which means 0: "not known", as `synctex view` takes
///   it. (`synctex view` also turns a negative or missing column into 0; a sign is refused here.)
/// - TEXFILE is everything after the second colon, so it may hold colons itself; it must not be
///   empty. It is the name as TeX knew it, or a path to the file, relative or absolute.
///
/// `synctex view`'s usage mentions a page hint (`LINE:COLUMN:PAGE:TEXFILE`), but the tool does
/// not read one: `3:0:2:main.tex` names a file `2:main.tex`, and so it does here.
public struct SyncTeXTarget: Sendable, Equatable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, or 0 when it is not known.
    public var column: Int
    /// The source file's name as given.
    public var input: String

    /// A target from its parts; nil unless `line` is 1 or more, `column` 0 or more and `input`
    /// not empty.
    public init?(line: Int, column: Int = 0, input: String) {
        guard line >= 1, column >= 0, !input.isEmpty else { return nil }
        self.line = line
        self.column = column
        self.input = input
    }

    /// Parses `text` in the form `LINE:COLUMN:TEXFILE`.
    public init(parsing text: String) throws(SyncTeXTargetError) {
        let fields = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        guard fields.count == 3 else { throw .notATarget(text) }
        guard let line = Self.number(fields[0]), line >= 1 else { throw .badLine(text) }
        let column: Int
        if fields[1].isEmpty {
            column = 0
        } else if let number = Self.number(fields[1]) {
            column = number
        } else {
            throw .badColumn(text)
        }
        guard !fields[2].isEmpty else { throw .noFile(text) }
        self.line = line
        self.column = column
        self.input = String(fields[2])
    }

    /// The target in its wire form, `LINE:COLUMN:TEXFILE`, which ``init(parsing:)`` reads back.
    public var description: String { "\(line):\(column):\(input)" }

    /// The value of `digits` when it is a plain decimal number (no sign, no spaces) that fits.
    private static func number(_ digits: Substring) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(digits)
    }
}

/// Why a text is not a ``SyncTeXTarget``; each case carries the text as given.
public enum SyncTeXTargetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text does not have three fields separated by colons.
    case notATarget(String)
    /// The line is not a number from 1.
    case badLine(String)
    /// The column is neither empty nor a number.
    case badColumn(String)
    /// Nothing follows the second colon.
    case noFile(String)

    public var description: String {
        switch self {
        case .notATarget(let text): "'\(text)' is not LINE:COLUMN:TEXFILE (for example 12:0:chapter.tex)"
        case .badLine(let text): "'\(text)': the line must be a number from 1 (LINE:COLUMN:TEXFILE)"
        case .badColumn(let text): "'\(text)': the column must be a number, or empty (LINE:COLUMN:TEXFILE)"
        case .noFile(let text): "'\(text)': no TeX file after LINE:COLUMN:"
        }
    }
}
