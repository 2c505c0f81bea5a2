/*
 * report_index_page.h - RESULTS/index.html: the standings page of a results
 * directory, and the pages of the games it links to.
 *
 * The arena writes it after every run and, while games are played, every
 * INDEX_PAGE_EVERY_S seconds or so, so an overnight ladder can be watched
 * in a browser (the page then reloads itself). The page is the one
 * `arena report --html` writes (report_html.h), from the same result set.
 * The games it links to (the first faulted games of each bot, the first
 * game of each variant) get a page of their own, RESULTS/pages/ID.html,
 * written by the referee from the game's record (`referee --replay LOG
 * --html PAGE`): the arena meets the referee only at its command line.
 * A page already there is kept; a record that is missing (logs = none)
 * or does not replay gives no page, and the link goes to the record or
 * nowhere. The arena makes game pages when a run ends, not while it
 * plays (a replay would hold up the games) or when it is stopped.
 */
#ifndef INDEX_PAGE_H
#define INDEX_PAGE_H

#include <stddef.h>

struct result_set;
struct standings;

/* How often a run rewrites the page, and how often the page reloads, in seconds. */
#define INDEX_PAGE_EVERY_S 10

/*
 * Makes the missing game pages with the referee (an absolute path; NULL:
 * makes none), then writes DIR/index.html anew (a temporary file renamed
 * over it; 0600, as every file of a results directory) from set, the
 * run's live result set (result_set_start(); finished here, so it may
 * grow again after). running: a run is going (the page says so and
 * reloads itself). 0; 1 when a signal (play_interrupt.h: any so far) stopped
 * the game pages, the page written all the same; or -1 with err.
 */
int index_page_write(const char *dir, struct result_set *set, const char *referee, int running,
		     char *err, size_t len);

/*
 * Writes the standings page of the results read so far to path (a
 * private file, like the results), with links relative to path's
 * directory: what `arena report --html FILE` does. 0, or -1 with err.
 */
int index_page_save(const char *path, const struct standings *st, const struct result_set *set,
		    int refresh_s, char *err, size_t len);

#endif
