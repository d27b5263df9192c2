import FolioSystem
import Glibc
import Testing

/// Real programs run through the spawner: what they print, how they end, and the limits.
@Suite struct ChildProcessTests {
    private func run(_ arguments: [String], input: [UInt8]? = nil, outputLimit: Int = 1 << 16, timeLimit: Int = 10_000)
        throws(ChildProcess.SpawnError) -> ChildProcess.Outcome
    {
        try ChildProcess.run(
            ChildProcess.Request(arguments, input: input, outputLimit: outputLimit, timeLimit: timeLimit))
    }

    @Test func exitStatusIsReported() throws {
        #expect(try run(["true"]).termination == .exited(0))
        #expect(try run(["false"]).termination == .exited(1))
        #expect(try run(["/bin/sh", "-c", "exit 7"]).termination == .exited(7))
        #expect(try run(["/bin/sh", "-c", "kill -TERM $$"]).termination == .signalled(SIGTERM))
    }

    @Test func bothOutputStreamsAreCaptured() throws {
        let outcome = try run(["/bin/sh", "-c", "printf out; printf err >&2"])
        #expect(String(decoding: outcome.output, as: UTF8.self) == "out")
        #expect(String(decoding: outcome.errorOutput, as: UTF8.self) == "err")
        #expect(!outcome.truncated)
        #expect(outcome.succeeded)
    }

    /// No shell reads the arguments: spaces, quotes, `$` and `*` reach the program as written.
    @Test func argumentsReachTheProgramVerbatim() throws {
        let arguments = ["two words", "it's", "\"quoted\"", "$HOME", "*", "", "back\\slash", "new\nline"]
        let outcome = try run(["printf", "[%s]"] + arguments)
        #expect(String(decoding: outcome.output, as: UTF8.self) == arguments.map { "[\($0)]" }.joined())
    }

    /// More input than a pipe holds (64 KiB) goes in while the output comes out, with no deadlock.
    @Test func inputIsFedWhileOutputIsRead() throws {
        let input = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let outcome = try run(["cat"], input: input, outputLimit: 1 << 20)
        #expect(outcome.output == input)
        #expect(outcome.succeeded)
    }

    @Test func withoutInputTheProgramReadsNothing() throws {
        let outcome = try run(["wc", "-c"])
        #expect(String(decoding: outcome.output, as: UTF8.self).trimmingSpaces == "0")
    }

    /// A program that exits without reading its input gives EPIPE, never a SIGPIPE that would end the tests.
    @Test func programThatIgnoresItsInputIsNoTrouble() throws {
        let outcome = try run(["true"], input: [UInt8](repeating: 65, count: 1 << 20))
        #expect(outcome.termination == .exited(0))
    }

    @Test func outputBeyondTheLimitIsDropped() throws {
        let outcome = try run(["head", "-c", "1000000", "/dev/zero"], outputLimit: 1000)
        #expect(outcome.output == [UInt8](repeating: 0, count: 1000))
        #expect(outcome.truncated)
        #expect(outcome.termination == .exited(0), "the program was not blocked by a full pipe")
    }

    @Test func programPastTheTimeLimitIsKilled() throws {
        let start = MonotonicClock.milliseconds()
        let outcome = try run(["sleep", "30"], timeLimit: 200)
        let elapsed = MonotonicClock.milliseconds() - start
        #expect(outcome.termination == .timedOut)
        #expect(elapsed >= 200 && elapsed < 5000, "took \(elapsed) ms")
    }

    /// Like `xclip` and `wl-copy`, a program may leave a process in the background that keeps
    /// its output open: the program's own exit is what is waited for.
    @Test func backgroundProcessHoldingTheOutputDoesNotHoldTheCaller() throws {
        let start = MonotonicClock.milliseconds()
        let outcome = try run(["/bin/sh", "-c", "sleep 5 & printf started"])
        let elapsed = MonotonicClock.milliseconds() - start
        #expect(outcome.succeeded)
        #expect(String(decoding: outcome.output, as: UTF8.self) == "started")
        #expect(elapsed < 3000, "took \(elapsed) ms")
    }

    @Test func missingProgramIsAClearError() {
        #expect(throws: ChildProcess.SpawnError.self) { try run(["folio-no-such-program"]) }
        do {
            _ = try run(["folio-no-such-program", "argument"])
        } catch {
            #expect(error.description == "cannot run folio-no-such-program: No such file or directory")
        }
    }

    /// The child holds its three standard streams and nothing else of the caller's.
    @Test func childInheritsOnlyItsStandardStreams() throws {
        let outcome = try run(["ls", "/proc/self/fd"])
        // `ls` itself holds one more: the folder it lists.
        let descriptors = String(decoding: outcome.output, as: UTF8.self).split(separator: "\n")
        #expect(descriptors == ["0", "1", "2", "3"])
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        drop { $0 == " " }.prefix { $0 != "\n" }
    }
}
