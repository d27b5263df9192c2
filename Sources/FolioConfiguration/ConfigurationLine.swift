/// Splitting a configuration line into words: spaces separate words, `"…"` and `'…'` quote
/// them (with `\"` and `\\` inside double quotes), and `#` at the start of a word comments out
/// the rest of the line.
enum ConfigurationLine {
    /// The words of `line`; empty for a blank or comment line. Without `comments`, a `#` is a
    /// character like any other (a value, such as an editor command, holds no comment).
    static func words(of line: Substring, comments: Bool = true) throws(ConfigurationLineError) -> [String] {
        var words: [String] = []
        var word: String?
        var quote: Character?
        var escaped = false
        for character in line {
            if let open = quote {
                if escaped {
                    word?.append(character)
                    escaped = false
                } else if open == "\"" && character == "\\" {
                    escaped = true
                } else if character == open {
                    quote = nil
                } else {
                    word?.append(character)
                }
                continue
            }
            if character.isWhitespace {
                if let finished = word {
                    words.append(finished)
                    word = nil
                }
            } else if comments && word == nil && character == "#" {
                break
            } else if character == "\"" || character == "'" {
                quote = character
                word = word ?? ""
            } else {
                word = (word ?? "") + String(character)
            }
        }
        if quote != nil {
            throw ConfigurationLineError("a quote is not closed")
        }
        if let finished = word {
            words.append(finished)
        }
        return words
    }
}
