/// The texts generated from ``CommandLineOption/all``: `--help`'s usage, and README's option
/// summary (between ``startMarker`` and ``endMarker``), so that neither can drift from the
/// table.
public enum CommandLineReference {
    /// The comment that opens the generated option summary in README.md.
    public static let startMarker = "<!-- options -->"
    /// The comment that closes the generated option summary in README.md.
    public static let endMarker = "<!-- /options -->"

    /// What the program does, as `--help` and the man page say it.
    public static let description = """
        Read a document (PDF, EPUB, XPS, CBZ, FB2, images) in the terminal. With a folder, or with \
        no argument, browse the folder's files.
        """

    /// How `--remote` is called, as the usage's second line.
    public static let remoteSynopsis = "folio --remote [--to FILE|PID] COMMAND... | --remote --list"

    /// What the exit status means, as `--help` and README say it.
    public static let exitStatus = "Exit status: 0 success, 1 document error or no match, 2 usage error."

    /// The text `--help` prints: every option with its summary and details, wrapped to 100
    /// columns.
    public static var usage: String {
        let lines =
            ["Usage: folio [OPTIONS] [FILE | DIR]", "       " + remoteSynopsis, ""]
            + wrapped(description, width: 100, indent: "") + [
                "", "Options:",
            ]
            + CommandLineOption.all.flatMap { row($0.synopsis, $0.description, width: 100) } + ["", exitStatus]
        return lines.joined(separator: "\n")
    }

    /// README's option summary: a code block of every option with its summary alone, ending with
    /// a newline.
    public static var summary: String {
        let lines =
            ["```", "folio [OPTIONS] [FILE | DIR]", remoteSynopsis]
            + CommandLineOption.all.flatMap { row($0.synopsis, $0.summary, width: 110) } + ["```"]
        return lines.joined(separator: "\n") + "\n"
    }

    /// `document` (the text of README.md) with the text between the markers replaced by
    /// ``summary``; nil when the markers are missing or out of order.
    public static func withGeneratedSummary(_ document: String) -> String? {
        guard let start = document.firstRange(of: startMarker),
            let end = document[start.upperBound...].firstRange(of: endMarker)
        else {
            return nil
        }
        var text = document
        text.replaceSubrange(start.upperBound..<end.lowerBound, with: "\n" + summary)
        return text
    }

    /// One option's lines: its synopsis in a column of 23, then `text` wrapped beside it.
    private static func row(_ synopsis: String, _ text: String, width: Int) -> [String] {
        let column = 25
        let indent = String(repeating: " ", count: column)
        var lines = wrapped(text, width: width, indent: indent)
        let head = "  " + synopsis
        if head.count + 2 <= column {
            lines[0] = head + String(repeating: " ", count: column - head.count) + lines[0].dropFirst(column)
        } else {
            lines.insert(head, at: 0)
        }
        return lines
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word stands
    /// alone), each starting with `indent`.
    static func wrapped(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ") {
            if line.count > indent.count, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        lines.append(line)
        return lines
    }
}
