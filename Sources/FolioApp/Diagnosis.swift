public import FolioTerminal

/// `folio --diagnose`: what the terminal supports for the image view, and why.
public enum Diagnosis {
    /// The report: the method chosen, then why, one reason a line.
    public static func describe(_ support: GraphicsSupport) -> String {
        let method: String
        switch support.method {
        case .sixel(let registers): method = "sixel (\(registers) colour registers)"
        case .halfBlocks(let trueColor): method = "half blocks (\(trueColor ? "24-bit" : "256") colours)"
        case .none: method = "none"
        }
        var lines = ["Image view: \(method)"]
        lines += support.explanation.map { "  " + $0 }
        return lines.joined(separator: "\n") + "\n"
    }
}
