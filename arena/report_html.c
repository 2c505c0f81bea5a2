/*
 * report_html.c - the standings page (see report_html.h).
 *
 * The template (arena/standings.html, made into standings_html[] by the
 * build) holds the page's frame and style; the slots below write its
 * parts. Numbers are formatted as the text report formats them, so that
 * a rating or a crosstable cell reads the same on the page and in the
 * terminal. Everything that comes from outside (bot and variant names,
 * fault details, reasons, directory names) goes through html_text().
 */
#include "report_html.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "html.h"
#include "rank_rating.h"
#include "report.h"
#include "util.h"

/* the page's template: arena/standings.html, made into its lines by the build */
extern const char *const standings_html[];

/* Bytes of a fault detail shown on the page (the rest is in the game's record). */
#define DETAIL_MAX 160
/* The size of the rating chart, in SVG units. */
#define CHART_W 640
#define CHART_H 240
#define CHART_PAD 36

struct page {
	const struct standings *st;
	const struct result_set *set;
	const struct report_html_opts *o;
	char **base; /* per source: its directory relative to the page's, with a '/' */
};

static const char *name_of(const struct result_set *set, int bot)
{
	return set->names.items[bot];
}

static double pct(double part, double whole)
{
	return whole > 0 ? 100.0 * part / whole : 0;
}

/* A path in a URL: bytes other than letters, digits and "-._~/" as %XX. */
static void url_path(struct strbuf *sb, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		    strchr("-._~/", c))
			strbuf_addch(sb, c);
		else
			strbuf_addf(sb, "%%%02X", c);
	}
}

/* The length of the first component of path p ("a" of "a/b"), after its leading '/'s. */
static size_t component(const char **p)
{
	size_t n = 0;

	while (**p == '/')
		(*p)++;
	while ((*p)[n] && (*p)[n] != '/')
		n++;
	return n;
}

/*
 * to_dir as seen from from_dir ("", "../r/", "sub/"), ending in '/' unless
 * empty; both resolved first. A directory that cannot be resolved is
 * given as it is.
 */
static char *relative_dir(const char *from_dir, const char *to_dir)
{
	char *from = realpath(from_dir, NULL), *to = realpath(to_dir, NULL);
	const char *f, *t;
	struct strbuf sb = STRBUF_INIT;
	size_t nf, nt;

	strbuf_init(&sb);
	if (!from || !to) {
		strbuf_addf(&sb, "%s/", to ? to : to_dir);
		goto out;
	}
	f = from;
	t = to;
	/* skip the components both share, then go up from the rest of from */
	for (;;) {
		const char *f0 = f, *t0 = t;

		nf = component(&f);
		nt = component(&t);
		if (!nf || nf != nt || memcmp(f, t, nf)) {
			f = f0;
			t = t0;
			break;
		}
		f += nf;
		t += nt;
	}
	while ((nf = component(&f)) > 0) {
		strbuf_addstr(&sb, "../");
		f += nf;
	}
	while ((nt = component(&t)) > 0) {
		strbuf_add(&sb, t, nt);
		strbuf_addch(&sb, '/');
		t += nt;
	}
out:
	free(from);
	free(to);
	return strbuf_detach(&sb);
}

/* The faulted games of bot: how many, and the first max of them (indices into set->r). */
static long bot_fault_games(const struct result_set *set, int bot, int *idx, int max)
{
	long n = 0;

	for (int i = 0; i < set->n; i++) {
		const struct scored_game *res = &set->r[i];
		int hit = 0;

		for (int f = 0; f < res->nfaults && !hit; f++)
			hit = res->bot[res->faults[f].seat] == bot;
		if (hit && n < max)
			idx[n] = i;
		n += hit;
	}
	return n;
}

/* Whether bot faulted in game res. */
static int bot_faulted(const struct scored_game *res, int bot)
{
	for (int f = 0; f < res->nfaults; f++)
		if (res->bot[res->faults[f].seat] == bot)
			return 1;
	return 0;
}

