internal import CFolioSystem
import FolioCore
import Glibc

/// One end of a Unix stream socket, owned: its descriptor is closed when the value is released,
/// and it never blocks (every wait is a `poll` bounded by a deadline) and never raises SIGPIPE
/// (`send` with `MSG_NOSIGNAL`). Deadlines are moments on ``MonotonicClock``, in milliseconds.
///
/// Failures are ``SystemError``s with the system's own numbers, plus three this type gives
/// meanings: `ETIMEDOUT` (a deadline passed), `ENAMETOOLONG` (a path longer than a socket
/// address holds, 107 bytes) and `EMSGSIZE` (a line longer than its limit).
public final class UnixSocket: Sendable {
    /// The socket's descriptor: non-blocking and closed on exec. Poll it; never close it.
    public let descriptor: Int32

    /// Who is at the other end of a connection, as the kernel recorded it when it was made.
    public struct PeerCredentials: Sendable, Equatable {
        /// The peer's effective user ID.
        public var userID: UInt32
        /// The peer's process ID.
        public var processID: Int32
    }

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// A socket listening at `path`, which must not exist yet. The file is mode 0600 from the
    /// moment it exists (the mode is set on the socket before `bind`, which gives it to the file
    /// it makes, less the umask), so no other user can connect even for an instant. The
    /// corresponding C functions are `socket`, `bind` and `listen`.
    public static func listen(at path: String, backlog: Int32 = 64) -> Result<UnixSocket, SystemError> {
        makeSocket().flatMap { socket in
            guard fchmod(socket.descriptor, 0o600) == 0 else { return .failure(.last) }
            return withAddress(of: path) { address, length in
                SystemCall.retryingInterrupts { bind(socket.descriptor, address, length) }
            }
            .flatMap { _ in SystemCall.retryingInterrupts { Glibc.listen(socket.descriptor, backlog) } }
            .map { _ in socket }
        }
    }

    /// The next connection waiting on this listening socket, or nil when none is waiting now.
    /// The corresponding C function is `accept4`.
    public func accept() -> Result<UnixSocket?, SystemError> {
        switch SystemCall.retryingInterrupts({ folio_system_accept(descriptor) }) {
        case .success(let connection): return .success(UnixSocket(descriptor: connection))
        case .failure(let failure) where [EAGAIN, EWOULDBLOCK, ECONNABORTED].contains(failure.code):
            return .success(nil)
        case .failure(let failure): return .failure(failure)
        }
    }

    /// A connection to the socket listening at `path`, tried until `deadline` while the
    /// listener's queue is full. Fails at once with `ECONNREFUSED` when nothing listens there
    /// (a socket left by a process that ended), `ENOENT` when there is no such file, and with
    /// `ETIMEDOUT` when the queue stayed full. The corresponding C function is `connect`.
    public static func connect(to path: String, deadline: Int) -> Result<UnixSocket, SystemError> {
        makeSocket().flatMap { socket in
            while true {
                let attempt = withAddress(of: path) { address, length in
                    SystemCall.retryingInterrupts { Glibc.connect(socket.descriptor, address, length) }
                }
                switch attempt {
                case .success: return .success(socket)
                case .failure(let failure) where failure.code == EAGAIN:
                    guard MonotonicClock.milliseconds() < deadline else { return .failure(SystemError(ETIMEDOUT)) }
                    _ = SystemCall.retryingInterrupts { poll(nil, 0, 1) }
                case .failure(let failure): return .failure(failure)
                }
            }
        }
    }

    /// The user and process at the other end of this connection. The corresponding C call is
    /// `getsockopt(SO_PEERCRED)`.
    public func peerCredentials() -> Result<PeerCredentials, SystemError> {
        var user: uid_t = 0
        var process: pid_t = 0
        return SystemCall.retryingInterrupts { folio_system_peer_credentials(descriptor, &user, &process) }
            .map { _ in PeerCredentials(userID: user, processID: process) }
    }

