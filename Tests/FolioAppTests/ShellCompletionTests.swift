import FolioApp
import FolioTestSupport
import Foundation
import Testing

/// The completions under completions/ are generated from the option table
/// (``ShellCompletions``): these tests fail when a committed script drifts from it, and run
/// the bash one in bash.
///
/// To regenerate them: `FOLIO_UPDATE_DOCS=1 swift test --filter ShellCompletionTests`.
@Suite(.serialized) struct ShellCompletionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("completions")
    static let updating = ProcessInfo.processInfo.environment["FOLIO_UPDATE_DOCS"] == "1"

    @Test(arguments: ShellCompletions.Shell.allCases)
    func theCommittedScriptIsAsGenerated(shell: ShellCompletions.Shell) throws {
        let file = Self.folder.appendingPathComponent(shell.fileName)
        let generated = ShellCompletions.script(for: shell)
        let committed = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        if Self.updating, committed != generated {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            try generated.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            committed == generated,
            "completions/\(shell.fileName) differs from the option table; regenerate with: FOLIO_UPDATE_DOCS=1 swift test --filter ShellCompletionTests"
        )
    }

    /// What bash offers for the words typed, the last one being completed, run in `folder`.
    private func bashCompletes(_ words: [String], in folder: String = "/") throws -> [String] {
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let script = Self.folder.appendingPathComponent("folio.bash").path
        let result = try FolioProcess.shell(
            "cd '\(folder)' && source '\(script)' && COMP_WORDS=(\(quoted)) && COMP_CWORD=\(words.count - 1) && _folio && printf '%s\\n' \"${COMPREPLY[@]}\""
        )
        #expect(result.status == 0, "\(result.stderr)")
        return result.output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesOptionsAndTheirValues() throws {
        #expect(try bashCompletes(["folio", "--gr"]) == ["--graphics"])
        #expect(try bashCompletes(["folio", "--ch"]) == ["--check-config"])
        #expect(
            try bashCompletes(["folio", "--graphics", ""]) == ["auto", "kitty", "sixel", "iterm", "halfblock", "none"])
        #expect(try bashCompletes(["folio", "--graphics", "s"]) == ["sixel"])
        #expect(try bashCompletes(["folio", "--graphics", "=", "h"]) == ["halfblock"])
        #expect(try bashCompletes(["folio", "--compact-sixel", "o"]) == ["on", "off"])
        #expect(try bashCompletes(["folio", "--pages", ""]) == [], "a range is typed, not chosen")
    }

    static let hasFish = FileManager.default.isExecutableFile(atPath: "/usr/bin/fish")
    static let hasZsh = FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh")

    /// What fish offers for `commandLine` (`complete -C`), without the descriptions, run in `folder`.
    private func fishCompletes(_ commandLine: String, in folder: String = "/") throws -> [String] {
        let script = Self.folder.appendingPathComponent("folio.fish").path
        let result = try FolioProcess.run(
            program: "/usr/bin/fish", ["-c", "cd '\(folder)'; and source '\(script)'; and complete -C'\(commandLine)'"])
        #expect(result.status == 0, "\(result.stderr)")
        return result.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }

    /// fish (when installed: scripts/setup does not install it) completes options, their
    /// values and documents.
    @Test(.enabled(if: hasFish)) func fishCompletesOptionsValuesAndDocuments() throws {
        #expect(try fishCompletes("folio --gr") == ["--graphics"])
        #expect(try Set(fishCompletes("folio --compact-sixel ")) == ["auto", "on", "off"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-fish-\(getpid())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Papers"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["paper.pdf", "Scan.PDF", "notes.txt"] {
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data()))
        }
        #expect(try Set(fishCompletes("folio ", in: folder.path)) == ["Papers/", "paper.pdf", "Scan.PDF"])
    }

    /// zsh (when installed) reads the script without a syntax error.
    @Test(.enabled(if: hasZsh)) func zshReadsTheScript() throws {
        let result = try FolioProcess.run(
            program: "/usr/bin/zsh", ["-n", Self.folder.appendingPathComponent("_folio").path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test func bashCompletesDocumentsAndFoldersForTheFileArgument() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-completion-\(getpid())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Papers"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["paper.pdf", "Scan.PDF", "book.epub", "notes.txt", "pic.png"] {
            #expect(FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data()))
        }
        #expect(
            try Set(bashCompletes(["folio", ""], in: folder.path)) == [
                "Papers", "paper.pdf", "Scan.PDF", "book.epub", "pic.png",
            ])
        #expect(try bashCompletes(["folio", "--text", "pa"], in: folder.path) == ["paper.pdf"])
        #expect(try Set(bashCompletes(["folio", "--config", "n"], in: folder.path)) == ["notes.txt"])
    }
}
