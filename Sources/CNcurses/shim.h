#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/* The current screen's idea of what the terminal shows (ncurses' global `curscr`), for the
 * thread that owns the screen: a global variable Swift would refuse as shared mutable state. */
static inline WINDOW *cncurses_current_screen(void) { return curscr; }
#endif