long report_html_study_games(const struct result_set *set, int bot, int *idx, int max)
{
	long n = 0;

	for (int i = 0; i < set->n; i++) {
		const struct scored_game *res = &set->r[i];

		if (!bot_faulted(res, bot) && !standings_lost(res, bot))
			continue;
		if (n >= max) /* keep the last max: shift the oldest out */
			memmove(idx, idx + 1, (size_t)(max - 1) * sizeof(*idx));
		if (max > 0)
			idx[n < max ? n : max - 1] = i;
		n++;
	}
	return n;
}

/* The sampled games: the first game of every variant (indices into set->r). */
static int sample_games(const struct result_set *set, int *idx, int max)
{
	int n = 0;

	for (int i = 0; i < set->n && n < max; i++) {
		int seen = 0;

		for (int k = 0; k < n; k++)
			seen |= !strcmp(set->r[idx[k]].variant, set->r[i].variant);
		if (!seen)
			idx[n++] = i;
	}
	return n;
}

#define SAMPLES_MAX 16

/* Adds the n games idx[] (their directory and id) to games, each game once. */
static void push_games(const struct result_set *set, struct strset *seen, struct stored_games *games,
		       const int *idx, long n)
{
	for (long k = 0; k < n; k++) {
		const struct scored_game *res = &set->r[idx[k]];

		if (strset_add(seen, res->id))
			stored_games_add(games, set->sources.items[res->source], res->id, "");
	}
}

void report_html_games(const struct result_set *set, struct stored_games *games)
{
	struct strset seen;
	int idx[SAMPLES_MAX + REPORT_HTML_STUDY_GAMES];

	strset_init(&seen);
	for (int b = 0; b < (int)set->names.nr; b++) {
		long n = bot_fault_games(set, b, idx, REPORT_HTML_FAULT_GAMES);

		push_games(set, &seen, games, idx, n < REPORT_HTML_FAULT_GAMES ? n
									 : REPORT_HTML_FAULT_GAMES);
		n = report_html_study_games(set, b, idx, REPORT_HTML_STUDY_GAMES);
		push_games(set, &seen, games, idx, n < REPORT_HTML_STUDY_GAMES ? n
									 : REPORT_HTML_STUDY_GAMES);
	}
	push_games(set, &seen, games, idx, sample_games(set, idx, SAMPLES_MAX));
	strset_release(&seen);
}

/* The game's id, linked to its page, else to its record, else alone. */
static void game_link(struct strbuf *sb, const struct page *pg, const struct scored_game *res)
{
	const char *dir = pg->set->sources.items[res->source];
	static const char *const kinds[][2] = { { RESULTS_PAGES, ".html" }, { RESULTS_LOGS, ".log" } };

	for (size_t k = 0; k < 2; k++) {
		struct strbuf path = STRBUF_INIT;
		int there;

		strbuf_init(&path);
		strbuf_addf(&path, "%s/%s/%s%s", dir, kinds[k][0], res->id, kinds[k][1]);
		there = access(path.buf, F_OK) == 0;
		strbuf_release(&path);
		if (!there)
			continue;
		strbuf_addf(sb, "<a class=\"%s\" href=\"", k ? "log" : "game");
		url_path(sb, pg->base[res->source]);
		url_path(sb, kinds[k][0]);
		strbuf_addch(sb, '/');
		url_path(sb, res->id);
		strbuf_addf(sb, "%s\">", kinds[k][1]);
		html_text(sb, res->id);
		strbuf_addf(sb, "</a>%s", k ? " (record)" : "");
		return;
	}
	html_text(sb, res->id);
}

static void write_refresh(struct strbuf *sb, void *ctx)
{
	const struct page *pg = ctx;

	if (pg->o->refresh_s > 0)
		strbuf_addf(sb, "<meta http-equiv=\"refresh\" content=\"%d\">", pg->o->refresh_s);
}

