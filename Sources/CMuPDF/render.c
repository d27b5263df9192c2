// Display lists and rendering. The document's own context records a page into a display list;
// any cloned context may then render that list on another thread.
#include "folio_internal.h"

#include <stdlib.h>
#include <string.h>

folio_status folio_page_display_list(folio_document *document, int page, folio_cookie *cookie,
                                     folio_display_list **out, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    *out = NULL;
    folio_status status = folio_check_page(document, page, err, errlen);
    if (status != FOLIO_OK) {
        return status;
    }
    folio_display_list *handle = calloc(1, sizeof *handle);
    if (handle == NULL) {
        folio_set_error(err, errlen, "out of memory");
        return FOLIO_OUT_OF_MEMORY;
    }
    fz_cookie *fz_cookie_ptr = cookie ? &cookie->cookie : NULL;
    fz_page *loaded = NULL;
    fz_display_list *list = NULL;
    fz_device *device = NULL;
    fz_var(loaded);
    fz_var(list);
    fz_var(device);
    folio_work_begin(cookie);
    fz_try(ctx) {
        loaded = fz_load_page(ctx, document->doc, page);
        list = fz_new_display_list(ctx, fz_bound_page(ctx, loaded));
        device = fz_new_list_device(ctx, list);
        fz_run_page(ctx, loaded, device, fz_identity, fz_cookie_ptr);
        fz_close_device(ctx, device);
        if (folio_aborted(fz_cookie_ptr)) {
            fz_throw(ctx, FZ_ERROR_ABORT, "cancelled");
        }
    }
    fz_always(ctx) {
        fz_drop_device(ctx, device);
        fz_drop_page(ctx, loaded);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, fz_cookie_ptr, err, errlen);
        fz_drop_display_list(ctx, list);
        list = NULL;
    }
    folio_work_end();
    if (status != FOLIO_OK) {
        free(handle);
        return status;
    }
    handle->list = list;
    *out = handle;
    return FOLIO_OK;
}

void folio_display_list_drop(folio_context *context, folio_display_list *list) {
    if (list == NULL) {
        return;
    }
    fz_drop_display_list(context->ctx, list->list);
    free(list);
}

folio_rect folio_display_list_bounds(folio_context *context, folio_display_list *list) {
    return folio_rect_from(fz_bound_display_list(context->ctx, list->list));
}

folio_status folio_display_list_render(folio_context *context, folio_display_list *list, float zoom,
                                       size_t max_pixels, folio_cookie *cookie, folio_pixels *out,
                                       char *err, size_t errlen) {
    fz_context *ctx = context->ctx;
    memset(out, 0, sizeof *out);
    if (!(zoom > 0) || zoom > 100) {
        folio_set_error(err, errlen, "invalid zoom");
        return FOLIO_INVALID;
    }
    fz_matrix ctm = fz_scale(zoom, zoom);
    fz_irect area = fz_round_rect(fz_transform_rect(fz_bound_display_list(ctx, list->list), ctm));
    double width = (double)area.x1 - area.x0;
    double height = (double)area.y1 - area.y0;
    if (width <= 0 || height <= 0) {
        folio_set_error(err, errlen, "the page is empty (zero size)");
        return FOLIO_INVALID;
    }
    if (width * height > (double)max_pixels) {
        char message[128];
        snprintf(message, sizeof message, "a %.0f×%.0f pixel image exceeds the limit of %zu pixels",
                 width, height, max_pixels);
        folio_set_error(err, errlen, message);
        return FOLIO_INVALID;
    }
    fz_cookie *fz_cookie_ptr = cookie ? &cookie->cookie : NULL;
    folio_status status = FOLIO_OK;
    fz_pixmap *pixmap = NULL;
    fz_device *device = NULL;
    uint8_t *samples = NULL;
    fz_var(pixmap);
    fz_var(device);
    fz_var(samples);
    folio_work_begin(cookie);
    fz_try(ctx) {
        pixmap = fz_new_pixmap_with_bbox(ctx, fz_device_rgb(ctx), area, NULL, 0);
        fz_clear_pixmap_with_value(ctx, pixmap, 0xff);
        device = fz_new_draw_device(ctx, fz_identity, pixmap);
        fz_run_display_list(ctx, list->list, device, ctm, fz_infinite_rect, fz_cookie_ptr);
        fz_close_device(ctx, device);
        if (folio_aborted(fz_cookie_ptr)) {
            fz_throw(ctx, FZ_ERROR_ABORT, "cancelled");
        }
        size_t stride = (size_t)fz_pixmap_stride(ctx, pixmap);
        size_t rows = (size_t)fz_pixmap_height(ctx, pixmap);
        samples = malloc(stride * rows);
        if (samples == NULL) {
            fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
        }
        memcpy(samples, fz_pixmap_samples(ctx, pixmap), stride * rows);
        out->width = fz_pixmap_width(ctx, pixmap);
        out->height = (int)rows;
        out->stride = stride;
    }
    fz_always(ctx) {
        fz_drop_device(ctx, device);
        fz_drop_pixmap(ctx, pixmap);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, fz_cookie_ptr, err, errlen);
        free(samples);
        samples = NULL;
        memset(out, 0, sizeof *out);
    }
    folio_work_end();
    out->samples = samples;
    return status;
}

void folio_pixels_free(folio_pixels *pixels) {
    free(pixels->samples);
    memset(pixels, 0, sizeof *pixels);
}
