internal import CFolioSystem
import Glibc

/// Runs a program and waits for it: `posix_spawnp` with the arguments as an array (no shell
/// reads them), standard input fed from bytes or `/dev/null`, standard output and standard
/// error captured up to a size limit, and a time limit after which the program is killed. The
/// child is always reaped, and it inherits no descriptor but its three standard ones.
///
/// Foundation's `Process` is not used: it closes every descriptor up to the limit one by one
/// before it runs anything (about 50 ms where the limit is high).
public enum ChildProcess {
    /// What to run, and the limits it runs under.
    public struct Request: Sendable {
        /// The program (found on `PATH` unless it holds a slash), then its arguments, each
        /// reaching the program exactly as written.
        public var arguments: [String]
        /// The bytes the program reads on its standard input; nil gives it `/dev/null`.
        public var input: [UInt8]?
        /// How many bytes of standard output, and of standard error, are kept; the rest is
        /// read and dropped, so a program that prints more is never blocked by a full pipe.
        public var outputLimit: Int
        /// How long the program may run, in milliseconds, before it is killed.
        public var timeLimit: Int

        /// A request to run `arguments` (the program first).
        public init(_ arguments: [String], input: [UInt8]? = nil, outputLimit: Int = 1 << 16, timeLimit: Int) {
            precondition(!arguments.isEmpty, "a request names a program")
            self.arguments = arguments
            self.input = input
            self.outputLimit = outputLimit
            self.timeLimit = timeLimit
        }
    }

    /// How the program ended.
    public enum Termination: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal (not Folio's time limit) ended it.
        case signalled(Int32)
        /// It ran past the time limit and was killed.
        case timedOut
    }

    /// What the program did.
    public struct Outcome: Sendable, Equatable {
        /// How it ended.
        public var termination: Termination
        /// What it printed on standard output (at most the request's limit).
        public var output: [UInt8]
        /// What it printed on standard error (at most the request's limit).
        public var errorOutput: [UInt8]
        /// Whether it printed more than the limit on either stream (the rest was dropped).
        public var truncated: Bool

        /// Whether it exited with status 0.
        public var succeeded: Bool { termination == .exited(0) }
    }

    /// A program that could not be started.
    public struct SpawnError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The program as the request named it.
        public let program: String
        /// Why it could not be started (`ENOENT` when there is no such program).
        public let reason: SystemError

        /// "cannot run PROGRAM: reason", such as "cannot run xclip: No such file or directory".
        public var description: String { "cannot run \(program): \(reason)" }
    }

    /// Runs `request` and waits until the program has exited (or been killed at the time limit).
    /// Returns once the program itself has ended, even when a program it started in the
    /// background still holds its output open.
    public static func run(_ request: Request) throws(SpawnError) -> Outcome {
        let program = request.arguments[0]
        let failed = { (failure: SystemError) in SpawnError(program: program, reason: failure) }
        var pipes: [Pipe] = []
        defer {
            for pipe in pipes {
                pipe.closeBoth()
            }
        }
        for _ in 0..<(request.input == nil ? 2 : 3) {
            guard let pipe = Pipe() else { throw failed(.last) }
            pipes.append(pipe)
        }
        let child = try spawn(request.arguments, pipes: pipes).mapError(failed).get()
        for index in pipes.indices {
            pipes[index].closeChildEnd(isInput: index == 2)
        }
        var exchange = Exchange(child: child, pipes: pipes, request: request)
        // The exchange owns Folio's ends from here and closes each once.
        pipes = []
        return SignalBlock.withBrokenPipeBlocked { exchange.run() }
    }

    /// Starts `arguments` with `pipes` (output, errors, and input when there is one) as its
    /// standard streams; returns its process id.
    private static func spawn(_ arguments: [String], pipes: [Pipe]) -> Result<pid_t, SystemError> {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if pipes.count > 2 {
            posix_spawn_file_actions_adddup2(&actions, pipes[2].readEnd, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, pipes[0].writeEnd, 1)
        posix_spawn_file_actions_adddup2(&actions, pipes[1].writeEnd, 2)
        // Descriptors Folio did not open with close-on-exec (a library's) stay out of the child too.
        folio_system_spawn_close_from(&actions, 3)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with no signal blocked and SIGPIPE back at its default (Folio
        // ignores it, and an ignored signal stays ignored across exec).
        var empty = sigset_t()
        sigemptyset(&empty)
        var brokenPipe = sigset_t()
        sigemptyset(&brokenPipe)
        sigaddset(&brokenPipe, SIGPIPE)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &brokenPipe)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer {
            for argument in argv {
                free(argument)
            }
        }
        var child: pid_t = 0
        let status = posix_spawnp(&child, arguments[0], &actions, &attributes, &argv, environ)
        return status == 0 ? .success(child) : .failure(SystemError(status))
    }
}

