// Links and search on one page: MuPDF resolves link targets and finds hits; we only copy results out.
#include "folio_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

folio_status folio_page_links(folio_document *document, int page, folio_links *out, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    memset(out, 0, sizeof *out);
    folio_status status = folio_check_page(document, page, err, errlen);
    if (status != FOLIO_OK) {
        return status;
    }
    fz_page *loaded = NULL;
    fz_link *links = NULL;
    fz_var(loaded);
    fz_var(links);
    fz_try(ctx) {
        loaded = fz_load_page(ctx, document->doc, page);
        links = fz_load_links(ctx, loaded);
        size_t count = 0;
        for (fz_link *link = links; link; link = link->next) {
            count++;
        }
        out->links = calloc(count ? count : 1, sizeof *out->links);
        if (out->links == NULL) {
            fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
        }
        for (fz_link *link = links; link; link = link->next) {
            folio_link *flat = &out->links[out->count++];
            flat->box = folio_rect_from(link->rect);
            flat->page = -1;
            flat->target_y = -1;
            if (link->uri != NULL) {
                size_t n = strlen(link->uri);
                flat->uri = malloc(n + 1);
                if (flat->uri != NULL) {
                    memcpy(flat->uri, link->uri, n + 1);
                }
                flat->external = fz_is_external_link(ctx, link->uri);
                if (!flat->external) {
                    float y = NAN;
                    fz_location location = fz_resolve_link(ctx, document->doc, link->uri, NULL, &y);
                    if (location.page >= 0) {
                        flat->page = fz_page_number_from_location(ctx, document->doc, location);
                        flat->target_y = isfinite(y) && y >= 0 ? y : -1;
                    }
                }
            }
        }
    }
    fz_always(ctx) {
        fz_drop_link(ctx, links);
        fz_drop_page(ctx, loaded);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
        folio_links_free(out);
    }
    return status;
}

void folio_links_free(folio_links *links) {
    for (size_t i = 0; i < links->count; i++) {
        free(links->links[i].uri);
    }
    free(links->links);
    memset(links, 0, sizeof *links);
}

folio_status folio_page_search(folio_document *document, int page, const char *needle, folio_cookie *cookie,
                               folio_quad *quads, int max_quads, int *count, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    *count = 0;
    folio_status status = folio_check_page(document, page, err, errlen);
    if (status != FOLIO_OK) {
        return status;
    }
    if (max_quads <= 0) {
        return FOLIO_OK;
    }
    fz_quad *found = calloc((size_t)max_quads, sizeof *found);
    int *marks = calloc((size_t)max_quads, sizeof *marks);
    if (found == NULL || marks == NULL) {
        free(found);
        free(marks);
        folio_set_error(err, errlen, "out of memory");
        return FOLIO_OUT_OF_MEMORY;
    }
    fz_cookie *fz_cookie_ptr = cookie ? &cookie->cookie : NULL;
    fz_stext_page *text = NULL;
    int n = 0;
    fz_var(text);
    folio_work_begin(cookie);
    fz_try(ctx) {
        text = folio_new_stext(ctx, document->doc, page, fz_cookie_ptr);
        n = fz_search_stext_page(ctx, text, needle, marks, found, max_quads);
    }
    fz_always(ctx) {
        fz_drop_stext_page(ctx, text);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, fz_cookie_ptr, err, errlen);
        n = 0;
    }
    folio_work_end();
    // fz_search_stext_page marks the first quad of each hit; number hits so callers can group quads.
    int hit = -1;
    for (int i = 0; i < n; i++) {
        if (marks[i] || hit < 0) {
            hit++;
        }
        folio_quad *q = &quads[i];
        q->ul_x = found[i].ul.x; q->ul_y = found[i].ul.y;
        q->ur_x = found[i].ur.x; q->ur_y = found[i].ur.y;
        q->ll_x = found[i].ll.x; q->ll_y = found[i].ll.y;
        q->lr_x = found[i].lr.x; q->lr_y = found[i].lr.y;
        q->hit = hit;
    }
    *count = n;
    free(found);
    free(marks);
    return status;
}