static void write_facts(struct strbuf *sb, void *ctx)
{
	const struct page *pg = ctx;
	const struct result_set *set = pg->set;
	long games = pg->st->tables[0].games;

	strbuf_addstr(sb, "<dl class=\"facts\">\n<dt>games</dt><dd id=\"played\">");
	if (set->scheduled)
		strbuf_addf(sb, "%ld of %ld played", games, set->scheduled);
	else
		strbuf_addf(sb, "%ld played", games);
	if (set->failed.nr)
		strbuf_addf(sb, ", %zu failed", set->failed.nr);
	strbuf_addf(sb, "</dd>\n<dt>bots</dt><dd>%d ranked", pg->st->tables[0].n);
	if (set->excluded.nr)
		strbuf_addf(sb, ", %zu excluded", set->excluded.nr);
	strbuf_addstr(sb, "</dd>\n<dt>state</dt><dd id=\"state\">");
	if (pg->o->refresh_s > 0)
		strbuf_addf(sb, "running: this page reloads every %d s", pg->o->refresh_s);
	else
		strbuf_addstr(sb, "not running");
	strbuf_addstr(sb, "</dd>\n<dt>written</dt><dd>");
	html_text(sb, pg->o->when ? pg->o->when : "");
	strbuf_addstr(sb, "</dd>\n<dt>results</dt><dd>");
	for (size_t i = 0; i < set->sources.nr; i++) {
		strbuf_addstr(sb, i ? ", <code>" : "<code>");
		html_text(sb, set->sources.items[i]);
		strbuf_addstr(sb, "</code>");
	}
	strbuf_addf(sb, "</dd>\n</dl>\n<p class=\"rule\">%s</p>\n", REPORT_RANKING);
	if (set->duplicates)
		strbuf_addf(sb, "<p>note: %ld duplicate game ids counted once</p>\n", set->duplicates);
	if (set->torn)
		strbuf_addf(sb, "<p>note: %ld torn last line(s) ignored</p>\n", set->torn);
}

/* The scale of a table's interval bars: lowest low to highest high, rounded out. */
static void bar_scale(const struct standings_table *t, double *lo, double *hi)
{
	*lo = RATING_BASE;
	*hi = RATING_BASE;
	for (int i = 0; i < t->n; i++) {
		double r = report_rating(&t->rows[i]), pm = report_plus_minus(&t->rows[i]);

		if (r - pm < *lo)
			*lo = r - pm;
		if (r + pm > *hi)
			*hi = r + pm;
	}
	*lo = floor(*lo / 100) * 100;
	*hi = ceil(*hi / 100) * 100;
	if (*hi <= *lo)
		*hi = *lo + 100;
}

static double at(double x, double lo, double hi)
{
	return 100.0 * (x - lo) / (hi - lo);
}

/* One standings table: the text report's columns, and the interval as a bar. */
static void write_standings(struct strbuf *sb, const struct page *pg, const struct standings_table *t)
{
	double lo, hi;
	int first = 1;

	bar_scale(t, &lo, &hi);
	strbuf_addstr(sb, "<table class=\"st\" id=\"st-");
	html_text(sb, t->variant);
	strbuf_addf(sb, "\">\n<thead><tr><th>#</th><th>bot</th><th>games</th><th>wins</th>"
		    "<th>win%%</th><th>margin</th><th>rating \u00b1 95%%</th>"
		    "<th class=\"bar\"><span>%.0f</span><span>%.0f</span></th><th>los</th>"
		    "<th>faults</th></tr></thead>\n<tbody>\n", lo, hi);
	for (int i = 0; i < t->n; i++) {
		const struct standing *r = &t->rows[i];
		double rt = report_rating(r), pm = report_plus_minus(r);

		strbuf_addf(sb, "<tr><td>%d</td><td class=\"bot\">", i + 1);
		html_text(sb, name_of(pg->set, r->bot));
		strbuf_addf(sb, "</td><td>%ld</td><td>%.1f</td><td>%.1f</td><td>", r->games, r->wins,
			    pct(r->wins, (double)r->games));
		if (r->games > r->forfeits)
			strbuf_addf(sb, "%+.2f", r->margin);
		else
			strbuf_addch(sb, '-');
		strbuf_addf(sb, "</td><td class=\"rt\">%.0f \u00b1 %.0f</td>", rt, pm);
		strbuf_addf(sb, "<td class=\"bar\"><span style=\"left:%.1f%%;width:%.1f%%\"></span>"
			    "<i style=\"left:%.1f%%\"></i></td>", at(rt - pm, lo, hi),
			    at(rt + pm, lo, hi) - at(rt - pm, lo, hi), at(rt, lo, hi));
		if (r->los >= 0)
			strbuf_addf(sb, "<td>%.0f%%</td>", 100 * r->los);
		else
			strbuf_addstr(sb, "<td></td>");
		strbuf_addf(sb, "<td>%ld</td></tr>\n", r->faults);
	}
	strbuf_addstr(sb, "</tbody>\n</table>\n");
	if (t->n >= 2)
		strbuf_addstr(sb, "<p class=\"note\">rating: one fit of all the games played, "
				  "in any order (docs/ratings.md); los: the likelihood that the bot "
				  "is stronger than the next</p>\n");
	for (int i = 0; i < t->n; i++) {
		if (!t->rows[i].forfeits)
			continue;
		strbuf_addstr(sb, first ? "<p class=\"note\">margin leaves out forfeited games "
				  "(@greedy played the seat): " : ", ");
		html_text(sb, name_of(pg->set, t->rows[i].bot));
		strbuf_addf(sb, " %ld of %ld", t->rows[i].forfeits, t->rows[i].games);
		first = 0;
	}
	if (!first)
		strbuf_addstr(sb, "</p>\n");
}

