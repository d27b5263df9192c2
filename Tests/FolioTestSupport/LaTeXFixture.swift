import Foundation

/// A small two-file LaTeX document typeset with SyncTeX data, for the SyncTeX tests: `main.tex`
/// has text of its own, `\input`s `chapters/one.tex` (a subfolder) and has more text after it,
/// over four pages (plain article class, so texlive-latex-base is all it needs).
///
/// Built once per process, on first use, into a fresh temporary folder, with
/// `pdflatex -synctex=1 -interaction=nonstopmode` (about a tenth of a second). Tests that change
/// files copy them into a folder of their own first: the build is shared.
public enum LaTeXFixture {
    /// The typeset document.
    public struct Build: Sendable {
        /// The folder `main.tex` was typeset in, holding `main.pdf` and `main.synctex.gz`.
        public let folder: String
        /// `main.pdf`'s path.
        public let pdfPath: String
        /// `main.synctex.gz`'s path.
        public let syncTeXPath: String
    }

    /// Whether `pdflatex` is installed (`scripts/setup --test` installs it; tests that need it
    /// are skipped without it).
    public static let isAvailable = FileManager.default.isExecutableFile(atPath: pdflatex)

    /// `main.tex`'s lines (line 1 first).
    public static let mainLines = [
        #"\documentclass{article}"#,
        #"\begin{document}"#,
        "The opening paragraph of the main file, written before the chapter comes in.",
        "",
        "A second paragraph of the main file, still on the first page of the document.",
        #"\newpage"#,
        #"\input{chapters/one}"#,
        #"\newpage"#,
        "The main file goes on after the chapter, on a page of its own.",
        "",
        "A last paragraph of the main file, to close the document.",
        #"\end{document}"#,
    ]

    /// `chapters/one.tex`'s lines (line 1 first).
    public static let chapterLines = [
        "The chapter's first paragraph, from a file in a subfolder of the document.",
        "",
        "The chapter's second paragraph, a little further down the same page.",
        #"\newpage"#,
        "The chapter's third paragraph, on a page of its own.",
    ]

    /// The 1-based line of `main.tex` or `chapters/one.tex` (`lines`) that starts with `prefix`.
    public static func line(startingWith prefix: String, in lines: [String]) -> Int? {
        lines.firstIndex { $0.hasPrefix(prefix) }.map { $0 + 1 }
    }

    /// The document, typeset on first use.
    public static func build() throws -> Build {
        try built.get()
    }

    private static let pdflatex = "/usr/bin/pdflatex"

    /// Swift runs a static's initialiser once, on first use, whichever threads ask at once.
    private static let built: Result<Build, FixtureError> = Result { () throws(FixtureError) in try typeset() }

    private static func typeset() throws(FixtureError) -> Build {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-latex-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent("chapters"), withIntermediateDirectories: true)
            try (mainLines.joined(separator: "\n") + "\n").write(
                to: folder.appendingPathComponent("main.tex"), atomically: true, encoding: .utf8)
            try (chapterLines.joined(separator: "\n") + "\n").write(
                to: folder.appendingPathComponent("chapters/one.tex"), atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: pdflatex)
            process.arguments = ["-synctex=1", "-interaction=nonstopmode", "main.tex"]
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            guard process.terminationStatus == 0 else {
                throw FixtureError("pdflatex failed (\(process.terminationStatus)); see \(folder.path)/main.log")
            }
        } catch let error as FixtureError {
            throw error
        } catch {
            throw FixtureError("could not typeset the LaTeX fixture: \(error)")
        }
        return Build(
            folder: folder.path, pdfPath: folder.appendingPathComponent("main.pdf").path,
            syncTeXPath: folder.appendingPathComponent("main.synctex.gz").path)
    }
}

/// Why a fixture could not be made.
public struct FixtureError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
