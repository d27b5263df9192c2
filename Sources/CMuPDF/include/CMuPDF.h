// CMuPDF: the only door between Folio's Swift code and MuPDF.
//
// MuPDF reports errors with setjmp/longjmp (fz_try/fz_catch). A longjmp across Swift frames is
// undefined behaviour, and an error with no enclosing fz_try makes MuPDF exit the process with the
// terminal still in curses mode. So this header exposes no MuPDF type at all: only opaque handles,
// plain C types and a status enum of our own. Every function wraps all of its MuPDF calls in
// fz_try/fz_always/fz_catch and reports failure as a status plus a message copied into `err`.
#ifndef FOLIO_CMUPDF_H
#define FOLIO_CMUPDF_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// The outcome of a call into MuPDF.
typedef enum folio_status {
    FOLIO_OK = 0,
    /// MuPDF raised an error; `err` holds its message.
    FOLIO_ERROR = 1,
    /// The work was cancelled through its cookie before it finished.
    FOLIO_CANCELLED = 2,
    /// MuPDF ran out of memory.
    FOLIO_OUT_OF_MEMORY = 3,
    /// The page number is outside the document.
    FOLIO_NO_SUCH_PAGE = 4,
    /// The request itself is invalid (a bad zoom, a page of zero size, a buffer of the wrong size).
    FOLIO_INVALID = 5,
    /// The result would exceed a size cap the caller set (such as a render's pixel count).
    FOLIO_TOO_LARGE = 6,
} folio_status;

/// A MuPDF context (fz_context) with its own lock set; one thread uses it at a time.
typedef struct folio_context folio_context;
/// An open document (fz_document) bound to the context that opened it.
typedef struct folio_document folio_document;
/// A recorded page (fz_display_list): renderable from any thread with a cloned context.
typedef struct folio_display_list folio_display_list;
/// Progress and cancellation for one long operation (fz_cookie).
typedef struct folio_cookie folio_cookie;

/// A rectangle in points, origin top-left, y downwards (fz_rect).
typedef struct folio_rect {
    float x0, y0, x1, y1;
} folio_rect;

/// The character's font is monospaced (fz_font_is_monospaced), as code usually is.
#define FOLIO_CHAR_MONOSPACED 1u

/// One character of structured text.
typedef struct folio_char {
    uint32_t codepoint;
    float size;
    folio_rect box;
    /// The y of the baseline at the character's origin (fz_stext_char.origin).
    float baseline;
    /// FOLIO_CHAR_* bits.
    uint32_t flags;
} folio_char;

/// One line of structured text: `char_count` characters starting at `first_char`.
typedef struct folio_line {
    uint32_t first_char;
    uint32_t char_count;
    /// The direction of the baseline, a unit vector (fz_stext_line.dir): (1, 0) for text
    /// running rightward, (0, 1) downward (a page turned a quarter, vertical writing).
    float dir_x, dir_y;
    /// 1 for vertical writing mode (fz_stext_line.wmode), else 0.
    uint32_t vertical;
    folio_rect box;
} folio_line;

/// One text block: `line_count` lines starting at `first_line`.
typedef struct folio_block {
    uint32_t first_line;
    uint32_t line_count;
    folio_rect box;
} folio_block;

/// A page's structured text as flat arrays (fz_stext_page). Free with folio_text_free.
typedef struct folio_text {
    float width, height;
    folio_block *blocks;
    size_t block_count;
    folio_line *lines;
    size_t line_count;
    folio_char *chars;
    size_t char_count;
} folio_text;

/// One outline (table of contents) entry, flattened in document order.
typedef struct folio_outline_entry {
    char *title;  // UTF-8, may be NULL
    int level;    // 0 for top-level entries
    int page;     // 0-based target page, -1 when there is none
    /// Where on the target page the entry lands, in points from the top; negative when the
    /// entry says only the page.
    float target_y;
} folio_outline_entry;

/// A flattened outline. Free with folio_outline_free.
typedef struct folio_outline {
    folio_outline_entry *entries;
    size_t count;
    /// Non-zero when entries were dropped because the outline was too deep or too large.
    int truncated;
} folio_outline;