/*
 * The crosstable: the row's score against the column in %, as the text
 * report prints it, on a background from red (0) to green (100) in
 * steps of ten (classes h0 to h10).
 */
static void write_cross(struct strbuf *sb, const struct page *pg, const struct standings_table *t)
{
	int nbots = pg->st->nbots;
	long minm = -1, maxm = 0;

	if (t->n < 2)
		return;
	strbuf_addstr(sb, "<h3>head to head: the row's score against the column, in %</h3>\n"
			  "<table class=\"x\" id=\"x-");
	html_text(sb, t->variant);
	strbuf_addstr(sb, "\">\n<tr><th></th>");
	for (int j = 0; j < t->n; j++)
		strbuf_addf(sb, "<th>%d</th>", j + 1);
	strbuf_addstr(sb, "</tr>\n");
	for (int i = 0; i < t->n; i++) {
		int a = t->rows[i].bot;

		strbuf_addf(sb, "<tr><th>%d ", i + 1);
		html_text(sb, name_of(pg->set, a));
		strbuf_addstr(sb, "</th>");
		for (int j = 0; j < t->n; j++) {
			size_t cell = (size_t)a * (size_t)nbots + (size_t)t->rows[j].bot;
			long m = t->meetings[cell];
			double p;

			if (i == j || !m) {
				strbuf_addstr(sb, i == j ? "<td class=\"d\">-</td>" : "<td>.</td>");
				continue;
			}
			p = pct(t->score[cell], (double)m);
			strbuf_addf(sb, "<td class=\"h%d\">%.1f</td>", (int)floor(p / 10 + 0.5), p);
			if (minm < 0 || m < minm)
				minm = m;
			if (m > maxm)
				maxm = m;
		}
		strbuf_addstr(sb, "</tr>\n");
	}
	strbuf_addstr(sb, "</table>\n");
	if (minm == maxm)
		strbuf_addf(sb, "<p class=\"note\">every pair met in %ld games</p>\n", maxm);
	else if (minm >= 0)
		strbuf_addf(sb, "<p class=\"note\">pairs met in %ld to %ld games</p>\n", minm, maxm);
}

/* Every table, as the text report: with one variant, its table is the overall one. */
static void write_tables(struct strbuf *sb, void *ctx)
{
	const struct page *pg = ctx;
	const struct standings *st = pg->st;

	for (int t = st->ntables == 2 ? 1 : 0; t < st->ntables; t++) {
		const struct standings_table *tb = &st->tables[t];

		strbuf_addstr(sb, "<section class=\"table\">\n<h2>");
		html_text(sb, tb->variant);
		strbuf_addf(sb, ": %ld games</h2>\n", tb->games);
		write_standings(sb, pg, tb);
		write_cross(sb, pg, tb);
		if (tb->nevents)
			strbuf_addstr(sb, "<p class=\"note\">progressive events: their totals and "
					  "winners are in the text report (arena report)</p>\n");
		strbuf_addstr(sb, "</section>\n");
	}
}

/* The colour of the k-th bot's line: ten that can be told apart, then again. */
static const char *colour(int k)
{
	static const char *const c[] = { "#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd",
					 "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf" };

	return c[k % 10];
}

/*
 * The overall rating of every bot after each point of the history, one
 * polyline per bot (in the order of the overall table), from its first
 * game on; the axes are labelled with games and ratings.
 */
