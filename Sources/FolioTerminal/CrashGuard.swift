import Glibc

/// The handler of last resort: if Folio crashes (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT) while
/// the terminal is in full-screen mode, the terminal is restored before the process dies, so the
/// user's shell is never left in curses mode.
///
/// Only async-signal-safe calls run in the handler: `write`, `tcsetattr`, `signal`, `raise`.
enum CrashGuard {
    static let fatalSignals = [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT]

    /// Keeps the shell's terminal modes (read before curses started) and the bytes that leave
    /// full-screen mode, then installs the handlers.
    static func install(shellModes: termios, restoring sequence: [UInt8]) {
        CrashGuardState.shellModes.pointee = shellModes
        CrashGuardState.length = min(sequence.count, CrashGuardState.capacity)
        for (index, byte) in sequence.prefix(CrashGuardState.capacity).enumerated() {
            CrashGuardState.bytes[index] = byte
        }
        CrashGuardState.isArmed = true
        for signalNumber in fatalSignals {
            signal(signalNumber, crashGuardHandler)
        }
    }

    /// Removes the handlers once the terminal has been restored normally.
    static func uninstall() {
        CrashGuardState.isArmed = false
        for signalNumber in fatalSignals {
            signal(signalNumber, SIG_DFL)
        }
    }
}

/// State the signal handler reads; written once before the handlers are installed.
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
}

private func crashGuardHandler(_ signalNumber: Int32) {
    if CrashGuardState.isArmed {
        CrashGuardState.isArmed = false
        _ = write(STDOUT_FILENO, CrashGuardState.bytes, CrashGuardState.length)
        _ = tcsetattr(STDIN_FILENO, TCSANOW, CrashGuardState.shellModes)
    }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
