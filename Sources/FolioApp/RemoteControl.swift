public import FolioCore
public import FolioSystem
import FolioTerminal
import Foundation
import Glibc

/// The limits a ``RemoteControl`` holds every client to, so that no client (slow, malformed,
/// hostile or one of a flood) can block, slow or crash the reader.
public struct RemoteLimits: Sendable, Equatable {
    /// The longest request line, in bytes without its newline; a longer one is answered
    /// `error: request too long`.
    public var requestBytes: Int
    /// How long a client has from connecting to the end of its request line (and again to read
    /// its reply), in milliseconds; then it is answered `error: request incomplete`.
    public var requestTime: Int
    /// How many clients are served at once; one more is answered `error: busy` at once.
    public var clients: Int
    /// How long the reader has to answer a request, in milliseconds; then the client is answered
    /// `error: the reader did not answer`.
    public var answerTime: Int

    /// Limits with these values.
    public init(requestBytes: Int, requestTime: Int, clients: Int, answerTime: Int) {
        self.requestBytes = requestBytes
        self.requestTime = requestTime
        self.clients = clients
        self.answerTime = answerTime
    }

    /// The reader's limits: 4096 bytes, 2 s to send a request, 32 clients, 5 s to answer.
    public static let standard = RemoteLimits(requestBytes: 4096, requestTime: 2000, clients: 32, answerTime: 5000)
}

/// Why the remote-control socket could not be started.
public enum RemoteControlError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The runtime folder was refused or could not be made.
    case folder(RuntimeFolderError)
    /// The socket at the path could not be made.
    case socket(String, SystemError)

    public var description: String {
        switch self {
        case .folder(let problem): "remote control: \(problem)"
        case .socket(let path, let failure):
            "remote control: cannot listen at \(TerminalSafeText.sanitized(FileSystemName.displayed(path))): \(failure)"
        }
    }
}

/// Answers one remote request: ``reply(_:)`` may be called once, from any thread; later calls,
/// and a call after the reader's time to answer has run out, are dropped.
public struct RemoteResponder: Sendable {
    fileprivate let inbox: RemoteInbox
    fileprivate let client: UInt64

    /// Sends `reply` to the client (the server's thread writes it, without blocking).
    public func reply(_ reply: RemoteReply) {
        inbox.deliver(reply, to: client)
    }
}

/// A reader's remote-control socket: `<pid>.sock` in the user's ``RuntimeFolder``, served by a
/// thread of its own (`poll` over the listening socket, the clients and a wake pipe), so that
/// nothing a client does reaches the reader's loop except a parsed ``RemoteRequest``.
///
/// A client sends one line and gets one line back (``RemoteRequest``, ``RemoteReply``), then
/// the connection is closed. A client whose user is not ours (`SO_PEERCRED`) is closed before
/// anything is read (``refusedPeers`` counts them); every other is held to ``RemoteLimits``. A
/// line that is no request is answered by the server itself; a request goes to ``handler``,
/// or is answered `error: no document is open` when there is none.
public final class RemoteControl: @unchecked Sendable {
    /// The socket's path.
    public let socketPath: String

    private let listener: UnixSocket
    private let inbox: RemoteInbox
    private let limits: RemoteLimits
    private let userID: UInt32
    private let lock = NSLock()
    private var currentHandler: (@Sendable (RemoteRequest, RemoteResponder) -> Void)?
    private var refusals = 0
    private var stopping = false
    private let ended = DispatchSemaphore(value: 0)
    private let socketIdentity: (device: UInt64, inode: UInt64)?
    private var thread: Thread?

    /// What carries out a request, on the server's thread: it must not block (hand the request
    /// to the reader's loop, which replies through the ``RemoteResponder`` when it is done). Set
    /// when a document is open, cleared when it closes.
    public var handler: (@Sendable (RemoteRequest, RemoteResponder) -> Void)? {
        get { lock.withLock { currentHandler } }
        set { lock.withLock { currentHandler = newValue } }
    }

    /// How many clients of another user were closed unread.
    public var refusedPeers: Int { lock.withLock { refusals } }

    private init(socketPath: String, listener: UnixSocket, limits: RemoteLimits, userID: UInt32) {
        self.socketPath = socketPath
        self.listener = listener
        self.limits = limits
        self.userID = userID
        inbox = RemoteInbox()
        var status = stat()
        socketIdentity =
            lstat(FileSystemName.cString(socketPath), &status) == 0
            ? (UInt64(status.st_dev), UInt64(status.st_ino)) : nil
    }

