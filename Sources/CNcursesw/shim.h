#ifndef BATON_CNCURSESW_SHIM_H
#define BATON_CNCURSESW_SHIM_H

/* SwiftPM drops the -D flags from ncursesw.pc; without these the wide API vanishes. */
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/* Globals and macros Swift cannot import, as functions. */
static inline WINDOW *baton_stdscr(void) { return stdscr; }
static inline int baton_cols(void) { return COLS; }
static inline int baton_lines(void) { return LINES; }
static inline int baton_colors(void) { return COLORS; }
static inline int baton_color_pairs(void) { return COLOR_PAIRS; }

static inline attr_t baton_a_normal(void) { return A_NORMAL; }
static inline attr_t baton_a_bold(void) { return A_BOLD; }
static inline attr_t baton_a_dim(void) { return A_DIM; }
static inline attr_t baton_a_underline(void) { return A_UNDERLINE; }
static inline attr_t baton_a_reverse(void) { return A_REVERSE; }
static inline attr_t baton_a_italic(void) { return A_ITALIC; }

static inline int baton_key_code_yes(void) { return KEY_CODE_YES; }
static inline int baton_err(void) { return ERR; }

static inline mmask_t baton_all_mouse_events(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t baton_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t baton_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t baton_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t baton_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t baton_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t baton_report_mouse_position(void) { return REPORT_MOUSE_POSITION; }

/* Draws one grapheme (up to 8 code points) with attributes and a colour pair. */
static inline int baton_put_cell(WINDOW *win, int y, int x, const wchar_t *wch, attr_t attrs, short pair) {
    cchar_t cell;
    if (setcchar(&cell, wch, attrs, pair, NULL) != OK) return ERR;
    return mvwadd_wch(win, y, x, &cell);
}

#endif
