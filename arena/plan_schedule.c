/*
 * plan_schedule.c - the games of a tournament (see plan_schedule.h).
 *
 * Games are listed deal by deal, and within a deal variant by variant, so
 * that a run (and every shard) plays a mix of variants from the start and
 * the progress rate is representative. Only the tournament key (plan_key.h),
 * the variant names and the bot order feed the random choices: the deal
 * seeds and the seeds of the table draws are keyed hashes of the names.
 */
#include "plan_schedule.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "path.h"
#include "rng.h"
#include "seat.h"
#include "util.h"

static long gcd(long a, long b)
{
	while (b) {
		long t = a % b;

		a = b;
		b = t;
	}
	return a;
}

int schedule_tables_balanced(int n, int k, int ntables)
{
	if (n >= k)
		return ((long)ntables * k) % n == 0;
	return ((long)ntables * (k % n)) % n == 0;
}

int schedule_default_tables(int n, int k)
{
	long step, t;

	if (n < k)
		return k % n ? (int)(n / gcd(n, k % n)) : 1;
	step = n / gcd(n, k);
	t = step;
	while (t * k * (k - 1) < 2L * n * (n - 1))
		t += step;
	return (int)t;
}

/* Fisher-Yates over ints with the project's generator. */
static void shuffle_ints(struct rng *r, int *a, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = (int)rng_below(r, (uint32_t)i + 1), t = a[i];

		a[i] = a[j];
		a[j] = t;
	}
}

static int in_table(const int *t, int k, int b)
{
	for (int s = 0; s < k; s++)
		if (t[s] == b)
			return 1;
	return 0;
}

/*
 * The cost of a pair that meets m times is m^4: convex, so the cheapest
 * arrangements are the ones where all counts differ by at most one, and
 * steep, so a pair that never meets (or meets far too often) weighs more
 * than many small deviations. step_cost() is the change when m moves by d.
 */
static long pair_cost(long m)
{
	return m * m;
}

static long step_cost(int m, int d)
{
	return pair_cost(m + d) - pair_cost(m);
}

/*
 * Change of the total pair cost if x (in table t1) and y
 * (in table t2) swap tables. Only pairs with members of t1 or t2 change.
 */
static long swap_gain(const int *meet, int n, const int *t1, const int *t2, int k, int x, int y)
{
	long delta = 0;

	for (int s = 0; s < k; s++) {
		int c = t1[s];

		if (c == x || in_table(t2, k, c))
			continue; /* a bot at both tables keeps both pairs */
		/* x leaves c, y joins c */
		delta += step_cost(meet[x * n + c], -1) + step_cost(meet[y * n + c], +1);
	}
	for (int s = 0; s < k; s++) {
		int c = t2[s];

		if (c == y || in_table(t1, k, c))
			continue;
		delta += step_cost(meet[y * n + c], -1) + step_cost(meet[x * n + c], +1);
	}
	return delta;
}

static void add_pairs(int *meet, int n, const int *t, int k, int x, int d)
{
	for (int s = 0; s < k; s++)
		if (t[s] != x) {
			meet[x * n + t[s]] += d;
			meet[t[s] * n + x] += d;
		}
}

/* Swaps x (seat i of table a) and y (seat j of table b) and updates meet. */
static void apply_swap(int *meet, int n, int *a, int *b, int k, int i, int j)
{
	int x = a[i], y = b[j];

	add_pairs(meet, n, a, k, x, -1);
	add_pairs(meet, n, b, k, y, -1);
	a[i] = y;
	b[j] = x;
	add_pairs(meet, n, a, k, y, +1);
	add_pairs(meet, n, b, k, x, +1);
}

/*
 * The meeting counts a draw starts from: zeros, but a pair of bots of one
 * author (author[x] == author[y]; author NULL: none) counts as having met
 * AUTHOR_BIAS times, so that the draw keeps them apart wherever it can.
 */
#define AUTHOR_BIAS 1000

static void reset_meet(int *meet, int n, const int *author)
{
	for (int x = 0; x < n; x++)
		for (int y = 0; y < n; y++)
			meet[x * n + y] = author && x != y && author[x] == author[y] ? AUTHOR_BIAS : 0;
}

