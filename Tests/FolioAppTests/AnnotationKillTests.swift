import FolioCore
import FolioState
import FolioSystem
import FolioTestSupport
import Foundation
import Glibc
import Testing

@testable import FolioApp

/// `kill -9` at random moments of saves, many times (SQLite's crash tests): a child process
/// (this test binary run again, through ``ChildProcess``, which hands it no descriptor but the
/// three standard ones, to run ``childSavesUntilKilled()`` alone) saves changes in a loop through the real journal,
/// saver and safe replacement, with ``FakeAnnotatedDocument`` as the appender, and reports each
/// change through a pipe (a FIFO) once the journal has acknowledged it; the parent sends it
/// SIGKILL at a random moment. After each kill the file must be a whole version (never torn, the
/// original bytes its prefix), and the file with the journal's pending changes must hold every
/// change reported (and at most the one after it, journaled but not yet reported).
///
/// `FOLIO_SAVE_KILLS` sets the number of kills (default 30) and `FOLIO_SAVE_SEED` the seed.
@Suite struct AnnotationKillTests {
    static let environment = ProcessInfo.processInfo.environment
    static let kills = environment["FOLIO_SAVE_KILLS"].flatMap { Int($0) } ?? 30
    static let seed = environment["FOLIO_SAVE_SEED"].flatMap { UInt64($0) } ?? 22

    /// Change `number` of the child's sequence: every fourth removes the annotation added two
    /// changes before; the others add one.
    static func change(_ number: Int) -> AnnotationChange {
        number % 4 == 0 ? .remove(AnnotationID("folio-\(number - 2)"), page: 0) : added("folio-\(number)")
    }

    /// The ids after changes 1 through `count`, in order.
    static func ids(after count: Int) -> [String] {
        (0..<count).reduce(into: [Annotation]()) { list, index in
            list = AnnotationSidecar.applying(change(index + 1), to: list)
        }.map(\.id.value)
    }

    @Test func killedAtRandomMomentsOfSavesLosesNothingAndNeverTears() throws {
        let scratch = try SaveScratch()
        var random = SeededRandom(seed: Self.seed)
        var reported = 0
        for round in 0..<Self.kills {
            let fifo = scratch.folder + "/reports"
            unlink(fifo)
            #expect(mkfifo(fifo, 0o600) == 0)
            let listener = try ReportListener(fifo: fifo, killAfter: Int.random(in: 0...80_000, using: &random))
            let outcome = try ChildProcess.run(
                ChildProcess.Request(
                    [
                        "/usr/bin/env", "FOLIO_SAVE_CHILD=\(reported + 1) \(scratch.folder)", Self.testBinary,
                        "--testing-library", "swift-testing", "--filter", "childSavesUntilKilled",
                    ], timeLimit: 30_000))
            let numbers = listener.finish().journaled
            #expect(outcome.termination == .signalled(SIGKILL), "\(String(decoding: outcome.output, as: UTF8.self))")
            let context = "seed \(Self.seed), round \(round), reported \(numbers.first ?? 0)…\(numbers.last ?? 0)"
            #expect(numbers == Array(numbers.first.map { $0..<($0 + numbers.count) } ?? 0..<0), "\(context)")
            reported = max(reported, numbers.last ?? 0)
            try check(scratch, reported: reported, context: context)
        }
        // The next opening saves what the journal kept and cleans up.
        let (saver, fake) = try scratch.saver()
        #expect(saver.restore() != .changedByAnotherProgram)
        let ids = fake.annotations.map(\.id.value)
        #expect(ids == Self.ids(after: reported) || ids == Self.ids(after: reported + 1))
        #expect(try FakeAnnotatedDocument.read(scratch.document).ids == ids)
        #expect(saver.pending.isEmpty)
        #expect(scratch.names.filter { $0.hasPrefix(".paper.pdf.folio-") }.isEmpty)
        #expect(reported >= Self.kills / 2, "the children saved too little to test anything")
    }

