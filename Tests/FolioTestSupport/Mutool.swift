public import Foundation

/// MuPDF's own command-line tool, the reference Folio's output is checked against.
public enum Mutool {
    /// Runs `mutool` with `arguments` and returns its standard output (stderr is discarded).
    public static func run(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mutool")
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    /// The text of every page as `mutool draw -F txt` extracts it, one string per page.
    public static func pageTexts(_ path: String, password: String? = nil) throws -> [String] {
        var arguments = ["draw", "-F", "txt", "-o", "-"]
        if let password { arguments += ["-p", password] }
        let text = String(decoding: try run(arguments + [path]), as: UTF8.self)
        // mutool ends every page with "\f\n".
        var pages = text.components(separatedBy: "\u{0C}\n")
        if pages.last == "" { pages.removeLast() }
        return pages
    }

    /// One outline entry as `mutool show FILE outline` prints it.
    public struct OutlineEntry: Equatable, Sendable {
        public var level: Int
        public var title: String
        public var page: Int?

        public init(level: Int, title: String, page: Int?) {
            self.level = level
            self.title = title
            self.page = page
        }
    }

    /// The outline as `mutool show FILE outline` lists it.
    public static func outline(_ path: String) throws -> [OutlineEntry] {
        let text = String(decoding: try run(["show", path, "outline"]), as: UTF8.self)
        return text.split(separator: "\n").compactMap { line in
            // "+" or "-" or "|", one tab per level plus one, the quoted title, a tab, the target.
            let fields = line.dropFirst().split(separator: "\t", omittingEmptySubsequences: false)
            let tabs = fields.prefix { $0.isEmpty }.count
            guard tabs >= 1, tabs < fields.count else { return nil }
            let title = String(fields[tabs].dropFirst().dropLast())
            var page: Int?
            if tabs + 1 < fields.count, let range = fields[tabs + 1].range(of: "#page=") {
                page = Int(fields[tabs + 1][range.upperBound...].prefix { $0.isNumber })
            }
            return OutlineEntry(level: tabs - 1, title: title, page: page)
        }
    }
}
