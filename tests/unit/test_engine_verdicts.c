/*
 * test_engine_verdicts.c - the engine answers every question as it did
 * before the fourth round of speed work (branch speed-engine4: the cached
 * g->trick_follow, g->trick_keys and g->flip_led, game_legal_random(), the
 * rng table to 128, the deck from tables, score.c). Where
 * test_engine_digest.c follows games of legal moves, this one asks, at
 * every decision of seeded games (a third of them started from a random
 * position: rest random, contract, trump, declare, bids, leader, scores):
 *  - the legal list, game_legal_count(), game_legal_nth() in and out of
 *    range, the play mask, the plain plays, the card moves; in the play
 *    the trick's winner, game_would_win() of every card, the next seats;
 *  - @random's and @greedy's moves (and @random's generator after), and
 *    that game_legal_random() draws as a count-and-index pick does;
 *  - game_apply() on a copy for every legal move (the state after it), and
 *    for a sweep of illegal ones: every card, every card with every
 *    switch, every move type with out-of-range numbers and trumps,
 *    stray fields; its verdict and message, and that a refused move
 *    changed nothing.
 * Everything goes into one FNV-1a digest per option set, pinned from the
 * engine at 921da2d (before that work). A digest that differs means the
 * engine now accepts, refuses, reports or plays something differently.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "deal.h"
#include "game.h"
#include "rules.h"
#include "testhelp.h"

static uint64_t H;

static void put(uint64_t v)
{
	for (int i = 0; i < 8; i++) {
		H ^= (v >> (8 * i)) & 0xff;
		H *= 0x100000001b3ULL;
	}
}
static void puts_(const char *s)
{
	for (; *s; s++) {
		H ^= (unsigned char)*s;
		H *= 0x100000001b3ULL;
	}
	put(0xfe);
}

static void put_move(const struct move *m)
{
	put((uint64_t)(uint8_t)m->type | (uint64_t)(uint8_t)m->num << 8 |
	    (uint64_t)(uint8_t)m->trump << 16 | (uint64_t)m->card << 24 |
	    (uint64_t)m->swap << 32);
}

static uint64_t state_digest(const struct game *g)
{
	uint64_t save = H;
	const struct rules *r = &g->rules;

	H = 0xcbf29ce484222325ULL;
	put(g->hand_no); put(g->dealer); put(g->phase); put(g->winners); put(g->turn);
	for (int s = 0; s < MAX_SEATS; s++) {
		put(g->score[s]); put(g->prev_score[s]); put(g->euchred[s]); put(g->ranks[s]);
		put(g->hand[s].one); put(g->hand[s].two); put(g->dealt[s].one); put(g->dealt[s].two);
		put(g->seat_turns[s]); put(g->bids[s]); put(g->tricks[s]); put(g->hand_points[s]);
	}
	put(g->sitting_out); put(g->nactive); put(g->bidder); put_move(&g->contract);
	put(g->trump); put(g->partner); put(g->high_bid); put(g->high_seat); put(g->passes);
	put(g->nturns); put(g->out); put(g->round);
	put(g->nscript); put(g->script_pos);
	for (int i = 0; i < g->nscript; i++)
		put(g->script[i].dec | (uint64_t)(uint8_t)g->script[i].seat << 8 |
		    (uint64_t)(uint8_t)g->script[i].to << 16);
	for (int i = 0; i < 4; i++)
		put(g->kitty[i]);
	put(g->kitty_pile.one); put(g->kitty_pile.two); put(g->calling); put(g->burn);
	for (int i = 0; i < MAX_HAND; i++)
		put(g->dead[i]);
	put(g->dead_pos); put(g->stock.one); put(g->stock.two); put(g->discarded.one);
	put(g->discarded.two); put(g->played.one); put(g->played.two);
	put(g->leader); put(g->trick_no); put(g->ntrick);
	for (int i = 0; i < g->ntrick && i < MAX_SEATS; i++) {
		put(g->trick_card[i]); put(g->trick_seat[i]);
	}
	if (g->phase == PH_PLAY)
		for (int s = 0; s < r->seats; s++)
			put(g->next_active[s]);
	put(g->nev);
	for (int i = 0; i < g->nev; i++) {
		const struct event *e = &g->ev[i];

		put(e->type | (uint64_t)(uint8_t)e->seat << 8 | (uint64_t)(uint8_t)e->to << 16 |
		    (uint64_t)e->card << 24 | (uint64_t)e->card2 << 32);
		put_move(&e->move);
	}
	for (int i = 0; i < 4; i++)
		put(g->rng.s[i]);
	uint64_t d = H;
	H = save;
	return d;
}

static struct game *scratch;

/* With nobody to act, game_legal_random() gives -1 and draws nothing. */
static int no_random_move(const struct game *g)
{
	struct rng r = { { 1, 2, 3, 4 } }, before = r;
	struct move m;

	return game_legal_random(g, &r, &m) == -1 && !memcmp(&r, &before, sizeof(r));
}

