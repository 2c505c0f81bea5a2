/*
 * report.c - formatting the standings (see report.h).
 */
#include "report.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "rank_rating.h"
#include "util.h"

static const char *name_of(const struct result_set *set, int bot)
{
	return set->names.items[bot];
}

static double pct(double part, double whole)
{
	return whole > 0 ? 100.0 * part / whole : 0;
}

/* x to 3 (1) decimals; never -0, which a difference of equal ratings can round to */
static double round3(double x)
{
	double r = round(x * 1000) / 1000;

	return r == 0 ? 0 : r;
}

static double round1(double x)
{
	double r = round(x * 10) / 10;

	return r == 0 ? 0 : r;
}

/* Event points are whole numbers in indiana; anything else keeps two decimals. */
static void add_points(struct strbuf *out, int width, double p)
{
	if (p == round(p))
		strbuf_addf(out, "%*.0f", width, p);
	else
		strbuf_addf(out, "%*.2f", width, p);
}

static json_t *json_points(double p)
{
	return p == round(p) && fabs(p) < 1e15 ? json_integer((json_int_t)p) : json_real(round3(p));
}

static int name_width(const struct standings_table *t, const struct result_set *set)
{
	int w = 3;

	for (int i = 0; i < t->n; i++) {
		int n = (int)strlen(name_of(set, t->rows[i].bot));

		if (n > w)
			w = n;
	}
	return w;
}

/*
 * Under a table with forfeits: which bots' margins leave games out, and
 * why, wrapped at about 80 columns.
 */
static void text_forfeits(struct strbuf *out, const struct standings_table *t,
			  const struct result_set *set)
{
	size_t col = 0;
	int any = 0;

	for (int i = 0; i < t->n; i++) {
		const struct standing *r = &t->rows[i];
		char item[80];
		size_t n;

		if (!r->forfeits)
			continue;
		if (!any)
			strbuf_addf(out, "  margin leaves out forfeited games (@greedy played the seat):\n");
		n = (size_t)snprintf(item, sizeof(item), "%s %ld of %ld", name_of(set, r->bot),
				     r->forfeits, r->games);
		if (col && col + 2 + n > 78) {
			strbuf_addch(out, '\n');
			col = 0;
		}
		strbuf_addf(out, "%s%s", col ? ", " : "    ", item);
		col += (col ? 2 : 4) + n;
		any = 1;
	}
	if (any)
		strbuf_addch(out, '\n');
}

/* A bot's batch rating, and the half width of its 95% interval. */
static double shown(const struct standing *r)
{
	return r->rating;
}

static double plus_minus(const struct standing *r)
{
	return REPORT_Z * r->se;
}

double report_rating(const struct standing *r)
{
	return shown(r);
}

double report_plus_minus(const struct standing *r)
{
	return plus_minus(r);
}

/*
 * One table: the rating column is "1512 ± 38" (the 95% interval), the
 * numbers right-aligned under their headings, the names padded to the
 * longest (a name is ASCII: the config allows nothing else).
 */
