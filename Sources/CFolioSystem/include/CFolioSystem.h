// The GNU extensions FolioSystem needs. Swift's Glibc module is built without _GNU_SOURCE, so
// `pipe2`, `accept4`, `struct ucred` and `posix_spawn_file_actions_addclosefrom_np` do not
// import; these wrappers bring them.
#ifndef CFOLIOSYSTEM_H
#define CFOLIOSYSTEM_H

#include <spawn.h>
#include <sys/types.h>

/// A pipe whose two ends close on exec, made in one step (no other thread's child can inherit
/// it between creation and marking). Returns 0, or -1 with errno set.
int folio_system_pipe_cloexec(int ends[2]);

/// Adds "close every descriptor from `lowest` up" to `actions` (glibc 2.34's
/// posix_spawn_file_actions_addclosefrom_np, one close_range call in the child). Returns 0 or an
/// error number.
int folio_system_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest);

/// Accepts a connection on the listening socket `listener` as a descriptor that closes on exec
/// and never blocks, made in one step (`accept4` with SOCK_CLOEXEC | SOCK_NONBLOCK). Returns the
/// descriptor, or -1 with errno set.
int folio_system_accept(int listener);

/// The user and process at the other end of the connected Unix socket `socket`, as the kernel
/// recorded them when the connection was made (`getsockopt` SO_PEERCRED, whose `struct ucred`
/// needs _GNU_SOURCE). Returns 0, or -1 with errno set.
int folio_system_peer_credentials(int socket, uid_t *user, pid_t *process);

#endif
