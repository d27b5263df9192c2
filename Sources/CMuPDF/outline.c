// The outline (table of contents), flattened depth-first into an array with levels. The walk is
// iterative and bounded, so a hostile outline (huge, deep, or looping) cannot exhaust the stack.
#include "folio_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/// Flattens `root`'s tree into `out`, using `stack` (room for `max_depth` + 1 pointers) for the
/// walk. Throws on allocation failure and when MuPDF cannot resolve a target; the caller owns
/// `stack` and frees `out` on failure.
static void folio_flatten_outline(fz_context *ctx, fz_document *doc, fz_outline *root, size_t max_entries,
                                  int max_depth, fz_outline **stack, folio_outline *out) {
    size_t capacity = 64;
    out->entries = calloc(capacity, sizeof *out->entries);
    if (out->entries == NULL) {
        fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
    }
    int depth = 0;
    stack[0] = root;
    while (depth >= 0) {
        fz_outline *node = stack[depth];
        if (node == NULL) {
            depth--;
            continue;
        }
        stack[depth] = node->next;
        if (out->count == max_entries) {
            out->truncated = 1;
            break;
        }
        if (out->count == capacity) {
            folio_outline_entry *grown = realloc(out->entries, 2 * capacity * sizeof *grown);
            if (grown == NULL) {
                fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
            }
            memset(grown + capacity, 0, capacity * sizeof *grown);
            out->entries = grown;
            capacity *= 2;
        }
        folio_outline_entry *entry = &out->entries[out->count++];
        entry->title = folio_strdup(node->title);
        entry->level = depth;
        entry->page = node->page.page < 0 ? -1 : fz_page_number_from_location(ctx, doc, node->page);
        entry->target_y = entry->page >= 0 && isfinite(node->y) && node->y >= 0 ? node->y : -1;
        if (node->down != NULL) {
            if (depth + 1 > max_depth) {
                out->truncated = 1;
            } else {
                stack[++depth] = node->down;
            }
        }
    }
}

folio_status folio_document_outline(folio_document *document, size_t max_entries, int max_depth,
                                    folio_outline *out, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    memset(out, 0, sizeof *out);
    if (max_depth < 1) {
        max_depth = 1;
    }
    folio_status status = FOLIO_OK;
    fz_outline *root = NULL;
    /* The walk's stack is freed in fz_always: resolving a target may throw in the middle of it. */
    fz_outline **stack = NULL;
    fz_var(root);
    fz_var(stack);
    fz_try(ctx) {
        root = fz_load_outline(ctx, document->doc);
        if (root != NULL) {
            stack = calloc((size_t)max_depth + 1, sizeof *stack);
            if (stack == NULL) {
                fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
            }
            folio_flatten_outline(ctx, document->doc, root, max_entries, max_depth, stack, out);
        }
    }
    fz_always(ctx) {
        free(stack);
        fz_drop_outline(ctx, root);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
        folio_outline_free(out);
    }
    return status;
}

void folio_outline_free(folio_outline *outline) {
    for (size_t i = 0; i < outline->count; i++) {
        free(outline->entries[i].title);
    }
    free(outline->entries);
    memset(outline, 0, sizeof *outline);
}