/*
 * Simulated annealing over swaps of two bots between two tables (which
 * keeps every bot's number of seats), minimising the sum of squared
 * meeting counts; then a descent until no single swap helps. The best
 * arrangement seen is kept. Deterministic: all choices come from r.
 */
static void anneal(int n, int k, int ntables, struct rng *r, int *out, int *meet,
		   const int *author)
{
	size_t cells = (size_t)ntables * (size_t)k;
	int *best = xmalloc(cells * sizeof(int));
	long cur = 0, best_cost;
	long steps = 100000;
	double temp, cool;

	if (ntables < 2) {
		free(best);
		return;
	}
	/* start as warm as a typical move, cool to a few hundredths of it */
	{
		double sum = 0;
		int seen = 0;

		for (int probe = 0; probe < 1000; probe++) {
			int t1 = (int)rng_below(r, (uint32_t)ntables), t2 = (int)rng_below(r, (uint32_t)ntables);
			int *a = out + (size_t)t1 * (size_t)k, *b = out + (size_t)t2 * (size_t)k;
			int i = (int)rng_below(r, (uint32_t)k), j = (int)rng_below(r, (uint32_t)k);

			if (t1 == t2 || a[i] == b[j] || in_table(b, k, a[i]) || in_table(a, k, b[j]))
				continue;
			sum += fabs((double)swap_gain(meet, n, a, b, k, a[i], b[j]));
			seen++;
		}
		temp = seen && sum > 0 ? sum / seen : 1.0;
	}
	cool = pow(0.01, 1.0 / (double)steps);
	memcpy(best, out, cells * sizeof(int));
	best_cost = 0;
	for (long step = 0; step < steps; step++, temp *= cool) {
		int t1 = (int)rng_below(r, (uint32_t)ntables), t2 = (int)rng_below(r, (uint32_t)ntables);
		int i = (int)rng_below(r, (uint32_t)k), j = (int)rng_below(r, (uint32_t)k);
		int *a = out + (size_t)t1 * (size_t)k, *b = out + (size_t)t2 * (size_t)k;
		long delta;

		if (t1 == t2 || a[i] == b[j] || in_table(b, k, a[i]) || in_table(a, k, b[j]))
			continue;
		delta = swap_gain(meet, n, a, b, k, a[i], b[j]);
		if (delta > 0 &&
		    (double)rng_below(r, 1u << 30) / (double)(1u << 30) >= exp(-(double)delta / temp))
			continue;
		apply_swap(meet, n, a, b, k, i, j);
		cur += delta;
		if (cur < best_cost) {
			best_cost = cur;
			memcpy(best, out, cells * sizeof(int));
		}
	}
	/* back to the best arrangement, recounting its meetings */
	memcpy(out, best, cells * sizeof(int));
	reset_meet(meet, n, author);
	for (int t = 0; t < ntables; t++)
		for (int s = 0; s < k; s++)
			add_pairs(meet, n, out + (size_t)t * (size_t)k, s, out[(size_t)t * (size_t)k + (size_t)s], +1);
	for (int improved = 1; improved;) {
		improved = 0;
		for (int t1 = 0; t1 < ntables; t1++)
			for (int t2 = t1 + 1; t2 < ntables; t2++) {
				int *a = out + (size_t)t1 * (size_t)k, *b = out + (size_t)t2 * (size_t)k;

				for (int i = 0; i < k; i++)
					for (int j = 0; j < k; j++) {
						int x = a[i], y = b[j];

						if (x == y || in_table(b, k, x) || in_table(a, k, y))
							continue;
						if (swap_gain(meet, n, a, b, k, x, y) >= 0)
							continue;
						apply_swap(meet, n, a, b, k, i, j);
						improved = 1;
					}
			}
	}
	free(best);
}

