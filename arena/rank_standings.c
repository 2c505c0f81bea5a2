/*
 * rank_standings.c - tallies, ratings and crosstables (see rank_standings.h).
 */
#include "rank_standings.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"

const char *standings_fault_kind(int k)
{
	return k >= 0 && k < FAULT_KINDS - 1 ? fault_kind_name((enum fault_kind)(k + 1)) : "other";
}

void standings_fault_kinds(const long *kind, struct strbuf *out)
{
	for (int k = 0, first = 1; k < FAULT_KINDS; k++)
		if (kind[k]) {
			strbuf_addf(out, "%s%ld %s", first ? "" : ", ", kind[k],
				    standings_fault_kind(k));
			first = 0;
		}
}

/* Where a fault of that name is counted: its kind less one, or "other". */
static int fault_kind(const char *k)
{
	int kind = fault_kind_parse(k);

	return kind > FAULT_NONE ? kind - 1 : FAULT_KINDS - 1;
}

/* One entry of a game's ranking: a bot, or a team of bots. */
struct entry {
	int nbots;
	int bot[MAX_SEATS];
	int rank;
	double score;       /* the entry's score (team score, or mean of its seats) */
	double others;      /* individual games: mean score of the other bots' seats */
	int forfeit;        /* one of its seats faulted */
};

struct acc {
	long games, forfeits;
	double wins, margin;
	struct rating rating;
	long faults;
	long fault_kind[FAULT_KINDS];
};

/* A progressive event while its games are read. */
struct event_acc {
	struct event_row *bot; /* per bot; games == 0: not in the event */
	unsigned char seen[11][3][2]; /* games read per round, table and play (capped) */
};

/* A game kept for the batch fit: players are bot indices until the fit. */
struct fit_game {
	const char *id;     /* the result's game id (the set's) */
	size_t key;         /* length of its cluster key: the id up to its last '.' */
	struct rating_game g;
};

struct work {
	struct standings_table *t;
	struct acc *acc; /* per bot */
	struct event_acc *ev; /* parallel to t->events */
	struct fit_game *fit; /* variant tables: every rated game */
	int nfit, fit_alloc;
};

static int add_unique(int *set, int n, int x)
{
	for (int i = 0; i < n; i++)
		if (set[i] == x)
			return n;
	set[n] = x;
	return n + 1;
}

/* The seats of res with a fault, as a mask. */
static unsigned faulted_seats(const struct scored_game *res)
{
	unsigned m = 0;

	for (int f = 0; f < res->nfaults; f++)
		if (res->faults[f].seat >= 0 && res->faults[f].seat < res->nseats)
			m |= 1u << res->faults[f].seat;
	return m;
}

/* Does bot b hold a faulted seat in res? */
static int bot_forfeits(const struct scored_game *res, unsigned bad, int b)
{
	for (int s = 0; s < res->nseats; s++)
		if (res->bot[s] == b && (bad & (1u << s)))
			return 1;
	return 0;
}

/*
 * The entries of game res. Returns how many, or 0 when it cannot be ranked.
 * Entries without a fault keep the order of the referee's places; entries
 * with one are ranked after all of them, tied. For a line written by the
 * referee this changes nothing but the merged entries of copies of a bot
 * (its forfeit policy already put the faulting seats last).
 */
