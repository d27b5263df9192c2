// Contexts, lock sets and cookies. The base context is created with a pthread lock set from the
// start, so worker threads can fz_clone_context it (MuPDF docs/examples/multi-threaded.c).
#include "folio_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct folio_lock_set {
    pthread_mutex_t mutexes[FZ_LOCK_MAX];
};

/// The cookie governing the MuPDF work on this thread (see folio_work_begin).
static _Thread_local folio_cookie *folio_thread_cookie;
/// Which of MuPDF's locks this thread holds, one bit per lock.
static _Thread_local unsigned folio_locks_held;

void folio_work_begin(folio_cookie *cookie) {
    folio_thread_cookie = cookie;
}

void folio_work_end(void) {
    folio_thread_cookie = NULL;
}

int folio_aborted(const fz_cookie *cookie) {
    return cookie != NULL && __atomic_load_n(&cookie->abort, __ATOMIC_RELAXED);
}

static void folio_lock(void *user, int lock) {
    struct folio_lock_set *set = user;
    pthread_mutex_lock(&set->mutexes[lock]);
    folio_locks_held |= 1u << lock;
}

static void folio_unlock(void *user, int lock) {
    struct folio_lock_set *set = user;
    folio_locks_held &= ~(1u << lock);
    pthread_mutex_unlock(&set->mutexes[lock]);
}

/// Whether an allocation on this thread should fail: its work was cancelled, and the thread holds
/// no lock but the allocation lock. A failed allocation makes MuPDF scavenge its store, and
/// evicting a font takes the font lock: with that lock already held, the thread would deadlock
/// on itself (and every other thread after it).
static int folio_refuses_allocation(void) {
    return folio_thread_cookie != NULL && folio_aborted(&folio_thread_cookie->cookie)
        && (folio_locks_held & ~(1u << FZ_LOCK_ALLOC)) == 0;
}

static void *folio_malloc(void *user, size_t size) {
    (void)user;
    return folio_refuses_allocation() ? NULL : malloc(size);
}

static void *folio_realloc(void *user, void *old, size_t size) {
    (void)user;
    return folio_refuses_allocation() ? NULL : realloc(old, size);
}

static void folio_free(void *user, void *pointer) {
    (void)user;
    free(pointer);
}

/// MuPDF prints warnings and errors to stderr by default; in a full-screen reader that would
/// scribble over the screen, so they are dropped. Errors still reach us through fz_catch.
static void folio_ignore_message(void *user, const char *message) {
    (void)user;
    (void)message;
}

const char *folio_mupdf_version(void) {
    return FZ_VERSION;
}

void folio_set_error(char *err, size_t errlen, const char *message) {
    if (err == NULL || errlen == 0) {
        return;
    }
    snprintf(err, errlen, "%s", message ? message : "unknown error");
}

folio_status folio_caught(fz_context *ctx, fz_cookie *cookie, char *err, size_t errlen) {
    int code = fz_caught(ctx);
    folio_set_error(err, errlen, fz_caught_message(ctx));
    if (code == FZ_ERROR_ABORT || folio_aborted(cookie)) {
        folio_set_error(err, errlen, "cancelled");
        return FOLIO_CANCELLED;
    }
    if (code == FZ_ERROR_MEMORY) {
        return FOLIO_OUT_OF_MEMORY;
    }
    return FOLIO_ERROR;
}

char *folio_strdup(const char *s) {
    if (s == NULL) {
        return NULL;
    }
    size_t n = strlen(s);
    char *copy = malloc(n + 1);
    if (copy != NULL) {
        memcpy(copy, s, n + 1);
    }
    return copy;
}

folio_rect folio_rect_from(fz_rect rect) {
    folio_rect out = {rect.x0, rect.y0, rect.x1, rect.y1};
    return out;
}

folio_status folio_context_new(size_t store_bytes, folio_context **out, char *err, size_t errlen) {
    *out = NULL;
    struct folio_lock_set *set = calloc(1, sizeof *set);
    folio_context *context = calloc(1, sizeof *context);
    if (set == NULL || context == NULL) {
        free(set);
        free(context);
        folio_set_error(err, errlen, "out of memory");
        return FOLIO_OUT_OF_MEMORY;
    }
    for (int i = 0; i < FZ_LOCK_MAX; i++) {
        pthread_mutex_init(&set->mutexes[i], NULL);
    }
    fz_locks_context locks = {set, folio_lock, folio_unlock};
    fz_alloc_context alloc = {NULL, folio_malloc, folio_realloc, folio_free};
    fz_context *ctx = fz_new_context(&alloc, &locks, store_bytes);
    if (ctx == NULL) {
        // fz_new_context returns NULL when the headers and the library disagree on the version.
        for (int i = 0; i < FZ_LOCK_MAX; i++) {
            pthread_mutex_destroy(&set->mutexes[i]);
        }
        free(set);
        free(context);
        folio_set_error(err, errlen, "cannot create a MuPDF context (library and headers differ?)");
        return FOLIO_ERROR;
    }
    fz_set_warning_callback(ctx, folio_ignore_message, NULL);
    fz_set_error_callback(ctx, folio_ignore_message, NULL);

    folio_status status = FOLIO_OK;
    fz_try(ctx) {
        fz_register_document_handlers(ctx);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    if (status != FOLIO_OK) {
        fz_drop_context(ctx);
        free(set);
        free(context);
        return status;
    }
    context->ctx = ctx;
    context->locks = set;
    *out = context;
    return FOLIO_OK;
}

folio_status folio_context_clone(folio_context *base, folio_context **out, char *err, size_t errlen) {
    *out = NULL;
    folio_context *context = calloc(1, sizeof *context);
    if (context == NULL) {
        folio_set_error(err, errlen, "out of memory");
        return FOLIO_OUT_OF_MEMORY;
    }
    fz_context *ctx = fz_clone_context(base->ctx);
    if (ctx == NULL) {
        free(context);
        folio_set_error(err, errlen, "cannot clone the MuPDF context");
        return FOLIO_ERROR;
    }
    fz_set_warning_callback(ctx, folio_ignore_message, NULL);
    fz_set_error_callback(ctx, folio_ignore_message, NULL);
    context->ctx = ctx;
    *out = context;
    return FOLIO_OK;
}

void folio_context_drop(folio_context *context) {
    if (context == NULL) {
        return;
    }
    fz_drop_context(context->ctx);
    if (context->locks != NULL) {
        for (int i = 0; i < FZ_LOCK_MAX; i++) {
            pthread_mutex_destroy(&context->locks->mutexes[i]);
        }
        free(context->locks);
    }
    free(context);
}

folio_cookie *folio_cookie_new(void) {
    return calloc(1, sizeof(folio_cookie));
}

void folio_cookie_abort(folio_cookie *cookie) {
    __atomic_store_n(&cookie->cookie.abort, 1, __ATOMIC_RELAXED);
}

int folio_cookie_aborted(const folio_cookie *cookie) {
    return folio_aborted(&cookie->cookie);
}

void folio_cookie_free(folio_cookie *cookie) {
    free(cookie);
}