static void draw_distinct(int n, int k, int ntables, struct rng *r, const int *author, int *out)
{
	int *count = xcalloc((size_t)n, sizeof(int));
	int *meet = xcalloc((size_t)n * (size_t)n, sizeof(int));
	int *order = xmalloc((size_t)n * sizeof(int));

	reset_meet(meet, n, author);
	for (int t = 0; t < ntables; t++) {
		int *tab = out + (size_t)t * (size_t)k;

		for (int i = 0; i < n; i++)
			order[i] = i;
		shuffle_ints(r, order, n);
		for (int s = 0; s < k; s++) {
			int best = -1;
			long best_meet = 0;

			for (int i = 0; i < n; i++) {
				int b = order[i];
				long m = 0;

				if (in_table(tab, s, b))
					continue;
				for (int j = 0; j < s; j++)
					m += meet[b * n + tab[j]];
				if (best < 0 || count[b] < count[best] ||
				    (count[b] == count[best] && m < best_meet)) {
					best = b;
					best_meet = m;
				}
			}
			tab[s] = best;
		}
		for (int s = 0; s < k; s++) {
			count[tab[s]]++;
			for (int j = 0; j < s; j++) {
				meet[tab[s] * n + tab[j]]++;
				meet[tab[j] * n + tab[s]]++;
			}
		}
		shuffle_ints(r, tab, k);
	}
	anneal(n, k, ntables, r, out, meet, author);
	free(count);
	free(meet);
	free(order);
}

static void draw_with_copies(int n, int k, int ntables, struct rng *r, int *out)
{
	int *extra = xcalloc((size_t)n, sizeof(int));
	int *order = xmalloc((size_t)n * sizeof(int));

	for (int t = 0; t < ntables; t++) {
		int *tab = out + (size_t)t * (size_t)k, s = 0;

		for (int b = 0; b < n; b++)
			for (int c = 0; c < k / n; c++)
				tab[s++] = b;
		for (int i = 0; i < n; i++)
			order[i] = i;
		shuffle_ints(r, order, n);
		for (int e = 0; e < k % n; e++) {
			int best = -1;

			for (int i = 0; i < n; i++) {
				int b = order[i];

				if (!in_table(tab + k - k % n, e, b) &&
				    (best < 0 || extra[b] < extra[best]))
					best = b;
			}
			tab[s++] = best;
		}
		for (int e = k - k % n; e < k; e++)
			extra[tab[e]]++;
		shuffle_ints(r, tab, k);
	}
	free(extra);
	free(order);
}

void schedule_draw_tables(int n, int k, int ntables, uint64_t seed, int *out)
{
	schedule_draw_authors(n, k, ntables, seed, NULL, out);
}

void schedule_draw_authors(int n, int k, int ntables, uint64_t seed, const int *author, int *out)
{
	struct rng r;

	rng_seed(&r, seed);
	if (n >= k)
		draw_distinct(n, k, ntables, &r, author, out);
	else
		draw_with_copies(n, k, ntables, &r, out);
}

void schedule_draw_house(int n, int k, int ntables, uint64_t seed, int *out)
{
	struct rng r;

	rng_seed(&r, seed);
	for (int t = 0; t < ntables; t++) {
		int *tab = out + (size_t)t * (size_t)k;

		for (int s = 0; s < k; s++)
			tab[s] = s < n ? s : SEAT_HOUSE;
		shuffle_ints(&r, tab, k);
	}
}

void schedule_progressive_round(int n, int r, int *out)
{
	/* RULINGS.md: offsets from r (mod m), -1 standing for infinity */
	static const int eight[2][4] = { { -1, 1, 0, 3 }, { 2, 4, 6, 5 } };
	static const int twelve[3][4] = { { -1, 1, 0, 3 }, { 2, 6, 9, 7 }, { 4, 5, 10, 8 } };
	int m = n - 1, ntables = n / 4;

	for (int t = 0; t < ntables; t++)
		for (int s = 0; s < 4; s++) {
			int off = n == 8 ? eight[t][s] : twelve[t][s];

			out[t * 4 + s] = off < 0 ? 0 : 1 + (r + off) % m;
		}
}

struct builder {
	struct schedule *s;
	const struct config *c;
	const struct key *key;
	const int *active; /* per bot of the config: does it play? */
	int alloc;
};

static struct fixture *add_game(struct builder *b, int v, uint64_t seed, int nseats)
{
	struct schedule *s = b->s;
	struct fixture *g;

	if (s->ngames == b->alloc) {
		b->alloc = b->alloc * 2 + 64;
		s->games = xrealloc(s->games, (size_t)b->alloc * sizeof(*s->games));
	}
	g = &s->games[s->ngames];
	memset(g, 0, sizeof(*g));
	g->index = s->ngames++;
	g->variant = v;
	g->seed = seed;
	g->nseats = nseats;
	return g;
}