/// A pipe whose two ends are closed on exec, so no other child inherits them.
private struct Pipe {
    private(set) var readEnd: Int32
    private(set) var writeEnd: Int32

    init?() {
        var ends: [Int32] = [-1, -1]
        guard folio_system_pipe_cloexec(&ends) == 0 else { return nil }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    /// Closes the end the child uses (the read end of its input, the write end of an output)
    /// and makes Folio's end non-blocking.
    mutating func closeChildEnd(isInput: Bool) {
        if isInput {
            close(readEnd)
            readEnd = -1
        } else {
            close(writeEnd)
            writeEnd = -1
        }
        let kept = isInput ? writeEnd : readEnd
        _ = fcntl(kept, F_SETFL, fcntl(kept, F_GETFL) | O_NONBLOCK)
    }

    /// Closes whichever ends are still open.
    func closeBoth() {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }
}

/// SIGPIPE blocked on this thread while bytes are fed to a child, so a child that exits without
/// reading gives `EPIPE` rather than ending Folio, whatever the process's disposition of SIGPIPE.
private enum SignalBlock {
    static func withBrokenPipeBlocked<Result>(_ body: () -> Result) -> Result {
        var brokenPipe = sigset_t()
        sigemptyset(&brokenPipe)
        sigaddset(&brokenPipe, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &brokenPipe, &previous)
        var pendingBefore = sigset_t()
        sigpending(&pendingBefore)
        let result = body()
        var pendingAfter = sigset_t()
        sigpending(&pendingAfter)
        if sigismember(&pendingAfter, SIGPIPE) == 1 && sigismember(&pendingBefore, SIGPIPE) == 0 {
            // The SIGPIPE this thread's write raised is taken off, not delivered.
            var now = timespec()
            _ = sigtimedwait(&brokenPipe, nil, &now)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        return result
    }
}

/// The feeding and reading of one running child, until it ends.
private struct Exchange {
    let child: pid_t
    let request: ChildProcess.Request
    /// Folio's ends: standard output's and standard error's read ends, then the input's write
    /// end (when there is input); -1 once closed.
    var descriptors: [Int32]
    var captured: [[UInt8]] = [[], []]
    var truncated = false
    var inputOffset = 0

    init(child: pid_t, pipes: [Pipe], request: ChildProcess.Request) {
        self.child = child
        self.request = request
        descriptors = [pipes[0].readEnd, pipes[1].readEnd] + (pipes.count > 2 ? [pipes[2].writeEnd] : [])
    }

    /// How long one wait lasts before the child is checked on: a program that leaves a
    /// background process holding its output open is seen to have ended within this time.
    static let checkInterval: Int32 = 10
    /// The wait once every stream is closed: the child is about to be seen to end.
    static let exitInterval: Int32 = 1