static void write_history(struct strbuf *sb, void *ctx)
{
	const struct page *pg = ctx;
	const struct standings *st = pg->st;
	const struct standings_table *t = &st->tables[0];
	struct rating_model m;
	double lo = RATING_BASE, hi = RATING_BASE, games;
	double w = CHART_W - 2 * CHART_PAD, h = CHART_H - 2 * CHART_PAD;

	if (!st->nhistory || !t->n) {
		strbuf_addstr(sb, "<p>no games yet</p>\n");
		return;
	}
	rating_model_default(&m);
	games = (double)st->history_games[st->nhistory - 1];
	for (int p = 0; p < st->nhistory; p++)
		for (int b = 0; b < st->nbots; b++) {
			double r = rating_shown(&m, st->history[p * st->nbots + b].mu);

			if (!st->history_played[p * st->nbots + b])
				continue;
			lo = r < lo ? r : lo;
			hi = r > hi ? r : hi;
		}
	lo = floor(lo / 100) * 100;
	hi = ceil(hi / 100) * 100;
	if (hi <= lo)
		hi = lo + 100;
	strbuf_addf(sb, "<svg id=\"chart\" viewBox=\"0 0 %d %d\" role=\"img\" "
		    "aria-label=\"rating over games played\">\n", CHART_W, CHART_H);
	strbuf_addf(sb, "<path class=\"axis\" d=\"M%d %d V%d H%d\"/>\n", CHART_PAD, CHART_PAD,
		    CHART_H - CHART_PAD, CHART_W - CHART_PAD);
	strbuf_addf(sb, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.0f</text>"
		    "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%.0f</text>\n", CHART_PAD - 4,
		    CHART_PAD + 4, hi, CHART_PAD - 4, CHART_H - CHART_PAD + 4, lo);
	strbuf_addf(sb, "<text x=\"%d\" y=\"%d\">0</text><text x=\"%d\" y=\"%d\" "
		    "text-anchor=\"end\">%.0f games</text>\n", CHART_PAD, CHART_H - CHART_PAD + 16,
		    CHART_W - CHART_PAD, CHART_H - CHART_PAD + 16, games);
	for (int i = 0; i < t->n; i++) {
		int b = t->rows[i].bot, any = 0;

		strbuf_addf(sb, "<polyline stroke=\"%s\" points=\"", colour(i));
		for (int p = 0; p < st->nhistory; p++) {
			double r = rating_shown(&m, st->history[p * st->nbots + b].mu);

			if (!st->history_played[p * st->nbots + b])
				continue;
			if (!any) /* from RATING_BASE at the point before its first game */
				strbuf_addf(sb, "%.0f,%.0f ", CHART_PAD + w * (double)(p ?
					    st->history_games[p - 1] : 0) / games,
					    CHART_PAD + h * (hi - RATING_BASE) / (hi - lo));
			strbuf_addf(sb, "%s%.0f,%.0f", any ? " " : "",
				    CHART_PAD + w * (double)st->history_games[p] / games,
				    CHART_PAD + h * (hi - r) / (hi - lo));
			any = 1;
		}
		strbuf_addstr(sb, "\"><title>");
		html_text(sb, name_of(pg->set, b));
		strbuf_addstr(sb, "</title></polyline>\n");
	}
	strbuf_addstr(sb, "</svg>\n<ul class=\"legend\">\n");
	for (int i = 0; i < t->n; i++) {
		strbuf_addf(sb, "<li><i style=\"background:%s\"></i>", colour(i));
		html_text(sb, name_of(pg->set, t->rows[i].bot));
		strbuf_addstr(sb, "</li>\n");
	}
	strbuf_addstr(sb, "</ul>\n");
}

/* A fault's detail, cut at DETAIL_MAX bytes, escaped. */
static void fault_detail(struct strbuf *sb, const char *detail)
{
	size_t n = strlen(detail);

	html_escape(sb, detail, n > DETAIL_MAX ? DETAIL_MAX : n);
	if (n > DETAIL_MAX)
		strbuf_addstr(sb, "...");
}