/*
 * A table holding bots of one author (plan_config.h) keeps the first of them in
 * the config's order, and its seats of the others go to the house player:
 * the draw keeps the bots of one author apart where it can, this makes
 * sure.
 */
static void house_duplicates(const struct config *c, int *tables, int ntables, int k)
{
	for (int t = 0; t < ntables; t++) {
		int *tab = tables + (size_t)t * (size_t)k, keep[MAX_SEATS];

		for (int s = 0; s < k; s++) {
			keep[s] = 1;
			for (int j = 0; j < k && tab[s] != SEAT_HOUSE; j++)
				if (tab[j] != SEAT_HOUSE && tab[j] < tab[s] &&
				    c->bots[tab[j]].author == c->bots[tab[s]].author)
					keep[s] = 0;
		}
		for (int s = 0; s < k; s++)
			if (!keep[s])
				tab[s] = SEAT_HOUSE;
	}
}

/* Per-variant plan: which bots sit where, before deals are laid out. */
struct plan {
	int ntables;
	int *tables; /* individual: ntables*k; team: pairs as 2 ints */
};

static void plan_variant(struct builder *b, int v, const int *bots, int n, struct plan *p)
{
	const struct variant_cfg *vc = &b->c->variants[v];
	struct schedule_variant *sv = &b->s->variants[v];
	int k = vc->seats;

	memset(p, 0, sizeof(*p));
	sv->deals = vc->deals ? vc->deals : b->c->deals;
	if (vc->progressive) {
		sv->unit = "table-round";
		if (n != 8 && n != 12) {
			snprintf(sv->skipped, sizeof(sv->skipped),
				 "needs 8 or 12 bots, there are %d", n);
			return;
		}
		sv->pairings = (n - 1) * (n / 4);
		sv->rotations = 2;
	} else if (vc->teams) {
		int nall = b->c->nbots;

		/*
		 * A pairing is named by its two bots (game ids hold the names),
		 * so adding or removing a bot leaves the other pairings' ids as
		 * they were: incremental runs keep their games.
		 */
		sv->unit = "pairing";
		p->ntables = 0;
		p->tables = xmalloc(((size_t)n * (size_t)n + 1) * sizeof(int));
		for (int i = 0; i < nall; i++)
			for (int j = i + 1; j < nall; j++) {
				if (!b->active[i] || !b->active[j])
					continue;
				/* code of one author on both teams: the pair does not meet */
				if (b->c->partners == PARTNERS_HOUSE &&
				    b->c->bots[i].author == b->c->bots[j].author)
					continue;
				p->tables[2 * p->ntables] = i;
				p->tables[2 * p->ntables + 1] = j;
				p->ntables++;
			}
		sv->pairings = p->ntables;
		sv->rotations = 2;
		if (!p->ntables && n >= 2)
			snprintf(sv->skipped, sizeof(sv->skipped),
				 "its %d bots are copies of one code (byte-identical), which never "
				 "meet", n);
	} else {
		int house = b->c->partners == PARTNERS_HOUSE;
		uint64_t seed = key_tables_seed(b->key, vc->name);

		sv->unit = "table";
		if (house && n < k) {
			/* every bot once at each table, the house player in the other seats */
			p->ntables = vc->tables ? (int)vc->tables : 1;
			p->tables = xmalloc((size_t)p->ntables * (size_t)k * sizeof(int));
			schedule_draw_house(n, k, p->ntables, seed, p->tables);
		} else if (house) {
			int *author = xmalloc((size_t)n * sizeof(int));

			for (int i = 0; i < n; i++)
				author[i] = b->c->bots[bots[i]].author;
			p->ntables = vc->tables ? (int)vc->tables : schedule_default_tables(n, k);
			p->tables = xmalloc((size_t)p->ntables * (size_t)k * sizeof(int));
			schedule_draw_authors(n, k, p->ntables, seed, author, p->tables);
			free(author);
		} else {
			p->ntables = vc->tables ? (int)vc->tables : schedule_default_tables(n, k);
			p->tables = xmalloc((size_t)p->ntables * (size_t)k * sizeof(int));
			schedule_draw_tables(n, k, p->ntables, seed, p->tables);
		}
		for (int i = 0; i < p->ntables * k; i++)
			if (p->tables[i] != SEAT_HOUSE)
				p->tables[i] = bots[p->tables[i]];
		if (house)
			house_duplicates(b->c, p->tables, p->ntables, k);
		sv->pairings = p->ntables;
		sv->rotations = k;
	}
	if (n < 2) {
		snprintf(sv->skipped, sizeof(sv->skipped), "needs at least 2 bots, there are %d", n);
		free(p->tables);
		p->tables = NULL;
		sv->pairings = 0;
	}
}

