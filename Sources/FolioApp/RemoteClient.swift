import Dispatch
public import FolioCommandLine
public import FolioCore
import FolioSystem
import Foundation
import Glibc

/// `folio --remote`: finds the running readers by their sockets in the runtime folder, picks
/// one (``send(_:to:)``), sends it one request line and prints its one-line reply.
///
/// Every outcome is one line on standard output, `ok …` (exit 0) or `error: …` (exit 1): the
/// reader's reply, or the client's own reason (`error: no Folio reader is running`). A reply is
/// printed with its control characters replaced (``RemoteReply/line``).
public struct RemoteClient: Sendable {
    /// The runtime folder's path.
    public var folderPath: String
    /// The user whose folder it must be.
    public var userID: UInt32
    /// How long connecting, sending and waiting for the reply may take together, in
    /// milliseconds.
    public var timeLimit: Int

    /// One running reader, as its socket names it.
    public struct Reader: Sendable, Equatable {
        /// Its process ID.
        public var processID: Int32
        /// Its socket's path.
        public var socketPath: String
    }

    /// A client of the sockets in the folder at `folderPath`, which must belong to `userID`.
    public init(folderPath: String, userID: UInt32, timeLimit: Int = 5000) {
        self.folderPath = folderPath
        self.userID = userID
        self.timeLimit = timeLimit
    }

    /// The client of this user's standard runtime folder (`XDG_RUNTIME_DIR` read from
    /// `environment`).
    public static func standard(environment: [String: String]) -> RemoteClient {
        let userID = getuid()
        return RemoteClient(
            folderPath: RuntimeFolder.standardPath(environment: environment, userID: userID), userID: userID)
    }

    /// Runs `folio --remote` as `options` say, printing to `output`; returns the exit status.
    public func run(_ options: Options, output: Output) -> Int32 {
        if options.listsReaders {
            switch list() {
            case .success(let lines):
                for line in lines { output.write(line + "\n") }
            case .failure(let problem):
                output.write(RemoteReply.failure(problem.reason).line + "\n")
                output.flush()
                return 1
            }
            output.flush()
            return 0
        }
        guard var request = options.remoteRequest else { return 2 }
        // A source file named relative to this folder is named absolute: the reader runs in another.
        if case .syncTeX(let text) = request, let target = try? SyncTeXTarget(parsing: text) {
            request = .syncTeX(ForwardSearch.absolute(target).description)
        }
        let reply = send(request, to: options.remoteTarget)
        output.write(reply.line + "\n")
        output.flush()
        return reply.isOK ? 0 : 1
    }

    /// The reply to `request` from the reader `target` names (a process ID when all digits,
    /// else a file it shows), or from the only one running when `target` is nil; a failure
    /// saying why when there is no such reader, or no one reader.
    public func send(_ request: RemoteRequest, to target: String?) -> RemoteReply {
        switch reader(target: target) {
        case .success(let reader): exchange(request, with: reader)
        case .failure(let problem): .failure(problem.reason)
        }
    }

    /// `--list`'s lines: `PID<TAB>PAGE<TAB>FILE` for each running reader, by process ID (`-`
    /// for the page and the reader's reason in brackets for the file when it has no document
    /// open or does not answer).
    public func list() -> Result<[String], RemoteClientError> {
        readers().map { readers in
            zip(readers, pages(of: readers)).map { reader, reply in
                if case .ok(let text) = reply, let report = RemotePageReport(line: text) {
                    return "\(reader.processID)\t\(report.page)\t\(TerminalSafeText.sanitized(report.file))"
                }
                let reason = if case .failure(let reason) = reply { reason } else { "unexpected reply" }
                return "\(reader.processID)\t-\t(\(TerminalSafeText.sanitized(reason)))"
            }
        }
    }

    /// The running readers, by process ID; the stale sockets found on the way are removed.
    public func readers() -> Result<[Reader], RemoteClientError> {
        switch RuntimeFolder.prepare(at: folderPath, userID: userID, creating: false) {
        case .success(let folder):
            RemoteSockets.removeStale(in: folder)
            let readers = folder.names(endingWith: ".sock").compactMap { name in
                RemoteSockets.processID(ofSocketNamed: name).map {
                    Reader(processID: $0, socketPath: folder.path(of: name))
                }
            }
            return .success(readers.sorted { $0.processID < $1.processID })
        case .failure(.missing): return .success([])
        case .failure(let problem): return .failure(RemoteClientError(reason: problem.description))
        }
    }

