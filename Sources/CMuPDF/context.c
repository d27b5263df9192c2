// Contexts, lock sets and cookies. The base context is created with a pthread lock set from the
// start, so worker threads can fz_clone_context it (MuPDF docs/examples/multi-threaded.c).
#include "folio_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct folio_lock_set {
    pthread_mutex_t mutexes[FZ_LOCK_MAX];
};

static void folio_lock(void *user, int lock) {
    struct folio_lock_set *set = user;
    pthread_mutex_lock(&set->mutexes[lock]);
}

static void folio_unlock(void *user, int lock) {
    struct folio_lock_set *set = user;
    pthread_mutex_unlock(&set->mutexes[lock]);
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
    if (code == FZ_ERROR_ABORT || (cookie != NULL && cookie->abort)) {
        folio_set_error(err, errlen, "cancelled");
        return FOLIO_CANCELLED;
    }
    if (code == FZ_ERROR_MEMORY) {
        return FOLIO_OUT_OF_MEMORY;
    }
    return FOLIO_ERROR;
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
    fz_context *ctx = fz_new_context(NULL, &locks, store_bytes);
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
    return __atomic_load_n(&cookie->cookie.abort, __ATOMIC_RELAXED);
}

void folio_cookie_free(folio_cookie *cookie) {
    free(cookie);
}
