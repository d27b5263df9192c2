// Annotations: listing a page's, adding, deleting and changing them through MuPDF's annotation
// API (which also makes their appearance streams, so other viewers draw them), and writing the
// changes as an incremental update that keeps the original bytes as an exact prefix.
#include "folio_internal.h"

#include <stdlib.h>
#include <string.h>

/* The page's PDF page, loaded; throws for a document that is not a PDF. */
static pdf_page *load_pdf_page(fz_context *ctx, fz_document *doc, int page) {
    if (pdf_specifics(ctx, doc) == NULL) {
        fz_throw(ctx, FZ_ERROR_GENERIC, "annotations can be written only in a PDF");
    }
    return pdf_page_from_fz_page(ctx, fz_load_page(ctx, doc, page));
}

/* Whether an annotation of this subtype is left out of the list: a popup shows its parent's
 * contents, a link is a link, and a widget is a form field. */
static int is_left_out(fz_context *ctx, pdf_annot *annot) {
    enum pdf_annot_type type = pdf_annot_type(ctx, annot);
    return type == PDF_ANNOT_POPUP || type == PDF_ANNOT_LINK || type == PDF_ANNOT_WIDGET;
}

/* A date entry (/M, /CreationDate) in seconds since 1970, or FOLIO_NO_DATE. */
static int64_t annotation_date(fz_context *ctx, pdf_obj *dict, pdf_obj *key) {
    pdf_obj *value = pdf_dict_get(ctx, dict, key);
    if (!pdf_is_string(ctx, value)) {
        return FOLIO_NO_DATE;
    }
    int64_t seconds = pdf_to_date(ctx, value);
    return seconds < 0 ? FOLIO_NO_DATE : seconds;
}

/* The annotation's colour as RGB; zero when it has none. */
static int annotation_colour(fz_context *ctx, pdf_annot *annot, float rgb[3]) {
    int n = 0;
    float colour[4] = {0, 0, 0, 0};
    pdf_annot_color(ctx, annot, &n, colour);
    switch (n) {
    case 1:
        rgb[0] = rgb[1] = rgb[2] = colour[0];
        return 1;
    case 3:
        memcpy(rgb, colour, 3 * sizeof *rgb);
        return 1;
    case 4:
        fz_convert_color(ctx, fz_device_cmyk(ctx), colour, fz_device_rgb(ctx), rgb, NULL, fz_default_color_params);
        return 1;
    default:
        return 0;
    }
}

/* The bounding rectangle of a quadrilateral. */
static folio_rect quad_bounds(fz_quad quad) {
    return folio_rect_from(fz_rect_from_quad(quad));
}

/* Fills `out` from `annot`; throws on allocation failure (the caller frees what was filled). */
static void read_annotation(fz_context *ctx, pdf_annot *annot, size_t max_quads, folio_annotation *out,
                            int *truncated) {
    pdf_obj *obj = pdf_annot_obj(ctx, annot);
    out->subtype = folio_strdup(pdf_to_name(ctx, pdf_dict_get(ctx, obj, PDF_NAME(Subtype))));
    if (out->subtype == NULL) {
        fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
    }
    float rgb[3] = {0, 0, 0};
    out->has_colour = annotation_colour(ctx, annot, rgb);
    out->red = rgb[0];
    out->green = rgb[1];
    out->blue = rgb[2];
    out->rect = folio_rect_from(pdf_bound_annot(ctx, annot));
    out->object_number = pdf_to_num(ctx, obj);
    out->created = annotation_date(ctx, obj, PDF_NAME(CreationDate));
    out->modified = annotation_date(ctx, obj, PDF_NAME(M));
    const char *contents = pdf_dict_get_text_string(ctx, obj, PDF_NAME(Contents));
    const char *author = pdf_dict_get_text_string(ctx, obj, PDF_NAME(T));
    const char *name = pdf_to_text_string(ctx, pdf_dict_gets(ctx, obj, "NM"));
    out->contents = contents[0] ? folio_strdup(contents) : NULL;
    out->author = author[0] ? folio_strdup(author) : NULL;
    out->name = name[0] ? folio_strdup(name) : NULL;
    if ((contents[0] && !out->contents) || (author[0] && !out->author) || (name[0] && !out->name)) {
        fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
    }
    if (!pdf_annot_has_quad_points(ctx, annot)) {
        return;
    }
    int count = pdf_annot_quad_point_count(ctx, annot);
    size_t kept = count > 0 ? (size_t)count : 0;
    if (kept > max_quads) {
        kept = max_quads;
        *truncated = 1;
    }
    if (kept == 0) {
        return;
    }
    out->quads = calloc(kept, sizeof *out->quads);
    if (out->quads == NULL) {
        fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
    }
    for (size_t index = 0; index < kept; index++) {
        out->quads[index] = quad_bounds(pdf_annot_quad_point(ctx, annot, (int)index));
    }
    out->quad_count = kept;
}