static void lay_deal(struct builder *b, int v, long d, const int *bots, const struct plan *p)
{
	const struct variant_cfg *vc = &b->c->variants[v];
	struct schedule_variant *sv = &b->s->variants[v];
	int k = vc->seats;

	if (sv->skipped[0])
		return;
	if (vc->progressive) {
		int n = b->s->nactive, rounds = n - 1, tab[12];

		for (int r = 0; r < rounds; r++) {
			uint64_t seed = key_deal_seed(b->key, vc->name, d * rounds + r);

			schedule_progressive_round(n, r, tab);
			for (int t = 0; t < n / 4; t++)
				for (int sw = 0; sw < 2; sw++) {
					struct fixture *g = add_game(b, v, seed, 4);

					for (int s = 0; s < 4; s++)
						g->bot[s] = bots[tab[t * 4 + (s + sw) % 4]];
					snprintf(g->id, sizeof(g->id), "%s.d%04ld.round%02d.t%d.s%d",
						 vc->name, d + 1, r + 1, t + 1, sw);
					sv->games++;
				}
		}
		return;
	}
	for (int t = 0; t < p->ntables; t++) {
		uint64_t seed = key_deal_seed(b->key, vc->name, d);

		for (int rot = 0; rot < sv->rotations; rot++) {
			struct fixture *g = add_game(b, v, seed, k);

			for (int s = 0; s < k; s++)
				if (!vc->teams)
					g->bot[s] = p->tables[t * k + (s + rot) % k];
				else if (b->c->partners == PARTNERS_HOUSE && s >= 2)
					g->bot[s] = SEAT_HOUSE; /* the partners of seats 0 and 1 */
				else
					g->bot[s] = p->tables[2 * t + (s + rot) % 2];
			if (vc->teams)
				snprintf(g->id, sizeof(g->id), "%s.d%04ld.%s+%s.r%d", vc->name, d + 1,
					 b->c->bots[p->tables[2 * t]].name,
					 b->c->bots[p->tables[2 * t + 1]].name, rot);
			else
				snprintf(g->id, sizeof(g->id), "%s.d%04ld.t%04d.r%d", vc->name, d + 1,
					 t + 1, rot);
			sv->games++;
		}
	}
}

int schedule_bot_seats(const struct fixture *g)
{
	int n = 0;

	for (int p = 0; p < g->nseats; p++)
		n += g->bot[p] != SEAT_HOUSE;
	return n;
}

void schedule_seed_seats(struct fixture *g, const struct config *c, const struct key *k)
{
	for (int s = 0; s < g->nseats; s++) {
		const struct entrant *b = config_entrant(c, g->bot[s]);

		g->bot_seed[s] = seat_takes_seed(b->seat) ? key_bot_seed(k, g->id, s) : 0;
	}
}