    /// Starts this process's socket in the standard runtime folder
    /// (``RuntimeFolder/standardPath(environment:userID:)``: `XDG_RUNTIME_DIR` is read from
    /// `environment`), made when missing.
    public static func start(environment: [String: String]) -> Result<RemoteControl, RemoteControlError> {
        let userID = getuid()
        let path = RuntimeFolder.standardPath(environment: environment, userID: userID)
        return RuntimeFolder.prepare(at: path, userID: userID, creating: true).mapError(RemoteControlError.folder)
            .flatMap { start(in: $0) }
    }

    /// Starts a socket named `<processID>.sock` (default: this process's) in `folder`, after
    /// removing the stale sockets there (``RemoteSockets/removeStale(in:)``; a socket already
    /// under this name is one a process with this number left, and is replaced). `userID`
    /// (default: this process's) is the only user served.
    public static func start(
        in folder: RuntimeFolder, processID: Int32? = nil, userID: UInt32? = nil, limits: RemoteLimits = .standard
    ) -> Result<RemoteControl, RemoteControlError> {
        let path = folder.path(of: "\(processID ?? getpid()).sock")
        let userID = userID ?? getuid()
        RemoteSockets.removeStale(in: folder)
        unlink(FileSystemName.cString(path))
        return UnixSocket.listen(at: path).mapError { RemoteControlError.socket(path, $0) }.map { listener in
            let control = RemoteControl(socketPath: path, listener: listener, limits: limits, userID: userID)
            let thread = Thread { [control] in control.serve() }
            thread.name = "folio.remote"
            control.thread = thread
            thread.start()
            return control
        }
    }

    /// Ends the server (every exit path of the reader calls it; the thread keeps the server
    /// alive until then): its thread ends, every client is closed, and the socket is removed if the
    /// file at its path is still the one it made. Waits for the thread, except when called from
    /// it (from the handler). Calling it again does nothing.
    public func stop() {
        let first = lock.withLock {
            defer { stopping = true }
            return !stopping
        }
        guard first else { return }
        inbox.wake.wake()
        if Thread.current != thread {
            ended.wait()
        }
        removeSocket()
    }

    /// Removes the socket's file if it is still the one this server made.
    private func removeSocket() {
        var status = stat()
        guard let socketIdentity, lstat(FileSystemName.cString(socketPath), &status) == 0,
            UInt64(status.st_dev) == socketIdentity.device, UInt64(status.st_ino) == socketIdentity.inode
        else { return }
        unlink(FileSystemName.cString(socketPath))
    }

    // MARK: The server's thread

    /// One connected client, from its connection until its reply is written.
    private struct Client {
        enum Phase {
            /// Its request line is arriving.
            case reading
            /// The handler has its request.
            case awaitingAnswer
            /// Its reply is going out.
            case writing([UInt8], offset: Int)
        }

        let socket: UnixSocket
        var received: [UInt8] = []
        var phase = Phase.reading
        /// When the current phase runs out (``MonotonicClock`` milliseconds).
        var deadline: Int
    }

    /// The thread's loop: it ends when ``stop()`` is called, after a last try at sending the
    /// replies already made (the reader's answer to `quit` among them).
    private func serve() {
        var clients: [UInt64: Client] = [:]
        var nextID: UInt64 = 0
        // After an accept failed for want of descriptors, the listener waits out a pause: it
        // stays readable, and polling it at once again would spin.
        var acceptPausedUntil = 0
        defer {
            sendWhatIsReady(&clients)
            clients.removeAll()
            ended.signal()
        }
        while true {
            let polled = clients.filter { if case .awaitingAnswer = $0.value.phase { false } else { true } }
            let now = MonotonicClock.milliseconds()
            let accepting = now >= acceptPausedUntil
            var descriptors =
                [
                    pollfd(fd: inbox.wake.readDescriptor, events: Int16(POLLIN), revents: 0),
                    pollfd(fd: accepting ? listener.descriptor : -1, events: Int16(POLLIN), revents: 0),
                ]
                + polled.map { id, client in
                    let events = if case .writing = client.phase { POLLOUT } else { POLLIN }
                    return pollfd(fd: client.socket.descriptor, events: Int16(events), revents: 0)
                }
            let deadlines = clients.values.map(\.deadline) + (accepting ? [] : [acceptPausedUntil])
            let timeout = deadlines.map { max(0, $0 - now) }.min().map { Int32(clamping: $0) } ?? -1
            let ready = SystemCall.retryingInterrupts { poll(&descriptors, nfds_t(descriptors.count), timeout) }
            guard case .success = ready else {
                // Nothing can be served any more: the socket goes, so clients are told no reader
                // is there rather than left waiting.
                removeSocket()
                return
            }
            if descriptors[0].revents != 0 {
                inbox.wake.drain()
                for (id, reply) in inbox.takeReplies() where clients[id] != nil {
                    startWriting(reply, to: &clients[id]!)
                }
                if lock.withLock({ stopping }) { return }
            }
            for (index, id) in polled.keys.enumerated() where descriptors[index + 2].revents != 0 {
                clients[id] = clients[id].flatMap { serve(id, $0) }
            }
            if descriptors[1].revents != 0, !accept(into: &clients, nextID: &nextID) {
                acceptPausedUntil = MonotonicClock.milliseconds() + 100
            }
            expire(&clients)
        }
    }