/* One bot's faulted games: the first ones with their faults, and how many more. */
static void write_fault_games(struct strbuf *sb, const struct page *pg, int b)
{
	int idx[REPORT_HTML_FAULT_GAMES];
	long n = bot_fault_games(pg->set, b, idx, REPORT_HTML_FAULT_GAMES);

	strbuf_addstr(sb, "<ul>");
	for (long k = 0; k < n && k < REPORT_HTML_FAULT_GAMES; k++) {
		const struct scored_game *res = &pg->set->r[idx[k]];

		strbuf_addstr(sb, "<li>");
		game_link(sb, pg, res);
		for (int f = 0, first = 1; f < res->nfaults; f++) {
			if (res->bot[res->faults[f].seat] != b)
				continue;
			strbuf_addf(sb, "%s seat %d, ", first ? ":" : ";", res->faults[f].seat);
			first = 0;
			html_text(sb, res->faults[f].kind);
			if (res->faults[f].detail[0]) {
				strbuf_addstr(sb, ", <q>");
				fault_detail(sb, res->faults[f].detail);
				strbuf_addstr(sb, "</q>");
			}
		}
		strbuf_addstr(sb, "</li>");
	}
	if (n > REPORT_HTML_FAULT_GAMES)
		strbuf_addf(sb, "<li>and %ld more game%s</li>", n - REPORT_HTML_FAULT_GAMES,
			    n - REPORT_HTML_FAULT_GAMES == 1 ? "" : "s");
	strbuf_addstr(sb, "</ul>");
}

static void write_faults(struct strbuf *sb, void *ctx)
{
	const struct page *pg = ctx;
	const struct standings *st = pg->st;
	int any = 0;

	for (int b = 0; b < st->nbots; b++)
		any |= st->faults[b].total > 0;
	if (!any) {
		strbuf_addstr(sb, "<p id=\"nofaults\">none</p>\n");
		return;
	}
	strbuf_addstr(sb, "<table id=\"faults\">\n<thead><tr><th>bot</th><th>faults</th>"
			  "<th>kinds</th><th>games</th></tr></thead>\n<tbody>\n");
	for (int b = 0; b < st->nbots; b++) {
		const struct fault_row *f = &st->faults[b];

		if (!f->total)
			continue;
		strbuf_addstr(sb, "<tr><td class=\"bot\">");
		html_text(sb, name_of(pg->set, b));
		strbuf_addf(sb, "</td><td>%ld</td><td>", f->total);
		standings_fault_kinds(f->kind, sb);
		strbuf_addstr(sb, "</td><td>");
		write_fault_games(sb, pg, b);
		strbuf_addstr(sb, "</td></tr>\n");
	}
	strbuf_addstr(sb, "</tbody>\n</table>\n<p class=\"note\">a bot forfeits every game it "
			  "faults in: it ranks last there and the game is left out of its margin</p>\n");
}

static void write_samples(struct strbuf *sb, void *ctx)
{
	const struct page *pg = ctx;
	int idx[SAMPLES_MAX], n = sample_games(pg->set, idx, SAMPLES_MAX);

	strbuf_addstr(sb, "<ul id=\"samples\">\n");
	for (int k = 0; k < n; k++) {
		strbuf_addstr(sb, "<li>");
		game_link(sb, pg, &pg->set->r[idx[k]]);
		strbuf_addstr(sb, "</li>\n");
	}
	strbuf_addstr(sb, "</ul>\n");
}

/*
 * Every bot's games to study: the last REPORT_HTML_STUDY_GAMES it lost or
 * faulted in, linked, with its seats and what happened, and how many in all.
 */
