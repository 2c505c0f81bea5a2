/*
 * standings.c - tallies, ratings and crosstables (see standings.h).
 */
#include "standings.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"

const char *const standings_fault_kinds[FAULT_KINDS] = {
	"timeout", "crash", "eof", "malformed", "illegal", "overflow", "sandbox", "startup", "other",
};

/* One entry of a game's ranking: a bot, or a team of bots. */
struct entry {
	int nbots;
	int bot[MAX_SEATS];
	int rank;
	double score;       /* the entry's score (team score, or mean of its seats) */
	double others;      /* individual games: mean score of the other bots' seats */
};

struct acc {
	long games;
	double wins, margin;
	struct rating rating;
	long faults;
};

struct work {
	struct standings_table *t;
	struct acc *acc; /* per bot */
};

static int add_unique(int *set, int n, int x)
{
	for (int i = 0; i < n; i++)
		if (set[i] == x)
			return n;
	set[n] = x;
	return n + 1;
}

/* The entries of game res. Returns how many, or 0 when it cannot be ranked. */
static int make_entries(const struct result *res, struct entry *e)
{
	int n = 0;

	if (res->has_teams) {
		for (int t = 0; t < 2; t++) {
			e[t].nbots = 0;
			e[t].rank = res->rank[t];
			e[t].score = res->team_score[t];
			e[t].others = res->team_score[1 - t];
			for (int s = t; s < res->nseats; s += 2)
				e[t].nbots = add_unique(e[t].bot, e[t].nbots, res->bot[s]);
		}
		for (int i = 0; i < e[0].nbots; i++)
			for (int j = 0; j < e[1].nbots; j++)
				if (e[0].bot[i] == e[1].bot[j])
					return 0; /* one bot on both teams: not a contest */
		return 2;
	}
	{
		double mean_rank[MAX_SEATS], total = 0;
		int seats[MAX_SEATS];

		for (int s = 0; s < res->nseats; s++) {
			int k;

			total += res->score[s];
			for (k = 0; k < n && e[k].bot[0] != res->bot[s]; k++)
				;
			if (k == n) {
				e[n].nbots = 1;
				e[n].bot[0] = res->bot[s];
				e[n].score = 0;
				mean_rank[n] = 0;
				seats[n++] = 0;
			}
			e[k].score += res->score[s];
			mean_rank[k] += res->rank[s];
			seats[k]++;
		}
		for (int k = 0; k < n; k++) {
			double own = e[k].score;

			mean_rank[k] /= seats[k];
			e[k].score = own / seats[k];
			e[k].others = res->nseats > seats[k] ? (total - own) / (res->nseats - seats[k])
							     : 0;
		}
		for (int k = 0; k < n; k++) {
			e[k].rank = 1;
			for (int j = 0; j < n; j++)
				e[k].rank += mean_rank[j] < mean_rank[k];
		}
	}
	return n >= 2 ? n : 0;
}

static void tally(struct work *w, const struct rating_model *m, const struct result *res,
		  int nbots)
{
	struct entry e[MAX_SEATS];
	struct rating_team teams[MAX_SEATS];
	int n = make_entries(res, e), firsts = 0;
	int played[MAX_SEATS], np = 0;

	w->t->games++;
	for (int s = 0; s < res->nseats; s++)
		np = add_unique(played, np, res->bot[s]);
	for (int i = 0; i < np; i++)
		w->acc[played[i]].games++;
	for (int f = 0; f < res->nfaults; f++)
		w->acc[res->bot[res->faults[f].seat]].faults++;
	if (!n)
		return;
	for (int i = 0; i < n; i++)
		firsts += e[i].rank == 1;
	for (int i = 0; i < n; i++) {
		teams[i].n = e[i].nbots;
		teams[i].rank = e[i].rank;
		for (int j = 0; j < e[i].nbots; j++) {
			struct acc *a = &w->acc[e[i].bot[j]];

			teams[i].player[j] = e[i].bot[j];
			if (e[i].rank == 1)
				a->wins += 1.0 / firsts;
			a->margin += e[i].score - e[i].others;
		}
		for (int k = 0; k < n; k++) {
			double sc = e[i].rank < e[k].rank ? 1 : e[i].rank == e[k].rank ? 0.5 : 0;

			if (k == i)
				continue;
			for (int a = 0; a < e[i].nbots; a++)
				for (int b = 0; b < e[k].nbots; b++) {
					size_t cell = (size_t)e[i].bot[a] * (size_t)nbots +
						      (size_t)e[k].bot[b];

					w->t->score[cell] += sc;
					w->t->meetings[cell]++;
				}
		}
	}
	{
		struct rating r[MAX_SEATS * RATING_TEAM_MAX];
		int map[MAX_SEATS * RATING_TEAM_MAX], nr = 0;

		/* rate on a local copy indexed 0..nr-1, then write back */
		for (int i = 0; i < n; i++)
			for (int j = 0; j < teams[i].n; j++) {
				map[nr] = teams[i].player[j];
				r[nr] = w->acc[map[nr]].rating;
				teams[i].player[j] = nr++;
			}
		rating_update(m, r, teams, n);
		for (int i = 0; i < nr; i++)
			w->acc[map[i]].rating = r[i];
	}
}