static void text_table(struct strbuf *out, const struct standings_table *t,
		       const struct result_set *set, int nbots)
{
	int w = name_width(t, set);
	long minm = -1, maxm = 0;

	strbuf_addf(out, "%s: %ld games\n", t->variant, t->games);
	strbuf_addf(out, "  %3s  %-*s %7s %8s %6s %8s  %6s \u00b1 %-5s %5s %6s\n", "#", w, "bot",
		    "games", "wins", "win%", "margin", "rating", "95%", "los", "faults");
	for (int i = 0; i < t->n; i++) {
		const struct standing *r = &t->rows[i];
		char margin[32] = "-", los[32] = "";

		if (r->games > r->forfeits)
			snprintf(margin, sizeof(margin), "%+.2f", r->margin);
		if (r->los >= 0)
			snprintf(los, sizeof(los), "%.0f", 100 * r->los);
		strbuf_addf(out, "  %3d  %-*s %7ld %8.1f %6.1f %8s  %6.0f \u00b1 %-5.0f %5s %6ld\n", i + 1,
			    w, name_of(set, r->bot), r->games, r->wins,
			    pct(r->wins, (double)r->games), margin, shown(r), plus_minus(r), los,
			    r->faults);
	}
	if (t->n >= 2)
		strbuf_addf(out, "  (los: the likelihood, in %%, that the bot is stronger than the next)\n");
	text_forfeits(out, t, set);
	if (t->n < 2)
		return;
	strbuf_addf(out, "\n  head to head: the row's score against the column, in %%\n");
	strbuf_addf(out, "  %3s  %-*s", "", w, "");
	for (int j = 0; j < t->n; j++)
		strbuf_addf(out, " %6d", j + 1);
	strbuf_addch(out, '\n');
	for (int i = 0; i < t->n; i++) {
		int a = t->rows[i].bot;

		strbuf_addf(out, "  %3d  %-*s", i + 1, w, name_of(set, a));
		for (int j = 0; j < t->n; j++) {
			size_t cell = (size_t)a * (size_t)nbots + (size_t)t->rows[j].bot;
			long m = t->meetings[cell];

			if (i == j || !m) {
				strbuf_addf(out, " %6s", i == j ? "-" : ".");
				continue;
			}
			strbuf_addf(out, " %6.1f", pct(t->score[cell], (double)m));
			if (minm < 0 || m < minm)
				minm = m;
			if (m > maxm)
				maxm = m;
		}
		strbuf_addch(out, '\n');
	}
	if (minm == maxm)
		strbuf_addf(out, "  (every pair met in %ld games)\n", maxm);
	else if (minm >= 0)
		strbuf_addf(out, "  (pairs met in %ld to %ld games; --json has the counts)\n", minm,
			    maxm);
}

static const struct result_set *cmp_events_set;

/*
 * Rows of the events summary: events won, then the players without a
 * forfeit before the others (as in each event), then points, then name.
 */
static int cmp_events_row(const void *a, const void *b)
{
	const struct standing *x = a, *y = b;

	if (x->event_wins != y->event_wins)
		return x->event_wins > y->event_wins ? -1 : 1;
	if (!x->event_forfeits != !y->event_forfeits)
		return x->event_forfeits ? 1 : -1;
	if (x->points != y->points)
		return x->points > y->points ? -1 : 1;
	return strcmp(name_of(cmp_events_set, x->bot), name_of(cmp_events_set, y->bot));
}

/* A player's row in event ev, or NULL when he did not play in it. */
static const struct event_row *event_row_of(const struct event *ev, int bot)
{
	for (int r = 0; r < ev->n; r++)
		if (ev->rows[r].bot == bot)
			return &ev->rows[r];
	return NULL;
}

#define TEXT_EVENT_COLUMNS 10

/*
 * The progressive events of table t: a summary over the complete events
 * (events won, points, forfeited games), each event's totals as columns
 * (2 to TEXT_EVENT_COLUMNS events; a '*' marks the winners), then one line
 * per event naming its winner or why it has none.
 */
