import FolioCore
import FolioDocument
import FolioState
import FolioSystem
import FolioTestSupport
import Foundation
import Glibc
import Testing

@testable import FolioApp

/// `kill -9` at random moments of saves into real PDFs, as issue 22 asks ("kill the process at
/// random points of saves, in a loop, and check the PDF with `qpdf --check` and `mutool` after
/// each kill"). As in ``AnnotationKillTests``, a child process (this test binary run again, to run
/// ``childSavesIntoAPDFUntilKilled()`` alone) records changes in a loop and reports each through a
/// FIFO once the journal has it; here it opens a copy of a corpus PDF with the real ``Document``,
/// and records highlights (over lines of the page's characters, one quad a line) and notes
/// through an ``AnnotationSaver`` with a real journal. The parent sends it SIGKILL at a random
/// moment, then checks the file with tools that are not Folio's:
///
/// - the original bytes are its exact prefix;
/// - `qpdf --check` says what it said of the original (its status and warnings), and `mutool
///   info` and `mutool draw` of the pages changed succeed, saying nothing (no repair);
/// - its annotations are those after some prefix of the changes (every save is whole);
/// - the next opening (a fresh ``Document`` and a new saver's ``AnnotationSaver/restore()``)
///   has every change reported, and at most the one after it (journaled, not yet reported),
///   each as it was made: its kind and page, its quads or its note.
///
/// `FOLIO_PDF_SAVE_KILLS` sets the kills per document (by default 10 on the 14-page paper and 3
/// on the 1,158-page manual, whose `qpdf --check` takes a second or two); `FOLIO_SAVE_SEED` the
/// seed. Each document's run ends by printing where the kills landed.
@Suite(.enabled(if: QPDFCheck.toolsAvailable, "needs qpdf and mutool (scripts/setup --test)"))
struct PDFAnnotationKillTests {
    static let environment = ProcessInfo.processInfo.environment
    static let seed = environment["FOLIO_SAVE_SEED"].flatMap { UInt64($0) } ?? 22

    /// A corpus PDF the test saves into, how many times it is killed by default, and the latest
    /// moment of a kill after the child starts (it opens the document, then saves a change every
    /// few tens of milliseconds).
    struct Subject: Sendable, CustomTestStringConvertible {
        var file: String
        var kills: Int
        var latestKill: Duration
        var testDescription: String { file }
    }

    static let subjects = [
        Subject(file: "pdfjs-tracemonkey.pdf", kills: 10, latestKill: .milliseconds(500)),
        Subject(file: "debian-octave.pdf", kills: 3, latestKill: .milliseconds(1200)),
    ]

    @Test(arguments: subjects)
    func killedAtRandomMomentsOfSavesIntoAPDFLosesNothingAndNeverTears(_ subject: Subject) throws {
        let sequence = try ChangeSequence(original: Document(path: Corpus.path(subject.file)))
        let scratch = try PDFSaveScratch(copying: subject.file, pages: sequence.pages)
        #expect(!scratch.mutoolSaidOfTheOriginal.joined().contains("repair"))
        let kills = Self.environment["FOLIO_PDF_SAVE_KILLS"].flatMap { Int($0) } ?? subject.kills
        var random = SeededRandom(seed: Self.seed)
        var tally = KillTally()
        // The changes the file holds, and its annotations then.
        var saved = 0
        var state: [Annotation] = []
        let started = ContinuousClock.now
        for round in 0..<kills {
            let delay = Int.random(in: 0...Int(subject.latestKill / .microseconds(1)), using: &random)
            let reports = try scratch.runChild(firstChange: saved + 1, killAfter: delay)
            let context = "\(subject.file), seed \(Self.seed), round \(round), kill after \(delay) µs"
            let journaled = reports.journaled
            #expect(journaled == Array((saved + 1)..<(saved + 1 + journaled.count)), "\(context): \(journaled)")
            let reported = journaled.last ?? saved
            tally.count(reports, leftover: scratch.leftovers.count)
            // The annotations after `saved` changes, and after each change since.
            let states = sequence.states(from: state, applying: (saved + 1)...(reported + 1))
            try checkFile(scratch, sequence, states: states, context: context)
            let held = try checkNextOpening(scratch, sequence, states: states.suffix(2), context: context)
            saved += held
            state = states[held]
        }
        print(tally.summary(subject.file, kills: kills, changes: saved, seed: Self.seed, since: started))
        #expect(tally.inSaves >= kills / 4, "too few kills landed in a save to test anything: \(tally)")
    }