static void write_study(struct strbuf *sb, void *ctx)
{
	const struct page *pg = ctx;
	const struct result_set *set = pg->set;
	int idx[REPORT_HTML_STUDY_GAMES], any = 0;

	for (int b = 0; b < (int)set->names.nr; b++) {
		long n = report_html_study_games(set, b, idx, REPORT_HTML_STUDY_GAMES);

		if (!n)
			continue;
		if (!any++)
			strbuf_addstr(sb, "<dl id=\"study\">\n");
		strbuf_addstr(sb, "<dt>");
		html_text(sb, name_of(set, b));
		strbuf_addf(sb, "</dt><dd>%ld game%s lost or faulted in", n, n == 1 ? "" : "s");
		if (n > REPORT_HTML_STUDY_GAMES)
			strbuf_addf(sb, ", the last %d", REPORT_HTML_STUDY_GAMES);
		strbuf_addstr(sb, ":<ul>");
		for (long k = 0; k < n && k < REPORT_HTML_STUDY_GAMES; k++) {
			const struct scored_game *res = &set->r[idx[k]];
			int first = 1;

			strbuf_addstr(sb, "<li>");
			game_link(sb, pg, res);
			for (int s = 0; s < res->nseats; s++)
				if (res->bot[s] == b) {
					strbuf_addf(sb, "%s%d", first ? ", seat " : ", ", s);
					first = 0;
				}
			strbuf_addf(sb, ": %s</li>", bot_faulted(res, b) ? "faulted" : "lost");
		}
		strbuf_addstr(sb, "</ul></dd>\n");
	}
	strbuf_addstr(sb, any ? "</dl>\n" : "<p id=\"nostudy\">none: no bot lost or faulted</p>\n");
}

/* One item of a list of names and reasons (write_failed(), write_excluded()). */
static void write_pair(struct strbuf *sb, const char *name, const char *why)
{
	strbuf_addstr(sb, "<li><b>");
	html_escape(sb, name, strlen(name));
	strbuf_addstr(sb, "</b>: ");
	html_text(sb, why);
	strbuf_addstr(sb, "</li>\n");
}

static void write_failed(struct strbuf *sb, void *ctx)
{
	const struct page *pg = ctx;

	if (!pg->set->failed.nr) {
		strbuf_addstr(sb, "<p>none</p>\n");
		return;
	}
	strbuf_addstr(sb, "<p>not counted above; running the arena again retries them</p>\n");
	strbuf_addstr(sb, "<ul id=\"failed\">\n");
	for (size_t i = 0; i < pg->set->failed.nr && i < 10; i++)
		write_pair(sb, pg->set->failed.items[i].id, pg->set->failed.items[i].reason);
	if (pg->set->failed.nr > 10)
		strbuf_addf(sb, "<li>and %zu more</li>\n", pg->set->failed.nr - 10);
	strbuf_addstr(sb, "</ul>\n");
}

static void write_excluded(struct strbuf *sb, void *ctx)
{
	const struct page *pg = ctx;

	if (!pg->set->excluded.nr) {
		strbuf_addstr(sb, "<p>none</p>\n");
		return;
	}
	strbuf_addstr(sb, "<ul id=\"excluded\">\n");
	for (size_t i = 0; i < pg->set->excluded.nr; i++)
		write_pair(sb, pg->set->excluded.items[i].name, pg->set->excluded.items[i].reason);
	strbuf_addstr(sb, "</ul>\n");
}

int report_html_write(struct strbuf *out, const struct standings *st,
		      const struct result_set *set, const struct report_html_opts *o, char *err,
		      size_t len)
{
	struct page pg = { st, set, o, NULL };
	struct strbuf title = STRBUF_INIT;
	int ret;

	strbuf_init(&title);
	strbuf_addf(&title, "standings: %s", set->name ? set->name : "results");
	pg.base = xcalloc(set->sources.nr + 1, sizeof(*pg.base));
	for (size_t i = 0; i < set->sources.nr; i++)
		pg.base[i] = relative_dir(o->page_dir ? o->page_dir : ".", set->sources.items[i]);
	{
		const struct html_slot slots[] = {
			{ "title", NULL, NULL, title.buf },
			{ "refresh", write_refresh, &pg, NULL },
			{ "facts", write_facts, &pg, NULL },
			{ "tables", write_tables, &pg, NULL },
			{ "history", write_history, &pg, NULL },
			{ "faults", write_faults, &pg, NULL },
			{ "study", write_study, &pg, NULL },
			{ "samples", write_samples, &pg, NULL },
			{ "failed", write_failed, &pg, NULL },
			{ "excluded", write_excluded, &pg, NULL },
		};

		ret = html_fill(out, standings_html, slots, (int)(sizeof(slots) / sizeof(slots[0])),
				err, len);
	}
	for (size_t i = 0; i < set->sources.nr; i++)
		free(pg.base[i]);
	free(pg.base);
	strbuf_release(&title);
	return ret;
}