static void text_events(struct strbuf *out, const struct standings_table *t,
			const struct result_set *set)
{
	int w = name_width(t, set), cols = t->nevents > 1 && t->nevents <= TEXT_EVENT_COLUMNS;
	struct standing *rows = xcalloc((size_t)(t->n ? t->n : 1), sizeof(*rows));

	memcpy(rows, t->rows, (size_t)t->n * sizeof(*rows));
	cmp_events_set = set;
	qsort(rows, (size_t)t->n, sizeof(*rows), cmp_events_row);
	strbuf_addf(out, "\n  progressive events: a player's total is his team's points in every "
		    "game of the event\n  (both plays of each round) but those he forfeited; "
		    "the highest total wins,\n  a player with a forfeit cannot win\n");
	strbuf_addf(out, "  %3s  %-*s %7s %7s %8s %8s", "#", w, "bot", "events", "won", "points",
		    "forfeits");
	for (int i = 0; cols && i < t->nevents; i++) {
		char head[32];

		snprintf(head, sizeof(head), "%ld%s", t->events[i].number,
			 t->events[i].complete ? "" : "?");
		strbuf_addf(out, " %7s", head);
	}
	strbuf_addch(out, '\n');
	for (int i = 0; i < t->n; i++) {
		strbuf_addf(out, "  %3d  %-*s %7ld %7.1f ", i + 1, w, name_of(set, rows[i].bot),
			    rows[i].events, rows[i].event_wins);
		add_points(out, 8, rows[i].points);
		strbuf_addf(out, " %8ld", rows[i].event_forfeits);
		for (int e = 0; cols && e < t->nevents; e++) {
			const struct event_row *r = event_row_of(&t->events[e], rows[i].bot);
			struct strbuf cell = STRBUF_INIT;

			strbuf_init(&cell);
			if (r) {
				strbuf_addstr(&cell, r->share > 0 ? "*" : "");
				add_points(&cell, 0, r->points);
			}
			strbuf_addf(out, " %7s", r ? cell.buf : ".");
			strbuf_release(&cell);
		}
		strbuf_addch(out, '\n');
	}
	free(rows);
	if (cols)
		strbuf_addf(out, "  (columns: each event's totals; * the winner, ? incomplete)\n");
	else if (t->nevents > TEXT_EVENT_COLUMNS)
		strbuf_addf(out, "  (each event's totals: --csv or --json)\n");
	for (int i = 0; i < t->nevents; i++) {
		const struct event *ev = &t->events[i];

		strbuf_addf(out, "  event %ld (%s): ", ev->number, ev->id);
		if (!ev->complete) {
			if (ev->expected && ev->games >= ev->expected)
				strbuf_addf(out, "no winner, %ld games but not one per round, table "
					    "and play\n", ev->games);
			else if (ev->expected)
				strbuf_addf(out, "no winner, %ld of %ld games played\n", ev->games,
					    ev->expected);
			else
				strbuf_addf(out, "no winner, incomplete: %ld game%s, %d players\n",
					    ev->games, ev->games == 1 ? "" : "s", ev->n);
			continue;
		}
		if (!ev->nwinners)
			strbuf_addf(out, "no winner: every player forfeited a game");
		for (int r = 0; r < ev->nwinners; r++)
			strbuf_addf(out, "%s%s", r ? (r == ev->nwinners - 1 ? " and " : ", ") : "",
				    name_of(set, ev->rows[r].bot));
		if (ev->nwinners) {
			strbuf_addf(out, ev->nwinners > 1 ? " share the win with " : " wins with ");
			add_points(out, 0, ev->rows[0].points);
			strbuf_addf(out, " points");
		}
		for (int r = 0, first = 1; r < ev->n; r++)
			if (ev->rows[r].forfeits) {
				strbuf_addf(out, "%s%s %ld", first ? "; forfeited: " : ", ",
					    name_of(set, ev->rows[r].bot), ev->rows[r].forfeits);
				first = 0;
			}
		strbuf_addch(out, '\n');
	}
}

static void log_path(struct strbuf *out, const struct result_set *set, const struct fault_row *f)
{
	strbuf_addf(out, "%s/" RESULTS_LOGS "/%s.log", set->sources.items[f->first_source], f->first_game);
}

static void text_report(struct strbuf *out, const struct standings *st,
			const struct result_set *set)
{
	int any = 0;

	strbuf_addf(out, "standings: %ld games, %d bots; %s\n", st->tables[0].games,
		    st->tables[0].n, REPORT_RANKING);
	if (set->duplicates)
		strbuf_addf(out, "note: %ld duplicate game ids counted once\n", set->duplicates);
	if (set->torn)
		strbuf_addf(out, "note: %ld torn last line(s) ignored\n", set->torn);
	for (size_t i = 1; i < set->shards.nr; i++)
		if (strcmp(set->shards.items[i], set->shards.items[0])) {
			strbuf_addf(out, "warning: these results come from different schedules "
				    "(fingerprints %s and %s)\n", set->shards.items[0],
				    set->shards.items[i]);
			break;
		}
	/* with one variant, its table is the overall one */
	for (int t = st->ntables == 2 ? 1 : 0; t < st->ntables; t++) {
		strbuf_addch(out, '\n');
		text_table(out, &st->tables[t], set, st->nbots);
		if (st->tables[t].nevents)
			text_events(out, &st->tables[t], set);
	}
	strbuf_addf(out, "\nfaults");
	for (int b = 0; b < st->nbots; b++)
		any |= st->faults[b].total > 0;
	if (!any) {
		strbuf_addf(out, ": none\n");
	} else {
		strbuf_addch(out, '\n');
		for (int b = 0; b < st->nbots; b++) {
			const struct fault_row *f = &st->faults[b];

			if (!f->total)
				continue;
			strbuf_addf(out, "  %s: %ld (", name_of(set, b), f->total);
			standings_fault_kinds(f->kind, out);
			strbuf_addf(out, "); first in ");
			log_path(out, set, f);
			strbuf_addch(out, '\n');
		}
		strbuf_addf(out, "  (a bot forfeits every game it faults in: it ranks last there and the "
			    "game\n  is left out of its margin)\n");
	}
	if (set->failed.nr) {
		strbuf_addf(out, "\nfailed games: %zu (not counted above; running the arena again "
			    "retries them)\n", set->failed.nr);
		for (size_t i = 0; i < set->failed.nr && i < 10; i++) {
			const struct stored_game *f = &set->failed.items[i];

			strbuf_addf(out, "  %s: %s\n", f->id, f->reason);
		}
		if (set->failed.nr > 10)
			strbuf_addf(out, "  ... (%zu more in failed.jsonl)\n", set->failed.nr - 10);
	}
	/* last, so that a student who is not in the tables finds himself */
	if (set->excluded.nr) {
		strbuf_addf(out, "\nexcluded bots\n");
		for (size_t i = 0; i < set->excluded.nr; i++)
			strbuf_addf(out, "  %s: %s\n", set->excluded.items[i].name,
				    set->excluded.items[i].reason);
	}
}

