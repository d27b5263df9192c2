// PNG encoding with MuPDF's own writer (zlib, a Sub filter on every row), for the image protocols
// that carry PNG (kitty's f=100, iTerm2's inline images): one compressor for both, already linked.
// MuPDF writes no palette PNGs, so for those its deflate compresses the rows Swift lays out.
#include "folio_internal.h"

#include <stdlib.h>
#include <string.h>

// A malloc'd copy of MuPDF's `count` bytes at `data`, for a caller that frees it with
// folio_png_free; throws (inside the caller's fz_try) when memory runs out.
static unsigned char *copied_out(fz_context *ctx, const unsigned char *data, size_t count) {
    unsigned char *copy = malloc(count > 0 ? count : 1);
    if (copy == NULL) {
        fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
    }
    memcpy(copy, data, count);
    return copy;
}

folio_status folio_png_encode(folio_context *context, const unsigned char *pixels, int width, int height,
                              int components, unsigned char **png, size_t *length, char *err, size_t errlen) {
    fz_context *ctx = context->ctx;
    *png = NULL;
    *length = 0;
    if (width <= 0 || height <= 0 || (components != 1 && components != 3)) {
        folio_set_error(err, errlen, "invalid image for PNG (size or components)");
        return FOLIO_INVALID;
    }
    folio_status status = FOLIO_OK;
    fz_pixmap *pixmap = NULL;
    fz_buffer *buffer = NULL;
    unsigned char *copy = NULL;
    size_t count = 0;
    fz_var(pixmap);
    fz_var(buffer);
    fz_var(copy);
    fz_var(count);
    fz_try(ctx) {
        fz_colorspace *colorspace = components == 1 ? fz_device_gray(ctx) : fz_device_rgb(ctx);
        // MuPDF only reads the samples: the cast drops a const it has no way to declare.
        pixmap = fz_new_pixmap_with_data(ctx, colorspace, width, height, NULL, 0, width * components,
                                         (unsigned char *)pixels);
        buffer = fz_new_buffer_from_pixmap_as_png(ctx, pixmap, fz_default_color_params);
        unsigned char *data = NULL;
        count = fz_buffer_storage(ctx, buffer, &data);
        copy = copied_out(ctx, data, count);
    }
    fz_always(ctx) {
        fz_drop_buffer(ctx, buffer);
        fz_drop_pixmap(ctx, pixmap);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
        free(copy);
        copy = NULL;
    }
    if (status != FOLIO_OK) {
        return status;
    }
    *png = copy;
    *length = count;
    return FOLIO_OK;
}

void folio_png_free(unsigned char *png) {
    free(png);
}

folio_status folio_deflate(folio_context *context, const unsigned char *source, size_t length,
                           unsigned char **deflated, size_t *deflated_length, char *err, size_t errlen) {
    fz_context *ctx = context->ctx;
    *deflated = NULL;
    *deflated_length = 0;
    folio_status status = FOLIO_OK;
    unsigned char *data = NULL;
    unsigned char *copy = NULL;
    size_t count = 0;
    fz_var(data);
    fz_var(copy);
    fz_var(count);
    fz_try(ctx) {
        data = fz_new_deflated_data(ctx, &count, source, length, FZ_DEFLATE_DEFAULT);
        // MuPDF's block is freed with fz_free; the caller gets one folio_png_free frees.
        copy = copied_out(ctx, data, count);
    }
    fz_always(ctx) {
        fz_free(ctx, data);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
        free(copy);
        copy = NULL;
    }
    if (status != FOLIO_OK) {
        return status;
    }
    *deflated = copy;
    *deflated_length = count;
    return FOLIO_OK;
}
