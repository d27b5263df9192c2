// The Unicode bidirectional algorithm (UAX #9) as MuPDF implements it (fz_bidi_fragment_text),
// so the text views show right-to-left lines in the order a terminal must draw them without
// Folio carrying an implementation of its own.
#include "folio_internal.h"

#include <mupdf/ucdn.h>
#include <string.h>

/// Where fz_bidi_fragment_text's fragments are written: one level per character.
typedef struct folio_bidi_sink {
    const uint32_t *text;
    uint8_t *levels;
} folio_bidi_sink;

static void folio_bidi_fragment(const uint32_t *fragment, size_t length, int level, int script, void *arg) {
    (void)script;
    folio_bidi_sink *sink = arg;
    memset(sink->levels + (fragment - sink->text), level & 0xff, length);
}

folio_status folio_bidi_levels(folio_context *context, const uint32_t *text, size_t length, int base, uint8_t *levels,
                               uint32_t *mirrored, int *resolved_base, char *err, size_t errlen) {
    fz_context *ctx = context->ctx;
    folio_status status = FOLIO_OK;
    *resolved_base = base;
    if (length == 0) {
        return FOLIO_OK;
    }
    fz_bidi_direction direction = base == 0 ? FZ_BIDI_LTR : base == 1 ? FZ_BIDI_RTL : FZ_BIDI_NEUTRAL;
    folio_bidi_sink sink = {text, levels};
    memset(levels, 0, length);
    fz_try(ctx) {
        fz_bidi_fragment_text(ctx, text, length, &direction, folio_bidi_fragment, &sink, 0);
    }
    fz_catch(ctx) {
        status = folio_caught(ctx, NULL, err, errlen);
    }
    if (status == FOLIO_OK) {
        *resolved_base = direction == FZ_BIDI_RTL ? 1 : 0;
        for (size_t i = 0; i < length; i++) {
            mirrored[i] = (levels[i] & 1) ? ucdn_mirror(text[i]) : text[i];
        }
    }
    return status;
}
