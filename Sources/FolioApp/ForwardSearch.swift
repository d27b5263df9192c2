public import FolioCore
import FolioSystem
import Glibc

/// `folio --synctex-forward LINE:COLUMN:TEXFILE DOC.pdf`: the reader showing DOC goes to the place
/// typeset from that source line (through its remote-control socket), or, with none running, a
/// reader starts on DOC there when Folio runs in a terminal.
public enum ForwardSearch {
    /// What the command comes to.
    public enum Outcome: Sendable, Equatable {
        /// A running reader answered, or the command failed: the line to print on standard
        /// output (`ok …`, `error: …`) and the exit status.
        case answered(line: String, status: Int32)
        /// No reader shows the document: start one at `target`.
        case startReader(SyncTeXTarget)
    }

    /// Runs the command for `text` (`LINE:COLUMN:TEXFILE`, as typed) and the document at `path`
    /// through `client`; `canStartReader` when standard input and output are a terminal.
    public static func run(
        _ text: String, document path: String, client: RemoteClient, canStartReader: Bool
    ) -> Outcome {
        let target: SyncTeXTarget
        do throws(SyncTeXTargetError) {
            target = try absolute(SyncTeXTarget(parsing: text))
        } catch {
            return .answered(line: RemoteReply.failure(error.description).line, status: 1)
        }
        switch client.reader(target: path) {
        case .success(let reader):
            let reply = client.exchange(.syncTeX(target.description), with: reader)
            return .answered(line: reply.line, status: reply.isOK ? 0 : 1)
        case .failure(let problem):
            guard canStartReader, problem.noneShowing else {
                let shown = TerminalSafeText.sanitized(FileSystemName.displayed(path))
                let hint = problem.noneShowing ? " (start one in a terminal: folio \(shown))" : ""
                return .answered(line: RemoteReply.failure(problem.reason + hint).line, status: 1)
            }
            return .startReader(target)
        }
    }

    /// `target` with its source file made absolute against the current folder: the reader may
    /// run in another.
    public static func absolute(_ target: SyncTeXTarget) -> SyncTeXTarget {
        guard !target.input.hasPrefix("/"), let directory = getcwd(nil, 0) else { return target }
        defer { free(directory) }
        let folder = FileSystemName.decode(UnsafeRawBufferPointer(start: directory, count: strlen(directory)))
        var absolute = target
        absolute.input = folder + "/" + target.input
        return absolute
    }
}