static void csv_field(struct strbuf *out, const char *s)
{
	if (!strpbrk(s, ",\"\n")) {
		strbuf_addstr(out, s);
		return;
	}
	strbuf_addch(out, '"');
	for (; *s; s++) {
		if (*s == '"')
			strbuf_addch(out, '"');
		strbuf_addch(out, *s);
	}
	strbuf_addch(out, '"');
}

/* "faults_timeout,...,faults_other": the kinds from their table (fault.h) */
static void csv_fault_columns(struct strbuf *out)
{
	for (int k = 0; k < FAULT_KINDS; k++)
		strbuf_addf(out, ",faults_%s", standings_fault_kind(k));
}

static void csv_row(struct strbuf *out, const struct standings_table *tb, int i,
		    const struct result_set *set)
{
	const struct standing *r = &tb->rows[i];

	csv_field(out, tb->variant);
	strbuf_addf(out, ",%d,", i + 1);
	csv_field(out, name_of(set, r->bot));
	strbuf_addf(out, ",%ld,%.3f,%.3f,", r->games, r->wins, pct(r->wins, (double)r->games));
	if (r->games > r->forfeits)
		strbuf_addf(out, "%.3f", r->margin);
	strbuf_addf(out, ",%.1f,%.1f,%.1f,%.1f,%.1f,", shown(r), plus_minus(r),
		    shown(r) - plus_minus(r), shown(r) + plus_minus(r), r->se);
	if (r->los >= 0)
		strbuf_addf(out, "%.3f", r->los);
	strbuf_addf(out, ",%ld,", r->forfeits);
	if (tb->progressive) {
		strbuf_addf(out, "%ld,%.3f,", r->events, r->event_wins);
		add_points(out, 0, r->points);
	} else {
		strbuf_addstr(out, ",,");
	}
	strbuf_addf(out, ",%ld", r->faults);
	for (int k = 0; k < FAULT_KINDS; k++)
		strbuf_addf(out, ",%ld", r->fault_kind[k]);
	strbuf_addstr(out, ",ranked,\n");
}

/* One row per player and progressive event, named by the event's id. */
static void csv_events(struct strbuf *out, const struct standings_table *tb,
		       const struct result_set *set)
{
	for (int e = 0; e < tb->nevents; e++) {
		const struct event *ev = &tb->events[e];

		for (int i = 0; i < ev->n; i++) {
			const struct event_row *r = &ev->rows[i];

			csv_field(out, ev->id);
			strbuf_addf(out, ",%d,", r->place);
			csv_field(out, name_of(set, r->bot));
			strbuf_addf(out, ",%ld,%.3f,%.3f,,,,,,,,%ld,%d,%.3f,", r->games, r->wins,
				    pct(r->wins, (double)r->games), r->forfeits, ev->complete,
				    r->share);
			add_points(out, 0, r->points);
			strbuf_addch(out, ',');
			for (int k = 0; k < FAULT_KINDS; k++)
				strbuf_addch(out, ',');
			strbuf_addstr(out, ",event,\n");
		}
	}
}

/*
 * Every submission has a row: the ranked bots in every table, then each
 * excluded bot (a failed build, a rejected submission) once, in the
 * "overall" table without a rank, with its reason, so that a gradebook
 * made from the CSV misses nobody.
 */
