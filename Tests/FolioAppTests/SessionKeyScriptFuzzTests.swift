import FolioApp
import FolioCore
import FolioDocument
import FolioGraphics
import FolioTerminal
import FolioTestSupport
import Foundation
import Testing

/// Random key scripts through the session runtime on a fake terminal: real documents (generated
/// hostile ones and corpus files) opened with MuPDF, pages loaded and rendered by the session's
/// workers, every frame drawn checked against ``FrameInvariants``, and the session ending when
/// asked at the end (no trap, no hang). A bounded, seeded run here; `scripts/torture --keys N`
/// runs many more through the environment (``KeyScriptRun``).
@Suite struct SessionKeyScriptFuzzTests {
    /// Where the generated documents are written.
    static let folder = try? TemporaryDirectory("folio-key-scripts")

    /// Generated documents, written once per process into ``folder``.
    static let generated: [String] = {
        guard let folder else { return [] }
        let documents: [(String, Data)] = [
            ("hostile.pdf", Fixtures.hostileDocument()),
            ("right-to-left-outline.pdf", Fixtures.rightToLeftOutline()),
            ("huge-page.pdf", Fixtures.hugePage()),
            (
                "indented.pdf",
                PDFWriter.onePage(content: "BT /F1 12 Tf 72 720 Td (x) Tj 0 -14 Td (    indented) Tj ET")
            ),
        ]
        return documents.compactMap { try? folder.write($0.1, to: $0.0) }
    }()

    /// Corpus files that open quickly: every readable one of at most 200 pages.
    static let corpusFiles: [String] = Corpus.entries.filter { entry in
        entry.opensInMuPDF && entry.password == nil && entry.pages <= 200 && !Corpus.slowFiles.contains(entry.file)
    }.map { Corpus.path($0.file) }

    /// The documents, graphics and first size `seed` chooses.
    static func setting(for seed: UInt64) -> (path: String, graphics: GraphicsSupport, size: ScreenSize) {
        var random = SeededRandom(seed: seed ^ 0x5E55)
        let paths = Bool.random(using: &random) || corpusFiles.isEmpty ? generated : corpusFiles
        let graphics = random.pick([
            TestGraphics.halfBlocks, TestGraphics.sixel, TestGraphics.kitty, TestGraphics.iterm,
        ])
        let size = random.pick([
            ScreenSize(rows: 24, columns: 80), ScreenSize(rows: 10, columns: 40), ScreenSize(rows: 5, columns: 20),
        ])
        return (random.pick(paths), graphics, size)
    }

    /// The default tables without the keys that leave the reader (`q`, `F`), so that a script
    /// goes on to its end more often than not (random keys may still leave).
    static let keysThatStay: KeyTables = {
        var tables = KeyTables()
        for row in tables.rows(in: .reader) where ["quit", "open-browser"].contains(row.command) {
            for keys in row.keys {
                try? tables.unmap(keys, in: .reader)
            }
        }
        return tables
    }()

    @Test func sessionScriptsKeepTheInvariants() throws {
        let run = KeyScriptRun(count: 12, seed: 7_000, length: 40)
        try run.forEachScript(KeyScriptGenerator(keys: Self.keysThatStay)) { seed, steps in
            let setting = Self.setting(for: seed)
            let violations = Self.run(steps, on: setting)
            run.trace("script \(seed): \(setting.path)")
            guard !violations.isEmpty else { return true }
            Issue.record(Comment(rawValue: run.report(seed: seed, steps: steps, failedAt: steps.count - 1, violations)))
            return false
        }
    }

    /// Plays `steps` into a session on `setting`'s document, then leaves (Esc Esc Esc q);
    /// returns how the frames drawn, or the session's end, broke the rules.
    static func run(_ steps: [KeyScriptStep], on setting: (path: String, graphics: GraphicsSupport, size: ScreenSize))
        -> [String]
    {
        let reader: ReaderUnderTest
        do {
            reader = try ReaderUnderTest(path: setting.path, size: setting.size, graphics: setting.graphics)
        } catch {
            return ["\(setting.path) did not open: \(error)"]
        }
        let terminal = reader.terminal
        for step in steps {
            switch step {
            case .key(let key): terminal.type(key)
            case .paste(let text): terminal.paste(text)
            case .mouse(let mouse): terminal.mouse(mouse)
            case .resize(let size):
                // A resize is a signal, taken before keys still queued: let those go first.
                _ = terminal.waitForFrame(after: terminal.frameCount, timeout: 0.05) { _ in true }
                terminal.resize(to: size)
            case .answer(let count):
                _ = terminal.waitForFrame(after: terminal.frameCount, timeout: 0.01 * Double(min(count, 10))) { _ in
                    true
                }
            case .fileChanged:
                break
            }
        }
        terminal.type(.escape, .escape, .escape, .character("q"))
        var found: [String] = []
        if reader.running.wait(timeout: 30) == nil {
            found.append("the session did not end within 30 s of Esc Esc Esc q")
            terminal.send(.terminate(signal: 15))
        }
        if terminal.frameCount == 0 {
            found.append("the session drew nothing")
        }
        for (index, frame) in terminal.frames.enumerated() {
            found += FrameInvariants.violations(of: frame, screen: frame.size).map { "frame \(index): \($0)" }
        }
        return found
    }
}