/// One link on a page.
typedef struct folio_link {
    folio_rect box;
    char *uri;    // may be NULL
    int page;     // 0-based target page for internal links, -1 for external ones
    int external;
    /// Where on the target page an internal link lands, in points from the top; negative when
    /// the link says only the page.
    float target_y;
} folio_link;

/// The links of a page. Free with folio_links_free.
typedef struct folio_links {
    folio_link *links;
    size_t count;
} folio_links;

/// One range of page labels (an entry of the /PageLabels number tree): pages from `start_page`
/// (0-based) on are labelled `prefix` followed by a number in `style`, counting from `first_value`.
typedef struct folio_page_label_range {
    int start_page;
    /// 'D' decimal, 'R' upper roman, 'r' lower roman, 'A' upper letters, 'a' lower letters, or 0
    /// for no number (the label is the prefix alone).
    char style;
    char *prefix;  // UTF-8, may be NULL
    int first_value;
} folio_page_label_range;

/// A document's page label ranges in tree order. Free with folio_page_labels_free.
typedef struct folio_page_labels {
    folio_page_label_range *ranges;
    size_t count;
} folio_page_labels;

/// A search hit: a quadrilateral in page coordinates (fz_quad), and the hit it belongs to.
typedef struct folio_quad {
    float ul_x, ul_y, ur_x, ur_y, ll_x, ll_y, lr_x, lr_y;
    int hit;
} folio_quad;

// MARK: Contexts

/// The MuPDF version the glue was compiled against (FZ_VERSION), such as "1.21.1".
const char *folio_mupdf_version(void);


/// Creates a base context with a lock set (so it can be cloned) and a resource store bounded to
/// `store_bytes`. MuPDF's warnings and errors are silenced: stderr belongs to the user interface.
/// Its allocator refuses memory to work whose cookie was aborted, so cancelled work stops at its
/// next allocation even where MuPDF never looks at the cookie.
folio_status folio_context_new(size_t store_bytes, folio_context **out, char *err, size_t errlen);
/// Clones `base` for use on another thread; the clone shares the store and locks.
folio_status folio_context_clone(folio_context *base, folio_context **out, char *err, size_t errlen);
/// Drops a context. The base context must be dropped last.
void folio_context_drop(folio_context *context);

// MARK: Bidirectional text

/// Resolves the embedding level of each of `length` characters of one paragraph by the Unicode
/// bidirectional algorithm (fz_bidi_fragment_text): even levels run left to right, odd ones right
/// to left. `base` is 0 (left to right), 1 (right to left) or 2 (from the first strong character);
/// `resolved_base` receives the direction used, 0 or 1. `levels` and `mirrored` hold `length`
/// entries; `mirrored` receives each character, or its mirror image (ucdn_mirror: `(` for `)`) where
/// it runs right to left. The context is used by one thread at a time.
folio_status folio_bidi_levels(folio_context *context, const uint32_t *text, size_t length, int base, uint8_t *levels,
                               uint32_t *mirrored, int *resolved_base, char *err, size_t errlen);

// MARK: Cookies

/// Allocates a cookie for one cancellable operation.
folio_cookie *folio_cookie_new(void);
/// Asks the operation using `cookie` to stop as soon as it can. Safe from any thread.
void folio_cookie_abort(folio_cookie *cookie);
/// Whether the cookie was aborted.
int folio_cookie_aborted(const folio_cookie *cookie);
void folio_cookie_free(folio_cookie *cookie);

// MARK: Documents

/// Opens the document at `path` (PDF, EPUB, XPS, CBZ, FB2, images…). Reflowable documents are laid
/// out at MuPDF's default layout (A5: 420×595 pt, 11 pt type), so page counts match mutool.
folio_status folio_document_open(folio_context *context, const char *path, folio_document **out,
                                 char *err, size_t errlen);
void folio_document_drop(folio_document *document);
/// Whether a password is needed before pages can be read.
folio_status folio_document_needs_password(folio_document *document, int *out, char *err, size_t errlen);
/// Tries `password`; `*out` is non-zero when it was accepted.
folio_status folio_document_authenticate(folio_document *document, const char *password, int *out,
                                         char *err, size_t errlen);
