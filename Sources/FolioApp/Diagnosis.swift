public import FolioGraphics
import FolioTerminal

/// `folio --diagnose`: what the terminal supports for the image view, and why.
public enum Diagnosis {
    /// The report: the method chosen, then why (and why not the others), one reason a line,
    /// then each query with the terminal's answer and how long it took.
    public static func describe(_ support: GraphicsSupport) -> String {
        let method: String
        switch support.method {
        case .kitty: method = "kitty graphics protocol"
        case .sixel(let registers): method = "sixel (\(registers) colour registers)"
        case .iterm: method = "iTerm2 inline images"
        case .halfBlocks(let colors): method = "half blocks (\(colors.name) colours)"
        case .none: method = "none"
        }
        var lines = ["Image view: \(method)"]
        lines += support.explanation.map { "  " + $0 }
        guard support.method != .none else {
            lines.append("Queries: none sent (--graphics none)")
            return lines.joined(separator: "\n") + "\n"
        }
        lines.append("Queries (answers in order; nothing comes after the DA1 answer):")
        for query in TerminalReplies.Query.allCases {
            guard let answer = support.replies.answers[query] else {
                lines.append("  \(query.rawValue): no answer")
                continue
            }
            let time = answer.milliseconds.map { " after \($0) ms" } ?? ""
            lines.append("  \(query.rawValue): \(answer.text)\(time)")
        }
        if let outside = support.outsideReplies {
            lines.append("Passed through tmux to the terminal outside:")
            for query in TerminalReplies.passthroughQueryKinds {
                let answer = outside.answers[query]
                let time = answer?.milliseconds.map { " after \($0) ms" } ?? ""
                lines.append("  \(query.rawValue): \(answer.map { $0.text + time } ?? "no answer")")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