    /// At the end: each reply made and not yet sent gets one try, without waiting (a reply is a
    /// line of at most 8 KiB, which a socket's buffer takes whole).
    private func sendWhatIsReady(_ clients: inout [UInt64: Client]) {
        for (id, reply) in inbox.takeReplies() where clients[id] != nil {
            startWriting(reply, to: &clients[id]!)
        }
        for (id, client) in clients {
            if case .writing = client.phase {
                _ = serve(id, client)
            }
        }
    }

    /// Accepts every waiting connection: another user's is closed unread, one beyond the
    /// limit is answered `busy`. False when accepting failed for want of descriptors (the
    /// process's or the system's), so the listener must wait before it is polled again.
    private func accept(into clients: inout [UInt64: Client], nextID: inout UInt64) -> Bool {
        while true {
            let accepted = listener.accept()
            guard case .success(let found) = accepted else {
                if case .failure(let failure) = accepted, failure.code == EMFILE || failure.code == ENFILE {
                    return false
                }
                return true
            }
            guard let connection = found else { return true }
            guard case .success(let peer) = connection.peerCredentials(), peer.userID == userID else {
                lock.withLock { refusals += 1 }
                continue
            }
            guard clients.count < limits.clients else {
                _ = connection.send(ArraySlice(Array((RemoteReply.failure("busy").line + "\n").utf8)))
                continue
            }
            nextID += 1
            clients[nextID] = Client(socket: connection, deadline: MonotonicClock.milliseconds() + limits.requestTime)
        }
    }

    /// The client `id` after reading from or writing to it (poll found it ready); nil once it
    /// is done with or gone.
    private func serve(_ id: UInt64, _ client: Client) -> Client? {
        var client = client
        switch client.phase {
        case .reading:
            var buffer = [UInt8](repeating: 0, count: limits.requestBytes + 1)
            switch client.socket.receive(into: &buffer) {
            case .success(0):
                startWriting(.failure("request incomplete"), to: &client)
            case .success(let count):
                client.received += buffer[..<count]
                if let newline = client.received.firstIndex(of: UInt8(ascii: "\n")) {
                    handle(Array(client.received[..<newline]), from: id, client: &client)
                } else if client.received.count > limits.requestBytes {
                    startWriting(.failure("request too long"), to: &client)
                }
            case .failure(let failure) where failure.code == EAGAIN: break
            case .failure: return nil
            }
        case .writing(let bytes, let offset):
            switch client.socket.send(bytes[offset...]) {
            case .success(let count) where offset + count >= bytes.count: return nil
            case .success(let count): client.phase = .writing(bytes, offset: offset + count)
            case .failure(let failure) where failure.code == EAGAIN: break
            case .failure: return nil
            }
        case .awaitingAnswer: break
        }
        return client
    }

    /// Answers the request line `line`, or hands it to the handler.
    private func handle(_ line: [UInt8], from id: UInt64, client: inout Client) {
        guard line.count <= limits.requestBytes else { return startWriting(.failure("request too long"), to: &client) }
        guard let text = String(validating: line, as: UTF8.self) else {
            return startWriting(.failure("the request is not UTF-8 text"), to: &client)
        }
        let request: RemoteRequest
        switch RemoteRequest.parse(text) {
        case .success(let parsed): request = parsed
        case .failure(let problem): return startWriting(.failure(problem.description), to: &client)
        }
        guard let handler else { return startWriting(.failure("no document is open"), to: &client) }
        client.phase = .awaitingAnswer
        client.deadline = MonotonicClock.milliseconds() + limits.answerTime
        inbox.await(id)
        handler(request, RemoteResponder(inbox: inbox, client: id))
    }