    /// The file as the kill left it: whole, the original its prefix, holding one of `states`
    /// (what it held before the child ran, and after each change the child made).
    private func checkFile(
        _ scratch: PDFSaveScratch, _ sequence: ChangeSequence, states: [[Annotation]], context: String
    ) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: scratch.document))
        #expect(bytes.starts(with: scratch.original), "\(context): the original is not the file's prefix")
        let check = try scratch.qpdfCheck()
        #expect(check == scratch.originalCheck, "\(context): qpdf --check says \(check.output)")
        let mutool = try scratch.mutoolSays(pages: sequence.pages)
        #expect(mutool == scratch.mutoolSaidOfTheOriginal, "\(context): mutool says \(mutool)")
        let onDisk = try sequence.folioAnnotations(in: Document(path: scratch.document))
        #expect(
            states.contains { $0.map(\.id) == onDisk.map(\.id) }, "\(context): the file holds \(onDisk.map(\.id))")
        #expect(scratch.leftovers.count <= 1, "\(context): \(scratch.leftovers)")
    }

    /// The next opening restores every change reported (`candidates` holds the annotations then,
    /// and after the one change more the child may have journaled), each as it was made; returns
    /// how many of the child's changes the file now holds.
    private func checkNextOpening(
        _ scratch: PDFSaveScratch, _ sequence: ChangeSequence, states candidates: ArraySlice<[Annotation]>,
        context: String
    ) throws -> Int {
        let document = try Document(path: scratch.document)
        let saver = try scratch.saver(for: document)
        let outcome = saver.restore()
        #expect(outcome == .saved || outcome == .nothingToSave, "\(context): \(outcome)")
        #expect(saver.pending.isEmpty && scratch.leftovers.isEmpty, "\(context)")
        let restored = try sequence.folioAnnotations(in: Document(path: scratch.document))
        let index = restored.map(\.id) == candidates.last?.map(\.id) ? candidates.endIndex - 1 : candidates.startIndex
        let expected = candidates[index]
        guard restored.map(\.id) == expected.map(\.id) else {
            Issue.record("\(context): restored \(restored.map(\.id)), not \(expected.map(\.id))")
            return index
        }
        for (found, made) in zip(restored, expected) {
            #expect(found.kind == made.kind && found.page == made.page && found.note == made.note, "\(context)")
            #expect(found.quads.count == made.quads.count, "\(context): \(found.id)")
            for (quad, chosen) in zip(found.quads, made.quads) {
                let gap = [quad.x0 - chosen.x0, quad.y0 - chosen.y0, quad.x1 - chosen.x1, quad.y1 - chosen.y1]
                #expect(gap.allSatisfy { abs($0) < 0.01 }, "\(context): \(found.id) marks \(quad), not \(chosen)")
            }
        }
        return index
    }

    /// This test binary, run again as the child.
    static let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path

    /// The child's entry point, run only in the child: `FOLIO_PDF_SAVE_CHILD` holds the first
    /// change's number, the folder and the corpus file, separated by tabs.
    @Test(.enabled(if: environment["FOLIO_PDF_SAVE_CHILD"] != nil, "the child of the PDF kill -9 test"))
    func childSavesIntoAPDFUntilKilled() throws {
        let setting = try #require(Self.environment["FOLIO_PDF_SAVE_CHILD"])
        let parts = setting.split(separator: "\t").map(String.init)
        try #require(parts.count == 3)
        Self.saveUntilKilled(firstChange: try #require(Int(parts[0])), folder: parts[1], file: parts[2])
    }

    /// The child: reports its process id, opens the copy of `file` in `folder` and restores it,
    /// then records changes from `firstChange` on, reporting each once the journal has it and
    /// again once it is saved, until it is killed (or, if no kill comes, for 10 s).
    static func saveUntilKilled(firstChange: Int, folder: String, file: String) -> Never {
        let reports = open(folder + "/reports", O_WRONLY | O_CLOEXEC)
        guard reports >= 0 else { exit(10) }
        let report = { (line: String) in _ = SystemCall.writeAll(reports, Array((line + "\n").utf8)) }
        report("pid \(getpid())")
        let scratch = PDFSaveScratch(folder: folder, file: file)
        guard let sequence = try? ChangeSequence(original: Document(path: Corpus.path(file))),
            let document = try? Document(path: scratch.document),
            let saver = try? scratch.saver(for: document)
        else { exit(11) }
        guard [.saved, .nothingToSave].contains(saver.restore()) else { exit(12) }
        let deadline = ContinuousClock.now + .seconds(10)
        var number = firstChange
        while ContinuousClock.now < deadline {
            guard (try? saver.stage(sequence.change(number))) != nil else { exit(13) }
            report("journaled \(number)")
            guard saver.save() == .saved else { exit(14) }
            report("saved \(number)")
            number += 1
        }
        exit(15)
    }
}