static void csv_report(struct strbuf *out, const struct standings *st,
		       const struct result_set *set)
{
	strbuf_addstr(out, "variant,rank,bot,games,wins,win_pct,margin,rating,plus_minus,low,high,"
			   "se,los,forfeits,events,event_wins,points,faults");
	csv_fault_columns(out);
	strbuf_addstr(out, ",status,reason\n");
	for (int t = 0; t < st->ntables; t++) {
		for (int i = 0; i < st->tables[t].n; i++)
			csv_row(out, &st->tables[t], i, set);
		csv_events(out, &st->tables[t], set);
	}
	for (size_t i = 0; i < set->excluded.nr; i++) {
		strbuf_addstr(out, "overall,,");
		csv_field(out, set->excluded.items[i].name);
		strbuf_addstr(out, ",0,,,,,,,,,,,,,,");
		for (int k = 0; k < FAULT_KINDS; k++)
			strbuf_addch(out, ',');
		strbuf_addstr(out, ",excluded,");
		csv_field(out, set->excluded.items[i].reason);
		strbuf_addch(out, '\n');
	}
}

static json_t *json_events(const struct standings_table *t, const struct result_set *set)
{
	json_t *events = json_array();

	for (int e = 0; e < t->nevents; e++) {
		const struct event *ev = &t->events[e];
		json_t *o = json_object(), *winners = json_array(), *rows = json_array();

		for (int r = 0; r < ev->nwinners; r++)
			json_array_append_new(winners, json_string(name_of(set, ev->rows[r].bot)));
		for (int r = 0; r < ev->n; r++) {
			const struct event_row *x = &ev->rows[r];
			json_t *row = json_object();

			json_object_set_new(row, "rank", json_integer(x->place));
			json_object_set_new(row, "bot", json_string(name_of(set, x->bot)));
			json_object_set_new(row, "points", json_points(x->points));
			json_object_set_new(row, "games", json_integer(x->games));
			json_object_set_new(row, "wins", json_real(round3(x->wins)));
			json_object_set_new(row, "forfeits", json_integer(x->forfeits));
			json_object_set_new(row, "event_wins", json_real(round3(x->share)));
			json_array_append_new(rows, row);
		}
		json_object_set_new(o, "event", json_string(ev->id));
		json_object_set_new(o, "number", json_integer(ev->number));
		json_object_set_new(o, "games", json_integer(ev->games));
		json_object_set_new(o, "expected", json_integer(ev->expected));
		json_object_set_new(o, "complete", json_boolean(ev->complete));
		json_object_set_new(o, "winners", winners);
		json_object_set_new(o, "players", rows);
		json_array_append_new(events, o);
	}
	return events;
}

/* {"timeout": N, ..., "other": N}: every kind, from their table */
static json_t *json_fault_kinds(const long *kind)
{
	json_t *o = json_object();

	for (int k = 0; k < FAULT_KINDS; k++)
		json_object_set_new(o, standings_fault_kind(k), json_integer(kind[k]));
	return o;
}

