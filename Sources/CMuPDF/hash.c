// The SHA-256 of a whole file, by MuPDF's own digest (fz_sha256) and file streams: it names a
// document's annotation sidecar, so a copy or a renamed file finds its annotations.
#include "folio_internal.h"

#include <string.h>

folio_status folio_file_sha256(folio_context *context, const char *path, unsigned char digest[32], char *err,
                               size_t errlen) {
    fz_context *ctx = context->ctx;
    memset(digest, 0, 32);
    folio_status status = FOLIO_OK;
    fz_stream *stream = NULL;
    fz_var(stream);
    fz_try(ctx) {
        unsigned char buffer[65536];
        fz_sha256 state;
        fz_sha256_init(&state);
        stream = fz_open_file(ctx, path);
        size_t count;
        while ((count = fz_read(ctx, stream, buffer, sizeof buffer)) > 0) {
            fz_sha256_update(&state, buffer, count);
        }
        fz_sha256_final(&state, digest);
    }
    fz_always(ctx) { fz_drop_stream(ctx, stream); }
    fz_catch(ctx) { status = folio_caught(ctx, NULL, err, errlen); }
    return status;
}
