import FolioCore
import FolioDocument
import FolioState
import FolioSystem
import FolioTestSupport
import Foundation
import Testing

@testable import FolioApp

/// `scripts/bench --annotations`' harness, run only when `FOLIO_SAVE_BENCH` names the JSON file to
/// write: annotations recorded on a copy of the 1,158-page corpus manual through the real
/// pipeline (``AnnotationSaver/record(_:)``: the journal flushed, the change applied by MuPDF,
/// the update written into a temporary file beside the copy, flushed and renamed over it, the
/// folder flushed, the journal marked), timed in this process. Each run opens a fresh copy (not
/// timed) and records four highlights, then a note; once as Folio saves (the temporary file
/// starts empty and MuPDF copies the original bytes into it), once with the temporary file
/// starting as a copy of the original (which MuPDF then compares with the bytes it read).
///
/// `FOLIO_SAVE_BENCH_RUNS` sets the runs (default 5), `FOLIO_SAVE_BENCH_FOLDER` where the copies
/// go (default: the temporary folder; the figures include `fsync`, so the disk matters).
@Suite(.enabled(if: ProcessInfo.processInfo.environment["FOLIO_SAVE_BENCH"] != nil, "scripts/bench --annotations"))
struct AnnotationSaveBenchmark {
    static let environment = ProcessInfo.processInfo.environment
    static let document = "debian-octave.pdf"
    /// The pages annotated: the first, the middle and the last of the manual.
    static let pages = [0, 578, 1157]

    /// One recorded change's figures.
    struct Sample: Encodable {
        /// `empty` or `copy`: how the temporary file started.
        var start: String
        var run: Int
        /// Which change of the run (from 1) and its kind (`highlight`, `note`).
        var order: Int
        var kind: String
        /// Journaling and applying the change, and saving it, in milliseconds.
        var stageMilliseconds: Double
        var saveMilliseconds: Double
        /// How many bytes the file grew.
        var grewBy: Int64
    }

    @Test func savingAnnotationsOnTheManual() throws {
        let output = try #require(Self.environment["FOLIO_SAVE_BENCH"])
        let runs = Self.environment["FOLIO_SAVE_BENCH_RUNS"].flatMap { Int($0) } ?? 5
        let parent = Self.environment["FOLIO_SAVE_BENCH_FOLDER"] ?? NSTemporaryDirectory()
        let folder = parent + "/folio-save-bench-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let original = try Document(path: Corpus.path(Self.document))
        let lines = try Self.pages.map {
            try original.text(page: $0).blocks.flatMap(\.lines).filter { $0.chars.count > 8 }
        }
        var samples: [Sample] = []
        for run in 1...runs {
            for start in [SafeReplacement.Start.empty, .copyOfOriginal] {
                samples += try Self.record(run: run, start: start, lines: lines, in: folder)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(samples).write(to: URL(fileURLWithPath: output))
    }

    /// One run: a fresh copy, four highlights over lines of `lines` (the pages' lines) and a note.
    static func record(run: Int, start: SafeReplacement.Start, lines: [[TextLine]], in folder: String) throws
        -> [Sample]
    {
        let path = folder + "/manual-\(run)-\(start == .empty ? "empty" : "copy").pdf"
        // The bytes, not the file: the corpus is read-only.
        try Data(contentsOf: URL(fileURLWithPath: Corpus.path(Self.document))).write(to: URL(fileURLWithPath: path))
        let document = try Document(path: path)
        let writer: any AnnotationWriting = start == .empty ? document : CopyingWriter(document)
        let saver = AnnotationSaver(
            path: path, document: writer, fingerprint: try FileFingerprint.of(path: path),
            choice: .choose(writability: nil, isPDF: true, preference: .pdf),
            journal: try AnnotationJournal(document: path, folder: folder + "/state-\(run)"), sidecar: nil)
        var samples: [Sample] = []
        for order in 1...5 {
            let page = pages[order % pages.count]
            let candidates = lines[order % pages.count]
            let change =
                order < 5 && !candidates.isEmpty
                ? highlight(candidates[order * 3 % candidates.count], page: page) : note(page: page)
            let before = try FileFingerprint.of(path: path).size
            let clock = ContinuousClock()
            let staged = try clock.measure { try saver.stage(change) }
            var outcome = AnnotationSaveOutcome.nothingToSave
            let saved = clock.measure { outcome = saver.save() }
            try #require(outcome == .saved, "\(outcome)")
            samples.append(
                Sample(
                    start: start == .empty ? "empty" : "copy", run: run, order: order,
                    kind: change.isNote ? "note" : "highlight", stageMilliseconds: staged / .microseconds(1) / 1000,
                    saveMilliseconds: saved / .microseconds(1) / 1000,
                    grewBy: try FileFingerprint.of(path: path).size - before))
        }
        return samples
    }

    static func highlight(_ line: TextLine, page: Int) -> AnnotationChange {
        let box = line.chars.dropFirst().reduce(line.chars[0].box) { $0.union($1.box) }
        return .add(
            Annotation(
                id: .unique(), page: page, kind: .highlight, colour: AnnotationColour(red: 1, green: 0.9, blue: 0),
                quads: [box], rect: box, author: "Folio benchmark"))
    }

    static func note(page: Int) -> AnnotationChange {
        .add(
            Annotation(
                id: .unique(), page: page, kind: .note, rect: TextRect(x0: 500, y0: 60, x1: 520, y1: 80),
                note: "A note of a benchmark, about as long as a reader's remark.", author: "Folio benchmark"))
    }
}

extension AnnotationChange {
    fileprivate var isNote: Bool {
        if case .add(let annotation) = self { annotation.kind == .note } else { false }
    }
}

/// The document as a writer that wants its temporary file to start as a copy of the original:
/// how saves went before the writer chose.
private final class CopyingWriter: AnnotationWriting {
    let document: Document
    init(_ document: Document) { self.document = document }
    var temporaryFileStart: SafeReplacement.Start { .copyOfOriginal }
    func apply(_ change: AnnotationChange) throws(DocumentError) { try document.apply(change) }
    func writeIncrementalUpdate(appendingTo path: String) throws(DocumentError) {
        try document.writeIncrementalUpdate(appendingTo: path)
    }
}
