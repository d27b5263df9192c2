/// The option table of docs/CONFIG.md, generated from ``ConfigurationOption/all`` so it cannot
/// drift from what the parser takes: one row per option, between ``startMarker`` and
/// ``endMarker``.
public enum OptionReference {
    /// The comment that opens the generated table in docs/CONFIG.md.
    public static let startMarker = "<!-- options -->"
    /// The comment that closes the generated table in docs/CONFIG.md.
    public static let endMarker = "<!-- /options -->"

    /// Every option as a markdown table (Option | Values | Default | What it does), ending with
    /// a newline.
    public static var markdown: String {
        let lines =
            ["| Option | Values | Default | What it does |", "|---|---|---|---|"]
            + ConfigurationOption.all.map { option in
                "| \(names(of: option)) | \(option.documentedValues) | \(option.documentedDefault) | \(option.summary) |"
            }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `` `highlight-colour` (or `highlight-color`) ``: the option's name, and its other spellings.
    private static func names(of option: ConfigurationOption) -> String {
        let others = option.otherNames.map { "`\($0)`" }.joined(separator: ", ")
        return "`\(option.name)`" + (others.isEmpty ? "" : " (or \(others))")
    }

    /// `document` (the text of docs/CONFIG.md) with the text between the markers replaced by
    /// ``markdown``; nil when the markers are missing or out of order.
    public static func withGeneratedTable(_ document: String) -> String? {
        guard let start = document.firstRange(of: startMarker),
            let end = document[start.upperBound...].firstRange(of: endMarker)
        else {
            return nil
        }
        var text = document
        text.replaceSubrange(start.upperBound..<end.lowerBound, with: "\n" + markdown)
        return text
    }
}