/// The changes the kill test's children make, the same in parent and child: change N of a
/// sequence is on one of six pages spread over the document; every fourth removes the
/// annotation added two changes before, every fourth from the third is a note, and the others
/// highlight one or two lines of the page's text, their quads the union of each line's
/// characters' boxes (as a selection makes them). Annotation N is named `folio-N`.
struct ChangeSequence {
    /// The pages changed, in order.
    let pages: [Int]
    /// Those pages' lines with two characters or more that are not white space.
    private let lines: [Int: [TextLine]]

    /// The sequence for the document `original` (the corpus file itself, never changed).
    init(original: Document) throws {
        let count = try original.pageCount
        pages = Array(Set((0..<6).map { $0 * (count - 1) / 5 })).sorted()
        var lines: [Int: [TextLine]] = [:]
        for page in pages {
            lines[page] = try original.text(page: page).blocks.flatMap(\.lines).filter { line in
                line.chars.filter { !$0.scalar.properties.isWhitespace }.count >= 2
            }
        }
        self.lines = lines
    }

    /// The page of change `number`.
    func page(_ number: Int) -> Int { pages[number % pages.count] }

    /// Change `number` (from 1).
    func change(_ number: Int) -> AnnotationChange {
        if number % 4 == 0 { return .remove(AnnotationID("folio-\(number - 2)"), page: page(number - 2)) }
        let page = page(number)
        let candidates = lines[page] ?? []
        let id = AnnotationID("folio-\(number)")
        guard number % 4 != 3, !candidates.isEmpty else {
            let corner = (x: Double(20 + number * 37 % 400), y: Double(20 + number * 53 % 600))
            let rect = TextRect(x0: corner.x, y0: corner.y, x1: corner.x + 20, y1: corner.y + 20)
            return .add(
                Annotation(
                    id: id, page: page, kind: .note, rect: rect, note: "Note \(number): a kill loses nothing.",
                    author: "Folio kill test"))
        }
        let first = number * 7 % candidates.count
        let chosen = candidates[first..<min(first + 1 + number % 2, candidates.count)]
        let quads = chosen.map { line in line.chars.dropFirst().reduce(line.chars[0].box) { $0.union($1.box) } }
        return .add(
            Annotation(
                id: id, page: page, kind: .highlight, colour: AnnotationColour(red: 1, green: 0.9, blue: 0),
                quads: quads, rect: quads.dropFirst().reduce(quads[0]) { $0.union($1) }, author: "Folio kill test"))
    }

    /// `base` (the annotations before change `changes.lowerBound`, in the order the pages list
    /// them), then the annotations after each of `changes`, in that order.
    func states(from base: [Annotation], applying changes: ClosedRange<Int>) -> [[Annotation]] {
        changes.reduce(into: [base]) { states, number in
            let list = AnnotationSidecar.applying(change(number), to: states[states.count - 1])
            states.append(pages.flatMap { page in list.filter { $0.page == page } })
        }
    }

    /// The annotations the sequence made that `document` holds, on its pages in order.
    func folioAnnotations(in document: Document) throws -> [Annotation] {
        try pages.flatMap { try document.annotations(page: $0) }.filter { $0.id.value.hasPrefix("folio-") }
    }
}

/// A kill test's folder: a copy of a corpus PDF, the state folder, the reports FIFO.
final class PDFSaveScratch {
    let folder: String
    let file: String
    /// The copy's original bytes, what `qpdf --check` said of them, and what `mutool info` and
    /// `mutool draw` said of the pages changed.
    private(set) var original = Data()
    private(set) var originalCheck = QPDFCheck(status: 0, output: "")
    private(set) var mutoolSaidOfTheOriginal: [String] = []
    private let owned: Bool

