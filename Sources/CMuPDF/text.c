// Structured and plain text of a page (fz_stext_page), flattened into arrays Swift can read.
#include "folio_internal.h"

#include <mupdf/ucdn.h>
#include <stdlib.h>
#include <string.h>

/// The page is recorded into a display list first and the list is run into the text device, as
/// mutool does: the list device merges text runs, and some formats (XPS) extract differently
/// without it.
fz_stext_page *folio_new_stext(fz_context *ctx, fz_document *doc, int page, fz_cookie *cookie) {
    fz_page *loaded = NULL;
    fz_display_list *list = NULL;
    fz_stext_page *text = NULL;
    fz_device *device = NULL;
    fz_var(loaded);
    fz_var(list);
    fz_var(text);
    fz_var(device);
    fz_try(ctx) {
        loaded = fz_load_page(ctx, doc, page);
        fz_rect bounds = fz_bound_page(ctx, loaded);
        list = fz_new_display_list(ctx, bounds);
        device = fz_new_list_device(ctx, list);
        fz_run_page(ctx, loaded, device, fz_identity, cookie);
        fz_close_device(ctx, device);
        fz_drop_device(ctx, device);
        device = NULL;
        if (folio_aborted(cookie)) {
            fz_throw(ctx, FZ_ERROR_ABORT, "cancelled");
        }
        text = fz_new_stext_page(ctx, bounds);
        fz_stext_options options = {0};
        device = fz_new_stext_device(ctx, text, &options);
        fz_run_display_list(ctx, list, device, fz_identity, fz_infinite_rect, cookie);
        fz_close_device(ctx, device);
        if (folio_aborted(cookie)) {
            fz_throw(ctx, FZ_ERROR_ABORT, "cancelled");
        }
    }
    fz_always(ctx) {
        fz_drop_device(ctx, device);
        fz_drop_display_list(ctx, list);
        fz_drop_page(ctx, loaded);
    }
    fz_catch(ctx) {
        fz_drop_stext_page(ctx, text);
        fz_rethrow(ctx);
    }
    return text;
}

/// Where `c` is an Arabic or Hebrew presentation form (a letter in the shape it takes inside a
/// word, or a ligature of several), writes the letters it stands for into `letters` and returns
/// how many; otherwise returns 0. PDFs often hold these shapes, but search, copy and the reflowed
/// text want the letters a reader types.
static int folio_presentation_letters(uint32_t c, uint32_t letters[18]) {
    if ((c >= 0xFB1D && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFF)) {
        return ucdn_compat_decompose(c, letters);
    }
    return 0;
}

/// Fills `out` from `text`: text blocks only, in MuPDF's reading order. Returns 0 when out of memory.
static int folio_flatten(fz_context *ctx, fz_stext_page *text, folio_text *out) {
    size_t blocks = 0, lines = 0, chars = 0;
    for (fz_stext_block *block = text->first_block; block; block = block->next) {
        if (block->type != FZ_STEXT_BLOCK_TEXT) {
            continue;
        }
        blocks++;
        for (fz_stext_line *line = block->u.t.first_line; line; line = line->next) {
            lines++;
            for (fz_stext_char *ch = line->first_char; ch; ch = ch->next) {
                uint32_t letters[18];
                int count = folio_presentation_letters((uint32_t)ch->c, letters);
                chars += count > 0 ? (size_t)count : 1;
            }
        }
    }
    out->width = text->mediabox.x1 - text->mediabox.x0;
    out->height = text->mediabox.y1 - text->mediabox.y0;
    out->blocks = calloc(blocks ? blocks : 1, sizeof *out->blocks);
    out->lines = calloc(lines ? lines : 1, sizeof *out->lines);
    out->chars = calloc(chars ? chars : 1, sizeof *out->chars);
    if (out->blocks == NULL || out->lines == NULL || out->chars == NULL) {
        folio_text_free(out);
        return 0;
    }
    size_t b = 0, l = 0, c = 0;
    for (fz_stext_block *block = text->first_block; block; block = block->next) {
        if (block->type != FZ_STEXT_BLOCK_TEXT) {
            continue;
        }
        folio_block *flat_block = &out->blocks[b++];
        flat_block->first_line = (uint32_t)l;
        flat_block->box = folio_rect_from(block->bbox);
        for (fz_stext_line *line = block->u.t.first_line; line; line = line->next) {
            folio_line *flat_line = &out->lines[l++];
            flat_line->first_char = (uint32_t)c;
            flat_line->box = folio_rect_from(line->bbox);
            flat_line->dir_x = line->dir.x;
            flat_line->dir_y = line->dir.y;
            flat_line->vertical = line->wmode ? 1 : 0;
            for (fz_stext_char *ch = line->first_char; ch; ch = ch->next) {
                uint32_t letters[18];
                int count = folio_presentation_letters((uint32_t)ch->c, letters);
                if (count == 0) {
                    letters[0] = (uint32_t)ch->c;
                    count = 1;
                }
                fz_rect box = fz_rect_from_quad(ch->quad);
                uint32_t flags = ch->font && fz_font_is_monospaced(ctx, ch->font) ? FOLIO_CHAR_MONOSPACED : 0;
                // A ligature's letters share its box, each a slice of it in drawing order.
                float slice = (box.x1 - box.x0) / (float)count;
                for (int i = 0; i < count; i++) {
                    folio_char *flat_char = &out->chars[c++];
                    flat_char->codepoint = letters[i];
                    flat_char->size = ch->size;
                    fz_rect part = box;
                    if (count > 1) {
                        part.x1 = box.x1 - slice * (float)i;
                        part.x0 = part.x1 - slice;
                    }
                    flat_char->box = folio_rect_from(part);
                    flat_char->baseline = ch->origin.y;
                    flat_char->flags = flags;
                }
            }
            flat_line->char_count = (uint32_t)(c - flat_line->first_char);
        }
        flat_block->line_count = (uint32_t)(l - flat_block->first_line);
    }
    out->block_count = b;
    out->line_count = l;
    out->char_count = c;
    return 1;
}

