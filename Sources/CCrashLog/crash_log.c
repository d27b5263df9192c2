// The crash report of CCrashLog.h: async-signal-safe formatting into a stack buffer, written with
// write(2); the backtrace goes straight from glibc to the descriptor.
#define _GNU_SOURCE
#include "CCrashLog.h"

#include <errno.h>
#include <execinfo.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Deep enough for a crash in MuPDF under the reader's loop; a stack overflow's frames beyond
/// this many are the same recursion again.
enum { folio_crash_log_frame_limit = 128 };

void folio_crash_log_prepare(void) {
    void *frames[1];
    (void)backtrace(frames, 1);
}

void folio_crash_log_name_thread(const char *name) {
    char kernel_name[16] = {0};
    strncpy(kernel_name, name, sizeof kernel_name - 1);
    (void)prctl(PR_SET_NAME, kernel_name, 0, 0, 0);
}

/// A line being built in a fixed buffer; what does not fit is dropped.
typedef struct folio_crash_line {
    char bytes[512];
    size_t length;
} folio_crash_line;

static void folio_crash_append(folio_crash_line *line, const char *text) {
    while (*text != '\0' && line->length < sizeof line->bytes) {
        line->bytes[line->length++] = *text++;
    }
}

static void folio_crash_append_unsigned(folio_crash_line *line, uintmax_t value, unsigned base) {
    char digits[32];
    size_t count = 0;
    do {
        digits[count++] = "0123456789abcdef"[value % base];
        value /= base;
    } while (value != 0 && count < sizeof digits);
    char reversed[33];
    for (size_t index = 0; index < count; index++) {
        reversed[index] = digits[count - 1 - index];
    }
    reversed[count] = '\0';
    folio_crash_append(line, reversed);
}

static void folio_crash_write_all(int fd, const char *bytes, size_t length) {
    while (length > 0) {
        ssize_t written = write(fd, bytes, length);
        if (written < 0 && errno == EINTR) {
            continue;
        }
        if (written <= 0) {
            return;
        }
        bytes += written;
        length -= (size_t)written;
    }
}

static const char *folio_crash_signal_name(int signal_number) {
    switch (signal_number) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGILL: return "SIGILL";
    case SIGTRAP: return "SIGTRAP";
    case SIGFPE: return "SIGFPE";
    case SIGABRT: return "SIGABRT";
    case SIGSYS: return "SIGSYS";
    default: return "a signal";
    }
}

/// Whether the signal came from a process (kill, raise, abort) rather than from the instruction
/// that faulted.
static int folio_crash_was_sent(const siginfo_t *info) {
    return info->si_code <= 0;
}

void folio_crash_log_write(int fd, int signal_number, const void *info) {
    const siginfo_t *details = info;
    int saved_errno = errno;
    folio_crash_line line = {.length = 0};
    folio_crash_append(&line, "folio: crashed: ");
    folio_crash_append(&line, folio_crash_signal_name(signal_number));
    folio_crash_append(&line, " (signal ");
    folio_crash_append_unsigned(&line, (uintmax_t)signal_number, 10);
    folio_crash_append(&line, ")");
    if (details != NULL && folio_crash_was_sent(details)) {
        folio_crash_append(&line, " sent by process ");
        folio_crash_append_unsigned(&line, (uintmax_t)details->si_pid, 10);
    } else if (details != NULL) {
        folio_crash_append(&line, " at address 0x");
        folio_crash_append_unsigned(&line, (uintmax_t)(uintptr_t)details->si_addr, 16);
    }
    pid_t thread = (pid_t)syscall(SYS_gettid);
    // The kernel's copy of the thread's name (pthread_setname_np, which Foundation's Thread.name
    // and DocumentThread set): at most 15 bytes and a NUL.
    char name[17] = {0};
    if (thread == getpid()) {
        folio_crash_append(&line, " on the main thread");
    } else if (prctl(PR_GET_NAME, name, 0, 0, 0) == 0 && name[0] != '\0') {
        folio_crash_append(&line, " on thread \"");
        folio_crash_append(&line, name);
        folio_crash_append(&line, "\"");
    } else {
        folio_crash_append(&line, " on an unnamed thread");
    }
    folio_crash_append(&line, " (thread id ");
    folio_crash_append_unsigned(&line, (uintmax_t)thread, 10);
    folio_crash_append(&line, ")\nbacktrace (innermost first; swift demangle names the Swift symbols):\n");
    folio_crash_write_all(fd, line.bytes, line.length);
    void *frames[folio_crash_log_frame_limit];
    int count = backtrace(frames, folio_crash_log_frame_limit);
    backtrace_symbols_fd(frames, count, fd);
    errno = saved_errno;
}
