import FolioConfiguration
import FolioCore
import Testing

/// Random configuration text never crashes the parser, every problem names a real line, and a
/// good line after any amount of garbage still applies.
@Suite struct ConfigurationFuzzTests {
    /// A small deterministic generator (SplitMix64), so a failure is repeatable.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let words = [
        "set", "map", "unmap", "include", "wrap", "true", "view", "image", "<C-x>", "<", ">", "<Space", "gg", "\"",
        "'", "#", "\\", "outline", "prompt", "--all", "next-page", "down", "99", "-1", "\u{1B}[2J", "é", "日本",
        "\u{0}", "\t", "<F99>", "<C-1>", "scroll-overlap", "status-bg", "clipboard-command", "a", "config",
    ]

    @Test(arguments: 0..<40)
    func randomLinesAreReportedAndNeverStopTheFile(seed: Int) {
        var random = SplitMix(state: UInt64(seed))
        let lineCount = Int.random(in: 1...30, using: &random)
        var lines: [String] = []
        for _ in 0..<lineCount {
            let count = Int.random(in: 0...6, using: &random)
            let line = (0..<count).map { _ in Self.words.randomElement(using: &random)! }
            lines.append(line.joined(separator: Bool.random(using: &random) ? " " : ""))
        }
        lines.append("map Z last-page")
        let files = MemoryFiles(files: [
            "/home/reader/.config/folio/config": lines.joined(separator: "\n"),
            "/home/reader/.config/folio/a": "include config",
        ])
        let configuration = ConfigurationParser(files: files, environment: [:]).read(
            file: "/home/reader/.config/folio/config")
        for problem in configuration.problems {
            #expect((1...lines.count).contains(problem.line), "\(problem)")
            #expect(!problem.reason.isEmpty)
        }
        #expect(configuration.keys.reader.command(for: .character("Z")) == .lastPage)
    }
}
