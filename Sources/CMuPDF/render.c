// Display lists and rendering. The document's own context records a page into a display list;
// any cloned context may then render that list on another thread.
#include "folio_internal.h"

#include <stdlib.h>
#include <string.h>

/* Runs `page` onto `device` and closes it, throwing (inside the caller's fz_try) when the work
 * was cancelled: the whole page, or without its annotations. Form fields are part of the page as
 * its author made it; annotations are notes on it. */
static void run_page(fz_context *ctx, fz_page *page, fz_device *device, int with_annotations, fz_cookie *cookie) {
    if (with_annotations) {
        fz_run_page(ctx, page, device, fz_identity, cookie);
    } else {
        fz_run_page_contents(ctx, page, device, fz_identity, cookie);
        fz_run_page_widgets(ctx, page, device, fz_identity, cookie);
    }
    fz_close_device(ctx, device);
    if (folio_aborted(cookie)) {
        fz_throw(ctx, FZ_ERROR_ABORT, "cancelled");
    }
}

folio_status folio_page_display_list(folio_document *document, int page, int with_annotations, folio_cookie *cookie,
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
        run_page(ctx, loaded, device, with_annotations, fz_cookie_ptr);
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

/* The pixel area of `list` (within `clip`, when not NULL) drawn at `zoom`, after the checks both
 * calls below make. */
static folio_status render_area(fz_context *ctx, folio_display_list *list, float zoom, const folio_rect *clip,
                                size_t max_pixels, fz_irect *area, char *err, size_t errlen) {
    if (!(zoom > 0) || zoom > 100) {
        folio_set_error(err, errlen, "invalid zoom");
        return FOLIO_INVALID;
    }
    fz_rect bounds = fz_bound_display_list(ctx, list->list);
    if (clip != NULL) {
        bounds = fz_intersect_rect(bounds, fz_make_rect(clip->x0, clip->y0, clip->x1, clip->y1));
    }
    *area = fz_round_rect(fz_transform_rect(bounds, fz_scale(zoom, zoom)));
    double width = (double)area->x1 - area->x0;
    double height = (double)area->y1 - area->y0;
    if (width <= 0 || height <= 0) {
        folio_set_error(err, errlen, "the page is empty (zero size)");
        return FOLIO_INVALID;
    }
    if (width * height > (double)max_pixels) {
        char message[128];
        snprintf(message, sizeof message, "a %.0f×%.0f pixel image exceeds the limit of %zu pixels",
                 width, height, max_pixels);
        folio_set_error(err, errlen, message);
        return FOLIO_TOO_LARGE;
    }
    return FOLIO_OK;
}

folio_status folio_display_list_render_size(folio_context *context, folio_display_list *list, float zoom,
                                            const folio_rect *clip, size_t max_pixels, int *width, int *height,
                                            char *err, size_t errlen) {
    fz_irect area;
    *width = 0;
    *height = 0;
    folio_status status = render_area(context->ctx, list, zoom, clip, max_pixels, &area, err, errlen);
    if (status == FOLIO_OK) {
        *width = area.x1 - area.x0;
        *height = area.y1 - area.y0;
    }
    return status;
}

folio_status folio_display_list_render_into(folio_context *context, folio_display_list *list, float zoom,
                                            const folio_rect *clip, folio_cookie *cookie, unsigned char *samples,
                                            int width, int height, char *err, size_t errlen) {
    fz_context *ctx = context->ctx;
    fz_irect area;
    /* No cap here: the area must equal the caller's buffer, which folio_display_list_render_size capped. */
    folio_status status = render_area(ctx, list, zoom, clip, SIZE_MAX, &area, err, errlen);
    if (status != FOLIO_OK) {
        return status;
    }
    if (area.x1 - area.x0 != width || area.y1 - area.y0 != height || samples == NULL) {
        folio_set_error(err, errlen, "the pixel buffer does not match the page's size");
        return FOLIO_INVALID;
    }
    fz_cookie *fz_cookie_ptr = cookie ? &cookie->cookie : NULL;
    fz_pixmap *pixmap = NULL;
    fz_device *device = NULL;
    fz_var(pixmap);
    fz_var(device);
    folio_work_begin(cookie);
    fz_try(ctx) {
        /* The pixmap borrows the caller's samples; dropping it leaves them alone. */
        pixmap = fz_new_pixmap_with_bbox_and_data(ctx, fz_device_rgb(ctx), area, NULL, 0, samples);
        fz_clear_pixmap_with_value(ctx, pixmap, 0xff);
        device = fz_new_draw_device(ctx, fz_identity, pixmap);
        fz_run_display_list(ctx, list->list, device, fz_scale(zoom, zoom), fz_infinite_rect, fz_cookie_ptr);
        fz_close_device(ctx, device);
        if (folio_aborted(fz_cookie_ptr)) {
            fz_throw(ctx, FZ_ERROR_ABORT, "cancelled");
        }
    }
    fz_always(ctx) {
        fz_drop_device(ctx, device);
        fz_drop_pixmap(ctx, pixmap);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, fz_cookie_ptr, err, errlen);
    }
    folio_work_end();
    return status;
}

