import Dispatch
import FolioConfiguration
import FolioCore
import FolioSyncTeX
import FolioSystem
import Glibc

/// The reader's SyncTeX work, off the session's loop: forward search (a source line to its boxes
/// on the pages) and inverse search (a point of a page to its source line, then the editor
/// command run on it). The SyncTeX data is read on one serial queue (libsynctex is not
/// thread-safe), once per version of the PDF; the editor runs on another, so an editor that
/// hangs until its time limit never holds up a forward search.
final class ReaderSyncTeX: @unchecked Sendable {
    private let pdfPath: String
    /// How long the editor command may run, in milliseconds, before it is stopped and reported.
    private let editorTimeLimit: Int
    private let editor: EditorCommand?
    private let post: @Sendable (ReaderMail) -> Void
    private let queue = DispatchQueue(label: "folio.synctex")
    private let editorQueue = DispatchQueue(label: "folio.synctex.editor")
    /// The SyncTeX data read, and the PDF's and the SyncTeX file's fingerprints when it was
    /// read (on ``queue`` only).
    private var opened: (document: SyncTeXDocument, pdf: FileFingerprint, syncTeX: FileFingerprint)?

    /// SyncTeX for the PDF at `pdfPath`, opening sources with `editor` (nil: the source is named on
    /// the status line only), which may run `editorTimeLimit` milliseconds; results go to `post`.
    init(
        pdfPath: String, editor: EditorCommand?, editorTimeLimit: Int, post: @escaping @Sendable (ReaderMail) -> Void
    ) {
        self.pdfPath = pdfPath
        self.editor = editor
        self.editorTimeLimit = editorTimeLimit
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
            // The name comes from the SyncTeX file: one that is no file here (a document built
            // elsewhere), or holds control characters, is never handed to an editor.
            guard Self.isRegularFile(source.input), !source.input.unicodeScalars.contains(where: Self.isControl) else {
                let shown = TerminalSafeText.sanitized(name)
                post(.event(.notice(.sourceNotFound(reason: "\(shown):\(source.line) is not a file here"))))
                return
            }
            guard let editor else {
                post(.event(.notice(.sourceFound(file: name, line: source.line))))
                return
            }
            let arguments = editor.arguments(input: source.input, line: source.line, column: source.column)
            editorQueue.async { [post, editorTimeLimit] in
                post(.event(.notice(Self.run(arguments, naming: name, line: source.line, timeLimit: editorTimeLimit))))
            }
        }
    }

    /// Whether `path` names a regular file (links followed).
    private static func isRegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(FileSystemName.cString(path), &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// The file's name as the user would say it: relative to the PDF's folder when inside it.
    func displayName(of input: String) -> String {
        let folder = Interactive.canonical(pdfPath).split(separator: "/").dropLast().joined(separator: "/")
        let prefix = "/" + folder + "/"
        return input.hasPrefix(prefix) ? String(input.dropFirst(prefix.count)) : input
    }

    /// The SyncTeX data of the PDF as it is now: read again after the PDF or its SyncTeX file
    /// changed (a rebuild writes one, then the other).
    private func document() throws(SyncTeXError) -> SyncTeXDocument {
        if let opened, (try? FileFingerprint.of(path: pdfPath)) == opened.pdf,
            (try? FileFingerprint.of(path: opened.document.syncTeXPath)) == opened.syncTeX
        {
            return opened.document
        }
        opened = nil
        // Taken before the data is read: a change while it is read makes the next search read again.
        let pdf = try? FileFingerprint.of(path: pdfPath)
        let document = try SyncTeXDocument(pdfPath: pdfPath)
        if let pdf, let syncTeX = try? FileFingerprint.of(path: document.syncTeXPath) {
            opened = (document, pdf, syncTeX)
        }
        return document
    }

    /// Runs the editor command `arguments` for line `line` of `name`, for at most `timeLimit`
    /// milliseconds: the notice of how it went.
    private static func run(_ arguments: [String], naming name: String, line: Int, timeLimit: Int) -> Notice {
        let outcome: ChildProcess.Outcome
        do throws(ChildProcess.SpawnError) {
            outcome = try ChildProcess.run(
                ChildProcess.Request(arguments, outputLimit: 4096, timeLimit: timeLimit))
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
            let limit = timeLimit % 1000 == 0 ? "\(timeLimit / 1000) s" : "\(timeLimit) ms"
            return .editorFailed(reason: "\(arguments[0]) was still running after \(limit) and was stopped")
        }
    }
}
