// CNcursesw: ncursesw's wide-character API for Swift.
//
// SwiftPM drops the -D flags from ncursesw.pc, so the wide API is switched on here, before the
// header is read; without it wget_wch and mvaddnwstr silently disappear. stdscr, LINES and COLS are
// shared mutable globals (errors in Swift 6 mode) and A_BOLD/COLOR_PAIR are macros Swift cannot
// import, so they are exposed through small inline accessors.
#ifndef FOLIO_CNCURSESW_SHIM_H
#define FOLIO_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>

static inline WINDOW *folio_stdscr(void) { return stdscr; }
static inline int folio_lines(void) { return LINES; }
static inline int folio_columns(void) { return COLS; }
static inline attr_t folio_attr_normal(void) { return A_NORMAL; }
static inline attr_t folio_attr_bold(void) { return A_BOLD; }
static inline attr_t folio_attr_reverse(void) { return A_REVERSE; }
static inline attr_t folio_attr_dim(void) { return A_DIM; }
static inline attr_t folio_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t folio_color_pair(short pair) { return COLOR_PAIR(pair); }
static inline int folio_key_resize(void) { return KEY_RESIZE; }
static inline int folio_err(void) { return ERR; }

#endif
