/*
 * report_html.h - the standings as one self-contained HTML page.
 *
 * The page shows what the text report shows, from the same parsed result
 * set and the same standings (ranked by the same rule, ratings on the same
 * scale, "1512 ± 38"): the run's facts, a table per variant with each
 * rating's 95% interval drawn as a bar, the head-to-head crosstable as a
 * heat map, the overall rating of every bot over the games played (inline
 * SVG), the faults with links to the games, each bot's games to study (lost
 * or faulted in), failed games and excluded
 * bots. Its template is arena/standings.html; inline CSS and SVG only, no
 * script, no external asset: it works from file:// and offline. Every
 * string that comes from a bot or a config is escaped.
 *
 * A game is linked to its page RESULTS/pages/ID.html when that exists
 * (report_index_page.h makes them with the referee), else to its record
 * RESULTS/logs/ID.log when that exists; links are relative to the
 * directory the page is written to.
 */
#ifndef REPORT_HTML_H
#define REPORT_HTML_H

#include "store_result_set.h"
#include "rank_standings.h"
#include "strvec.h"

/* Faulted games linked per bot (the first ones, in schedule order). */
#define REPORT_HTML_FAULT_GAMES 3
/* Games to study listed per bot: the last ones it lost or faulted in (and how many in all). */
#define REPORT_HTML_STUDY_GAMES 10

struct report_html_opts {
	const char *page_dir;  /* where the page goes: links are relative to it */
	int refresh_s;         /* > 0: a run is going, the page reloads every refresh_s seconds */
	const char *when;      /* when the page was made, as people read it */
};

/*
 * The games to study of bot (index into set->names): those it lost
 * (standings_lost()) or faulted in. Returns how many; idx[] gets the last
 * max of them (indices into set->r), in schedule order.
 */
long report_html_study_games(const struct result_set *set, int bot, int *idx, int max);

/*
 * The games the page links to, added to games: for every
 * bot its first REPORT_HTML_FAULT_GAMES faulted games and its last
 * REPORT_HTML_STUDY_GAMES games to study, and the first game of every
 * variant (a sample to watch). Each game once.
 */
void report_html_games(const struct result_set *set, struct stored_games *games);

/*
 * Appends the page of st (computed from set) to out. 0, or -1 with err
 * (a template without its slot: a bug).
 */
int report_html_write(struct strbuf *out, const struct standings *st,
		      const struct result_set *set, const struct report_html_opts *o, char *err,
		      size_t len);

#endif
