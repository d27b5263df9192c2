// Exists because Swift's Glibc module is built without _GNU_SOURCE: see CFolioSystem.h.
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <sys/socket.h>
#include <unistd.h>

#include "CFolioSystem.h"

int folio_system_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

int folio_system_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}

int folio_system_accept(int listener) { return accept4(listener, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK); }

int folio_system_peer_credentials(int socket, uid_t *user, pid_t *process) {
    struct ucred credentials;
    socklen_t length = sizeof credentials;
    if (getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) {
        return -1;
    }
    *user = credentials.uid;
    *process = credentials.pid;
    return 0;
}
