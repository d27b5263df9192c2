import FolioApp
import Foundation
import Glibc
import Testing

/// Standard error while the screen is up goes to a log file (exit tests: the child's standard
/// error is its own to redirect).
@Suite struct SessionLogTests {
    @Test func whatIsWrittenToStandardErrorIsKeptInTheLog() async {
        await #expect(processExitsWith: .exitCode(0)) {
            let folder = NSTemporaryDirectory() + "folio-log-" + UUID().uuidString + "/state/folio"
            guard let log = SessionLog.start(in: folder) else { exit(1) }
            let message = Array("Corrupt JPEG data: 12 extraneous bytes\n".utf8)
            _ = message.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            guard log.finish(), log.path == folder + "/messages-\(getpid()).log" else { exit(2) }
            let kept = try? String(contentsOfFile: log.path, encoding: .utf8)
            exit(kept == "Corrupt JPEG data: 12 extraneous bytes\n" ? 0 : 3)
        }
    }

    @Test func aQuietSessionLeavesNoLogAndSaysNothing() async {
        await #expect(processExitsWith: .exitCode(0)) {
            let folder = NSTemporaryDirectory() + "folio-log-" + UUID().uuidString
            guard let first = SessionLog.start(in: folder) else { exit(1) }
            _ = Array("old\n".utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            _ = first.finish()
            // Each session starts the log afresh.
            guard let second = SessionLog.start(in: folder) else { exit(2) }
            guard !second.finish() else { exit(3) }
            exit(FileManager.default.fileExists(atPath: second.path) ? 4 : 0)
        }
    }

    @Test func aFolderThatCannotBeMadeGivesNoLog() {
        #expect(SessionLog.start(in: "/proc/folio-cannot-be-here") == nil)
    }
}