/* game_apply on a copy; records verdict, message and resulting state */
static int try_move(const struct game *g, const struct move *m, int want_state)
{
	char err[160];
	int rc;

	memcpy(scratch, g, sizeof(*g));
	err[0] = 0;
	rc = game_apply(scratch, m, err, sizeof(err));
	put(rc);
	if (rc < 0)
		puts_(err);
	if (rc == 0 || want_state) {
		uint64_t d = state_digest(scratch);
		put(d);
	}
	/* a refused move changes nothing */
	CHECK(rc == 0 || !memcmp(scratch, g, sizeof(*g)));
	return rc;
}

static uint64_t ext_state;
static uint64_t ext(void)
{
	uint64_t z = (ext_state += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static void questions(const struct game *g, int full)
{
	struct move mv[MAX_MOVES], m;
	int n = game_legal(g, mv), dec = game_decision(g);

	put(dec); put(game_to_move(g)); put(n); put(game_legal_count(g));
	for (int i = 0; i < n; i++)
		put_move(&mv[i]);
	for (int i = -2; i < n + 2; i++) {
		int rc = game_legal_nth(g, i, &m);
		put(rc);
		if (!rc)
			put_move(&m);
		if (i >= 0 && i < n)
			CHECK(rc == 0 && move_equal(&m, &mv[i]));
	}
	put(game_play_mask(g)); put(game_plain_plays(g)); put(game_card_moves(g));
	if (g->phase == PH_PLAY) {
		if (g->ntrick)
			put(game_trick_winner(g));
		for (card_t c = 0; c < NCARDS; c++)
			put(game_would_win(g, c));
		for (int s = 0; s < g->rules.seats; s++)
			put(game_next_active(g, s));
	}
	if (dec != DEC_NONE) {
		struct rng r;
		int rc;

		r.s[0] = ext() | 1; r.s[1] = ext(); r.s[2] = ext(); r.s[3] = ext();
		rc = builtin_random(g, &r, &m);
		put(rc); put_move(&m);
		for (int i = 0; i < 4; i++)
			put(r.s[i]);
		{
			/* game_legal_random() draws as a count-and-index pick does */
			struct rng r2, r3;
			struct move m2, m3;
			int rc2, rc3, cnt;

			r2.s[0] = ext() | 1; r2.s[1] = ext(); r2.s[2] = ext(); r2.s[3] = ext();
			r3 = r2;
#ifndef PIN_OLD
			rc2 = game_legal_random(g, &r2, &m2);
#else
			rc2 = -1;
			m2 = m;
#endif
			cnt = game_legal_count(g);
			rc3 = cnt ? game_legal_nth(g, (int)rng_below(&r3, (uint32_t)cnt), &m3) : -1;
#ifndef PIN_OLD
			CHECK(rc2 == rc3 && (rc2 || move_equal(&m2, &m3)) && !memcmp(&r2, &r3, sizeof(r2)));
#else
			(void)rc2; (void)m2; (void)rc3;
#endif
		}
		rc = builtin_greedy(g, &m);
		put(rc); put_move(&m);
	}
	/* every legal move applied */
	for (int i = 0; i < n; i++)
		try_move(g, &mv[i], 1);
	/* illegal moves */
	if (dec == DEC_PLAY || dec == DEC_GIVE || dec == DEC_DISCARD) {
		for (int c = 0; c <= NCARDS + 1; c++) {
			m = move_make(MOVE_CARD, -1, -1, (card_t)c, CARD_NONE);
			try_move(g, &m, 0);
		}
		m = move_make(MOVE_CARD, -1, -1, CARD_NONE, CARD_NONE);
		try_move(g, &m, 0);
		if (full) {
			uint32_t held = g->hand[game_to_move(g) < 0 ? 0 : game_to_move(g)].one;
			for (int c = 0; c < NCARDS; c++) {
				if (!(held & CARD_BIT(c)) && !(ext() % 4 == 0))
					continue;
				for (int sw = 0; sw <= NCARDS; sw++) {
					m = move_make(MOVE_CARD, -1, -1, (card_t)c, (card_t)sw);
					try_move(g, &m, 0);
				}
			}
			/* a card move with stray num/trump */
			m = move_make(MOVE_CARD, 3, 2, mask_first(held), CARD_NONE);
			try_move(g, &m, 0);
		}
		for (int t = -1; t <= MOVE_CARD + 1; t++) {
			if (t == MOVE_CARD)
				continue;
			m = move_make(t, -1, -1, CARD_NONE, CARD_NONE);
			try_move(g, &m, 0);
			m = move_make(t, 5, 2, CARD_NONE, CARD_NONE);
			try_move(g, &m, 0);
		}
	} else if (dec != DEC_NONE || full) {
		for (int t = -1; t <= MOVE_CARD + 1; t++)
			for (int num = -2; num <= 14; num++)
				for (int tr = -2; tr <= 8; tr++) {
					if (!full && (num > 1 && num < 12 && (num + tr + t) % 3))
						continue;
					m = move_make(t, num, tr, t == MOVE_CARD ? (card_t)(num & 31) : CARD_NONE, CARD_NONE);
					try_move(g, &m, 0);
				}
		m = move_make(MOVE_PASS, -1, -1, 3, CARD_NONE);
		try_move(g, &m, 0);
		m = move_make(MOVE_BID, 7, 1, CARD_NONE, 4);
		try_move(g, &m, 0);
		m = move_make(MOVE_PASS, 0, -1, CARD_NONE, CARD_NONE);
		try_move(g, &m, 0);
		m = move_make(MOVE_MOON, 127, 3, CARD_NONE, CARD_NONE);
		try_move(g, &m, 0);
		m = move_make(MOVE_BID, -128, 3, CARD_NONE, CARD_NONE);
		try_move(g, &m, 0);
	}
}

struct set {
	const char *variant;
	const char *opts[4][2];
	int games;
};

/* flip's games are cut to a few hands: a hand of flip asks as much as a team game */
static const struct set sets[] = {
	{ "hammerwalt", { { NULL, NULL } }, 13 },
	{ "hammerwalt", { { "target", "20" }, { "hole", "10" } }, 13 },
	{ "indiana", { { NULL, NULL } }, 13 },
	{ "indiana", { { "all_pass", "redeal" }, { "target", "15" } }, 13 },
	{ "bloomington", { { NULL, NULL } }, 10 },
	{ "bloomington", { { "all_pass", "redeal" }, { "max_hands", "4" } }, 10 },
	{ "fivehand", { { NULL, NULL } }, 13 },
	{ "fivehand", { { "end", "first" }, { "target", "4" } }, 13 },
	{ "flip", { { "players", "2" }, { "max_hands", "3" } }, 6 },
	{ "flip", { { "players", "2" }, { "jokers", "2" }, { "max_hands", "3" } }, 6 },
	{ "flip", { { "players", "3" }, { "max_hands", "3" } }, 6 },
	{ "flip",
	  { { "players", "3" }, { "jokers", "2" }, { "zilch", "true" }, { "max_hands", "3" } },
	  6 },
	{ "flip", { { "players", "4" }, { "jokers", "2" }, { "max_hands", "2" } }, 5 },
	{ "flip", { { "players", "5" }, { "zilch", "true" }, { "max_hands", "2" } }, 5 },
	{ "flip", { { "players", "7" }, { "jokers", "2" }, { "max_hands", "2" } }, 4 },
	{ "flip", { { "players", "9" }, { "max_hands", "2" } }, 4 },
	{ "flip", { { "players", "10" }, { "jokers", "2" }, { "max_hands", "2" } }, 4 },
};
#define NSETS ((int)(sizeof(sets) / sizeof(sets[0])))
static const char *suit_tok[] = { "C", "D", "H", "S" };
static const char *trump_tok[] = { "C", "D", "H", "S", "high", "low" };

/* a random position text: setups on a few hands, rest random */
static void make_deal(const struct rules *r, char *buf, size_t len)
{
	size_t o = 0;
	int nh = 1 + (int)(ext() % 3);

#define P(...) o += (size_t)snprintf(buf + o, len - o, __VA_ARGS__)
	P("dealer %d\n", (int)(ext() % (uint64_t)r->players));
	if (ext() % 2) {
		if (r->teams)
			P("scores %d %d\n", (int)(ext() % 60) - 30, (int)(ext() % 60) - 30);
		else {
			P("scores");
			for (int p = 0; p < r->players; p++)
				P(" %d", (int)(ext() % 20) - (r->variant == VAR_FLIP ? 10 : 0));
			P("\n");
		}
	}
	for (int h = 0; h < nh; h++) {
		int bidder = (int)(ext() % (uint64_t)r->players);
		P("hand\nrest random\n");
		switch (r->variant) {
		case VAR_HAMMERWALT:
			if (ext() % 4 == 0)
				break;
			if (ext() % 2)
				P("contract %d alone\n", bidder);
			else
				P("contract %d %d\n", bidder, 6 + (int)(ext() % 7));
			if (ext() % 2)
				P("trump %s\n", trump_tok[ext() % 6]);
			break;
		case VAR_INDIANA:
		case VAR_BLOOMINGTON:
			if (ext() % 4 == 0)
				break;
			if (ext() % 3 == 0)
				P("contract %d %s %s\n", bidder,
				  r->variant == VAR_INDIANA ? "moon" : "best", trump_tok[ext() % 6]);
			else
				P("contract %d %d %s\n", bidder, 1 + (int)(ext() % (uint64_t)r->cards_each),
				  trump_tok[ext() % 6]);
			break;
		case VAR_FIVEHAND: {
			int joker = ext() % 4 == 0;
			int up = (int)(ext() % 4);
			P("kitty %s\n", joker ? "JOKER" : (const char *[]){ "9C", "AD", "JH", "KS" }[up]);
			if (ext() % 4 == 0)
				break;
			if (ext() % 2)
				P(joker ? "contract %d order %s\n" : "contract %d order\n", bidder,
				  suit_tok[ext() % 4]);
			else
				P("contract %d %s\n", bidder, suit_tok[(up + 1 + ext() % 3) % 4]);
			if (ext() % 2)
				P("declare %s\n", ext() % 2 ? "partner" : "alone");
			break;
		}
		case VAR_FLIP:
			if (!(r->zilch || r->cards_each == 4) && ext() % 3) {
				P("bids");
				for (int p = 0; p < r->players; p++)
					P(" %d", r->min_bid + (int)(ext() % (uint64_t)(r->cards_each - r->min_bid + 1)));
				P("\n");
			}
			if (ext() % 2)
				P("calling %s\n", (const char *[]){ "BENNY", "CHARLIE", "JH", "9S" }[ext() % 4]);
			if (ext() % 2)
				P("burn %s\n", (const char *[]){ "BENNY", "CHARLIE", "QD", "10C" }[ext() % 4]);
			break;
		default:
			break;
		}
		if (ext() % 2)
			P("leader %d\n", (int)(ext() % (uint64_t)r->seats));
	}
#undef P
}


/* Plays one set's games: its digest. */
static uint64_t play_set(const struct set *st, int idx)
{
	struct rules r;
	char err[256];
	struct game *g = malloc(sizeof(*g));
	struct deal *d = malloc(sizeof(*d));
	static char text[8192];

	rules_init(&r, variant_parse(st->variant));
	for (int i = 0; i < 4 && st->opts[i][0]; i++)
		CHECK(rules_set_option(&r, st->opts[i][0], st->opts[i][1], err, sizeof(err)) == 0);
	CHECK(rules_finish(&r, err, sizeof(err)) == 0);
	H = 0xcbf29ce484222325ULL;
	for (int n = 0; n < st->games; n++) {
		const struct deal *dp = NULL;
		int full = n % 5 == 0, policy, steps = 0, rc;

		ext_state = (uint64_t)n * 7 + (uint64_t)idx * 1000000007ULL;
		if (ext() % 3 == 0) {
			make_deal(&r, text, sizeof(text));
			if (deal_parse(text, strlen(text), &r, d, err, sizeof(err)) >= 0)
				dp = d;
			else
				puts_(err);
		}
		rc = game_init(g, &r, ext(), dp, err, sizeof(err));
		put(rc);
		if (rc < 0) {
			puts_(err);
			continue;
		}
		policy = (int)(ext() % 5);
		while (!game_over(g) && steps++ < 20000) {
			struct move mv[MAX_MOVES], m;
			uint64_t pick;
			int k;

			put(state_digest(g));
			if (game_hand_over(g)) {
				CHECK(no_random_move(g));
				game_next_hand(g);
				continue;
			}
			questions(g, full);
			k = game_legal(g, mv);
			CHECK(k > 0);
			if (!k)
				break;
			pick = ext() % 10;
			if (policy == 0 || pick < 3) {
				m = mv[ext() % (uint64_t)k];
			} else if (policy == 1 || pick < 5) {
				builtin_greedy(g, &m);
			} else if (policy == 2 && mv[0].type == MOVE_PASS) {
				m = mv[0];
			} else {
				struct rng rr;

				rr.s[0] = ext() | 1; rr.s[1] = ext(); rr.s[2] = ext(); rr.s[3] = ext();
				builtin_random(g, &rr, &m);
			}
			put_move(&m);
			rc = game_apply(g, &m, err, sizeof(err));
			CHECK(rc == 0);
			if (rc < 0)
				break;
		}
		CHECK(!game_over(g) || no_random_move(g));
		put(state_digest(g));
	}
	free(d);
	free(g);
	return H;
}

/* The digests of the engine at 921da2d, in the order of sets[]. */
static const uint64_t pinned[] = {
	0xa4f130053dd08af8ULL, /* hammerwalt */
	0xfb6bcf13c9fde4e8ULL, /* hammerwalt */
	0x4b5aee3a8f8e92a7ULL, /* indiana */
	0x1e76dc9bba0bbbd2ULL, /* indiana */
	0xa2215b611b951b33ULL, /* bloomington */
	0xb9744174bf752b52ULL, /* bloomington */
	0x09641d3855a14048ULL, /* fivehand */
	0x6bc4e4fdab900062ULL, /* fivehand */
	0x53d546433090871dULL, /* flip */
	0xefabf65b82c99328ULL, /* flip */
	0x359fd60cb9d850ebULL, /* flip */
	0xb5506b5fba96ff83ULL, /* flip */
	0x514edcef15152d26ULL, /* flip */
	0x152948274f434f7cULL, /* flip */
	0xcdc76364e0a4fcd2ULL, /* flip */
	0x3db8febde474c730ULL, /* flip */
	0x5ba4285ae2e2e319ULL, /* flip */
};

int main(void)
{
	scratch = malloc(sizeof(*scratch));
	CHECK_INT(sizeof(pinned) / sizeof(pinned[0]), NSETS);
	for (int i = 0; i < NSETS; i++) {
		uint64_t h = play_set(&sets[i], i);

		printf("\t0x%016llxULL, /* %s */\n", (unsigned long long)h, sets[i].variant);
		if (i < (int)(sizeof(pinned) / sizeof(pinned[0])) && h != pinned[i]) {
			th_failed++;
			fprintf(stderr, "set %d (%s): digest %016llx, pinned %016llx\n", i,
				sets[i].variant, (unsigned long long)h, (unsigned long long)pinned[i]);
		}
	}
	free(scratch);
	return TEST_REPORT();
}
