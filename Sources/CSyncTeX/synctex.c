// The SyncTeX shims: every libsynctex call Folio makes, each checked, each string copied out.
#include "CSyncTeX.h"

#include <synctex/synctex_parser.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/// How many input records the shims walk before giving up on a file: far more than any
/// document has, few enough that a damaged file's list cannot hold a call for long.
#define FOLIO_SYNCTEX_MAX_INPUTS 4096

struct folio_synctex {
    synctex_scanner_p scanner;
};

static void folio_synctex_set_error(char *err, size_t errlen, const char *message) {
    if (err == NULL || errlen == 0) {
        return;
    }
    snprintf(err, errlen, "%s", message);
}

/// Copies `value` into `buffer`; INVALID (with a message) when it does not fit.
static folio_synctex_status folio_synctex_copy(const char *value, char *buffer, size_t length, char *err,
                                               size_t errlen) {
    if (buffer == NULL || length == 0) {
        folio_synctex_set_error(err, errlen, "no buffer for the name");
        return FOLIO_SYNCTEX_INVALID;
    }
    size_t size = strlen(value);
    if (size >= length) {
        folio_synctex_set_error(err, errlen, "the name is longer than the buffer");
        buffer[0] = '\0';
        return FOLIO_SYNCTEX_INVALID;
    }
    memcpy(buffer, value, size + 1);
    return FOLIO_SYNCTEX_OK;
}

folio_synctex_status folio_synctex_open(const char *pdf_path, const char *build_directory, folio_synctex **out,
                                        char *err, size_t errlen) {
    if (out == NULL || pdf_path == NULL) {
        folio_synctex_set_error(err, errlen, "no PDF path");
        return FOLIO_SYNCTEX_INVALID;
    }
    *out = NULL;
    folio_synctex *synctex = calloc(1, sizeof *synctex);
    if (synctex == NULL) {
        folio_synctex_set_error(err, errlen, "out of memory");
        return FOLIO_SYNCTEX_OUT_OF_MEMORY;
    }
    /* Opened first and parsed second, so that a file that is missing and one that is there but
       unreadable are told apart. */
    synctex_scanner_p scanner = synctex_scanner_new_with_output_file(pdf_path, build_directory, 0);
    if (scanner == NULL) {
        free(synctex);
        folio_synctex_set_error(err, errlen, "no SyncTeX data");
        return FOLIO_SYNCTEX_NO_DATA;
    }
    /* A parse that fails frees the scanner itself and returns NULL. */
    scanner = synctex_scanner_parse(scanner);
    if (scanner == NULL || synctex_scanner_input(scanner) == NULL) {
        synctex_scanner_free(scanner);
        free(synctex);
        folio_synctex_set_error(err, errlen, "the SyncTeX file could not be read");
        return FOLIO_SYNCTEX_UNREADABLE;
    }
    synctex->scanner = scanner;
    *out = synctex;
    return FOLIO_SYNCTEX_OK;
}

void folio_synctex_free(folio_synctex *synctex) {
    if (synctex == NULL) {
        return;
    }
    synctex_scanner_free(synctex->scanner);
    free(synctex);
}

folio_synctex_status folio_synctex_file(folio_synctex *synctex, char *path, size_t pathlen, char *err,
                                        size_t errlen) {
    if (synctex == NULL) {
        folio_synctex_set_error(err, errlen, "no SyncTeX data or no place for the result");
        return FOLIO_SYNCTEX_INVALID;
    }
    const char *file = synctex_scanner_get_synctex(synctex->scanner);
    if (file == NULL) {
        folio_synctex_set_error(err, errlen, "the SyncTeX file has no name");
        return FOLIO_SYNCTEX_NOT_FOUND;
    }
    return folio_synctex_copy(file, path, pathlen, err, errlen);
}

folio_synctex_status folio_synctex_input_count(folio_synctex *synctex, size_t *count, char *err, size_t errlen) {
    if (synctex == NULL || count == NULL) {
        folio_synctex_set_error(err, errlen, "no SyncTeX data or no place for the result");
        return FOLIO_SYNCTEX_INVALID;
    }
    size_t inputs = 0;
    for (synctex_node_p node = synctex_scanner_input(synctex->scanner);
         node != NULL && inputs < FOLIO_SYNCTEX_MAX_INPUTS; node = synctex_node_sibling(node)) {
        inputs += 1;
    }
    *count = inputs;
    (void)err;
    (void)errlen;
    return FOLIO_SYNCTEX_OK;
}