static json_t *json_table(const struct standings_table *t, const struct result_set *set,
			  int nbots)
{
	json_t *o = json_object(), *rows = json_array(), *cross = json_object();

	for (int i = 0; i < t->n; i++) {
		const struct standing *r = &t->rows[i];
		json_t *row = json_object(), *line = json_object();

		json_object_set_new(row, "rank", json_integer(i + 1));
		json_object_set_new(row, "bot", json_string(name_of(set, r->bot)));
		json_object_set_new(row, "games", json_integer(r->games));
		json_object_set_new(row, "wins", json_real(round3(r->wins)));
		json_object_set_new(row, "win_pct", json_real(round3(pct(r->wins, (double)r->games))));
		json_object_set_new(row, "margin", r->games > r->forfeits
							   ? json_real(round3(r->margin))
							   : json_null());
		json_object_set_new(row, "forfeits", json_integer(r->forfeits));
		json_object_set_new(row, "rating", json_real(round1(shown(r))));
		json_object_set_new(row, "plus_minus", json_real(round1(plus_minus(r))));
		json_object_set_new(row, "low", json_real(round1(shown(r) - plus_minus(r))));
		json_object_set_new(row, "high", json_real(round1(shown(r) + plus_minus(r))));
		json_object_set_new(row, "se", json_real(round1(r->se)));
		json_object_set_new(row, "los", r->los >= 0 ? json_real(round3(r->los)) : json_null());
		json_object_set_new(row, "faults", json_integer(r->faults));
		json_object_set_new(row, "fault_kinds", json_fault_kinds(r->fault_kind));
		if (t->progressive) {
			json_object_set_new(row, "events", json_integer(r->events));
			json_object_set_new(row, "event_wins", json_real(round3(r->event_wins)));
			json_object_set_new(row, "points", json_points(r->points));
			json_object_set_new(row, "event_forfeits", json_integer(r->event_forfeits));
		}
		json_array_append_new(rows, row);
		for (int j = 0; j < t->n; j++) {
			size_t cell = (size_t)r->bot * (size_t)nbots + (size_t)t->rows[j].bot;

			if (i == j || !t->meetings[cell])
				continue;
			json_object_set_new(
				line, name_of(set, t->rows[j].bot),
				json_pack("{s:f, s:I, s:f, s:f, s:f}", "score", round3(t->score[cell]),
					  "games", (json_int_t)t->meetings[cell], "difference",
					  round1(r->rating - t->rows[j].rating), "difference_plus_minus",
					  round1(REPORT_Z * standings_difference_se(t, nbots, r->bot,
										    t->rows[j].bot)),
					  "los", round3(standings_los(t, nbots, r->bot, t->rows[j].bot))));
		}
		json_object_set_new(cross, name_of(set, r->bot), line);
	}
	json_object_set_new(o, "variant", json_string(t->variant));
	json_object_set_new(o, "games", json_integer(t->games));
	json_object_set_new(o, "standings", rows);
	json_object_set_new(o, "crosstable", cross);
	if (t->progressive)
		json_object_set_new(o, "events", json_events(t, set));
	return o;
}

static void json_report(struct strbuf *out, const struct standings *st,
			const struct result_set *set)
{
	json_t *o = json_object(), *tables = json_array(), *faults = json_array();
	json_t *excluded = json_array(), *failed = json_array();
	char *text;

	for (int t = 0; t < st->ntables; t++)
		json_array_append_new(tables, json_table(&st->tables[t], set, st->nbots));
	for (int b = 0; b < st->nbots; b++) {
		const struct fault_row *f = &st->faults[b];
		json_t *row;

		if (!f->total)
			continue;
		row = json_object();
		json_object_set_new(row, "bot", json_string(name_of(set, b)));
		for (int k = 0; k < FAULT_KINDS; k++)
			json_object_set_new(row, standings_fault_kind(k), json_integer(f->kind[k]));
		json_object_set_new(row, "total", json_integer(f->total));
		{
			struct strbuf sb = STRBUF_INIT;

			strbuf_init(&sb);
			log_path(&sb, set, f);
			json_object_set_new(row, "first_log", json_string(sb.buf));
			strbuf_release(&sb);
		}
		json_array_append_new(faults, row);
	}
	for (size_t i = 0; i < set->excluded.nr; i++)
		json_array_append_new(excluded, json_pack("{s:s, s:s}", "bot",
							  set->excluded.items[i].name, "reason",
							  set->excluded.items[i].reason));
	for (size_t i = 0; i < set->failed.nr; i++)
		json_array_append_new(failed, json_pack("{s:s, s:s}", "game", set->failed.items[i].id,
							"reason", set->failed.items[i].reason));
	json_object_set_new(o, "games", json_integer(st->tables[0].games));
	json_object_set_new(o, "ranked_by", json_string(REPORT_RANKING));
	json_object_set_new(o, "tables", tables);
	json_object_set_new(o, "faults", faults);
	json_object_set_new(o, "excluded", excluded);
	json_object_set_new(o, "failed", failed);
	json_object_set_new(o, "duplicates", json_integer(set->duplicates));
	json_object_set_new(o, "torn", json_integer(set->torn));
	text = json_dumps(o, JSON_INDENT(2) | JSON_REAL_PRECISION(10));
	strbuf_addstr(out, text);
	strbuf_addch(out, '\n');
	free(text);
	json_decref(o);
}

void report_write(struct strbuf *out, const struct standings *st, const struct result_set *set,
		  enum report_format format)
{
	if (format == REPORT_CSV)
		csv_report(out, st, set);
	else if (format == REPORT_JSON)
		json_report(out, st, set);
	else
		text_report(out, st, set);
}
