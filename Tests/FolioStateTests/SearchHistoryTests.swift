import FolioCore
import FolioState
import Foundation
import Testing

/// The patterns searched for, kept across runs and shared safely by readers running at once.
@Suite struct SearchHistoryTests {
    private func history() -> (SearchHistory, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folio-history-\(UUID().uuidString)")
        return (SearchHistory(path: folder.path + "/state/folio/search-history"), folder)
    }

    @Test func patternsComeBackOldestFirstWithoutRepeats() throws {
        let (history, folder) = history()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(history.patterns().entries.isEmpty)
        for pattern in ["whale", "re:^Call me", "back\\slash", "two\nlines", "whale"] {
            try history.record(pattern)
        }
        #expect(history.patterns().entries == ["re:^Call me", "back\\slash", "two\nlines", "whale"])
        let text = try String(contentsOfFile: history.path, encoding: .utf8)
        #expect(text == "re:^Call me\nback\\\\slash\ntwo\\nlines\nwhale\n")
    }

    @Test func onlyTheNewestAreKept() throws {
        let (history, folder) = history()
        defer { try? FileManager.default.removeItem(at: folder) }
        for number in 0..<(PromptHistory.limit + 5) {
            try history.record("pattern \(number)")
        }
        let entries = history.patterns().entries
        #expect(entries.count == PromptHistory.limit)
        #expect(entries.first == "pattern 5")
        #expect(entries.last == "pattern \(PromptHistory.limit + 4)")
    }

    @Test func readersSearchingAtOnceKeepEachOthersPatterns() async throws {
        let (history, folder) = history()
        defer { try? FileManager.default.removeItem(at: folder) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<4 {
                group.addTask {
                    for number in 0..<20 {
                        try history.record("writer \(writer) pattern \(number)")
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(history.patterns().entries.count == 80)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/state/folio")
        #expect(leftovers.sorted() == ["search-history", "search-history.lock"])
    }
}