folio_status folio_page_annotations(folio_document *document, int page, size_t max_annotations, size_t max_quads,
                                    folio_annotations *out, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    memset(out, 0, sizeof *out);
    folio_status status = folio_check_page(document, page, err, errlen);
    if (status != FOLIO_OK) {
        return status;
    }
    if (pdf_specifics(ctx, document->doc) == NULL) {
        return FOLIO_OK;
    }
    pdf_page *loaded = NULL;
    fz_var(loaded);
    fz_try(ctx) {
        loaded = load_pdf_page(ctx, document->doc, page);
        size_t total = 0;
        for (pdf_annot *annot = pdf_first_annot(ctx, loaded); annot; annot = pdf_next_annot(ctx, annot)) {
            total += !is_left_out(ctx, annot);
        }
        size_t kept = total > max_annotations ? max_annotations : total;
        out->truncated = total > kept;
        if (kept > 0) {
            out->annotations = calloc(kept, sizeof *out->annotations);
            if (out->annotations == NULL) {
                fz_throw(ctx, FZ_ERROR_MEMORY, "out of memory");
            }
        }
        int position = 0;
        for (pdf_annot *annot = pdf_first_annot(ctx, loaded); annot && out->count < kept;
             annot = pdf_next_annot(ctx, annot), position++) {
            if (!is_left_out(ctx, annot)) {
                out->annotations[out->count].position = position;
                read_annotation(ctx, annot, max_quads, &out->annotations[out->count++], &out->truncated);
            }
        }
    }
    fz_always(ctx) {
        fz_drop_page(ctx, (fz_page *)loaded);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
        folio_annotations_free(out);
    }
    return status;
}

void folio_annotations_free(folio_annotations *annotations) {
    if (annotations == NULL) {
        return;
    }
    for (size_t index = 0; index < annotations->count; index++) {
        folio_annotation *annotation = &annotations->annotations[index];
        free(annotation->subtype);
        free(annotation->quads);
        free(annotation->contents);
        free(annotation->author);
        free(annotation->name);
    }
    free(annotations->annotations);
    memset(annotations, 0, sizeof *annotations);
}

/* The subtypes Folio makes, by name; throws for any other. */
static enum pdf_annot_type creatable_type(fz_context *ctx, const char *subtype) {
    static const char *names[] = {"Highlight", "Underline", "StrikeOut", "Squiggly", "Text"};
    for (size_t index = 0; subtype != NULL && index < nelem(names); index++) {
        if (strcmp(subtype, names[index]) == 0) {
            return pdf_annot_type_from_string(ctx, subtype);
        }
    }
    fz_throw(ctx, FZ_ERROR_GENERIC, "cannot make an annotation of subtype '%s'", subtype ? subtype : "(none)");
}