    /// Starts writing `reply` to the client, which has until the request time runs out again
    /// to read it.
    private func startWriting(_ reply: RemoteReply, to client: inout Client) {
        client.phase = .writing(Array((reply.line + "\n").utf8), offset: 0)
        client.deadline = MonotonicClock.milliseconds() + limits.requestTime
    }

    /// Deals with the clients whose time ran out: one still sending is answered `request
    /// incomplete`, one whose answer is late is answered for the reader, one not reading its
    /// reply is closed.
    private func expire(_ clients: inout [UInt64: Client]) {
        let now = MonotonicClock.milliseconds()
        for (id, client) in clients where client.deadline <= now {
            switch client.phase {
            case .reading: startWriting(.failure("request incomplete"), to: &clients[id]!)
            case .awaitingAnswer:
                if inbox.abandon(id) {
                    startWriting(.failure("the reader did not answer"), to: &clients[id]!)
                }
            case .writing: clients[id] = nil
            }
        }
    }
}

/// The replies handed to the server from other threads, and the clients still owed one.
private final class RemoteInbox: @unchecked Sendable {
    let wake = WakePipe()
    private let lock = NSLock()
    private var awaiting: Set<UInt64> = []
    private var replies: [(UInt64, RemoteReply)] = []

    /// Notes that `client` is owed a reply.
    func await(_ client: UInt64) {
        lock.withLock { _ = awaiting.insert(client) }
    }

    /// Hands over `reply` for `client` and wakes the server, if the client is still owed one.
    func deliver(_ reply: RemoteReply, to client: UInt64) {
        let owed = lock.withLock {
            guard awaiting.remove(client) != nil else { return false }
            replies.append((client, reply))
            return true
        }
        if owed { wake.wake() }
    }

    /// Gives up waiting for `client`'s reply; false when it has been delivered meanwhile.
    func abandon(_ client: UInt64) -> Bool {
        lock.withLock { awaiting.remove(client) != nil }
    }

    /// The replies delivered since the last call.
    func takeReplies() -> [(UInt64, RemoteReply)] {
        lock.withLock {
            defer { replies.removeAll() }
            return replies
        }
    }
}

/// The sockets in a runtime folder, and which of them crashed readers left.
public enum RemoteSockets {
    /// The process ID a socket's name `<pid>.sock` gives; nil for any other name.
    public static func processID(ofSocketNamed name: String) -> Int32? {
        guard name.hasSuffix(".sock") else { return nil }
        let digits = name.dropLast(5)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int32(digits)
    }

    /// Whether the socket at `path`, named for `processID`, was left by a reader that ended:
    /// nothing listens at it (a connection is refused), and no Folio runs as that process: none
    /// does (`kill(pid, 0)` fails with `ESRCH`), or the number now belongs to another program
    /// (its `/proc/PID/comm` is not `folio`), as after the reader crashed and its number was
    /// reused.
    public static func isStale(_ path: String, processID: Int32) -> Bool {
        guard case .failure(let failure) = UnixSocket.connect(to: path, deadline: MonotonicClock.milliseconds() + 100),
            failure.code == ECONNREFUSED
        else { return false }
        if kill(processID, 0) == -1, errno == ESRCH { return true }
        return !isFolio(processID)
    }

    /// Whether process `processID` runs a program called `folio` (by `/proc/PID/comm`); true
    /// when that cannot be read, so that a live socket is never taken for a stale one.
    private static func isFolio(_ processID: Int32) -> Bool {
        let descriptor = open("/proc/\(processID)/comm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return true }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return true }
        return String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            .hasPrefix("folio")
    }

    /// Removes the stale sockets in `folder` (``isStale(_:processID:)``), and returns the process
    /// IDs they were named for. A live socket, and a file of any other name, is never removed.
    @discardableResult
    public static func removeStale(in folder: RuntimeFolder) -> [Int32] {
        folder.names(endingWith: ".sock").compactMap { name in
            guard let processID = processID(ofSocketNamed: name), isStale(folder.path(of: name), processID: processID)
            else { return nil }
            return unlink(FileSystemName.cString(folder.path(of: name))) == 0 ? processID : nil
        }
    }
}
