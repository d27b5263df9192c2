// CNcursesw: ncursesw's wide-character API for Swift.
//
// SwiftPM drops the -D flags from ncursesw.pc, so the wide API is switched on here, before the
// header is read; without it wget_wch and mvaddnwstr silently disappear. stdscr, LINES and COLS are
// shared mutable globals (errors in Swift 6 mode) and A_BOLD and friends are macros Swift cannot
// import, so they are exposed through small inline accessors.
#ifndef FOLIO_CNCURSESW_SHIM_H
#define FOLIO_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <sys/ioctl.h>
#include <ncursesw/curses.h>

static inline WINDOW *folio_stdscr(void) { return stdscr; }
/// What curses takes the terminal's screen to show now, which its next refresh changes.
static inline WINDOW *folio_curscr(void) { return curscr; }
static inline int folio_lines(void) { return LINES; }
static inline int folio_colors(void) { return COLORS; }
static inline int folio_color_pairs(void) { return COLOR_PAIRS; }
static inline int folio_columns(void) { return COLS; }
static inline attr_t folio_attr_normal(void) { return A_NORMAL; }
static inline attr_t folio_attr_bold(void) { return A_BOLD; }
static inline attr_t folio_attr_reverse(void) { return A_REVERSE; }
static inline attr_t folio_attr_dim(void) { return A_DIM; }
static inline attr_t folio_attr_underline(void) { return A_UNDERLINE; }
static inline int folio_err(void) { return ERR; }

/// Moves the cursor to the top-left corner from wherever it is, absolutely, and sends the move
/// now: ncurses' own mvcur writes through stdio's buffer of stdout, not with its refreshes.
static inline int folio_move_cursor_home(void) {
    int status = mvcur(-1, -1, 0, 0);
    fflush(stdout);
    return status;
}

/// newterm on stdout/stdin (the FILE globals are shared mutable state Swift 6 will not touch).
/// Unlike initscr it returns NULL for an unknown $TERM instead of exiting.
static inline SCREEN *folio_newterm(void) { return newterm(NULL, stdout, stdin); }

/// The size of the terminal on `descriptor` from TIOCGWINSZ (ioctl is variadic, which Swift cannot
/// call): cells, and the text area in pixels (zero when the terminal leaves them out). All zero
/// when `descriptor` is not a terminal.
static inline void folio_window_geometry(int descriptor, int *rows, int *columns, int *width, int *height) {
    struct winsize size = {0};
    ioctl(descriptor, TIOCGWINSZ, &size);
    *rows = size.ws_row;
    *columns = size.ws_col;
    *width = size.ws_xpixel;
    *height = size.ws_ypixel;
}

/// Writes `count` wide characters at (row, column) in the given attributes and colour pair.
/// (wattr_set is a macro in some ncurses builds, so Swift cannot always call it directly.)
static inline int folio_put_text(int row, int column, const wchar_t *text, int count, attr_t attributes,
                                 short pair) {
    wattr_set(stdscr, attributes, pair, NULL);
    return mvwaddnwstr(stdscr, row, column, text, count);
}

#endif
