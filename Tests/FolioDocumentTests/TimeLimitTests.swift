import Dispatch
import FolioCore
import FolioTestSupport
import Foundation
import Testing

@testable import FolioDocument

/// Page work with a time limit ends in time even when MuPDF never looks at the cancellation: a
/// JBIG2 bomb decodes in one call (see ``Fixtures/jbig2Bomb(side:pages:)``).
@Suite struct TimeLimitTests {
    /// Seconds a call may take beyond its limit and the grace period (a busy machine).
    static let slack = 2.0

    /// The grace a test's watchdog gives stuck work. A stream of the side-20,000 bomb decodes in
    /// about 2.8 s on a 2-core development machine: only a machine 7 times as fast finishes it
    /// within 0.3 + 0.1 s. With the default grace of 1 s, CI's faster machine finished it, the page
    /// stopped by itself, and nothing was abandoned.
    static let stopGrace = 0.1

    @Test func nonCooperativePageIsAbandonedAtItsLimit() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(try Fixtures.jbig2Bomb(side: 20_000), to: "bomb.pdf")
        let document = try Document(path: path, stopGrace: Self.stopGrace)
        let start = DispatchTime.now()
        #expect(throws: DocumentError.timedOut(seconds: 0.3)) {
            try document.plainText(page: 0, cancellation: Cancellation(timeLimit: 0.3))
        }
        #expect(Self.seconds(since: start) < 0.3 + Self.stopGrace + Self.slack)
        #expect(document.runningAbandonedJobs == 1)
        // The page is not tried again while its first attempt may still be running.
        let again = DispatchTime.now()
        #expect(throws: DocumentError.timedOut(seconds: 0.3)) {
            try document.text(page: 0, cancellation: Cancellation(timeLimit: 5))
        }
        #expect(Self.seconds(since: again) < 0.5)
        // Nor are its links, which the reader reads under a time limit too (through the same
        // watchdog).
        #expect(throws: DocumentError.timedOut(seconds: 0.3)) {
            try document.links(page: 0, cancellation: Cancellation(timeLimit: 5))
        }
        // The document goes on with a fresh opening of the file.
        #expect(try document.plainText(page: 1, cancellation: Cancellation(timeLimit: 5)) == "ordinary\n\n")
        #expect(try document.links(page: 1, cancellation: Cancellation(timeLimit: 5)) == [])
        #expect(try document.outline(cancellation: Cancellation(timeLimit: 5)).entries == [])
        #expect(try document.info().pageCount == 2)
    }

    @Test func cooperativePageStopsAtItsLimit() throws {
        // At side 10,000 each stream decodes in well under the grace period, and MuPDF sees the
        // cancellation between streams: the work stops by itself and nothing is abandoned.
        let directory = try TemporaryDirectory()
        let path = try directory.write(try Fixtures.jbig2Bomb(side: 10_000), to: "small-bomb.pdf")
        let document = try Document(path: path)
        #expect(throws: DocumentError.timedOut(seconds: 0.1)) {
            try document.plainText(page: 0, cancellation: Cancellation(timeLimit: 0.1))
        }
        #expect(try document.plainText(page: 1, cancellation: Cancellation(timeLimit: 5)) == "ordinary\n\n")
    }

    @Test func cancellingFromOutsideStopsWaitingForAStuckPage() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.write(try Fixtures.jbig2Bomb(side: 20_000), to: "bomb.pdf")
        let document = try Document(path: path)
        let cancellation = Cancellation()
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.2) { cancellation.cancel() }
        let start = DispatchTime.now()
        #expect(throws: DocumentError.cancelled) { try document.text(page: 0, cancellation: cancellation) }
        #expect(Self.seconds(since: start) < 0.2 + Watchdog.defaultStopGrace + Self.slack)
    }

    @Test func stuckWorkCannotPileUp() throws {
        let directory = try TemporaryDirectory()
        // At side 25,000 a stream takes over 4 s to decode: both jobs are still decoding when
        // the second is abandoned, 2.4 s in.
        let path = try directory.write(try Fixtures.jbig2Bomb(side: 25_000, pages: 3), to: "bombs.pdf")
        let document = try Document(path: path)
        for page in 0..<Watchdog.maxStuckJobs {
            #expect(throws: DocumentError.timedOut(seconds: 0.2)) {
                try document.plainText(page: page, cancellation: Cancellation(timeLimit: 0.2))
            }
        }
        // While two abandoned jobs are still decoding, further pages are refused, not started. (On
        // a machine fast enough to finish a stream within the grace period, or slow enough that
        // one has ended by now, fewer are running, and the next page is tried instead.)
        let running = document.runningAbandonedJobs
        #expect(running <= Watchdog.maxStuckJobs)
        if running == Watchdog.maxStuckJobs {
            for page in [2, 3] {
                #expect {
                    try document.plainText(page: page, cancellation: Cancellation(timeLimit: 5))
                } throws: { error in
                    guard case .skipped = error as? DocumentError else { return false }
                    return true
                }
            }
        }
        // Once they have run out, pages are read again.
        let deadline = Date().addingTimeInterval(90)  // sanitizer builds on a busy machine are slow
        var text: String?
        while text == nil, Date() < deadline {
            text = try? document.plainText(page: 3, cancellation: Cancellation(timeLimit: 5))
            if text == nil { usleep(100_000) }
        }
        #expect(text == "ordinary\n\n")
    }

    @Test func unlimitedWorkWithoutCancellationStillRuns() throws {
        let document = try Document(path: Corpus.path("pdfjs-tracemonkey.pdf"))
        let withLimit = try document.plainText(page: 0, cancellation: Cancellation(timeLimit: 10))
        #expect(try document.plainText(page: 0) == withLimit)
    }

    @Test func cancelledBeforeItStartsIsCancelled() throws {
        let document = try Document(path: Corpus.path("pdfjs-tracemonkey.pdf"))
        let cancellation = Cancellation()
        cancellation.cancel()
        #expect(throws: DocumentError.cancelled) { try document.text(page: 0, cancellation: cancellation) }
        #expect(try !document.text(page: 0, cancellation: Cancellation(timeLimit: 10)).blocks.isEmpty)
    }

    static func seconds(since start: DispatchTime) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
    }
}