    /// The reader `target` names (a process ID when all digits, else a file it shows), or the
    /// only one running when `target` is nil.
    func reader(target: String?) -> Result<Reader, RemoteClientError> {
        readers().flatMap { readers in
            guard !readers.isEmpty else {
                return .failure(RemoteClientError(reason: "no Folio reader is running", noneShowing: true))
            }
            guard let target else {
                guard readers.count == 1 else {
                    return .failure(
                        RemoteClientError(
                            reason: "\(readers.count) Folio readers are running; choose one with --to FILE or --to PID "
                                + "(folio --remote --list lists them)"))
                }
                return .success(readers[0])
            }
            if let processID = Int32(target), target.allSatisfy({ $0.isASCII && $0.isNumber }) {
                guard let reader = readers.first(where: { $0.processID == processID }) else {
                    return .failure(RemoteClientError(reason: "no Folio reader runs as process \(processID)"))
                }
                return .success(reader)
            }
            let wanted = TerminalSafeText.sanitized(Interactive.canonical(target))
            let replies = pages(of: readers)
            let showing = zip(readers, replies).filter { _, reply in
                guard case .ok(let text) = reply, let report = RemotePageReport(line: text) else { return false }
                return report.file == wanted
            }.map(\.0)
            let shown = TerminalSafeText.sanitized(FileSystemName.displayed(target))
            let silent = replies.filter { !$0.isOK && $0 != .failure("no document is open") }.count
            switch showing.count {
            case 0 where silent > 0:
                // One that did not answer may be showing it: never taken as none showing it.
                return .failure(
                    RemoteClientError(
                        reason: "no Folio reader that answered is showing \(shown), and \(silent) did not answer "
                            + "(one suspended with Ctrl-Z?); choose one with --to PID (folio --remote --list lists them)"
                    ))
            case 0: return .failure(RemoteClientError(reason: "no Folio reader is showing \(shown)", noneShowing: true))
            case 1: return .success(showing[0])
            default:
                return .failure(
                    RemoteClientError(
                        reason: "\(showing.count) Folio readers are showing \(shown); choose one with --to PID "
                            + "(folio --remote --list lists them)"))
            }
        }
    }

    /// How long a reader asked where it is, to find the one showing a file or to list them, has
    /// to answer, in milliseconds (all are asked at once): one that is suspended or stuck costs
    /// no more.
    static let probeTime = 1000

    /// Each reader's answer to `page`, in order, all asked at once.
    private func pages(of readers: [Reader]) -> [RemoteReply] {
        let replies = LockedReplies(count: readers.count)
        DispatchQueue.concurrentPerform(iterations: readers.count) { index in
            replies.set(index, exchange(.page, with: readers[index], within: min(timeLimit, Self.probeTime)))
        }
        return replies.all
    }

    /// Sends `request` to `reader` and reads its reply, within `limit` milliseconds (the client's
    /// time limit when nil).
    func exchange(_ request: RemoteRequest, with reader: Reader, within limit: Int? = nil) -> RemoteReply {
        let deadline = MonotonicClock.milliseconds() + (limit ?? timeLimit)
        let socket: UnixSocket
        switch UnixSocket.connect(to: reader.socketPath, deadline: deadline) {
        case .success(let connected): socket = connected
        case .failure(let failure) where failure.code == ETIMEDOUT:
            return .failure("the reader (process \(reader.processID)) is too busy to take a request")
        case .failure(let failure):
            return .failure("cannot reach the reader (process \(reader.processID)): \(failure)")
        }
        // A write refused because the reader closed early still leaves its reply to read.
        _ = socket.sendAll(Array((request.line + "\n").utf8), deadline: deadline)
        switch socket.receiveLine(limit: RemoteReply.longestText + 64, deadline: deadline) {
        case .success(let bytes) where !bytes.isEmpty:
            return RemoteReply(line: String(decoding: bytes, as: UTF8.self))
                ?? .failure("the reader (process \(reader.processID)) answered something unexpected")
        case .success: return .failure("the reader (process \(reader.processID)) closed without answering")
        case .failure(let failure) where failure.code == ETIMEDOUT:
            return .failure("the reader (process \(reader.processID)) did not answer in time")
        case .failure(let failure):
            return .failure("no answer from the reader (process \(reader.processID)): \(failure)")
        }
    }
}

/// The replies of readers asked at once, each kept in its place.
private final class LockedReplies: @unchecked Sendable {
    private let lock = NSLock()
    private var replies: [RemoteReply]

    init(count: Int) {
        replies = Array(repeating: .failure("not asked"), count: count)
    }

    func set(_ index: Int, _ reply: RemoteReply) {
        lock.withLock { replies[index] = reply }
    }

    var all: [RemoteReply] { lock.withLock { replies } }
}

/// Why `folio --remote` found no reader to send to, printed as `error: REASON`.
public struct RemoteClientError: Error, Sendable, Equatable {
    /// What went wrong, in words.
    public var reason: String
    /// Whether no reader runs, or none shows the file asked for (`--synctex-forward` then starts
    /// one, in a terminal).
    public var noneShowing = false
}
