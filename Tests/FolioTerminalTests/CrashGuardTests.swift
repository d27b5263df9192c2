import FolioDocument
import Foundation
import Glibc
import Testing

@testable import FolioTerminal

/// Real crashes in a child process (exit tests): once the guard is installed, the bytes that
/// leave full-screen mode reach standard output before the process dies, and it still dies of the
/// signal the crash raised.
@Suite struct CrashGuardTests {
    /// Swift's runtime traps are `ud2` on x86-64 (SIGILL) and `brk` on arm64 (SIGTRAP).
    #if arch(x86_64)
        static let trapSignal = SIGILL
    #else
        static let trapSignal = SIGTRAP
    #endif

    @Test func unwrappingNilRestoresTheTerminal() async throws {
        let result = try await #require(
            processExitsWith: .signal(Self.trapSignal), observing: [\.standardOutputContent]
        ) {
            CrashGuardTests.installGuard()
            let missing = Int("not a number")
            print(missing!)
        }
        #expect(result.standardOutputContent == CrashGuardTests.restoreBytes)
    }

    /// The handler runs on the alternate signal stack: the overflowed stack has no room for it.
    @Test func stackOverflowRestoresTheTerminal() async throws {
        let result = try await #require(processExitsWith: .signal(SIGSEGV), observing: [\.standardOutputContent]) {
            CrashGuardTests.installGuard()
            print(CrashGuardTests.recurseForever(1))
        }
        #expect(result.standardOutputContent == CrashGuardTests.restoreBytes)
    }

    /// MuPDF runs on document threads: a stack overflow there restores the terminal too, on the
    /// alternate signal stack each ``DocumentThread`` has.
    @Test func stackOverflowOnADocumentThreadRestoresTheTerminal() async throws {
        let result = try await #require(processExitsWith: .signal(SIGSEGV), observing: [\.standardOutputContent]) {
            CrashGuardTests.installGuard()
            DocumentThread.start(name: "folio.test-overflow") {
                print(CrashGuardTests.recurseForever(1))
            }
            while true {
                pause()
            }
        }
        #expect(result.standardOutputContent == CrashGuardTests.restoreBytes)
    }

    /// A real trap on a worker thread: after the terminal, standard error (the session's log)
    /// gets the signal and where it struck, the thread by its name (as the kernel keeps it,
    /// without `folio.`), and a backtrace whose frames name the functions on the way.
    @Test func aTrapOnADocumentThreadIsReportedWithItsThreadAndBacktrace() async throws {
        let result = try await #require(
            processExitsWith: .signal(Self.trapSignal), observing: [\.standardOutputContent, \.standardErrorContent]
        ) {
            CrashGuardTests.installGuard()
            DocumentThread.start(name: "folio.crash-test") {
                CrashGuardTests.trapOnPurpose()
            }
            while true {
                pause()
            }
        }
        #expect(result.standardOutputContent == CrashGuardTests.restoreBytes)
        let log = String(decoding: result.standardErrorContent, as: UTF8.self)
        let name = Self.trapSignal == SIGILL ? "SIGILL" : "SIGTRAP"
        #expect(log.contains("folio: crashed: \(name) (signal \(Self.trapSignal)) at address 0x"))
        #expect(log.contains("on thread \"crash-test\" (thread id "))
        #expect(log.contains("backtrace"))
        // The function that trapped, by its (mangled) name. Closures and private functions are
        // local symbols, which the dynamic symbol table does not hold: they show as offsets.
        #expect(log.contains("($s18FolioTerminalTests"))
        #expect(log.contains("13trapOnPurpose"))
    }

    /// A signal sent from outside is reported as sent, with the sender.
    @Test func aSignalFromAnotherProcessSaysWhoSentIt() async throws {
        let result = try await #require(processExitsWith: .signal(SIGSEGV), observing: [\.standardErrorContent]) {
            CrashGuardTests.installGuard()
            kill(getpid(), SIGSEGV)
            // The signal goes to the process: any of its threads may take it, later.
            while true {
                pause()
            }
        }
        let log = String(decoding: result.standardErrorContent, as: UTF8.self)
        // The child sent it to itself: its own process id, which the parent does not know.
        let sender = try #require(log.split(separator: "sent by process ").dropFirst().first)
        #expect(log.hasPrefix("folio: crashed: SIGSEGV (signal 11) sent by process "))
        #expect(Int(sender.prefix { $0.isNumber }).map { $0 > 1 } == true)
    }

    @Test func abortRestoresTheTerminal() async throws {
        let result = try await #require(processExitsWith: .signal(SIGABRT), observing: [\.standardOutputContent]) {
            CrashGuardTests.installGuard()
            abort()
        }
        #expect(result.standardOutputContent == CrashGuardTests.restoreBytes)
    }

    /// The report (where the crash's messages went) follows the restored terminal.
    @Test func theReportFollowsTheRestoredTerminal() async throws {
        let result = try await #require(processExitsWith: .signal(SIGABRT), observing: [\.standardOutputContent]) {
            var modes = termios()
            _ = tcgetattr(STDIN_FILENO, &modes)
            CrashGuard.install(
                shellModes: modes, restoring: CrashGuardTests.restoreBytes,
                report: Array("folio: crashed; what it said is in /state/messages.log\n".utf8))
            abort()
        }
        #expect(
            result.standardOutputContent
                == CrashGuardTests.restoreBytes + Array("folio: crashed; what it said is in /state/messages.log\n".utf8)
        )
    }

    /// What xterm's `rmcup` and `cnorm` send.
    static let restoreBytes = Array("\u{1B}[?1049l\u{1B}[?12l\u{1B}[?25h".utf8)

    /// Installs the guard with the modes standard input has now, so that restoring them changes
    /// nothing even when it is the developer's terminal.
    static func installGuard() {
        var modes = termios()
        _ = tcgetattr(STDIN_FILENO, &modes)
        CrashGuard.install(shellModes: modes, restoring: restoreBytes)
    }

    /// Unwraps nil, which traps.
    @inline(never)
    static func trapOnPurpose() {
        let missing = Int("not a number")
        print(missing!)
    }

    @inline(never)
    static func recurseForever(_ depth: Int) -> Int {
        var frame = (depth, depth, depth, depth, depth, depth, depth, depth)
        return withUnsafeMutableBytes(of: &frame) { $0.count } &+ recurseForever(depth &+ 1)
    }
}