    /// Reads what has arrived, up to `buffer.count` bytes, without waiting: how many were read,
    /// 0 when the other end has finished writing, `EAGAIN` when nothing is waiting.
    public func receive(into buffer: inout [UInt8]) -> Result<Int, SystemError> {
        buffer.withUnsafeMutableBytes { raw in
            SystemCall.retryingInterrupts { recv(descriptor, raw.baseAddress, raw.count, 0) }
        }
    }

    /// Writes as much of `bytes` as the socket takes now: how many it took, `EAGAIN` when it
    /// took none (its buffer is full), `EPIPE` when the other end has closed.
    public func send(_ bytes: ArraySlice<UInt8>) -> Result<Int, SystemError> {
        guard !bytes.isEmpty else { return .success(0) }
        return bytes.withUnsafeBytes { raw in
            SystemCall.retryingInterrupts { Glibc.send(descriptor, raw.baseAddress, raw.count, Int32(MSG_NOSIGNAL)) }
        }
    }

    /// Writes all of `bytes`, waiting while the socket is full, until `deadline` (`ETIMEDOUT`).
    public func sendAll(_ bytes: [UInt8], deadline: Int) -> Result<Void, SystemError> {
        var offset = 0
        while offset < bytes.count {
            switch send(bytes[offset...]) {
            case .success(let count): offset += count
            case .failure(let failure) where failure.code == EAGAIN:
                if case .failure(let failure) = wait(for: POLLOUT, until: deadline) { return .failure(failure) }
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(())
    }

    /// Reads one line: the bytes before the first newline, or all of them when the other end
    /// finishes writing first (empty when it wrote nothing). Fails with `EMSGSIZE` when `limit`
    /// bytes arrive without a newline, and with `ETIMEDOUT` at `deadline`. Bytes after the
    /// newline are read and dropped: the line is the last thing expected.
    public func receiveLine(limit: Int, deadline: Int) -> Result<[UInt8], SystemError> {
        var line: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            switch receive(into: &buffer) {
            case .success(0): return .success(line)
            case .success(let count):
                let arrived = buffer[..<count]
                if let newline = arrived.firstIndex(of: UInt8(ascii: "\n")) {
                    line += arrived[..<newline]
                    return line.count > limit ? .failure(SystemError(EMSGSIZE)) : .success(line)
                }
                line += arrived
                if line.count > limit { return .failure(SystemError(EMSGSIZE)) }
            case .failure(let failure) where failure.code == EAGAIN:
                if case .failure(let failure) = wait(for: POLLIN, until: deadline) { return .failure(failure) }
            case .failure(let failure): return .failure(failure)
            }
        }
    }

    /// Waits until the socket is ready for `events` (or has been closed at the other end), or
    /// fails with `ETIMEDOUT` at `deadline`.
    private func wait(for events: Int32, until deadline: Int) -> Result<Void, SystemError> {
        while true {
            let remaining = deadline - MonotonicClock.milliseconds()
            guard remaining > 0 else { return .failure(SystemError(ETIMEDOUT)) }
            var polled = [pollfd(fd: descriptor, events: Int16(events), revents: 0)]
            switch SystemCall.retryingInterrupts({ poll(&polled, 1, Int32(clamping: remaining)) }) {
            case .success(let ready) where ready > 0: return .success(())
            case .success: continue
            case .failure(let failure): return .failure(failure)
            }
        }
    }

    /// A new stream socket, non-blocking and closed on exec.
    private static func makeSocket() -> Result<UnixSocket, SystemError> {
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        return SystemCall.retryingInterrupts { socket(AF_UNIX, type, 0) }.map(UnixSocket.init(descriptor:))
    }

    /// Runs `body` with `path` as a socket address; `ENAMETOOLONG` when the path does not fit
    /// (or holds a NUL byte, which no path can).
    private static func withAddress<Value>(
        of path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Result<Value, SystemError>
    ) -> Result<Value, SystemError> {
        let bytes = FileSystemName.bytes(path)
        var address = sockaddr_un()
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path), !bytes.contains(0) else {
            return .failure(SystemError(ENAMETOOLONG))
        }
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in raw.copyBytes(from: bytes) }
        let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + 1)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
        }
    }
}
