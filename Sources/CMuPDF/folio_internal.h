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

/// A malloc'd copy of `s` (NULL for NULL, or when memory runs out); the caller frees it.
char *folio_strdup(const char *s);

/// Converts an fz_rect to our own rectangle type.
folio_rect folio_rect_from(fz_rect rect);

/// Whether `cookie` (which may be NULL) was aborted; read atomically, since any thread may abort it.
int folio_aborted(const fz_cookie *cookie);

/// Puts the MuPDF work this thread does until folio_work_end under `cookie` (which may be NULL):
/// once the cookie is aborted, allocations on this thread fail. MuPDF looks at the cookie only
/// between drawing operations, but a decoder in a long loop (a JBIG2 bomb) still allocates, and
/// a failed allocation unwinds it through fz_catch.
void folio_work_begin(folio_cookie *cookie);
void folio_work_end(void);

/// Extracts `page` into structured text (recorded into a display list first, as mutool does),
/// honouring `cookie`. Throws on failure; the caller owns the result.
fz_stext_page *folio_new_stext(fz_context *ctx, fz_document *doc, int page, fz_cookie *cookie);

#endif
