import FolioCore
import FolioTestSupport
import Testing

/// Random key scripts through the pure core: every mode of the reader and the browser, with
/// answers arriving late, pages and renders failing, and resizes down to 0 × 0; after every step
/// the invariants hold (``ReaderInvariants``, ``BrowserInvariants``). A bounded, seeded run
/// here; `scripts/torture --keys N` runs many more through the environment (``KeyScriptRun``).
@Suite struct KeyScriptFuzzTests {
    @Test func readerScriptsKeepTheInvariants() throws {
        let run = KeyScriptRun(count: 200, seed: 21_000, length: 60)
        var failures = 0
        try run.forEachScript(KeyScriptGenerator()) { seed, steps in
            var runner = CoreKeyScriptRunner(seed: seed)
            guard let broken = runner.run(steps) else { return true }
            let shortest = KeyScriptShrinker.shrink(Array(steps.prefix(broken.step + 1))) { candidate in
                var runner = CoreKeyScriptRunner(seed: seed)
                return runner.run(candidate) != nil
            }
            var again = CoreKeyScriptRunner(seed: seed)
            let shrunk = again.run(shortest) ?? broken
            Issue.record(
                Comment(rawValue: run.report(seed: seed, steps: shortest, failedAt: shrunk.step, shrunk.violations)))
            failures += 1
            return false
        }
        #expect(failures == 0)
    }

    @Test func browserScriptsKeepTheInvariants() throws {
        let run = KeyScriptRun(count: 100, seed: 42_000, length: 60)
        try run.forEachScript(KeyScriptGenerator(focus: .browser)) { seed, steps in
            var runner = BrowserKeyScriptRunner(seed: seed)
            guard let broken = runner.run(steps) else { return true }
            let shortest = KeyScriptShrinker.shrink(Array(steps.prefix(broken.step + 1))) { candidate in
                var runner = BrowserKeyScriptRunner(seed: seed)
                return runner.run(candidate) != nil
            }
            var again = BrowserKeyScriptRunner(seed: seed)
            let shrunk = again.run(shortest) ?? broken
            Issue.record(
                Comment(rawValue: run.report(seed: seed, steps: shortest, failedAt: shrunk.step, shrunk.violations)))
            return false
        }
    }

    /// Shrunk scripts of bugs the fuzzer found, replayed on the documents their seeds choose:
    /// Page Up on a one-row screen (`seed 21043`: the top line went past the page's last line,
    /// as the screen had no row for text); the links arriving after the search prompt opened
    /// (`seed 21056`: `f`, then Ctrl-R, and the link hints opened over the prompt); lines chosen
    /// with `V`, then a resize (`seed 101707`, `106419`: the selection stayed on lines the new
    /// layout no longer has); the outline of a longer version of the file after it changed
    /// (`seed 128498`, `142985`: its entry took the reader to page 536,570 of 40).
    @Test(arguments: [
        "seed 21043\nkey pageup\nanswer 100\n",
        "seed 21056\nanswer 3\nkey c:66\nkey ctrl:72\nanswer 1\n",
        "seed 101707\nkey ctrl:72\nkey c:65\nkey enter\nanswer 100\nkey c:56\nresize 0 116\n",
        "seed 106419\nresize 31 0\nanswer 1\nkey c:56\nkey c:20\nresize 0 11\n",
        "seed 128498\nfile 1\nkey c:6f\nanswer 8\nkey c:20\nkey backspace\nkey down\nkey enter\n",
        "seed 142985\nfile 40\nanswer 100\nkey c:6f\nkey c:65\nkey escape\nkey enter\n",
    ])
    func aReaderScriptTheFuzzerShrankKeepsTheInvariants(text: String) throws {
        let script = try #require(KeyScriptText.script(from: text))
        var runner = CoreKeyScriptRunner(seed: script.seed)
        let broken = runner.run(script.steps)
        #expect(broken == nil, "\(broken?.violations ?? [])")
    }

    /// The browser's shrunk script: Enter on an encrypted document, `?` before the password
    /// prompt came (`seed 42215`: help and the password prompt were open at once).
    @Test func aBrowserScriptTheFuzzerShrankKeepsTheInvariants() throws {
        let text = "seed 42215\nanswer 3\nkey c:20\nkey enter\nkey enter\nkey c:3f\nanswer 3\n"
        let script = try #require(KeyScriptText.script(from: text))
        var runner = BrowserKeyScriptRunner(seed: script.seed)
        let broken = runner.run(script.steps)
        #expect(broken == nil, "\(broken?.violations ?? [])")
    }

    /// The text form of a script reads back as the same script, so a failure printed by one
    /// process replays in another.
    @Test(arguments: [UInt64(1), 7, 99, 12_345])
    func aScriptReadsBackFromItsText(seed: UInt64) throws {
        let steps = KeyScriptGenerator().script(seed: seed, length: 200)
        let read = try #require(KeyScriptText.script(from: KeyScriptText.text(seed: seed, steps: steps)))
        #expect(read.seed == seed)
        #expect(read.steps == steps)
    }

    /// The generator draws from the key tables: every reader binding's first key turns up in
    /// a few hundred scripts, so a new binding is fuzzed as soon as it is in the table.
    @Test func everyReaderBindingIsDrawn() {
        var typed: Set<Key> = []
        for seed in UInt64(0)..<300 {
            for case .key(let key) in KeyScriptGenerator().script(seed: seed, length: 60) {
                typed.insert(key)
            }
        }
        let missing = KeyTables.standard.rows(in: .reader).filter { row in
            !row.keys.isEmpty && !row.keys.contains { $0.allSatisfy(typed.contains) }
        }.map(\.command)
        #expect(missing.isEmpty, "never typed: \(missing)")
    }
}