/* Sets what `spec` gives on a new annotation; throws on failure. */
static void fill_annotation(fz_context *ctx, pdf_annot *annot, enum pdf_annot_type type,
                            const folio_annotation_spec *spec) {
    if (type == PDF_ANNOT_TEXT) {
        fz_rect rect = {spec->rect.x0, spec->rect.y0, spec->rect.x1, spec->rect.y1};
        pdf_set_annot_rect(ctx, annot, rect);
        pdf_set_annot_popup(ctx, annot, fz_make_rect(rect.x1, rect.y0, rect.x1 + 200, rect.y0 + 100));
    } else {
        if (spec->quads == NULL || spec->quad_count == 0 || spec->quad_count > 100000) {
            fz_throw(ctx, FZ_ERROR_GENERIC, "text markup needs from 1 to 100000 quads");
        }
        fz_quad *quads = fz_malloc_array(ctx, spec->quad_count, fz_quad);
        for (size_t index = 0; index < spec->quad_count; index++) {
            const folio_rect *box = &spec->quads[index];
            quads[index] = fz_quad_from_rect(fz_make_rect(box->x0, box->y0, box->x1, box->y1));
        }
        fz_try(ctx) {
            pdf_set_annot_quad_points(ctx, annot, (int)spec->quad_count, quads);
        }
        fz_always(ctx) {
            fz_free(ctx, quads);
        }
        fz_catch(ctx) {
            fz_rethrow(ctx);
        }
    }
    if (spec->has_colour) {
        float rgb[3] = {spec->red, spec->green, spec->blue};
        pdf_set_annot_color(ctx, annot, 3, rgb);
    }
    pdf_obj *obj = pdf_annot_obj(ctx, annot);
    if (spec->contents != NULL) {
        pdf_set_annot_contents(ctx, annot, spec->contents);
    }
    if (spec->author != NULL) {
        pdf_set_annot_author(ctx, annot, spec->author);
    }
    if (spec->name != NULL) {
        pdf_dict_puts_drop(ctx, obj, "NM", pdf_new_text_string(ctx, spec->name));
    }
    pdf_update_annot(ctx, annot);
    /* After the appearance, which may stamp dates of its own. */
    if (spec->created != FOLIO_NO_DATE) {
        pdf_dict_put_date(ctx, obj, PDF_NAME(CreationDate), spec->created);
    }
    if (spec->modified != FOLIO_NO_DATE) {
        pdf_dict_put_date(ctx, obj, PDF_NAME(M), spec->modified);
    }
}