    mutating func run() -> ChildProcess.Outcome {
        let (deadline, overflow) = MonotonicClock.milliseconds().addingReportingOverflow(max(request.timeLimit, 0))
        let lastMoment = overflow ? Int.max : deadline
        var termination: ChildProcess.Termination?
        while termination == nil {
            if let status = reap(options: WNOHANG) {
                drain()
                termination = Self.termination(status)
                break
            }
            let remaining = lastMoment - MonotonicClock.milliseconds()
            if remaining <= 0 {
                kill(child, SIGKILL)
                _ = reap(options: 0)
                termination = .timedOut
                break
            }
            let interval = descriptors.allSatisfy { $0 < 0 } ? Self.exitInterval : Self.checkInterval
            wait(milliseconds: min(Int32(clamping: remaining), interval))
        }
        for descriptor in descriptors where descriptor >= 0 {
            close(descriptor)
        }
        return ChildProcess.Outcome(
            termination: termination ?? .timedOut, output: captured[0], errorOutput: captured[1], truncated: truncated)
    }

    /// The child's wait status once it has ended; nil while it runs (with `WNOHANG`).
    private func reap(options: Int32) -> Int32? {
        var status: Int32 = 0
        switch SystemCall.retryingInterrupts({ waitpid(child, &status, options) }) {
        case .success(let pid): return pid == child ? status : nil
        // Reaped already (SIGCHLD ignored): it has ended, its status lost. Waiting on would
        // end in killing a number another process may have by then.
        case .failure(let error) where error.code == ECHILD: return 0
        case .failure: return nil
        }
    }

    /// How a wait status says the child ended (`WIFEXITED`, `WEXITSTATUS` and `WTERMSIG`,
    /// which do not import).
    private static func termination(_ status: Int32) -> ChildProcess.Termination {
        status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signalled(status & 0x7F)
    }

    /// Waits until a stream is ready (or `milliseconds` pass) and serves the ready ones.
    private mutating func wait(milliseconds: Int32) {
        let open = descriptors.indices.filter { descriptors[$0] >= 0 }
        var polled = open.map { index in
            pollfd(fd: descriptors[index], events: Int16(index == 2 ? POLLOUT : POLLIN), revents: 0)
        }
        guard
            case .success(let ready) = SystemCall.retryingInterrupts({
                poll(&polled, nfds_t(polled.count), milliseconds)
            }),
            ready > 0
        else { return }
        for (index, descriptor) in zip(open, polled) where descriptor.revents != 0 {
            if index == 2 { feed() } else { readAvailable(index) }
        }
    }

    /// Reads what the child's stream `index` holds now, keeping up to the limit.
    private mutating func readAvailable(_ index: Int) {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while descriptors[index] >= 0 {
            switch SystemCall.read(descriptors[index], into: &buffer) {
            case .success(let count) where count > 0:
                let room = max(0, request.outputLimit - captured[index].count)
                captured[index] += buffer.prefix(min(room, count))
                if count > room { truncated = true }
            case .failure(let failure) where failure.code == EAGAIN:
                return
            default:
                // The end of the stream, or an error that ends it.
                close(descriptors[index])
                descriptors[index] = -1
            }
        }
    }

    /// Reads what is left in the output streams once the child has ended.
    private mutating func drain() {
        readAvailable(0)
        readAvailable(1)
    }

    /// Writes as much of the input as the pipe takes now; closes it when all is written or
    /// the child has stopped reading.
    private mutating func feed() {
        let input = request.input ?? []
        guard inputOffset < input.count else {
            close(descriptors[2])
            descriptors[2] = -1
            return
        }
        let written = input.withUnsafeBytes { raw in
            SystemCall.retryingInterrupts {
                write(descriptors[2], raw.baseAddress! + inputOffset, raw.count - inputOffset)
            }
        }
        switch written {
        case .success(let count): inputOffset += count
        case .failure(let failure) where failure.code == EAGAIN: return
        case .failure: inputOffset = input.count
        }
        if inputOffset >= input.count {
            close(descriptors[2])
            descriptors[2] = -1
        }
    }
}

/// Milliseconds on the monotonic clock, for deadlines.
public enum MonotonicClock {
    /// Now, in milliseconds since an arbitrary start. The corresponding C function is
    /// `clock_gettime(CLOCK_MONOTONIC)`.
    public static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}