folio_status folio_page_text(folio_document *document, int page, folio_cookie *cookie, folio_text *out,
                             char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    memset(out, 0, sizeof *out);
    folio_status status = folio_check_page(document, page, err, errlen);
    if (status != FOLIO_OK) {
        return status;
    }
    fz_cookie *fz_cookie_ptr = cookie ? &cookie->cookie : NULL;
    fz_stext_page *text = NULL;
    fz_var(text);
    folio_work_begin(cookie);
    fz_try(ctx) {
        text = folio_new_stext(ctx, document->doc, page, fz_cookie_ptr);
        if (!folio_flatten(ctx, text, out)) {
            fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
        }
    }
    fz_always(ctx) {
        fz_drop_stext_page(ctx, text);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, fz_cookie_ptr, err, errlen);
    }
    folio_work_end();
    return status;
}

void folio_text_free(folio_text *text) {
    free(text->blocks);
    free(text->lines);
    free(text->chars);
    memset(text, 0, sizeof *text);
}

folio_status folio_page_plain_text(folio_document *document, int page, folio_cookie *cookie, char **out,
                                   size_t *length, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    *out = NULL;
    *length = 0;
    folio_status status = folio_check_page(document, page, err, errlen);
    if (status != FOLIO_OK) {
        return status;
    }
    fz_cookie *fz_cookie_ptr = cookie ? &cookie->cookie : NULL;
    fz_stext_page *text = NULL;
    fz_buffer *buffer = NULL;
    fz_output *output = NULL;
    char *copy = NULL;
    fz_var(text);
    fz_var(buffer);
    fz_var(output);
    fz_var(copy);
    folio_work_begin(cookie);
    fz_try(ctx) {
        text = folio_new_stext(ctx, document->doc, page, fz_cookie_ptr);
        buffer = fz_new_buffer(ctx, 4096);
        output = fz_new_output_with_buffer(ctx, buffer);
        fz_print_stext_page_as_text(ctx, output, text);
        fz_close_output(ctx, output);
        unsigned char *data = NULL;
        size_t size = fz_buffer_storage(ctx, buffer, &data);
        copy = malloc(size + 1);
        if (copy == NULL) {
            fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
        }
        if (size > 0) {
            memcpy(copy, data, size);
        }
        copy[size] = 0;
        *length = size;
    }
    fz_always(ctx) {
        fz_drop_output(ctx, output);
        fz_drop_buffer(ctx, buffer);
        fz_drop_stext_page(ctx, text);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, fz_cookie_ptr, err, errlen);
    }
    folio_work_end();
    if (status == FOLIO_OK) {
        *out = copy;
    }
    return status;
}

void folio_string_free(char *string) {
    free(string);
}
