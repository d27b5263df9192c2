// Private to CMuPDF: the structs behind the opaque handles of CMuPDF.h, and the helper every shim
// uses to turn a caught MuPDF error into a folio_status plus message.
#ifndef FOLIO_INTERNAL_H
#define FOLIO_INTERNAL_H

#include "CMuPDF.h"
#include <mupdf/fitz.h>
#include <mupdf/pdf.h>

struct folio_context {
    fz_context *ctx;
    /// Non-NULL only for a base context: the lock set its clones share.
    struct folio_lock_set *locks;
};

struct folio_document {
    folio_context *context;
    fz_document *doc;
};

struct folio_display_list {
    fz_display_list *list;
};

struct folio_cookie {
    fz_cookie cookie;
};

/// Copies `message` into `err` (always NUL-terminated when errlen > 0).
void folio_set_error(char *err, size_t errlen, const char *message);

/// Classifies the error just caught by fz_catch and copies its message into `err`.
folio_status folio_caught(fz_context *ctx, fz_cookie *cookie, char *err, size_t errlen);

/// Checks `page` against the document's page count; on failure fills `err` and returns non-OK.
folio_status folio_check_page(folio_document *document, int page, char *err, size_t errlen);

/// Converts an fz_rect to our own rectangle type.
folio_rect folio_rect_from(fz_rect rect);

#endif
