/// Pasted text made fit for a one-line prompt.
enum PastedText {
    /// `text` as one line: line breaks and tabs become spaces, other control characters
    /// (escape sequences' introducers among them) are dropped.
    static func line(_ text: String) -> String {
        var line = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                line.append(" ")
            } else if scalar.properties.generalCategory != .control, scalar.properties.generalCategory != .format {
                line.append(scalar)
            }
        }
        return String(line)
    }
}