folio_status folio_page_add_annotation(folio_document *document, int page, const folio_annotation_spec *spec,
                                       int *object_number, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    *object_number = 0;
    folio_status status = folio_check_page(document, page, err, errlen);
    if (status != FOLIO_OK) {
        return status;
    }
    pdf_page *loaded = NULL;
    pdf_annot *annot = NULL;
    int number = 0;
    fz_var(loaded);
    fz_var(annot);
    fz_var(number);
    fz_try(ctx) {
        loaded = load_pdf_page(ctx, document->doc, page);
        enum pdf_annot_type type = creatable_type(ctx, spec->subtype);
        annot = pdf_create_annot(ctx, loaded, type);
        fz_try(ctx) {
            fill_annotation(ctx, annot, type, spec);
        }
        fz_catch(ctx) {
            /* No half-made annotation stays on the page. */
            pdf_delete_annot(ctx, loaded, annot);
            fz_rethrow(ctx);
        }
        /* The loaded page may be a copy the document no longer holds (see document_annots). */
        pdf_obj *obj = pdf_annot_obj(ctx, annot);
        pdf_obj *page_obj = pdf_lookup_page_obj(ctx, pdf_specifics(ctx, document->doc), page);
        pdf_obj *annots = pdf_dict_get(ctx, page_obj, PDF_NAME(Annots));
        if (!pdf_is_array(ctx, annots)) {
            annots = pdf_dict_put_array(ctx, page_obj, PDF_NAME(Annots), 1);
        }
        if (pdf_array_find(ctx, annots, obj) < 0) {
            pdf_array_push(ctx, annots, obj);
            pdf_dict_put(ctx, obj, PDF_NAME(P), page_obj);
        }
        number = pdf_to_num(ctx, obj);
    }
    fz_always(ctx) {
        pdf_drop_annot(ctx, annot);
        fz_drop_page(ctx, (fz_page *)loaded);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    *object_number = number;
    return status;
}

/* The page's /Annots as the document holds it (throwing for a document that is no PDF). Not
 * through a loaded pdf_page: loading a page whose annotations lack appearance streams draws them
 * in a "local xref", which moves the annotations (or, for annotations written into the page, the
 * page itself) there and leaves copies in the document; the first real edit drops the local
 * xref, so an edit through the loaded page's objects would go to the dropped copies and be
 * lost. */
static pdf_obj *document_annots(fz_context *ctx, fz_document *doc, int page) {
    pdf_document *pdf = pdf_specifics(ctx, doc);
    if (pdf == NULL) {
        fz_throw(ctx, FZ_ERROR_GENERIC, "annotations can be written only in a PDF");
    }
    return pdf_dict_get(ctx, pdf_lookup_page_obj(ctx, pdf, page), PDF_NAME(Annots));
}

/* Whether an /Annots entry is in the list pdf_first_annot walks (MuPDF leaves out links and
 * popups, and keeps form fields in a list of their own). */
static int is_listed_entry(fz_context *ctx, pdf_obj *entry) {
    pdf_obj *subtype = pdf_dict_get(ctx, entry, PDF_NAME(Subtype));
    return pdf_is_dict(ctx, entry) && !pdf_name_eq(ctx, subtype, PDF_NAME(Link)) &&
           !pdf_name_eq(ctx, subtype, PDF_NAME(Popup)) && !pdf_name_eq(ctx, subtype, PDF_NAME(Widget));
}

/* The index in `annots` of the annotation named `name`, else numbered `object_number` (when
 * positive), else the direct one at `position` of the listed ones; -1 when there is none. */
static int find_annotation(fz_context *ctx, pdf_obj *annots, const char *name, int object_number, int position) {
    int listed = 0;
    int count = pdf_array_len(ctx, annots);
    for (int index = 0; index < count; index++) {
        pdf_obj *entry = pdf_array_get(ctx, annots, index);
        if (!is_listed_entry(ctx, entry)) {
            continue;
        }
        int number = pdf_to_num(ctx, entry);
        int matches = name != NULL ? strcmp(pdf_to_text_string(ctx, pdf_dict_gets(ctx, entry, "NM")), name) == 0
                      : object_number > 0 ? number == object_number
                                          : number == 0 && listed == position;
        if (matches) {
            return index;
        }
        listed++;
    }
    return -1;
}

folio_status folio_page_delete_annotation(folio_document *document, int page, const char *name, int object_number,
                                          int position, int *found, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    *found = 0;
    folio_status status = folio_check_page(document, page, err, errlen);
    if (status != FOLIO_OK) {
        return status;
    }
    pdf_obj *entry = NULL;
    int deleted = 0;
    fz_var(entry);
    fz_var(deleted);
    fz_try(ctx) {
        pdf_obj *annots = document_annots(ctx, document->doc, page);
        int index = find_annotation(ctx, annots, name, object_number, position);
        if (index >= 0) {
            entry = pdf_keep_obj(ctx, pdf_array_get(ctx, annots, index));
            pdf_array_delete(ctx, annots, index);
            /* Its popup goes with it, as pdf_delete_annot does. */
            int popup = pdf_array_find(ctx, annots, pdf_dict_get(ctx, entry, PDF_NAME(Popup)));
            if (popup >= 0) {
                pdf_array_delete(ctx, annots, popup);
            }
            deleted = 1;
        }
    }
    fz_always(ctx) {
        pdf_drop_obj(ctx, entry);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    *found = deleted;
    return status;
}

folio_status folio_page_set_annotation_contents(folio_document *document, int page, const char *name,
                                                int object_number, int position, const char *contents,
                                                int64_t modified, int *found, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    *found = 0;
    folio_status status = folio_check_page(document, page, err, errlen);
    if (status != FOLIO_OK) {
        return status;
    }
    int changed = 0;
    fz_var(changed);
    fz_try(ctx) {
        pdf_obj *annots = document_annots(ctx, document->doc, page);
        int index = find_annotation(ctx, annots, name, object_number, position);
        if (index >= 0) {
            pdf_obj *entry = pdf_array_get(ctx, annots, index);
            pdf_dict_put_text_string(ctx, entry, PDF_NAME(Contents), contents ? contents : "");
            pdf_dict_del(ctx, entry, PDF_NAME(RC)); /* rich text would still say the old note */
            if (pdf_name_eq(ctx, pdf_dict_get(ctx, entry, PDF_NAME(Subtype)), PDF_NAME(FreeText))) {
                /* Free text draws its note: without the old appearance, viewers draw the new one. */
                pdf_dict_del(ctx, entry, PDF_NAME(AP));
            }
            if (modified != FOLIO_NO_DATE) {
                pdf_dict_put_date(ctx, entry, PDF_NAME(M), modified);
            }
            changed = 1;
        }
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    *found = changed;
    return status;
}

folio_status folio_document_write_incremental(folio_document *document, const char *path, char *err,
                                              size_t errlen) {
    fz_context *ctx = document->context->ctx;
    folio_status status = FOLIO_OK;
    fz_try(ctx) {
        pdf_document *pdf = pdf_specifics(ctx, document->doc);
        if (pdf == NULL) {
            fz_throw(ctx, FZ_ERROR_GENERIC, "annotations can be written only in a PDF");
        }
        if (!pdf_can_be_saved_incrementally(ctx, pdf)) {
            fz_throw(ctx, FZ_ERROR_GENERIC, "the PDF was repaired when it was opened, so it cannot be updated in place");
        }
        pdf_write_options options = pdf_default_write_options;
        options.do_incremental = 1;
        /* Only the update's own streams (appearances) are compressed; PDF_ENCRYPT_KEEP is the default. */
        options.do_compress = 1;
        pdf_save_document(ctx, pdf, path, &options);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    return status;
}

folio_status folio_document_pdf_support(folio_document *document, int *is_pdf, int *incremental, char *err,
                                        size_t errlen) {
    fz_context *ctx = document->context->ctx;
    folio_status status = FOLIO_OK;
    int pdf_found = 0;
    int can_update = 0;
    fz_var(pdf_found);
    fz_var(can_update);
    fz_try(ctx) {
        pdf_document *pdf = pdf_specifics(ctx, document->doc);
        pdf_found = pdf != NULL;
        can_update = pdf != NULL && pdf_can_be_saved_incrementally(ctx, pdf);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    *is_pdf = pdf_found;
    *incremental = can_update;
    return status;
}

/* pdf_walk_tree's callback: counts signed signature fields. */
static void count_signed(fz_context *ctx, pdf_obj *field, void *arg, pdf_obj **inherited) {
    (void)inherited;
    int *count = arg;
    pdf_document *pdf = pdf_get_bound_document(ctx, field);
    if (pdf != NULL && pdf_signature_is_signed(ctx, pdf, field)) {
        (*count)++;
    }
}

folio_status folio_document_is_signed(folio_document *document, int *out, char *err, size_t errlen) {
    fz_context *ctx = document->context->ctx;
    folio_status status = FOLIO_OK;
    int count = 0;
    fz_var(count);
    fz_try(ctx) {
        pdf_document *pdf = pdf_specifics(ctx, document->doc);
        if (pdf != NULL) {
            pdf_obj *fields = pdf_dict_getp(ctx, pdf_trailer(ctx, pdf), "Root/AcroForm/Fields");
            /* pdf_walk_tree marks the nodes it visits, so a field tree with a loop ends. */
            pdf_walk_tree(ctx, fields, PDF_NAME(Kids), count_signed, NULL, &count, NULL, NULL);
        }
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    *out = count > 0;
    return status;
}