static int make_entries(const struct scored_game *res, struct entry *e)
{
	unsigned bad = faulted_seats(res);
	int n = 0;

	if (res->has_teams) {
		for (int t = 0; t < 2; t++) {
			e[t].nbots = 0;
			e[t].rank = res->rank[t];
			e[t].score = res->team_score[t];
			e[t].others = res->team_score[1 - t];
			e[t].forfeit = 0;
			for (int s = t; s < res->nseats; s += 2) {
				if (res->bot[s] != RESULT_HOUSE) /* a house partner is no entry's */
					e[t].nbots = add_unique(e[t].bot, e[t].nbots, res->bot[s]);
				e[t].forfeit |= (bad >> s) & 1;
			}
		}
		if (!e[0].nbots || !e[1].nbots)
			return 0; /* a team of house players only: no entry to rank */
		for (int i = 0; i < e[0].nbots; i++)
			for (int j = 0; j < e[1].nbots; j++)
				if (e[0].bot[i] == e[1].bot[j])
					return 0; /* one bot on both teams: not a contest */
		if (e[0].forfeit || e[1].forfeit) {
			/* its team loses whatever the score; both: nobody wins */
			e[0].rank = e[0].forfeit ? 2 : 1;
			e[1].rank = e[1].forfeit ? 2 : 1;
		}
		return 2;
	}
	{
		double mean_rank[MAX_SEATS], total = 0;
		int seats[MAX_SEATS], ok = 0;

		for (int s = 0; s < res->nseats; s++) {
			int k;

			total += res->score[s];
			if (res->bot[s] == RESULT_HOUSE)
				continue; /* in the others' mean, no entry of its own */
			for (k = 0; k < n && e[k].bot[0] != res->bot[s]; k++)
				;
			if (k == n) {
				e[n].nbots = 1;
				e[n].bot[0] = res->bot[s];
				e[n].score = 0;
				e[n].forfeit = 0;
				mean_rank[n] = 0;
				seats[n++] = 0;
			}
			e[k].forfeit |= (bad >> s) & 1;
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
		for (int k = 0; k < n; k++)
			ok += !e[k].forfeit;
		for (int k = 0; k < n; k++) {
			e[k].rank = e[k].forfeit ? ok + 1 : 1;
			for (int j = 0; j < n && !e[k].forfeit; j++)
				e[k].rank += !e[j].forfeit && mean_rank[j] < mean_rank[k];
		}
	}
	return n >= 2 ? n : 0;
}

/* Reads 1 to 9 digits at *p into *out and moves *p past them; 0 if none. */
static int read_number(const char **p, long *out)
{
	long v = 0;
	int n = 0;

	while (**p >= '0' && **p <= '9' && n < 9) {
		v = v * 10 + (**p - '0');
		(*p)++;
		n++;
	}
	*out = v;
	return n > 0 && !(**p >= '0' && **p <= '9');
}

/* Reads the literal lit at *p and moves past it; 0 if it is not there. */
static int read_lit(const char **p, const char *lit)
{
	size_t n = strlen(lit);

	if (strncmp(*p, lit, n))
		return 0;
	*p += n;
	return 1;
}

/*
 * The key of a progressive game id, "NAME.dDDDD.roundRR.tT.sS" (see
 * plan_schedule.c): 1 with the event, round, table and swap, else 0. *prefix is
 * the length of "NAME.dDDDD", the event's id.
 */
static int progressive_key(const char *id, long *event, long *round, long *table, long *swap,
			   size_t *prefix)
{
	const char *p = strchr(id, '.');

	if (!p || !read_lit(&p, ".d") || !read_number(&p, event))
		return 0;
	*prefix = (size_t)(p - id);
	return read_lit(&p, ".round") && read_number(&p, round) && read_lit(&p, ".t") &&
	       read_number(&p, table) && read_lit(&p, ".s") && read_number(&p, swap) && !*p &&
	       *event >= 1;
}

/* The event of w's table with this number, added if new. */
static int find_event(struct work *w, long number, const char *id, size_t prefix, int nbots)
{
	struct standings_table *t = w->t;
	int i;

	for (i = 0; i < t->nevents; i++)
		if (t->events[i].number == number)
			return i;
	t->events = xrealloc(t->events, (size_t)(t->nevents + 1) * sizeof(*t->events));
	w->ev = xrealloc(w->ev, (size_t)(t->nevents + 1) * sizeof(*w->ev));
	memset(&t->events[i], 0, sizeof(*t->events));
	memset(&w->ev[i], 0, sizeof(*w->ev));
	t->events[i].id = xstrndup(id, prefix);
	t->events[i].number = number;
	w->ev[i].bot = xcalloc((size_t)(nbots ? nbots : 1), sizeof(*w->ev[i].bot));
	t->nevents++;
	return i;
}

/*
 * Adds a progressive game to its event: every player is credited with his
 * own team's points, except a player who forfeited it (those points are
 * @greedy's).
 */
static void tally_event(struct work *w, const struct scored_game *res, const struct entry *e,
			int nbots)
{
	long number, round, table, swap;
	size_t prefix;
	unsigned bad = faulted_seats(res);
	int firsts = (e[0].rank == 1 && !e[0].forfeit) + (e[1].rank == 1 && !e[1].forfeit);
	struct event_acc *ea;
	int i;

	if (!progressive_key(res->id, &number, &round, &table, &swap, &prefix))
		return;
	w->t->progressive = 1;
	i = find_event(w, number, res->id, prefix, nbots);
	ea = &w->ev[i];
	w->t->events[i].games++;
	if (round >= 1 && round <= 11 && table >= 1 && table <= 3 && swap <= 1 &&
	    ea->seen[round - 1][table - 1][swap] < 2)
		ea->seen[round - 1][table - 1][swap]++;
	for (int t = 0; t < 2; t++)
		for (int j = 0; j < e[t].nbots; j++) {
			int b = e[t].bot[j];
			struct event_row *r = &ea->bot[b];

			r->bot = b;
			r->games++;
			if (e[t].rank == 1 && !e[t].forfeit)
				r->wins += 1.0 / firsts;
			if (bot_forfeits(res, bad, b))
				r->forfeits++;
			else
				r->points += e[t].score;
		}
}

int standings_lost(const struct scored_game *res, int bot)
{
	struct entry e[MAX_SEATS];
	int n = make_entries(res, e);

	for (int k = 0; k < n; k++)
		for (int j = 0; j < e[k].nbots; j++)
			if (e[k].bot[j] == bot)
				return e[k].rank > 1 || e[k].forfeit;
	return 0;
}

static void tally(struct work *w, const struct rating_model *m, const struct scored_game *res,
		  int nbots, int variant_table)
{
	struct entry e[MAX_SEATS];
	struct rating_team teams[MAX_SEATS];
	int n = make_entries(res, e), firsts = 0;
	int played[MAX_SEATS], np = 0;
	unsigned bad = faulted_seats(res);

	w->t->games++;
	for (int s = 0; s < res->nseats; s++)
		if (res->bot[s] != RESULT_HOUSE)
			np = add_unique(played, np, res->bot[s]);
	for (int i = 0; i < np; i++)
		w->acc[played[i]].games++;
	for (int f = 0; f < res->nfaults; f++) {
		struct acc *a;

		if (res->bot[res->faults[f].seat] == RESULT_HOUSE)
			continue;
		a = &w->acc[res->bot[res->faults[f].seat]];

		a->faults++;
		a->fault_kind[fault_kind(res->faults[f].kind)]++;
	}
	if (!n)
		return;
	for (int i = 0; i < n; i++)
		firsts += e[i].rank == 1 && !e[i].forfeit;
	for (int i = 0; i < n; i++) {
		teams[i].n = e[i].nbots;
		teams[i].rank = e[i].rank;
		for (int j = 0; j < e[i].nbots; j++) {
			struct acc *a = &w->acc[e[i].bot[j]];

			teams[i].player[j] = e[i].bot[j];
			if (e[i].rank == 1 && !e[i].forfeit)
				a->wins += 1.0 / firsts;
			/* a forfeiting bot's margin would be @greedy's; partners' stand */
			if (bot_forfeits(res, bad, e[i].bot[j]))
				a->forfeits++;
			else
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
	if (variant_table && res->has_teams && res->nseats == 4 && n == 2)
		tally_event(w, res, e, nbots);
	if (variant_table) {
		struct fit_game *fg;
		const char *dot = strrchr(res->id, '.');

		if (w->nfit == w->fit_alloc) {
			w->fit_alloc = w->fit_alloc ? 2 * w->fit_alloc : 64;
			w->fit = xrealloc(w->fit, (size_t)w->fit_alloc * sizeof(*w->fit));
		}
		fg = &w->fit[w->nfit++];
		memset(fg, 0, sizeof(*fg));
		fg->id = res->id;
		fg->key = dot ? (size_t)(dot - res->id) : strlen(res->id);
		fg->g.nteams = n;
		memcpy(fg->g.teams, teams, (size_t)n * sizeof(*teams));
		return; /* the online rating is the overall history's alone */
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

	if (x->rating != y->rating)
		return x->rating > y->rating ? -1 : 1;
	return strcmp(sort_names[x->bot], sort_names[y->bot]);
}

static int cmp_event_row(const void *a, const void *b)
{
	const struct event_row *x = a, *y = b;

	if (!x->forfeits != !y->forfeits)
		return x->forfeits ? 1 : -1;
	if (x->points != y->points)
		return x->points > y->points ? -1 : 1;
	return strcmp(sort_names[x->bot], sort_names[y->bot]);
}

static int cmp_event(const void *a, const void *b)
{
	const struct event *x = a, *y = b;

	return x->number < y->number ? -1 : x->number > y->number;
}

/*
 * Turns event i's tallies into its rows: places (players without a forfeit
 * first, then by total; equal totals share a place), and, when every game
 * of the event is there, its winner (or co-winners).
 */
static void finish_event(struct work *w, int i, int nbots)
{
	struct event *ev = &w->t->events[i];
	struct event_acc *ea = &w->ev[i];

	ev->rows = xcalloc((size_t)(nbots ? nbots : 1), sizeof(*ev->rows));
	for (int b = 0; b < nbots; b++)
		if (ea->bot[b].games)
			ev->rows[ev->n++] = ea->bot[b];
	qsort(ev->rows, (size_t)ev->n, sizeof(*ev->rows), cmp_event_row);
	for (int r = 0; r < ev->n; r++) {
		const struct event_row *p = r ? &ev->rows[r - 1] : NULL;

		ev->rows[r].place = p && p->points == ev->rows[r].points &&
						    !p->forfeits == !ev->rows[r].forfeits
					    ? p->place
					    : r + 1;
	}
	if (ev->n == 8 || ev->n == 12) {
		long once = 0;

		/* complete: every round, table and play of the event once, nothing else */
		ev->expected = (long)(ev->n - 1) * (ev->n / 4) * 2;
		for (int r = 0; r < ev->n - 1; r++)
			for (int t = 0; t < ev->n / 4; t++)
				for (int sw = 0; sw < 2; sw++)
					once += ea->seen[r][t][sw] == 1;
		ev->complete = once == ev->expected && ev->games == ev->expected;
	}
	if (!ev->complete)
		return;
	while (ev->nwinners < ev->n && ev->rows[ev->nwinners].place == 1 &&
	       !ev->rows[ev->nwinners].forfeits)
		ev->nwinners++;
	for (int r = 0; r < ev->nwinners; r++)
		ev->rows[r].share = 1.0 / ev->nwinners;
}

static void finish_table(struct work *w, int nbots, const struct result_set *set)
{
	struct standings_table *t = w->t;

	sort_names = (const char *const *)set->names.items;
	t->rows = xcalloc((size_t)(nbots ? nbots : 1), sizeof(*t->rows));
	for (int i = 0; i < t->nevents; i++)
		finish_event(w, i, nbots);
	for (int b = 0; b < nbots; b++) {
		struct standing *row;

		if (!w->acc[b].games)
			continue;
		row = &t->rows[t->n++];
		row->bot = b;
		row->games = w->acc[b].games;
		row->wins = w->acc[b].wins;
		row->forfeits = w->acc[b].forfeits;
		if (row->games > row->forfeits)
			row->margin = w->acc[b].margin / (double)(row->games - row->forfeits);
		row->faults = w->acc[b].faults;
		memcpy(row->fault_kind, w->acc[b].fault_kind, sizeof(row->fault_kind));
		for (int i = 0; i < t->nevents; i++)
			for (int r = 0; r < t->events[i].n && t->events[i].complete; r++)
				if (t->events[i].rows[r].bot == b) {
					row->events++;
					row->event_wins += t->events[i].rows[r].share;
					row->points += t->events[i].rows[r].points;
					row->event_forfeits += t->events[i].rows[r].forfeits;
				}
	}
	if (t->nevents)
		qsort(t->events, (size_t)t->nevents, sizeof(*t->events), cmp_event);
	for (int i = 0; i < t->nevents; i++)
		free(w->ev[i].bot);
	free(w->ev);
	w->ev = NULL;
}

static int cmp_bot_name(const void *a, const void *b)
{
	return strcmp(sort_names[*(const int *)a], sort_names[*(const int *)b]);
}

/* Games for the fit: by cluster key, then by id (a total order: ids are unique). */
static int cmp_fit_game(const void *a, const void *b)
{
	const struct fit_game *x = a, *y = b;
	size_t k = x->key < y->key ? x->key : y->key;
	int c = memcmp(x->id, y->id, k);

	if (c)
		return c;
	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	return strcmp(x->id, y->id);
}

/* The row of bot b in t, or NULL. */
static struct standing *row_of(struct standings_table *t, int b)
{
	for (int i = 0; i < t->n; i++)
		if (t->rows[i].bot == b)
			return &t->rows[i];
	return NULL;
}

/*
 * The batch fit of a variant table: its bots (those with a row) numbered
 * in order of name, its games in the order of their ids, one cluster per
 * key (the id less its last part: the rotations or plays of one deal).
 */
static void fit_table(struct work *w, int nbots)
{
	struct standings_table *t = w->t;
	int *local = xcalloc((size_t)(nbots ? nbots : 1), sizeof(int));
	int *global = xcalloc((size_t)(nbots ? nbots : 1), sizeof(int));
	struct rating_game *g = xcalloc((size_t)(w->nfit ? w->nfit : 1), sizeof(*g));
	struct rating_fit f;
	char err[160];
	int np = 0;
	long cluster = -1;

	for (int b = 0; b < nbots; b++)
		if (row_of(t, b))
			global[np++] = b;
	/* by name: the numbering does not follow the order the games came in */
	qsort(global, (size_t)np, sizeof(*global), cmp_bot_name);
	for (int i = 0; i < np; i++)
		local[global[i]] = i;
	qsort(w->fit, (size_t)w->nfit, sizeof(*w->fit), cmp_fit_game);
	for (int i = 0; i < w->nfit; i++) {
		const struct fit_game *x = &w->fit[i];

		if (!i || x->key != w->fit[i - 1].key || memcmp(x->id, w->fit[i - 1].id, x->key))
			cluster++;
		g[i] = x->g;
		g[i].cluster = cluster;
		for (int e = 0; e < g[i].nteams; e++)
			for (int j = 0; j < g[i].teams[e].n; j++)
				g[i].teams[e].player[j] = local[g[i].teams[e].player[j]];
	}
	if (np && rating_fit(&f, np, g, w->nfit, RATING_PRIOR_ELO / RATING_ELO_PER_UNIT, err,
			     sizeof(err)) == 0) {
		double k2 = RATING_ELO_PER_UNIT * RATING_ELO_PER_UNIT;

		for (int i = 0; i < np; i++) {
			struct standing *r = row_of(t, global[i]);

			r->rating = rating_elo(f.theta[i]);
			r->se = RATING_ELO_PER_UNIT * sqrt(f.cov[(size_t)i * np + i]);
			for (int j = 0; j < np; j++)
				t->cov[(size_t)global[i] * nbots + global[j]] =
					k2 * f.cov[(size_t)i * np + j];
		}
		rating_fit_release(&f);
	} else {
		/* not seen: with a prior the posterior has one maximum */
		for (int i = 0; i < t->n; i++) {
			t->rows[i].rating = RATING_BASE;
			t->rows[i].se = RATING_PRIOR_ELO;
			t->cov[(size_t)t->rows[i].bot * nbots + t->rows[i].bot] =
				RATING_PRIOR_ELO * RATING_PRIOR_ELO;
		}
	}
	free(local);
	free(global);
	free(g);
	free(w->fit);
	w->fit = NULL;
	w->nfit = w->fit_alloc = 0;
}

/*
 * The overall ratings: a bot's mean over the variants it has a row in
 * (each variant weighs the same), the covariance of two bots' means
 * summed over the variants both are in (the variants' games are apart).
 */
static void overall_ratings(struct standings *st)
{
	struct standings_table *o = &st->tables[0];
	int nb = st->nbots;
	int *nv = xcalloc((size_t)(nb ? nb : 1), sizeof(int));

	for (int v = 1; v < st->ntables; v++)
		for (int i = 0; i < st->tables[v].n; i++)
			nv[st->tables[v].rows[i].bot]++;
	for (int i = 0; i < o->n; i++) {
		struct standing *r = &o->rows[i];
		double sum = 0;

		for (int v = 1; v < st->ntables; v++) {
			const struct standing *x = row_of(&st->tables[v], r->bot);

			if (x)
				sum += x->rating;
		}
		r->rating = nv[r->bot] ? sum / nv[r->bot] : RATING_BASE;
	}
	for (int v = 1; v < st->ntables; v++) {
		const struct standings_table *t = &st->tables[v];

		for (int i = 0; i < t->n; i++)
			for (int j = 0; j < t->n; j++) {
				int a = t->rows[i].bot, b = t->rows[j].bot;
				size_t cell = (size_t)a * nb + b;

				o->cov[cell] += t->cov[cell] / ((double)nv[a] * nv[b]);
			}
	}
	for (int i = 0; i < o->n; i++) {
		size_t b = (size_t)o->rows[i].bot;

		o->rows[i].se = sqrt(o->cov[b * nb + b]);
	}
	free(nv);
}

double standings_difference_se(const struct standings_table *t, int nbots, int a, int b)
{
	double v = t->cov[(size_t)a * nbots + a] + t->cov[(size_t)b * nbots + b] -
		   2 * t->cov[(size_t)a * nbots + b];

	return v > 0 ? sqrt(v) : 0;
}

double standings_los(const struct standings_table *t, int nbots, int a, int b)
{
	const struct standing *x = NULL, *y = NULL;
	double se = standings_difference_se(t, nbots, a, b), d;

	for (int i = 0; i < t->n; i++) {
		if (t->rows[i].bot == a)
			x = &t->rows[i];
		if (t->rows[i].bot == b)
			y = &t->rows[i];
	}
	if (!x || !y)
		return 0.5;
	d = x->rating - y->rating;
	if (se <= 0)
		return d > 0 ? 1 : d < 0 ? 0 : 0.5;
	return rating_phi(d / se);
}

/* Sorts t's rows by rating (then name) and fills each row's los over the next. */
static void rank_table(struct standings_table *t, int nbots, const struct result_set *set)
{
	sort_names = (const char *const *)set->names.items;
	qsort(t->rows, (size_t)t->n, sizeof(*t->rows), cmp_standing);
	for (int i = 0; i < t->n; i++)
		t->rows[i].los = i + 1 < t->n ? standings_los(t, nbots, t->rows[i].bot,
							       t->rows[i + 1].bot)
					      : -1;
}

/* Room for the rating history of n games (rank_standings.h). */
static void history_alloc(struct standings *st, int n)
{
	size_t points = (size_t)(n < STANDINGS_HISTORY_MAX ? n : STANDINGS_HISTORY_MAX) + 1;
	size_t cells = points * (size_t)(st->nbots ? st->nbots : 1);

	st->history_games = xcalloc(points, sizeof(*st->history_games));
	st->history = xcalloc(cells, sizeof(*st->history));
	st->history_played = xcalloc(cells, sizeof(*st->history_played));
}

/*
 * After the done-th of n games: a point of the history when done reaches
 * the next of STANDINGS_HISTORY_MAX even steps (the last game always).
 */
static void history_add(struct standings *st, const struct work *overall, long done, long n)
{
	long points = n < STANDINGS_HISTORY_MAX ? n : STANDINGS_HISTORY_MAX;
	long next = (st->nhistory + 1) * n / points;
	size_t base = (size_t)st->nhistory * (size_t)st->nbots;

	if (done < next && done < n)
		return;
	st->history_games[st->nhistory] = done;
	for (int b = 0; b < st->nbots; b++) {
		st->history[base + (size_t)b] = overall->acc[b].rating;
		st->history_played[base + (size_t)b] = overall->acc[b].games;
	}
	st->nhistory++;
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
		st->tables[t].cov = xcalloc(cells, sizeof(double));
		st->tables[t].meetings = xcalloc(cells, sizeof(long));
	}
	history_alloc(st, set->n);
	for (int i = 0; i < set->n; i++) {
		const struct scored_game *res = &set->r[i];

		tally(&w[0], &m, res, nbots, 0);
		history_add(st, &w[0], i + 1, set->n);
		for (int t = 1; t < st->ntables; t++)
			if (!strcmp(st->tables[t].variant, res->variant))
				tally(&w[t], &m, res, nbots, 1);
		for (int f = 0; f < res->nfaults; f++) {
			struct fault_row *fr;

			if (res->bot[res->faults[f].seat] == RESULT_HOUSE)
				continue;
			fr = &st->faults[res->bot[res->faults[f].seat]];

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
		if (t)
			fit_table(&w[t], nbots);
		free(w[t].acc);
	}
	overall_ratings(st);
	for (int t = 0; t < st->ntables; t++)
		rank_table(&st->tables[t], nbots, set);
	free(w);
}

void standings_release(struct standings *st)
{
	for (int t = 0; t < st->ntables; t++) {
		free(st->tables[t].variant);
		free(st->tables[t].rows);
		free(st->tables[t].score);
		free(st->tables[t].meetings);
		free(st->tables[t].cov);
		for (int i = 0; i < st->tables[t].nevents; i++) {
			free(st->tables[t].events[i].id);
			free(st->tables[t].events[i].rows);
		}
		free(st->tables[t].events);
	}
	free(st->tables);
	for (int b = 0; b < st->nbots; b++)
		free(st->faults[b].first_game);
	free(st->faults);
	free(st->history_games);
	free(st->history);
	free(st->history_played);
	memset(st, 0, sizeof(*st));
}