static const char *const *sort_names;

static int cmp_standing(const void *a, const void *b)
{
	const struct standing *x = a, *y = b;

	if (x->rating.mu != y->rating.mu)
		return x->rating.mu > y->rating.mu ? -1 : 1;
	return strcmp(sort_names[x->bot], sort_names[y->bot]);
}

static void finish_table(struct work *w, int nbots, const struct result_set *set)
{
	struct standings_table *t = w->t;

	t->rows = xcalloc((size_t)nbots, sizeof(*t->rows));
	for (int b = 0; b < nbots; b++) {
		struct standing *row;

		if (!w->acc[b].games)
			continue;
		row = &t->rows[t->n++];
		row->bot = b;
		row->games = w->acc[b].games;
		row->wins = w->acc[b].wins;
		row->margin = w->acc[b].margin / (double)w->acc[b].games;
		row->rating = w->acc[b].rating;
		row->faults = w->acc[b].faults;
	}
	sort_names = (const char *const *)set->names.items;
	qsort(t->rows, (size_t)t->n, sizeof(*t->rows), cmp_standing);
}

static int fault_kind(const char *k)
{
	for (int i = 0; i < FAULT_KINDS - 1; i++)
		if (!strcmp(k, standings_fault_kinds[i]))
			return i;
	return FAULT_KINDS - 1;
}

void standings_compute(struct standings *st, const struct result_set *set)
{
	struct rating_model m;
	struct work *w;
	int nbots = (int)set->names.nr;

	memset(st, 0, sizeof(*st));
	rating_model_default(&m);
	st->nbots = nbots;
	st->faults = xcalloc((size_t)(nbots ? nbots : 1), sizeof(*st->faults));
	/* tables: overall, then variants in order of first appearance */
	st->tables = xcalloc(1, sizeof(*st->tables));
	st->ntables = 1;
	st->tables[0].variant = xstrdup("overall");
	for (int i = 0; i < set->n; i++) {
		int seen = 0;

		for (int t = 1; t < st->ntables; t++)
			seen |= !strcmp(st->tables[t].variant, set->r[i].variant);
		if (seen)
			continue;
		st->tables = xrealloc(st->tables, (size_t)(st->ntables + 1) * sizeof(*st->tables));
		memset(&st->tables[st->ntables], 0, sizeof(*st->tables));
		st->tables[st->ntables++].variant = xstrdup(set->r[i].variant);
	}
	w = xcalloc((size_t)st->ntables, sizeof(*w));
	for (int t = 0; t < st->ntables; t++) {
		size_t cells = (size_t)(nbots ? nbots : 1) * (size_t)(nbots ? nbots : 1);

		w[t].t = &st->tables[t];
		w[t].acc = xcalloc((size_t)(nbots ? nbots : 1), sizeof(*w[t].acc));
		for (int b = 0; b < nbots; b++)
			w[t].acc[b].rating = rating_initial(&m);
		st->tables[t].score = xcalloc(cells, sizeof(double));
		st->tables[t].meetings = xcalloc(cells, sizeof(long));
	}
	for (int i = 0; i < set->n; i++) {
		const struct result *res = &set->r[i];

		tally(&w[0], &m, res, nbots);
		for (int t = 1; t < st->ntables; t++)
			if (!strcmp(st->tables[t].variant, res->variant))
				tally(&w[t], &m, res, nbots);
		for (int f = 0; f < res->nfaults; f++) {
			struct fault_row *fr = &st->faults[res->bot[res->faults[f].seat]];

			fr->kind[fault_kind(res->faults[f].kind)]++;
			fr->total++;
			if (!fr->first_game) {
				fr->first_game = xstrdup(res->id);
				fr->first_source = res->source;
			}
		}
	}
	for (int t = 0; t < st->ntables; t++) {
		finish_table(&w[t], nbots, set);
		free(w[t].acc);
	}
	free(w);
}

void standings_release(struct standings *st)
{
	for (int t = 0; t < st->ntables; t++) {
		free(st->tables[t].variant);
		free(st->tables[t].rows);
		free(st->tables[t].score);
		free(st->tables[t].meetings);
	}
	free(st->tables);
	for (int b = 0; b < st->nbots; b++)
		free(st->faults[b].first_game);
	free(st->faults);
	memset(st, 0, sizeof(*st));
}