/// The page count MuPDF reports (for PDF, the page tree's /Count, which may lie).
folio_status folio_document_page_count(folio_document *document, int *out, char *err, size_t errlen);
/// Whether the document is a PDF whose root page-tree node lists `count` kids, the last of them a
/// page: a flat page tree that visibly holds `count` pages. Checking this costs O(1), where loading
/// the last page (fz_load_page) walks every kid before it.
folio_status folio_document_lists_pages(folio_document *document, int count, int *out, char *err, size_t errlen);
/// Whether the document is reflowable (EPUB, FB2, HTML…): laid out in full when it is opened.
folio_status folio_document_is_reflowable(folio_document *document, int *out, char *err, size_t errlen);
/// A metadata value ("format", "encryption", "info:Title", …) as UTF-8 into `buf`. `*found` is
/// zero when the document has no such key. Long values are truncated to `buflen - 1` bytes.
folio_status folio_document_metadata(folio_document *document, const char *key, char *buf, size_t buflen,
                                     int *found, char *err, size_t errlen);

// MARK: Pages

/// The page's bounds in points after its rotation is applied (fz_bound_page).
folio_status folio_page_bounds(folio_document *document, int page, folio_rect *out, char *err, size_t errlen);
/// The page's structured text (fz_new_stext_page_from_page), text blocks only.
folio_status folio_page_text(folio_document *document, int page, folio_cookie *cookie, folio_text *out,
                             char *err, size_t errlen);
void folio_text_free(folio_text *text);
/// The page's plain text as mutool prints it (fz_print_stext_page_as_text): lines end in "\n",
/// blocks in an extra "\n". Free `*out` with folio_string_free.
folio_status folio_page_plain_text(folio_document *document, int page, folio_cookie *cookie, char **out,
                                   size_t *length, char *err, size_t errlen);
void folio_string_free(char *string);
/// Records the page into a display list that any cloned context may render: with its
/// annotations and form fields (fz_run_page) when `with_annotations` is non-zero, else its
/// contents and form fields only (fz_run_page_contents, fz_run_page_widgets).
folio_status folio_page_display_list(folio_document *document, int page, int with_annotations, folio_cookie *cookie,
                                     folio_display_list **out, char *err, size_t errlen);
void folio_display_list_drop(folio_context *context, folio_display_list *list);
/// The union of everything the page draws (fz_new_bbox_device), in points from the page's
/// top-left corner as folio_page_bounds measures it, within the page: with its annotations and
/// form fields when `with_annotations` is non-zero (as folio_page_display_list draws it), else its
/// contents and form fields only. A page that draws nothing gives its whole bounds.
folio_status folio_page_content_bounds(folio_document *document, int page, int with_annotations,
                                       folio_cookie *cookie, folio_rect *out, char *err, size_t errlen);
/// Where the page's raster images land (each fill_image's box, in points from the page's top-left
/// corner, as folio_page_content_bounds measures them), in drawing order, the first `capacity`
/// of them into `areas`: `count` is how many were written, `seen` how many the page draws (more
/// than `capacity` when some were left out). Stencil masks, which take the fill colour as text
/// does, are not images here. `with_annotations` as for folio_page_content_bounds.
folio_status folio_page_image_areas(folio_document *document, int page, int with_annotations, folio_cookie *cookie,
                                    folio_rect *areas, size_t capacity, size_t *count, size_t *seen, char *err,
                                    size_t errlen);
/// The size in pixels of `list` rendered at `zoom` (1 = 72 dpi): of its part within `clip` (in
/// points, as the page's bounds) when `clip` is not NULL, else of the whole page. Fails with
/// FOLIO_INVALID for a bad zoom or an empty area, and with FOLIO_TOO_LARGE for a result larger
/// than `max_pixels`.
folio_status folio_display_list_render_size(folio_context *context, folio_display_list *list, float zoom,
                                            const folio_rect *clip, size_t max_pixels, int *width, int *height,
                                            char *err, size_t errlen);
