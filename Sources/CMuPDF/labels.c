// Page labels: the printed page numbers a PDF declares in its /PageLabels number tree (roman
// front matter, then 1, 2, …). MuPDF 1.21 has no API for them, so the tree is read here with
// pdf_* object calls. The walk is bounded (depth and node count), so a looping or absurd tree
// cannot hang or exhaust the stack.
#include "folio_internal.h"

#include <stdlib.h>
#include <string.h>

enum {
    /// Deeper number trees are cut: real ones are one or two levels deep.
    FOLIO_LABEL_MAX_DEPTH = 32,
    /// At most this many tree nodes are visited (a /Kids loop would otherwise repeat forever).
    FOLIO_LABEL_MAX_NODES = 4096,
};

/// Appends one range to `out`, growing the array as needed. Throws on allocation failure.
static void folio_append_label_range(fz_context *ctx, folio_page_labels *out, size_t *capacity, int start_page,
                                     pdf_obj *dict) {
    if (out->count == *capacity) {
        size_t grown_capacity = *capacity ? 2 * *capacity : 16;
        folio_page_label_range *grown = realloc(out->ranges, grown_capacity * sizeof *grown);
        if (grown == NULL) {
            fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
        }
        out->ranges = grown;
        *capacity = grown_capacity;
    }
    folio_page_label_range *range = &out->ranges[out->count];
    memset(range, 0, sizeof *range);
    range->start_page = start_page;
    range->first_value = 1;
    pdf_obj *style = pdf_dict_get(ctx, dict, PDF_NAME(S));
    if (pdf_is_name(ctx, style)) {
        const char *name = pdf_to_name(ctx, style);
        if (strlen(name) == 1 && strchr("DRrAa", name[0]) != NULL) {
            range->style = name[0];
        }
    }
    pdf_obj *prefix = pdf_dict_get(ctx, dict, PDF_NAME(P));
    if (pdf_is_string(ctx, prefix)) {
        const char *text = pdf_to_text_string(ctx, prefix);
        size_t length = strlen(text);
        range->prefix = malloc(length + 1);
        if (range->prefix == NULL) {
            fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
        }
        memcpy(range->prefix, text, length + 1);
    }
    pdf_obj *start = pdf_dict_gets(ctx, dict, "St");
    if (pdf_is_int(ctx, start) && pdf_to_int(ctx, start) >= 1) {
        range->first_value = pdf_to_int(ctx, start);
    }
    out->count++;
}

/// Collects the ranges under `node` (a number-tree node) in tree order. Throws on allocation
/// failure; MuPDF's own errors (a broken object) propagate too.
static void folio_walk_label_tree(fz_context *ctx, pdf_obj *node, int depth, int *visited, folio_page_labels *out,
                                  size_t *capacity) {
    if (depth > FOLIO_LABEL_MAX_DEPTH || *visited >= FOLIO_LABEL_MAX_NODES || !pdf_is_dict(ctx, node)) {
        return;
    }
    (*visited)++;
    pdf_obj *nums = pdf_dict_get(ctx, node, PDF_NAME(Nums));
    if (pdf_is_array(ctx, nums)) {
        int length = pdf_array_len(ctx, nums);
        for (int i = 0; i + 1 < length; i += 2) {
            pdf_obj *key = pdf_array_get(ctx, nums, i);
            pdf_obj *value = pdf_array_get(ctx, nums, i + 1);
            if (pdf_is_int(ctx, key) && pdf_to_int(ctx, key) >= 0 && pdf_is_dict(ctx, value)) {
                folio_append_label_range(ctx, out, capacity, pdf_to_int(ctx, key), value);
            }
        }
    }
    pdf_obj *kids = pdf_dict_get(ctx, node, PDF_NAME(Kids));
    if (pdf_is_array(ctx, kids)) {
        int length = pdf_array_len(ctx, kids);
        for (int i = 0; i < length; i++) {
            folio_walk_label_tree(ctx, pdf_array_get(ctx, kids, i), depth + 1, visited, out, capacity);
        }
    }
}

folio_status folio_document_page_labels(folio_document *document, folio_page_labels *out, char *err,
                                        size_t errlen) {
    fz_context *ctx = document->context->ctx;
    memset(out, 0, sizeof *out);
    folio_status status = FOLIO_OK;
    fz_try(ctx) {
        pdf_document *pdf = pdf_specifics(ctx, document->doc);
        if (pdf != NULL) {
            pdf_obj *tree = pdf_dict_getp(ctx, pdf_trailer(ctx, pdf), "Root/PageLabels");
            size_t capacity = 0;
            int visited = 0;
            folio_walk_label_tree(ctx, tree, 0, &visited, out, &capacity);
        }
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
        folio_page_labels_free(out);
    }
    return status;
}

void folio_page_labels_free(folio_page_labels *labels) {
    for (size_t i = 0; i < labels->count; i++) {
        free(labels->ranges[i].prefix);
    }
    free(labels->ranges);
    memset(labels, 0, sizeof *labels);
}
