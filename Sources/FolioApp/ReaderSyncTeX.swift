import Dispatch
import FolioConfiguration
import FolioCore
import FolioSyncTeX
import FolioSystem

/// The reader's SyncTeX work, off the session's loop: forward search (a source line to its boxes
/// on the pages) and inverse search (a point of a page to its source line, then the editor
/// command run on it). The SyncTeX data is read on one serial queue (libsynctex is not
/// thread-safe), once per version of the PDF; the editor runs on another, so an editor that
/// hangs until its time limit never holds up a forward search.
final class ReaderSyncTeX: @unchecked Sendable {
    /// How long the editor command may run, in milliseconds, before it is stopped and reported.
    static let editorTimeLimit = 5000

    private let pdfPath: String
    private let editor: EditorCommand?
    private let post: @Sendable (ReaderMail) -> Void
    private let queue = DispatchQueue(label: "folio.synctex")
    private let editorQueue = DispatchQueue(label: "folio.synctex.editor")
    /// The SyncTeX data read, and the PDF's fingerprint when it was read (on ``queue`` only).
    private var opened: (document: SyncTeXDocument, pdf: FileFingerprint?)?

    /// SyncTeX for the PDF at `pdfPath`, opening sources with `editor` (nil: the source is named on
    /// the status line only); results go to `post`.
    init(pdfPath: String, editor: EditorCommand?, post: @escaping @Sendable (ReaderMail) -> Void) {
        self.pdfPath = pdfPath
        self.editor = editor
        self.post = post
    }

    /// Finds the boxes typeset from `target`, then calls `found` (on the SyncTeX queue).
    func forward(
        _ target: SyncTeXTarget, found: @escaping @Sendable (Result<[SyncTeXBox], SyncTeXError>) -> Void
    ) {
        queue.async { [self] in
            found(
                Result { () throws(SyncTeXError) -> [SyncTeXBox] in
                    try document().places(input: target.input, line: target.line, column: target.column)
                })
        }
    }

    /// Finds the source of the point (`x`, `y`) of `page` and opens it in the editor; what
    /// happened comes back as a notice.
    func openSource(page: Int, x: Double, y: Double) {
        queue.async { [self] in
            let source: SyncTeXSource
            do throws(SyncTeXError) {
                source = try document().source(page: page, x: x, y: y)
            } catch {
                post(.event(.notice(.sourceNotFound(reason: error.description))))
                return
            }
            let name = displayName(of: source.input)
            guard let editor else {
                post(.event(.notice(.sourceFound(file: name, line: source.line))))
                return
            }
            let arguments = editor.arguments(input: source.input, line: source.line, column: source.column)
            editorQueue.async { [post] in
                post(.event(.notice(Self.run(arguments, naming: name, line: source.line))))
            }
        }
    }

    /// The file's name as the user would say it: relative to the PDF's folder when inside it.
    func displayName(of input: String) -> String {
        let folder = Interactive.canonical(pdfPath).split(separator: "/").dropLast().joined(separator: "/")
        let prefix = "/" + folder + "/"
        return input.hasPrefix(prefix) ? String(input.dropFirst(prefix.count)) : input
    }

    /// The SyncTeX data of the PDF as it is now: read again after the PDF changed (a rebuild).
    private func document() throws(SyncTeXError) -> SyncTeXDocument {
        let fingerprint = try? FileFingerprint.of(path: pdfPath)
        if let opened, opened.pdf == fingerprint, fingerprint != nil {
            return opened.document
        }
        opened = nil
        let document = try SyncTeXDocument(pdfPath: pdfPath)
        opened = (document, fingerprint)
        return document
    }

    /// Runs the editor command `arguments` for line `line` of `name`: the notice of how it went.
    private static func run(_ arguments: [String], naming name: String, line: Int) -> Notice {
        let outcome: ChildProcess.Outcome
        do throws(ChildProcess.SpawnError) {
            outcome = try ChildProcess.run(
                ChildProcess.Request(arguments, outputLimit: 4096, timeLimit: editorTimeLimit))
        } catch {
            return .editorFailed(reason: error.description)
        }
        let said =
            String(decoding: outcome.errorOutput.isEmpty ? outcome.output : outcome.errorOutput, as: UTF8.self)
            .split(whereSeparator: \.isNewline).first.map { ": " + $0 } ?? ""
        switch outcome.termination {
        case .exited(0): return .sourceOpened(file: name, line: line)
        case .exited(let status): return .editorFailed(reason: "\(arguments[0]) exited with status \(status)\(said)")
        case .signalled(let signal): return .editorFailed(reason: "\(arguments[0]) was killed by signal \(signal)")
        case .timedOut:
            return .editorFailed(
                reason: "\(arguments[0]) was still running after \(editorTimeLimit / 1000) s and was stopped")
        }
    }
}