    /// The file is whole and, with the journal, holds every change reported.
    private func check(_ scratch: SaveScratch, reported: Int, context: String) throws {
        let contents: FakeAnnotatedDocument.Contents
        do {
            contents = try FakeAnnotatedDocument.read(scratch.document)
        } catch {
            Issue.record("the file is torn: \(error) (\(context))")
            return
        }
        // Each version on disk is the state after some prefix of the changes.
        let prefixes = (0...reported + 1).map(Self.ids(after:))
        #expect(prefixes.contains(contents.ids), "\(context)")
        let journal = try AnnotationJournal(document: scratch.document, folder: scratch.journals)
        let recovered = journal.pending.reduce(contents.ids.map(FakeAnnotatedDocument.annotation)) {
            AnnotationSidecar.applying($1.change, to: $0)
        }.map(\.id.value)
        #expect(
            recovered == Self.ids(after: reported) || recovered == Self.ids(after: reported + 1),
            "\(context): recovered \(recovered)")
        #expect(scratch.names.filter { $0.hasPrefix(".paper.pdf.folio-") }.count <= 1, "\(context)")
    }

    /// This test binary, run again as the child.
    static let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path

    /// The child's entry point, run only in the child: `FOLIO_SAVE_CHILD` holds the first
    /// change's number and the folder.
    @Test(.enabled(if: environment["FOLIO_SAVE_CHILD"] != nil, "the child of the kill -9 test"))
    func childSavesUntilKilled() throws {
        let setting = try #require(Self.environment["FOLIO_SAVE_CHILD"])
        let parts = setting.split(separator: " ", maxSplits: 1).map(String.init)
        let first = try #require(Int(parts[0]))
        Self.saveUntilKilled(folder: parts[1], firstChange: first)
    }

    /// The child: reports its process id, then saves changes from `firstChange` on, reporting
    /// each once the journal has it, until it is killed (or, if no kill comes, for 5 s).
    static func saveUntilKilled(folder: String, firstChange: Int) -> Never {
        let reports = open(folder + "/reports", O_WRONLY | O_CLOEXEC)
        guard reports >= 0 else { exit(10) }
        let report = { (line: String) in _ = SystemCall.writeAll(reports, Array((line + "\n").utf8)) }
        report("pid \(getpid())")
        let path = folder + "/paper.pdf"
        guard let fake = try? FakeAnnotatedDocument(loading: path),
            let fingerprint = try? FileFingerprint.of(path: path),
            let journal = try? AnnotationJournal(document: path, folder: folder + "/state/journals")
        else { exit(11) }
        let saver = AnnotationSaver(
            path: path, document: fake, fingerprint: fingerprint,
            choice: .choose(writability: nil, isPDF: true, preference: .pdf), journal: journal, sidecar: nil)
        guard [.saved, .nothingToSave].contains(saver.restore()) else { exit(12) }
        let deadline = ContinuousClock.now + .seconds(5)
        var number = firstChange
        while ContinuousClock.now < deadline {
            guard (try? saver.stage(change(number))) != nil else { exit(13) }
            report("journaled \(number)")
            guard saver.save() == .saved else { exit(14) }
            number += 1
        }
        exit(15)
    }
}

/// The parent's end of the reports pipe of a kill test: reads what the child reports (`pid N`,
/// then `journaled N` once change N is in the journal and `saved N` once it is saved) on a thread
/// of its own, and sends the child SIGKILL `killAfter` microseconds after it said its process id.
final class ReportListener: @unchecked Sendable {
    /// The change numbers the child reported journaled, and those it reported saved.
    struct Reports {
        var journaled: [Int] = []
        var saved: [Int] = []
    }

    private let descriptor: Int32
    private let killAfter: Int
    private let lock = NSLock()
    private var done = false
    private var reports = Reports()
    private let finished = DispatchSemaphore(value: 0)

    init(fifo: String, killAfter: Int) throws {
        // Read and write, so that opening does not wait for the child, and non-blocking.
        descriptor = open(fifo, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw FakeAnnotatedDocument.Damage(description: "cannot open \(fifo)") }
        self.killAfter = killAfter
        Thread.detachNewThread { [self] in listen() }
    }

    /// What the child reported, once it is gone.
    func finish() -> Reports {
        lock.withLock { done = true }
        finished.wait()
        close(descriptor)
        return lock.withLock { reports }
    }

    private func listen() {
        var pending = ""
        var killAt: ContinuousClock.Instant?
        var child: pid_t = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let stop = lock.withLock { done }
            if case .success(let count) = SystemCall.read(descriptor, into: &buffer), count > 0 {
                pending += String(decoding: buffer[..<count], as: UTF8.self)
                while let newline = pending.firstIndex(of: "\n") {
                    let line = pending[..<newline]
                    if line.hasPrefix("pid "), let pid = pid_t(line.dropFirst(4)) {
                        child = pid
                        killAt = .now + .microseconds(killAfter)
                    } else if line.hasPrefix("journaled "), let number = Int(line.dropFirst(10)) {
                        lock.withLock { reports.journaled.append(number) }
                    } else if line.hasPrefix("saved "), let number = Int(line.dropFirst(6)) {
                        lock.withLock { reports.saved.append(number) }
                    }
                    pending = String(pending[pending.index(after: newline)...])
                }
                continue
            }
            if stop { break }
            if let moment = killAt, ContinuousClock.now >= moment {
                kill(child, SIGKILL)
                killAt = nil
            }
            usleep(200)
        }
        finished.signal()
    }
}
