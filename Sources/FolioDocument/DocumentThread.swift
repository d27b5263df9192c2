internal import CCrashLog
import Foundation
import Glibc

/// Starts the threads that run document work. MuPDF is where a hostile file can drive a
/// recursion deep enough to overflow a thread's stack; each of these threads therefore has an
/// alternate signal stack of its own, so that the crash guard's handler (installed with
/// `SA_ONSTACK`) still has room to restore the terminal when it happens.
public enum DocumentThread {
    /// Room for the kernel's signal frame and the handler (glibc's SIGSTKSZ is too small for
    /// the frame alone on machines with large vector registers).
    static let signalStackSize = 64 * 1024

    /// Starts a thread called `name` that runs `body` with an alternate signal stack. A crash
    /// report names the thread as the kernel knows it: `name` without the `folio.` that every
    /// thread's name starts with, cut to 15 bytes (`folio.page-loader` is `page-loader`).
    public static func start(name: String, _ body: @escaping @Sendable () -> Void) {
        let kernelName = name.hasPrefix("folio.") ? String(name.dropFirst(6)) : name
        let thread = Thread {
            folio_crash_log_name_thread(kernelName)
            let stack = UnsafeMutableRawPointer.allocate(byteCount: signalStackSize, alignment: 16)
            var alternate = stack_t(ss_sp: stack, ss_flags: 0, ss_size: signalStackSize)
            sigaltstack(&alternate, nil)
            body()
            var disabled = stack_t(ss_sp: nil, ss_flags: Int32(SS_DISABLE), ss_size: 0)
            sigaltstack(&disabled, nil)
            stack.deallocate()
        }
        thread.name = name
        thread.start()
    }
}