folio_synctex_status folio_synctex_input_name(folio_synctex *synctex, size_t index, char *name, size_t namelen,
                                              char *err, size_t errlen) {
    if (synctex == NULL) {
        folio_synctex_set_error(err, errlen, "no SyncTeX data or no place for the result");
        return FOLIO_SYNCTEX_INVALID;
    }
    synctex_node_p node = synctex_scanner_input(synctex->scanner);
    for (size_t skipped = 0; node != NULL && skipped < index && skipped < FOLIO_SYNCTEX_MAX_INPUTS; skipped++) {
        node = synctex_node_sibling(node);
    }
    if (node == NULL || index >= FOLIO_SYNCTEX_MAX_INPUTS) {
        folio_synctex_set_error(err, errlen, "no input of that number");
        return FOLIO_SYNCTEX_INVALID;
    }
    const char *recorded = synctex_scanner_get_name(synctex->scanner, synctex_node_tag(node));
    if (recorded == NULL) {
        folio_synctex_set_error(err, errlen, "the input has no name");
        return FOLIO_SYNCTEX_NOT_FOUND;
    }
    return folio_synctex_copy(recorded, name, namelen, err, errlen);
}

folio_synctex_status folio_synctex_forward(folio_synctex *synctex, const char *input, int line, int column,
                                           folio_synctex_box *boxes, size_t capacity, size_t *count, char *err,
                                           size_t errlen) {
    if (synctex == NULL || count == NULL) {
        folio_synctex_set_error(err, errlen, "no SyncTeX data or no place for the result");
        return FOLIO_SYNCTEX_INVALID;
    }
    *count = 0;
    if (input == NULL || input[0] == '\0' || line < 1 || (boxes == NULL && capacity > 0)) {
        folio_synctex_set_error(err, errlen, "a forward search needs an input name and a line from 1");
        return FOLIO_SYNCTEX_INVALID;
    }
    /* synctex_display_query prints "No tag for …" on stderr for a name it does not know; asking
       for the tag first answers that case quietly. */
    if (synctex_scanner_get_tag(synctex->scanner, input) == 0) {
        folio_synctex_set_error(err, errlen, "the document has no input of that name");
        return FOLIO_SYNCTEX_NOT_FOUND;
    }
    if (synctex_display_query(synctex->scanner, input, line, column < 0 ? 0 : column, -1) <= 0) {
        folio_synctex_set_error(err, errlen, "nothing is typeset from that line");
        return FOLIO_SYNCTEX_NOT_FOUND;
    }
    size_t found = 0;
    synctex_node_p node;
    while (found < capacity && (node = synctex_scanner_next_result(synctex->scanner)) != NULL) {
        float depth = synctex_node_box_visible_depth(node);
        boxes[found] = (folio_synctex_box){
            .page = synctex_node_page(node),
            .h = synctex_node_box_visible_h(node),
            .v = synctex_node_box_visible_v(node) + depth,
            .width = synctex_node_box_visible_width(node),
            .height = synctex_node_box_visible_height(node) + depth,
        };
        found += 1;
    }
    *count = found;
    if (found == 0) {
        folio_synctex_set_error(err, errlen, "nothing is typeset from that line");
        return FOLIO_SYNCTEX_NOT_FOUND;
    }
    return FOLIO_SYNCTEX_OK;
}

folio_synctex_status folio_synctex_inverse(folio_synctex *synctex, int page, double x, double y, char *input,
                                           size_t inputlen, int *line, int *column, char *err, size_t errlen) {
    if (synctex == NULL || line == NULL || column == NULL) {
        folio_synctex_set_error(err, errlen, "no SyncTeX data or no place for the result");
        return FOLIO_SYNCTEX_INVALID;
    }
    *line = 0;
    *column = 0;
    if (page < 1) {
        folio_synctex_set_error(err, errlen, "pages count from 1");
        return FOLIO_SYNCTEX_INVALID;
    }
    if (synctex_edit_query(synctex->scanner, page, (float)x, (float)y) <= 0) {
        folio_synctex_set_error(err, errlen, "nothing typeset there comes from a source line");
        return FOLIO_SYNCTEX_NOT_FOUND;
    }
    synctex_node_p node = synctex_scanner_next_result(synctex->scanner);
    const char *recorded = node == NULL ? NULL : synctex_scanner_get_name(synctex->scanner, synctex_node_tag(node));
    if (recorded == NULL) {
        folio_synctex_set_error(err, errlen, "nothing typeset there comes from a source line");
        return FOLIO_SYNCTEX_NOT_FOUND;
    }
    folio_synctex_status status = folio_synctex_copy(recorded, input, inputlen, err, errlen);
    if (status != FOLIO_SYNCTEX_OK) {
        return status;
    }
    *line = synctex_node_line(node);
    *column = synctex_node_column(node);
    return FOLIO_SYNCTEX_OK;
}
