/*
 * report.h - standings as text, CSV or JSON.
 *
 * The text form is for people (a table per variant, a crosstable, the
 * events and winners of progressive variants, faults with a pointer to a
 * game log, excluded bots and failed games); CSV has one row per bot and
 * table, then one per player and progressive event, for spreadsheets;
 * JSON has everything (docs/arena.md, "CSV and JSON"). The
 * output depends only on the results, never on timing, so two runs that
 * played the same games print the same report.
 */
#ifndef REPORT_H
#define REPORT_H

#include "store_result_set.h"
#include "rank_standings.h"

enum report_format { REPORT_TEXT, REPORT_CSV, REPORT_JSON };

/* The z of a 95% interval: rating +- 1.96 standard errors. */
#define REPORT_Z 1.96

/*
 * The one rule every table is sorted by (rank_standings.h), as the report's
 * first line states it.
 */
#define REPORT_RANKING "ranked by rating, highest first (1500: the mean of the table's " \
	"bots; \u00b1: its 95% interval; see docs/ratings.md)"

/*
 * A row's rating and the half width of its 95% interval on the scale
 * every table shows ("1512 \u00b1 38", to the nearest point).
 */
double report_rating(const struct standing *r);
double report_plus_minus(const struct standing *r);

/* Appends the report of st (computed from set) to out. */
void report_write(struct strbuf *out, const struct standings *st, const struct result_set *set,
		  enum report_format format);

#endif
