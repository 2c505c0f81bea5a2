/*
 * report.c - formatting the standings (see report.h).
 */
#include "report.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

static const char *name_of(const struct result_set *set, int bot)
{
	return set->names.items[bot];
}

static double pct(double part, double whole)
{
	return whole > 0 ? 100.0 * part / whole : 0;
}

static double round3(double x)
{
	return round(x * 1000) / 1000;
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

static void text_table(struct strbuf *out, const struct standings_table *t,
		       const struct result_set *set, int nbots)
{
	int w = name_width(t, set);
	long minm = -1, maxm = 0;

	strbuf_addf(out, "%s: %ld games\n", t->variant, t->games);
	strbuf_addf(out, "  %3s  %-*s %7s %8s %6s %8s %7s  %-15s %6s\n", "#", w, "bot", "games",
		    "wins", "win%", "margin", "rating", "95% interval", "faults");
	for (int i = 0; i < t->n; i++) {
		const struct standing *r = &t->rows[i];
		char interval[40];

		snprintf(interval, sizeof(interval), "%.2f - %.2f",
			 r->rating.mu - REPORT_Z * r->rating.sigma,
			 r->rating.mu + REPORT_Z * r->rating.sigma);
		strbuf_addf(out, "  %3d  %-*s %7ld %8.1f %6.1f %+8.2f %7.2f  %-15s %6ld\n", i + 1,
			    w, name_of(set, r->bot), r->games, r->wins,
			    pct(r->wins, (double)r->games), r->margin, r->rating.mu, interval,
			    r->faults);
	}
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

static void log_path(struct strbuf *out, const struct result_set *set, const struct fault_row *f)
{
	strbuf_addf(out, "%s/logs/%s.log", set->sources.items[f->first_source], f->first_game);
}

static void text_report(struct strbuf *out, const struct standings *st,
			const struct result_set *set)
{
	int any = 0;

	strbuf_addf(out, "standings: %ld games, %d bots\n", st->tables[0].games,
		    st->tables[0].n);
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
			for (int k = 0, first = 1; k < FAULT_KINDS; k++)
				if (f->kind[k]) {
					strbuf_addf(out, "%s%ld %s", first ? "" : ", ", f->kind[k],
						    standings_fault_kinds[k]);
					first = 0;
				}
			strbuf_addf(out, "); first in ");
			log_path(out, set, f);
			strbuf_addch(out, '\n');
		}
	}
	if (set->excluded.nr) {
		strbuf_addf(out, "\nexcluded bots\n");
		for (size_t i = 0; i < set->excluded.nr; i++) {
			const char *tab = strchr(set->excluded.items[i], '\t');

			strbuf_addf(out, "  %.*s: %s\n", (int)(tab - set->excluded.items[i]),
				    set->excluded.items[i], tab + 1);
		}
	}
	if (set->failed.nr) {
		strbuf_addf(out, "\nfailed games: %zu (not counted above; running the arena again "
			    "retries them)\n", set->failed.nr);
		for (size_t i = 0; i < set->failed.nr && i < 10; i++) {
			const char *id = strchr(set->failed.items[i], '\t') + 1;
			const char *why = strchr(id, '\t') + 1;

			strbuf_addf(out, "  %.*s: %s\n", (int)(why - 1 - id), id, why);
		}
		if (set->failed.nr > 10)
			strbuf_addf(out, "  ... (%zu more in failed.jsonl)\n", set->failed.nr - 10);
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

static void csv_report(struct strbuf *out, const struct standings *st,
		       const struct result_set *set)
{
	strbuf_addstr(out, "variant,rank,bot,games,wins,win_pct,margin,mu,sigma,low,high,faults\n");
	for (int t = 0; t < st->ntables; t++)
		for (int i = 0; i < st->tables[t].n; i++) {
			const struct standing *r = &st->tables[t].rows[i];

			csv_field(out, st->tables[t].variant);
			strbuf_addf(out, ",%d,", i + 1);
			csv_field(out, name_of(set, r->bot));
			strbuf_addf(out, ",%ld,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%ld\n", r->games,
				    r->wins, pct(r->wins, (double)r->games), r->margin,
				    r->rating.mu, r->rating.sigma,
				    r->rating.mu - REPORT_Z * r->rating.sigma,
				    r->rating.mu + REPORT_Z * r->rating.sigma, r->faults);
		}
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
		json_object_set_new(row, "margin", json_real(round3(r->margin)));
		json_object_set_new(row, "mu", json_real(round3(r->rating.mu)));
		json_object_set_new(row, "sigma", json_real(round3(r->rating.sigma)));
		json_object_set_new(row, "low",
				    json_real(round3(r->rating.mu - REPORT_Z * r->rating.sigma)));
		json_object_set_new(row, "high",
				    json_real(round3(r->rating.mu + REPORT_Z * r->rating.sigma)));
		json_object_set_new(row, "faults", json_integer(r->faults));
		json_array_append_new(rows, row);
		for (int j = 0; j < t->n; j++) {
			size_t cell = (size_t)r->bot * (size_t)nbots + (size_t)t->rows[j].bot;

			if (i == j || !t->meetings[cell])
				continue;
			json_object_set_new(line, name_of(set, t->rows[j].bot),
					    json_pack("{s:f, s:I}", "score", round3(t->score[cell]),
						      "games", (json_int_t)t->meetings[cell]));
		}
		json_object_set_new(cross, name_of(set, r->bot), line);
	}
	json_object_set_new(o, "variant", json_string(t->variant));
	json_object_set_new(o, "games", json_integer(t->games));
	json_object_set_new(o, "standings", rows);
	json_object_set_new(o, "crosstable", cross);
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
			json_object_set_new(row, standings_fault_kinds[k], json_integer(f->kind[k]));
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
	for (size_t i = 0; i < set->excluded.nr; i++) {
		const char *tab = strchr(set->excluded.items[i], '\t');
		char *name = xstrndup(set->excluded.items[i], (size_t)(tab - set->excluded.items[i]));

		json_array_append_new(excluded, json_pack("{s:s, s:s}", "bot", name, "reason", tab + 1));
		free(name);
	}
	for (size_t i = 0; i < set->failed.nr; i++) {
		const char *id = strchr(set->failed.items[i], '\t') + 1;
		const char *why = strchr(id, '\t') + 1;
		char *gid = xstrndup(id, (size_t)(why - 1 - id));

		json_array_append_new(failed, json_pack("{s:s, s:s}", "game", gid, "reason", why));
		free(gid);
	}
	json_object_set_new(o, "games", json_integer(st->tables[0].games));
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
