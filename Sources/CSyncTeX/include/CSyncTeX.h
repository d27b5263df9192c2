// CSyncTeX: the only door between Folio's Swift code and libsynctex, the SyncTeX parser TeX Live
// ships (Debian's libsynctex-dev).
//
// libsynctex's header is a large C API of raw node pointers, whose strings belong to the scanner
// and whose failures are NULL returns and messages on stderr. This header exposes none of it: an
// opaque handle, plain C types and a status enum of our own. Every function reports failure as a
// status plus a message copied into `err`, copies every string it hands out into a buffer the
// caller owns, and bounds every count, so Swift never holds a pointer into the scanner.
#ifndef FOLIO_CSYNCTEX_H
#define FOLIO_CSYNCTEX_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The outcome of a call into libsynctex.
typedef enum folio_synctex_status {
    FOLIO_SYNCTEX_OK = 0,
    /// Neither DOC.synctex nor DOC.synctex.gz is beside the PDF (or in the build folder).
    FOLIO_SYNCTEX_NO_DATA = 1,
    /// The SyncTeX file is there but could not be read or parsed (truncated, not SyncTeX).
    FOLIO_SYNCTEX_UNREADABLE = 2,
    /// The query has no answer: no input of that name, no box for that line, nothing at that spot.
    FOLIO_SYNCTEX_NOT_FOUND = 3,
    /// The request itself is invalid (a NULL argument, a line below 1, a buffer too small).
    FOLIO_SYNCTEX_INVALID = 4,
    /// Memory ran out.
    FOLIO_SYNCTEX_OUT_OF_MEMORY = 5,
} folio_synctex_status;

/// A parsed SyncTeX file (synctex_scanner_p); one thread uses it at a time.
typedef struct folio_synctex folio_synctex;

/// One box a forward search found, in the terms `synctex view` prints (`Page:`, `h:`, `v:`,
/// `W:`, `H:`): PDF points from the page's top-left corner, y downwards.
typedef struct folio_synctex_box {
    /// The page, 1-based as SyncTeX counts (synctex_node_page).
    int page;
    /// The box's left edge (synctex_node_box_visible_h).
    double h;
    /// The box's bottom edge: its baseline plus its depth (synctex_node_box_visible_v + _depth).
    double v;
    /// The box's width (synctex_node_box_visible_width).
    double width;
    /// The box's height above the bottom edge: height plus depth (synctex_node_box_visible_height
    /// + _depth).
    double height;
} folio_synctex_box;

/// Opens and parses the SyncTeX file of the PDF at `pdf_path`: DOC.synctex, else DOC.synctex.gz,
/// beside it, else in `build_directory` (may be NULL) (synctex_scanner_new_with_output_file).
/// On success `*out` is a handle to free with folio_synctex_free.
folio_synctex_status folio_synctex_open(const char *pdf_path, const char *build_directory, folio_synctex **out,
                                        char *err, size_t errlen);

/// Frees a handle from folio_synctex_open (NULL is allowed).
void folio_synctex_free(folio_synctex *synctex);

/// Copies the path of the SyncTeX file that was read into `path` (synctex_scanner_get_synctex).
folio_synctex_status folio_synctex_file(folio_synctex *synctex, char *path, size_t pathlen, char *err,
                                        size_t errlen);

/// The number of input files the SyncTeX file names (its `Input:` records).
folio_synctex_status folio_synctex_input_count(folio_synctex *synctex, size_t *count, char *err, size_t errlen);

/// Copies the name of input `index` (0-based, below folio_synctex_input_count) into `name`, as TeX
/// recorded it (synctex_scanner_get_name of the input's tag).
folio_synctex_status folio_synctex_input_name(folio_synctex *synctex, size_t index, char *name, size_t namelen,
                                              char *err, size_t errlen);

/// Forward search (synctex_display_query): the boxes typeset from `line` (1-based) and `column`
/// (0 when unknown) of `input`, a name libsynctex matches against its inputs as `synctex view`
/// does. Writes at most `capacity` boxes into `boxes`, best first, and their number into
/// `*count`; the rest are dropped.
folio_synctex_status folio_synctex_forward(folio_synctex *synctex, const char *input, int line, int column,
                                           folio_synctex_box *boxes, size_t capacity, size_t *count, char *err,
                                           size_t errlen);

/// Inverse search (synctex_edit_query): the source of what is typeset at (`x`, `y`), PDF points
/// from the top-left corner of `page` (1-based). Copies the input's name as TeX recorded it into
/// `input`, and sets `*line` and `*column` (synctex_node_line, synctex_node_column; the column is
/// -1 or 0 when TeX did not record one).
folio_synctex_status folio_synctex_inverse(folio_synctex *synctex, int page, double x, double y, char *input,
                                           size_t inputlen, int *line, int *column, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
