// Opening documents, passwords, page counts, metadata and page bounds.
#include "folio_internal.h"

#include <stdlib.h>
#include <string.h>

folio_status folio_document_open(folio_context *context, const char *path, folio_document **out,
                                 char *err, size_t errlen) {
    fz_context *ctx = context->ctx;
    *out = NULL;
    folio_document *document = calloc(1, sizeof *document);
    if (document == NULL) {
        folio_set_error(err, errlen, "out of memory");
        return FOLIO_OUT_OF_MEMORY;
    }
    fz_document *doc = NULL;
    folio_status status = FOLIO_OK;
    fz_var(doc);
    fz_try(ctx) {
        doc = fz_open_document(ctx, path);
        if (fz_is_document_reflowable(ctx, doc)) {
            /* MuPDF's default layout (A5: 420×595 pt, 11 pt type), as mutool uses: page counts agree. */
            fz_layout_document(ctx, doc, FZ_DEFAULT_LAYOUT_W, FZ_DEFAULT_LAYOUT_H, FZ_DEFAULT_LAYOUT_EM);
        }
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
        fz_drop_document(ctx, doc);
        doc = NULL;
    }
    if (status != FOLIO_OK) {
        free(document);
        return status;
    }
    document->context = context;
    document->doc = doc;
    *out = document;
    return FOLIO_OK;
}

void folio_document_drop(folio_document *document) {
    if (document == NULL) {
        return;
    }
    fz_drop_document(document->context->ctx, document->doc);
    free(document);
}

folio_status folio_document_needs_password(folio_document *document, int *out, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    folio_status status = FOLIO_OK;
    int needs = 0;
    fz_try(ctx) {
        needs = fz_needs_password(ctx, document->doc);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    *out = needs;
    return status;
}

folio_status folio_document_authenticate(folio_document *document, const char *password, int *out,
                                         char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    folio_status status = FOLIO_OK;
    int accepted = 0;
    fz_try(ctx) {
        accepted = fz_authenticate_password(ctx, document->doc, password);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    *out = accepted;
    return status;
}

folio_status folio_document_page_count(folio_document *document, int *out, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    folio_status status = FOLIO_OK;
    int count = 0;
    fz_try(ctx) {
        count = fz_count_pages(ctx, document->doc);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    *out = count;
    return status;
}

folio_status folio_document_lists_pages(folio_document *document, int count, int *out, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    folio_status status = FOLIO_OK;
    int listed = 0;
    fz_try(ctx) {
        pdf_document *pdf = pdf_specifics(ctx, document->doc);
        if (pdf != NULL && count > 0) {
            pdf_obj *kids = pdf_dict_getp(ctx, pdf_trailer(ctx, pdf), "Root/Pages/Kids");
            if (pdf_array_len(ctx, kids) == count) {
                pdf_obj *last = pdf_array_get(ctx, kids, count - 1);
                listed = pdf_name_eq(ctx, pdf_dict_get(ctx, last, PDF_NAME(Type)), PDF_NAME(Page));
            }
        }
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    *out = listed;
    return status;
}

folio_status folio_document_is_reflowable(folio_document *document, int *out, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    folio_status status = FOLIO_OK;
    int reflowable = 0;
    fz_try(ctx) {
        reflowable = fz_is_document_reflowable(ctx, document->doc);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    *out = reflowable;
    return status;
}

folio_status folio_document_metadata(folio_document *document, const char *key, char *buf, size_t buflen,
                                     int *found, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    folio_status status = FOLIO_OK;
    int length = -1;
    if (buflen > 0) {
        buf[0] = 0;
    }
    fz_try(ctx) {
        length = fz_lookup_metadata(ctx, document->doc, key, buf, (int)buflen);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    *found = length >= 0;
    return status;
}

folio_status folio_check_page(folio_document *document, int page, char *err, size_t errlen) {
    int count = 0;
    folio_status status = folio_document_page_count(document, &count, err, errlen);
    if (status != FOLIO_OK) {
        return status;
    }
    if (page < 0 || page >= count) {
        char message[96];
        // Widened before adding: page may be INT_MAX.
        snprintf(message, sizeof message, "no page %lld (the document has %d)", (long long)page + 1, count);
        folio_set_error(err, errlen, message);
        return FOLIO_NO_SUCH_PAGE;
    }
    return FOLIO_OK;
}

folio_status folio_page_bounds(folio_document *document, int page, folio_rect *out, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    folio_status status = folio_check_page(document, page, err, errlen);
    if (status != FOLIO_OK) {
        return status;
    }
    fz_page *loaded = NULL;
    fz_rect bounds = fz_empty_rect;
    fz_var(loaded);
    fz_try(ctx) {
        loaded = fz_load_page(ctx, document->doc, page);
        bounds = fz_bound_page(ctx, loaded);
    }
    fz_always(ctx) {
        fz_drop_page(ctx, loaded);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    *out = folio_rect_from(bounds);
    return status;
}
