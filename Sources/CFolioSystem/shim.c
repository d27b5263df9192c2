// Exists because Swift's Glibc module is built without _GNU_SOURCE: see CFolioSystem.h.
#define _GNU_SOURCE
#include <fcntl.h>
#include <spawn.h>
#include <unistd.h>

#include "CFolioSystem.h"

int folio_system_pipe_cloexec(int ends[2]) { return pipe2(ends, O_CLOEXEC); }

int folio_system_spawn_close_from(posix_spawn_file_actions_t *actions, int lowest) {
    return posix_spawn_file_actions_addclosefrom_np(actions, lowest);
}