/* Makes the device a page is run onto, inside the caller's fz_try; `state` is the caller's. */
typedef fz_device *(*device_maker)(fz_context *ctx, void *state);

/* Loads `page`, runs it onto the device `make` returns (with or without annotations, as
 * run_page) and drops both, every MuPDF error caught into a status; `page_bounds`, when not
 * NULL, receives the page's bounds. */
static folio_status run_page_onto(folio_document *document, int page, int with_annotations, folio_cookie *cookie,
                                  device_maker make, void *state, fz_rect *page_bounds, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    folio_status status = folio_check_page(document, page, err, errlen);
    if (status != FOLIO_OK) {
        return status;
    }
    fz_cookie *fz_cookie_ptr = cookie ? &cookie->cookie : NULL;
    fz_page *loaded = NULL;
    fz_device *device = NULL;
    fz_var(loaded);
    fz_var(device);
    folio_work_begin(cookie);
    fz_try(ctx) {
        loaded = fz_load_page(ctx, document->doc, page);
        if (page_bounds != NULL) {
            *page_bounds = fz_bound_page(ctx, loaded);
        }
        device = make(ctx, state);
        run_page(ctx, loaded, device, with_annotations, fz_cookie_ptr);
    }
    fz_always(ctx) {
        fz_drop_device(ctx, device);
        fz_drop_page(ctx, loaded);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, fz_cookie_ptr, err, errlen);
    }
    folio_work_end();
    return status;
}

static fz_device *make_bbox_device(fz_context *ctx, void *state) {
    return fz_new_bbox_device(ctx, (fz_rect *)state);
}

folio_status folio_page_content_bounds(folio_document *document, int page, int with_annotations,
                                       folio_cookie *cookie, folio_rect *out, char *err, size_t errlen) {
    fz_rect page_bounds = fz_empty_rect;
    fz_rect content = fz_empty_rect;
    folio_status status = run_page_onto(document, page, with_annotations, cookie, make_bbox_device, &content,
                                        &page_bounds, err, errlen);
    if (status != FOLIO_OK) {
        return status;
    }
    /* Ink beyond the page is not shown; a page with no ink at all is shown whole. */
    content = fz_intersect_rect(content, page_bounds);
    *out = folio_rect_from(fz_is_empty_rect(content) ? page_bounds : content);
    return status;
}

/* Where a page's images land, as the caller of folio_page_image_areas gave room for them: the
 * first `capacity` areas, how many were written and how many the page draws. It outlives the
 * device, which run_page_onto drops. */
typedef struct image_areas {
    folio_rect *areas;
    size_t capacity;
    size_t count;
    size_t seen;
} image_areas;

/* A device that notes where each raster image lands (fill_image): photographs and scans, not
 * the stencil masks that text and line art may be drawn with, which take the fill colour. */
typedef struct image_area_device {
    fz_device super;
    image_areas *noted;
} image_area_device;

static void note_image_area(fz_context *ctx, fz_device *device, fz_image *image, fz_matrix ctm, float alpha,
                            fz_color_params color_params) {
    (void)ctx;
    (void)image;
    (void)alpha;
    (void)color_params;
    image_areas *noted = ((image_area_device *)device)->noted;
    fz_rect area = fz_transform_rect(fz_unit_rect, ctm);
    noted->seen += 1;
    if (noted->count < noted->capacity && !fz_is_empty_rect(area)) {
        noted->areas[noted->count++] = folio_rect_from(area);
    }
}

static fz_device *make_image_area_device(fz_context *ctx, void *state) {
    image_area_device *device = fz_new_derived_device(ctx, image_area_device);
    device->super.fill_image = note_image_area;
    device->noted = state;
    return &device->super;
}

folio_status folio_page_image_areas(folio_document *document, int page, int with_annotations, folio_cookie *cookie,
                                    folio_rect *areas, size_t capacity, size_t *count, size_t *seen, char *err,
                                    size_t errlen) {
    image_areas noted = {areas, capacity, 0, 0};
    folio_status status = run_page_onto(document, page, with_annotations, cookie, make_image_area_device, &noted,
                                        NULL, err, errlen);
    *count = status == FOLIO_OK ? noted.count : 0;
    *seen = status == FOLIO_OK ? noted.seen : 0;
    return status;
}
