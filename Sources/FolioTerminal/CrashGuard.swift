internal import CCrashLog
import Glibc

/// The handler of last resort: if Folio crashes while the terminal is in full-screen mode, the
/// terminal is restored before the process dies, so the user's shell is never left in curses mode.
///
/// It covers the signals a crash raises: SIGSEGV and SIGBUS (a bad memory access, a stack
/// overflow), SIGILL and SIGTRAP (Swift's runtime traps, such as `fatalError`, an arithmetic
/// overflow or unwrapping nil, are `ud2` on x86-64 and `brk` on arm64), SIGFPE, SIGABRT (`abort`,
/// a failed C assertion) and SIGSYS (a bad system call).
///
/// The handlers are installed with `sigaction`. `SA_RESETHAND` puts the default action back as
/// the handler starts and `SA_NODEFER` lets the handler's own `raise` act at once, so the process
/// still dies of the signal it got (same exit status, same core dump), only with the terminal
/// restored. `SA_ONSTACK` runs the handler on an alternate signal stack, set up with
/// `sigaltstack` for the thread that installs the guard (the main thread; every thread that runs
/// MuPDF sets up its own, see `DocumentThread`): a stack overflow leaves no room on the stack that
/// overflowed.
///
/// Once the terminal is back, the handler writes what struck to standard error, which is the
/// session's log while the reader runs (`SessionLog`): the signal, who sent it or the faulting
/// address, the thread (the main thread, or a named worker such as `page-loader`), and a
/// backtrace with symbol names (`CCrashLog`). Then the report line (where the log is) goes to
/// the terminal.
///
/// Only async-signal-safe calls run in the handler: `write`, `tcsetattr`, `prctl`, glibc's
/// `backtrace` and `backtrace_symbols_fd` (the unwinder loaded beforehand), `raise`.
enum CrashGuard {
    static let fatalSignals = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT, SIGSYS]

    /// Keeps the shell's terminal modes (read before curses started), the bytes that leave
    /// full-screen mode and the line to print once they are written (`report`: where the crash's
    /// messages went), then installs the handlers.
    static func install(shellModes: termios, restoring sequence: [UInt8], report: [UInt8] = []) {
        CrashGuardState.shellModes.pointee = shellModes
        CrashGuardState.length = min(sequence.count, CrashGuardState.capacity)
        for (index, byte) in sequence.prefix(CrashGuardState.capacity).enumerated() {
            CrashGuardState.bytes[index] = byte
        }
        CrashGuardState.reportLength = min(report.count, CrashGuardState.reportCapacity)
        for (index, byte) in report.prefix(CrashGuardState.reportCapacity).enumerated() {
            CrashGuardState.report[index] = byte
        }
        folio_crash_log_prepare()
        CrashGuardState.isArmed = true
        var stack = stack_t(
            ss_sp: CrashGuardState.alternateStack, ss_flags: 0, ss_size: CrashGuardState.alternateStackSize)
        sigaltstack(&stack, nil)
        let flags = UInt32(SA_ONSTACK) | UInt32(SA_RESETHAND) | UInt32(SA_NODEFER) | UInt32(SA_SIGINFO)
        for signalNumber in fatalSignals {
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = crashGuardHandler
            action.sa_flags = Int32(bitPattern: flags)
            sigemptyset(&action.sa_mask)
            sigaction(signalNumber, &action, nil)
        }
    }

    /// Removes the handlers once the terminal has been restored normally. The alternate stack
    /// stays: it is allocated once, for every later ``install(shellModes:restoring:)``.
    static func uninstall() {
        CrashGuardState.isArmed = false
        for signalNumber in fatalSignals {
            signal(signalNumber, SIG_DFL)
        }
    }
}

/// State the signal handler reads; written before the handlers are installed.
///
/// The terminal modes live in allocated memory, not in a `termios` global: Swift 6.3 emits such
/// a global 57 bytes long where C's `struct termios` is 60, so storing one wrote past its end
/// into `isArmed` (found by AddressSanitizer).
enum CrashGuardState {
    static let capacity = 256
    nonisolated(unsafe) static var bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
    nonisolated(unsafe) static var length = 0
    nonisolated(unsafe) static var shellModes = UnsafeMutablePointer<termios>.allocate(capacity: 1)
    nonisolated(unsafe) static var isArmed = false
    static let reportCapacity = 1024
    nonisolated(unsafe) static var report = UnsafeMutablePointer<UInt8>.allocate(capacity: reportCapacity)
    nonisolated(unsafe) static var reportLength = 0
    /// Room for the kernel's signal frame and the handler: glibc's SIGSTKSZ (8 KiB) is too small
    /// for the frame alone on machines with large vector registers (AVX-512).
    static let alternateStackSize = 64 * 1024
    nonisolated(unsafe) static let alternateStack = UnsafeMutableRawPointer.allocate(
        byteCount: alternateStackSize, alignment: 16)
}

private func crashGuardHandler(
    _ signalNumber: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    if CrashGuardState.isArmed {
        CrashGuardState.isArmed = false
        _ = write(STDOUT_FILENO, CrashGuardState.bytes, CrashGuardState.length)
        _ = tcsetattr(STDIN_FILENO, TCSANOW, CrashGuardState.shellModes)
        folio_crash_log_write(STDERR_FILENO, signalNumber, info)
        _ = write(STDOUT_FILENO, CrashGuardState.report, CrashGuardState.reportLength)
    }
    // The default action is back (SA_RESETHAND) and the signal is not blocked (SA_NODEFER):
    // the process dies of it here.
    raise(signalNumber)
}