    var document: String { folder + "/" + file }
    var journals: String { folder + "/state/journals" }
    /// What killed saves left beside the document.
    var leftovers: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix("." + file) }
    }

    /// A new folder holding a copy of the corpus file `file`, whose `pages` (0-based) are
    /// changed, removed at the end.
    init(copying file: String, pages: [Int]) throws {
        folder = NSTemporaryDirectory() + "folio-pdf-kill-\(UUID().uuidString)"
        self.file = file
        owned = true
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        original = try Data(contentsOf: URL(fileURLWithPath: Corpus.path(file)))
        try original.write(to: URL(fileURLWithPath: document))
        originalCheck = try qpdfCheck()
        mutoolSaidOfTheOriginal = try mutoolSays(pages: pages)
    }

    /// The folder a parent made (in the child).
    init(folder: String, file: String) {
        self.folder = folder
        self.file = file
        owned = false
    }

    deinit {
        if owned { try? FileManager.default.removeItem(atPath: folder) }
    }

    /// A saver on `document` (the copy, just opened), with the copy's journal.
    func saver(for document: Document) throws -> AnnotationSaver {
        AnnotationSaver(
            path: self.document, document: document, fingerprint: try FileFingerprint.of(path: self.document),
            choice: .choose(writability: nil, isPDF: true, preference: .pdf),
            journal: try AnnotationJournal(document: self.document, folder: journals), sidecar: nil)
    }

    /// What `qpdf --check` says of the copy.
    func qpdfCheck() throws -> QPDFCheck {
        let run = try Self.run(["/usr/bin/qpdf", "--check", document])
        return QPDFCheck(status: run.status, output: run.output + run.errors)
    }

    /// Runs a tool through ``ChildProcess``, whose child closes the descriptors it inherits in
    /// one call: Foundation's `Process` closes them one by one, holding for tens of
    /// milliseconds the journal locks other tests in this process have just released.
    private static func run(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let outcome = try ChildProcess.run(ChildProcess.Request(arguments, outputLimit: 1 << 20, timeLimit: 120_000))
        let status: Int32 = if case .exited(let code) = outcome.termination { code } else { -1 }
        return (
            status, String(decoding: outcome.output, as: UTF8.self),
            String(decoding: outcome.errorOutput, as: UTF8.self)
        )
    }

    /// The status and messages of `mutool info` and of `mutool draw` (quiet, to small images in
    /// the folder) on `pages` (0-based) of the copy: an error, or a repair, says it is damaged.
    func mutoolSays(pages: [Int]) throws -> [String] {
        let list = pages.map { String($0 + 1) }.joined(separator: ",")
        return try [
            ["info", document, list], ["draw", "-q", "-r", "20", "-o", folder + "/page-%d.png", document, list],
        ]
        .map { arguments in
            let run = try Self.run(["/usr/bin/mutool"] + arguments)
            return "mutool \(arguments[0]): \(run.status): \(run.errors)"
        }
    }

    /// Runs a child that records changes from `firstChange` on, sends it SIGKILL `killAfter`
    /// microseconds after it starts, and returns what it reported.
    func runChild(firstChange: Int, killAfter: Int) throws -> ReportListener.Reports {
        let fifo = folder + "/reports"
        unlink(fifo)
        #expect(mkfifo(fifo, 0o600) == 0)
        let listener = try ReportListener(fifo: fifo, killAfter: killAfter)
        let outcome = try ChildProcess.run(
            ChildProcess.Request(
                [
                    "/usr/bin/env", "FOLIO_PDF_SAVE_CHILD=\(firstChange)\t\(folder)\t\(file)",
                    PDFAnnotationKillTests.testBinary, "--testing-library", "swift-testing", "--filter",
                    "childSavesIntoAPDFUntilKilled",
                ], timeLimit: 60_000))
        let reports = listener.finish()
        #expect(outcome.termination == .signalled(SIGKILL), "\(String(decoding: outcome.output, as: UTF8.self))")
        return reports
    }
}

/// `qpdf --check`'s verdict: its exit status (0; 3 with warnings) and all it printed.
struct QPDFCheck: Equatable {
    var status: Int32
    var output: String

    /// Whether qpdf and mutool are installed.
    static let toolsAvailable = ["/usr/bin/qpdf", "/usr/bin/mutool"].allSatisfy {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}

/// Where a kill test's kills landed, from what the children reported.
struct KillTally: CustomStringConvertible {
    /// Before the first change was journaled (opening, restoring).
    var atStart = 0
    /// After a change was journaled and before its save returned.
    var inSaves = 0
    /// After a save returned and before the next change was journaled.
    var betweenSaves = 0
    /// Kills that left a temporary file beside the document.
    var leftTemporaryFiles = 0

    mutating func count(_ reports: ReportListener.Reports, leftover: Int) {
        if reports.journaled.isEmpty {
            atStart += 1
        } else if reports.journaled.last != reports.saved.last {
            inSaves += 1
        } else {
            betweenSaves += 1
        }
        leftTemporaryFiles += leftover
    }

    var description: String {
        "\(atStart) at start-up, \(inSaves) in a save, \(betweenSaves) between saves, "
            + "\(leftTemporaryFiles) leaving a temporary file"
    }

    func summary(_ file: String, kills: Int, changes: Int, seed: UInt64, since start: ContinuousClock.Instant) -> String
    {
        "kill -9 into \(file): \(kills) kills (seed \(seed)): \(self); \(changes) changes saved and each restored, "
            + "in \(ContinuousClock.now - start)"
    }
}