int schedule_build(struct schedule *s, const struct config *c, const int *active,
		   const struct key *key, char *err, size_t len)
{
	struct builder b = { s, c, key, NULL, 0 };
	struct plan *plans;
	int *bots = xmalloc((size_t)(c->nbots ? c->nbots : 1) * sizeof(int));
	int *on = xmalloc((size_t)(c->nbots ? c->nbots : 1) * sizeof(int));
	long maxdeals = 0;
	int n = 0, ret = 0;

	memset(s, 0, sizeof(*s));
	for (int i = 0; i < c->nbots; i++) {
		on[i] = !active || active[i];
		if (on[i])
			bots[n++] = i;
	}
	b.active = on;
	s->nactive = n;
	s->nvariants = c->nvariants;
	s->variants = xcalloc((size_t)(c->nvariants ? c->nvariants : 1), sizeof(*s->variants));
	plans = xcalloc((size_t)(c->nvariants ? c->nvariants : 1), sizeof(*plans));
	for (int v = 0; v < c->nvariants; v++) {
		const struct variant_cfg *vc = &c->variants[v];

		if (!vc->teams && !vc->progressive && vc->tables && n >= 2 &&
		    !(c->partners == PARTNERS_HOUSE && n < vc->seats) &&
		    !schedule_tables_balanced(n, vc->seats, (int)vc->tables)) {
			snprintf(err, len,
				 "tables = %ld in [variant %s] does not give each of the %d bots "
				 "the same number of games (try %d or a multiple of it)",
				 vc->tables, vc->name, n, schedule_default_tables(n, vc->seats));
			ret = -1;
			goto out;
		}
		plan_variant(&b, v, bots, n, &plans[v]);
		if (!s->variants[v].skipped[0] && s->variants[v].deals > maxdeals)
			maxdeals = s->variants[v].deals;
	}
	for (long d = 0; d < maxdeals; d++)
		for (int v = 0; v < c->nvariants; v++)
			if (d < s->variants[v].deals)
				lay_deal(&b, v, d, bots, &plans[v]);
	for (int i = 0; i < s->ngames; i++)
		schedule_seed_seats(&s->games[i], c, key);
	if (!s->ngames) {
		struct strbuf why = STRBUF_INIT;

		strbuf_init(&why);
		for (int v = 0; v < c->nvariants; v++)
			if (s->variants[v].skipped[0])
				strbuf_addf(&why, "; %s: %s", c->variants[v].name,
					    s->variants[v].skipped);
		snprintf(err, len, "the schedule has no games%s", why.buf);
		strbuf_release(&why);
		ret = -1;
	}
out:
	for (int v = 0; v < c->nvariants; v++) {
		free(plans[v].tables);
	}
	free(plans);
	free(bots);
	free(on);
	if (ret < 0)
		schedule_release(s);
	return ret;
}

void schedule_release(struct schedule *s)
{
	free(s->games);
	free(s->variants);
	memset(s, 0, sizeof(*s));
}

int schedule_in_shard(const struct fixture *g, int k, int n)
{
	uint64_t h = 0xcbf29ce484222325ULL;

	for (const char *p = g->id; *p; p++) {
		h ^= (unsigned char)*p;
		h *= 0x100000001b3ULL;
	}
	return (int)(h % (uint64_t)n) == k - 1;
}

static void hash_str(uint64_t *h, const char *str)
{
	for (const char *p = str; *p; p++) {
		*h ^= (unsigned char)*p;
		*h *= 0x100000001b3ULL;
	}
	*h ^= 0xff; /* separator */
	*h *= 0x100000001b3ULL;
}

void schedule_fingerprint(const struct schedule *s, const struct config *c, char out[17])
{
	uint64_t h = 0xcbf29ce484222325ULL;
	char num[32];

	for (int v = 0; v < c->nvariants; v++) {
		const struct variant_cfg *vc = &c->variants[v];

		hash_str(&h, vc->name);
		hash_str(&h, variant_name(vc->base));
		snprintf(num, sizeof(num), "%d/%ld", vc->progressive, vc->hands_per_round);
		hash_str(&h, num);
		for (int o = 0; o < vc->nopts; o++) {
			hash_str(&h, vc->opt_key[o]);
			hash_str(&h, vc->opt_value[o]);
		}
	}
	for (int i = 0; i < s->ngames; i++) {
		const struct fixture *g = &s->games[i];

		hash_str(&h, g->id);
		snprintf(num, sizeof(num), "%llu", (unsigned long long)g->seed);
		hash_str(&h, num);
		if (g->deal)
			hash_str(&h, g->deal);
		for (int p = 0; p < g->nseats; p++) {
			const struct entrant *e = config_entrant(c, g->bot[p]);
			const char *seat = e->seat;
			/* a path in the config's directory as seen from it, as results_check_line() does */
			const char *rel = c->dir ? path_below(seat, c->dir) : NULL;

			hash_str(&h, e->name);
			hash_str(&h, rel ? rel : seat);
		}
	}
	snprintf(out, 17, "%016llx", (unsigned long long)h);
}
