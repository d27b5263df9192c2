public import Foundation

/// The shared test corpus (`../shared/corpus` beside the repository, read in place) and its
/// manifest, which records MuPDF's own page counts and passwords for every file.
public enum Corpus {
    /// The repository root, found from this source file's location.
    public static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The corpus folder; `FOLIO_CORPUS` overrides the default `../shared/corpus`.
    public static let directory: URL = {
        if let override = ProcessInfo.processInfo.environment["FOLIO_CORPUS"] {
            return URL(fileURLWithPath: override)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/corpus")
    }()

    /// The path of a corpus file.
    public static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Files that take minutes or gigabytes in MuPDF; kept out of fast test runs on purpose.
    public static let slowFiles: Set<String> = ["pdfjs-bomb_giant.pdf", "pdfjs-poppler-67295-0-billion-pages.pdf"]

    /// One row of `MANIFEST.md`.
    public struct Entry: Sendable, CustomStringConvertible {
        public var file: String
        public var category: String
        /// MuPDF's page count.
        public var pages: Int
        /// The "mutool draw" column: "ok", "ok, N messages", or "FAILS (…)".
        public var drawResult: String
        public var password: String?

        /// Whether MuPDF draws the file (with its password, for encrypted files).
        public var opensInMuPDF: Bool {
            drawResult.hasPrefix("ok") || (password != nil && pages > 0)
        }

        /// The stem used by `expected_text/STEM.txt`.
        public var stem: String { (file as NSString).deletingPathExtension }

        public var description: String { file }
    }

    /// Every row of the manifest, in order.
    public static let entries: [Entry] = {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("MANIFEST.md"), encoding: .utf8)
        else { return [] }
        return text.split(separator: "\n").compactMap { line -> Entry? in
            guard line.hasPrefix("| `") else { return nil }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count > 6, let pages = Int(cells[3]) else { return nil }
            let file = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let password = cells[6].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            return Entry(
                file: file, category: cells[2], pages: pages, drawResult: cells[5],
                password: password.isEmpty ? nil : password)
        }
    }()

    /// The first 200 characters of page 1's text as `mutool draw -F txt` prints it.
    public static func expectedText(for entry: Entry) -> String? {
        try? String(
            contentsOf: directory.appendingPathComponent("expected_text/\(entry.stem).txt"), encoding: .utf8)
    }
}