/// Renders `list` at `zoom` (its part within `clip`, when not NULL) into `samples`, the caller's
/// `width` × `height` × 3 bytes (RGB, rows packed), on white; `clip`, `width` and `height` must be
/// what folio_display_list_render_size was given and gave. Drawing straight into the caller's
/// memory saves two copies of the page.
folio_status folio_display_list_render_into(folio_context *context, folio_display_list *list, float zoom,
                                            const folio_rect *clip, folio_cookie *cookie, unsigned char *samples,
                                            int width, int height, char *err, size_t errlen);
/// The page's links with their resolved targets.
folio_status folio_page_links(folio_document *document, int page, folio_links *out, char *err, size_t errlen);
void folio_links_free(folio_links *links);
/// Case-insensitive search of one page's structured text (fz_search_stext_page), honouring
/// `cookie`; at most `max_quads` quads are returned.
folio_status folio_page_search(folio_document *document, int page, const char *needle, folio_cookie *cookie,
                               folio_quad *quads, int max_quads, int *count, char *err, size_t errlen);

// MARK: Annotations

/// An annotation date that is missing or cannot be read.
static const int64_t FOLIO_NO_DATE = INT64_MIN;

/// One annotation of a page (pdf_annot), read from the PDF.
typedef struct folio_annotation {
    /// The PDF subtype's name ("Highlight", "Text", "Square"…); never NULL.
    char *subtype;
    /// Non-zero when the annotation has a colour (/C); `red`, `green`, `blue` are then 0…1, made
    /// RGB from grey or CMYK.
    int has_colour;
    float red, green, blue;
    /// Its bounds (/Rect) in page coordinates (origin top-left, y down, as structured text).
    folio_rect rect;
    /// The quadrilaterals of text markup (/QuadPoints), each as its bounding rectangle in page
    /// coordinates; NULL when there are none.
    folio_rect *quads;
    size_t quad_count;
    /// /Contents, /T (the author) and /NM (the unique name) as UTF-8; each may be NULL.
    char *contents;
    char *author;
    char *name;
    /// /CreationDate and /M in seconds since 1970, or FOLIO_NO_DATE.
    int64_t created;
    int64_t modified;
    /// The PDF object number; 0 for an annotation written directly in the page's /Annots.
    int object_number;
    /// Where it is in the page's annotations (popups, links and form fields not counted), from 0:
    /// what names a direct annotation, which has no object number.
    int position;
} folio_annotation;

/// A page's annotations. Free with folio_annotations_free.
typedef struct folio_annotations {
    folio_annotation *annotations;
    size_t count;
    /// Non-zero when annotations or quads were left out beyond the caller's bounds.
    int truncated;
} folio_annotations;

/// What a new annotation is made of.
typedef struct folio_annotation_spec {
    /// "Highlight", "Underline", "StrikeOut", "Squiggly" or "Text".
    const char *subtype;
    /// For text markup: the marked areas in page coordinates (at least one).
    const folio_rect *quads;
    size_t quad_count;
    /// For a note (Text): where its icon goes, in page coordinates.
    folio_rect rect;
    /// Non-zero to set `red`, `green`, `blue` (0…1) as its colour; else MuPDF's default.
    int has_colour;
    float red, green, blue;
    /// UTF-8; each may be NULL (then left out).
    const char *contents;
    const char *author;
    const char *name;
    /// Seconds since 1970, or FOLIO_NO_DATE to leave the date out.
    int64_t created;
    int64_t modified;
} folio_annotation_spec;

/// The annotations of `page` in /Annots order, without popups, links and form fields: at most
/// `max_annotations`, each with at most `max_quads` quads (a hostile file may hold millions).
folio_status folio_page_annotations(folio_document *document, int page, size_t max_annotations, size_t max_quads,
                                    folio_annotations *out, char *err, size_t errlen);
void folio_annotations_free(folio_annotations *annotations);

