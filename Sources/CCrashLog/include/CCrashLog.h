// CCrashLog: what a crash leaves in the session's log, written from the crash guard's signal
// handler.
//
// A signal handler may only make async-signal-safe calls: no malloc, no stdio, no locks that the
// crashed code might hold. Swift cannot promise that of its own code (any function may retain,
// release or allocate), so the report is written here, in C, with write(2), prctl(2) and glibc's
// backtrace(3) and backtrace_symbols_fd(3), which write to a descriptor without allocating once
// the unwinder is loaded (folio_crash_log_prepare).
#ifndef FOLIO_CCRASHLOG_H
#define FOLIO_CCRASHLOG_H

#ifdef __cplusplus
extern "C" {
#endif

/// Loads the unwinder that backtrace(3) uses (glibc opens libgcc_s on the first call, which
/// allocates), so that a later folio_crash_log_write needs no allocation. Call once, outside any
/// signal handler, before a crash can happen.
void folio_crash_log_prepare(void);

/// Gives the calling thread `name` in the kernel's copy of thread names, which a crash report
/// reads (and `top -H` and gdb show): at most 15 bytes, so a longer name is cut. Foundation's
/// `Thread.name` sets no kernel name at all when the name is longer.
void folio_crash_log_name_thread(const char *name);

/// Writes to `fd` the signal `signal_number` (its name and number), who sent it or where it
/// struck (from `info`, a `siginfo_t *` or NULL), the thread it struck (its name and id: the main
/// thread or a named worker), and a backtrace with the symbol names the dynamic symbol table
/// knows. Async-signal-safe: meant for a signal handler.
void folio_crash_log_write(int fd, int signal_number, const void *info);

#ifdef __cplusplus
}
#endif

#endif