/// Adds an annotation to `page` (pdf_create_annot) and has MuPDF make its appearance stream
/// (pdf_update_annot), so that other viewers draw it. `*object_number` receives its object
/// number. In memory only, until folio_document_write_incremental.
folio_status folio_page_add_annotation(folio_document *document, int page, const folio_annotation_spec *spec,
                                       int *object_number, char *err, size_t errlen);
/// Deletes the annotation of `page` whose /NM is `name` (when `name` is not NULL), else whose
/// object number is `object_number` (when it is positive), else the direct annotation at
/// `position` (pdf_delete_annot, with its popup). `*found` is zero when there is no such
/// annotation.
folio_status folio_page_delete_annotation(folio_document *document, int page, const char *name, int object_number,
                                          int position, int *found, char *err, size_t errlen);
/// Sets the /Contents of an annotation found as for folio_page_delete_annotation, and its /M to
/// `modified` (seconds since 1970), and updates its appearance.
folio_status folio_page_set_annotation_contents(folio_document *document, int page, const char *name,
                                                int object_number, int position, const char *contents,
                                                int64_t modified, int *found, char *err, size_t errlen);
/// Writes the document's changes as an incremental update (pdf_save_document with
/// do_incremental) to `path`, encrypted as the document is. MuPDF opens `path` for update (or
/// creates it), keeps its first bytes when they are the bytes the document was opened from,
/// else writes those bytes there first (faster than comparing a copy), cuts anything after
/// them, and appends one update holding every change made since the document was opened. So
/// `path` ends up as the opened file's exact bytes followed by the update, whatever it held
/// before. Write once per opening: MuPDF 1.21 writes a second update of the same opening with
/// a /Prev pointing at the first update, which it has just cut off; open the written file
/// before writing again.
folio_status folio_document_write_incremental(folio_document *document, const char *path, char *err, size_t errlen);
/// Whether the document is a PDF (`*is_pdf`), and whether MuPDF can write an incremental update
/// of it (`*incremental`: not when it repaired the file, or for mixed cross-reference kinds).
folio_status folio_document_pdf_support(folio_document *document, int *is_pdf, int *incremental, char *err,
                                        size_t errlen);
/// Whether the PDF has a signed signature field (a field of type /Sig whose /V is a
/// signature dictionary); zero for other documents.
folio_status folio_document_is_signed(folio_document *document, int *out, char *err, size_t errlen);

// MARK: Page labels

/// The document's page label ranges (a PDF's /PageLabels number tree); none for a document
/// without labels or that is not a PDF. The walk is bounded, so a looping tree cannot hang it.
folio_status folio_document_page_labels(folio_document *document, folio_page_labels *out, char *err, size_t errlen);
void folio_page_labels_free(folio_page_labels *labels);

// MARK: Outline

/// The document's outline flattened in reading order, at most `max_entries` entries and
/// `max_depth` levels (outlines with loops or absurd depth are cut, and `truncated` says so).
folio_status folio_document_outline(folio_document *document, size_t max_entries, int max_depth,
                                    folio_outline *out, char *err, size_t errlen);
void folio_outline_free(folio_outline *outline);

// MARK: PNG

/// Encodes `width` × `height` pixels of `components` bytes each (1 grey, 3 RGB; rows packed) as a
/// PNG (fz_new_buffer_from_pixmap_as_png). The caller frees `*png` with folio_png_free.
folio_status folio_png_encode(folio_context *context, const unsigned char *pixels, int width, int height,
                              int components, unsigned char **png, size_t *length, char *err, size_t errlen);
void folio_png_free(unsigned char *png);

/// Compresses `length` bytes at `source` into a zlib stream at zlib's default level
/// (fz_new_deflated_data), for the image data of PNGs MuPDF's writer cannot make (with a
/// palette). The caller frees `*deflated` with folio_png_free.
folio_status folio_deflate(folio_context *context, const unsigned char *source, size_t length,
                           unsigned char **deflated, size_t *deflated_length, char *err, size_t errlen);

// MARK: Hashing

/// The SHA-256 of the whole file at `path` (fz_sha256 over fz_open_file's stream) into `digest`.
folio_status folio_file_sha256(folio_context *context, const char *path, unsigned char digest[32], char *err,
                               size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
