/*
 * euchre_api.c - libeuchre (euchre.h): the engine behind a stable C API.
 *
 * A thin wrapper: every rule is game.c's, every view view.c's, every
 * sampled deal sample.c's, every @search move search.c's. What is new
 * here is only what a library caller needs and the engine's own callers
 * did not: handles that hide the engine's structs (so that they can
 * change without breaking the API), error messages instead of trust in
 * the caller, action ids (a fixed list of every move a variant allows,
 * made from its rules), a seat's view read back from the protocol's
 * lines (as sample-bots/c-search does), and a fixed-length observation.
 * Pure like the engine: no I/O, no clock, no global state but the card
 * tables every game shares.
 */
#include "euchre.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "euchre_int.h"
#include "game.h"
#include "protocol.h"
#include "rng.h"
#include "rules.h"
#include "sample.h"
#include "search.h"
#include "util.h"
#include "view.h"

_Static_assert(EUCHRE_MAX_SEATS == MAX_SEATS, "seat counts agree");
_Static_assert(EUCHRE_MAX_MOVES == MAX_MOVES, "move counts agree");
_Static_assert(EUCHRE_MAX_HAND >= MAX_HAND + 3, "a hand in an exchange fits");
_Static_assert(EUCHRE_NCARDS == NCARDS, "card codes agree");
_Static_assert(EUCHRE_MAX_EVENTS == MAX_EVENTS, "event counts agree");
_Static_assert(EUCHRE_MOVE_TEXT >= MOVE_TEXT_ROOM, "move text fits");
_Static_assert((int)EUCHRE_EV_GAME_END == (int)EV_GAME_END && (int)EUCHRE_EV_PLAY == (int)EV_PLAY,
	       "events agree");
_Static_assert(sizeof(struct euchre_rng) == sizeof(struct rng), "generators agree");

/*
 * The action list: segments of moves of one type, in a fixed order.
 * Which segments a variant has, and how long each is, depends only on
 * its rules (the bids' range on the hand size, the cards on the deck),
 * so ids are the same for every game of the same variant and options.
 */
enum seg_kind {
	SEG_PASS, SEG_BID, SEG_BID_TRUMP, SEG_ALONE, SEG_MOON, SEG_BEST, SEG_TRUMP,
	SEG_ORDER, SEG_ORDER_SUIT, SEG_PARTNER, SEG_CARD, SEG_SWITCH, NSEGS
};

#define NBID_TRUMPS TRUMP_NONE /* C D H S high low */

struct layout {
	int variant;
	uint32_t kinds;        /* the deck's kinds: with the variant and n, they fix the rest */
	int n;                 /* ids in all */
	int start[NSEGS];      /* first id of each segment, -1 when the variant has none */
	int len[NSEGS];
	int ncards;            /* the deck's kinds, in order */
	card_t kind[NCARDS];
	int8_t kind_index[CARD_ROW]; /* a card's place among the kinds, -1 if not in the deck */
};

struct euchre_game {
	struct layout lay;
	struct game g; /* last: euchre_copy() copies only its events written */
};

struct euchre_view {
	struct seat_view v;
	struct rules rules;
	int have_rules;        /* the handshake is over: rules finished */
	int variant_seen;
	int score[MAX_SEATS];  /* after the last hand: the next hand's score */
	int bidder;
	int in_request;
};

static void set_err(char *err, size_t len, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void set_err(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	if (!err || !len)
		return;
	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
}

int euchre_api_version(void)
{
	return EUCHRE_API_VERSION;
}

void euchre_rng_seed(struct euchre_rng *r, uint64_t seed)
{
	rng_seed((struct rng *)(void *)r, seed);
}

uint32_t euchre_rng_below(struct euchre_rng *r, uint32_t n)
{
	return rng_below((struct rng *)(void *)r, n ? n : 1);
}

/* ---- the action list ------------------------------------------------- */

static void layout_make(const struct rules *r, struct layout *L)
{
	card_t deck[MAX_DECK];
	int nd = game_deck(r, deck), n = 0;
	uint32_t kinds = 0;
	int has[NSEGS] = { 0 };

	memset(L->kind_index, -1, sizeof(L->kind_index));
	for (int i = 0; i < nd; i++)
		kinds |= CARD_BIT(deck[i]);
	L->variant = r->variant;
	L->kinds = kinds;
	L->ncards = 0;
	for (uint32_t b = kinds; b; b &= b - 1) {
		card_t c = mask_first(b);

		L->kind_index[c] = (int8_t)L->ncards;
		L->kind[L->ncards++] = c;
	}
	switch (r->variant) {
	case VAR_HAMMERWALT:
		has[SEG_PASS] = has[SEG_BID] = has[SEG_ALONE] = has[SEG_TRUMP] = 1;
		break;
	case VAR_INDIANA:
		has[SEG_PASS] = has[SEG_BID_TRUMP] = has[SEG_MOON] = 1;
		break;
	case VAR_BLOOMINGTON:
		has[SEG_PASS] = has[SEG_BID_TRUMP] = has[SEG_BEST] = 1;
		break;
	case VAR_FIVEHAND:
		has[SEG_PASS] = has[SEG_ALONE] = has[SEG_TRUMP] = has[SEG_ORDER] = 1;
		has[SEG_ORDER_SUIT] = has[SEG_PARTNER] = 1;
		break;
	case VAR_FLIP:
		has[SEG_BID] = has[SEG_SWITCH] = 1;
		break;
	default:
		break;
	}
	has[SEG_CARD] = 1;
	for (int s = 0; s < NSEGS; s++) {
		static const int fixed[NSEGS] = {
			[SEG_PASS] = 1, [SEG_ALONE] = 1, [SEG_MOON] = NBID_TRUMPS,
			[SEG_BEST] = NBID_TRUMPS, [SEG_TRUMP] = NBID_TRUMPS, [SEG_ORDER] = 1,
			[SEG_ORDER_SUIT] = NSUITS, [SEG_PARTNER] = 1,
		};
		int len = fixed[s];

		if (s == SEG_BID)
			len = r->cards_each;
		else if (s == SEG_BID_TRUMP)
			len = r->cards_each * NBID_TRUMPS;
		else if (s == SEG_CARD)
			len = L->ncards;
		else if (s == SEG_SWITCH)
			len = L->ncards * L->ncards;
		L->start[s] = has[s] ? n : -1;
		L->len[s] = has[s] ? len : 0;
		n += L->len[s];
	}
	L->n = n;
}

/* The id of move m in L, or -1 when the list has no such move. */
static int layout_id(const struct layout *L, const struct move *m)
{
	int s, i;

	switch (m->type) {
	case MOVE_PASS: s = SEG_PASS; i = 0; break;
	case MOVE_BID:
		if (m->trump < 0) {
			s = SEG_BID;
			i = m->num - 1;
		} else {
			s = SEG_BID_TRUMP;
			i = m->trump < NBID_TRUMPS ? (m->num - 1) * NBID_TRUMPS + m->trump : -1;
		}
		break;
	case MOVE_ALONE: s = SEG_ALONE; i = 0; break;
	case MOVE_MOON: s = SEG_MOON; i = m->trump; break;
	case MOVE_BEST: s = SEG_BEST; i = m->trump; break;
	case MOVE_TRUMP: s = SEG_TRUMP; i = m->trump; break;
	case MOVE_ORDER:
		s = m->trump < 0 ? SEG_ORDER : SEG_ORDER_SUIT;
		i = m->trump < 0 ? 0 : m->trump;
		break;
	case MOVE_PARTNER: s = SEG_PARTNER; i = 0; break;
	case MOVE_CARD:
		if (m->card >= CARD_ROW || L->kind_index[m->card] < 0)
			return -1;
		if (m->swap == CARD_NONE) {
			s = SEG_CARD;
			i = L->kind_index[m->card];
		} else {
			if (m->swap >= CARD_ROW || L->kind_index[m->swap] < 0)
				return -1;
			s = SEG_SWITCH;
			i = L->kind_index[m->card] * L->ncards + L->kind_index[m->swap];
		}
		break;
	default:
		return -1;
	}
	if (L->start[s] < 0 || i < 0 || i >= L->len[s])
		return -1;
	return L->start[s] + i;
}

/* The move of id in L; 0, or -1 for an id out of range. */
static int layout_move(const struct layout *L, int id, struct move *m)
{
	int s, i;

	if (id < 0 || id >= L->n)
		return -1;
	/* most moves are plays: no walk over the segments for them */
	if (id >= L->start[SEG_CARD] && id < L->start[SEG_CARD] + L->len[SEG_CARD]) {
		*m = move_make(MOVE_CARD, -1, -1, L->kind[id - L->start[SEG_CARD]], CARD_NONE);
		return 0;
	}
	for (s = 0; s < NSEGS; s++)
		if (L->start[s] >= 0 && id < L->start[s] + L->len[s])
			break;
	i = id - L->start[s];
	*m = move_make(-1, -1, -1, CARD_NONE, CARD_NONE);
	switch (s) {
	case SEG_PASS: m->type = MOVE_PASS; break;
	case SEG_BID: *m = move_make(MOVE_BID, i + 1, -1, CARD_NONE, CARD_NONE); break;
	case SEG_BID_TRUMP:
		*m = move_make(MOVE_BID, i / NBID_TRUMPS + 1, i % NBID_TRUMPS, CARD_NONE, CARD_NONE);
		break;
	case SEG_ALONE: m->type = MOVE_ALONE; break;
	case SEG_MOON: *m = move_make(MOVE_MOON, -1, i, CARD_NONE, CARD_NONE); break;
	case SEG_BEST: *m = move_make(MOVE_BEST, -1, i, CARD_NONE, CARD_NONE); break;
	case SEG_TRUMP: *m = move_make(MOVE_TRUMP, -1, i, CARD_NONE, CARD_NONE); break;
	case SEG_ORDER: m->type = MOVE_ORDER; break;
	case SEG_ORDER_SUIT: *m = move_make(MOVE_ORDER, -1, i, CARD_NONE, CARD_NONE); break;
	case SEG_PARTNER: m->type = MOVE_PARTNER; break;
	case SEG_CARD: *m = move_make(MOVE_CARD, -1, -1, L->kind[i], CARD_NONE); break;
	case SEG_SWITCH:
		*m = move_make(MOVE_CARD, -1, -1, L->kind[i / L->ncards], L->kind[i % L->ncards]);
		break;
	default:
		return -1;
	}
	return 0;
}

/* ---- games ----------------------------------------------------------- */

/* Applies "k=v,k=v" (commas or blanks between pairs) to r. */
static int set_options(struct rules *r, const char *options, char *err, size_t len)
{
	const char *p = options;

	while (p && *p) {
		char pair[128], *eq;
		size_t n;

		p += strspn(p, ", \t");
		n = strcspn(p, ", \t");
		if (!n)
			break;
		if (n >= sizeof(pair)) {
			set_err(err, len, "option '%.20s...' is too long", p);
			return -1;
		}
		memcpy(pair, p, n);
		pair[n] = '\0';
		p += n;
		eq = strchr(pair, '=');
		if (!eq) {
			set_err(err, len, "option '%s' is not KEY=VALUE", pair);
			return -1;
		}
		*eq = '\0';
		if (rules_set_option(r, pair, eq + 1, err, len) < 0)
			return -1;
	}
	return 0;
}

euchre_game *euchre_new(const char *variant, const char *options, uint64_t seed, char *err,
			size_t len)
{
	struct rules r;
	euchre_game *eg;
	int v = variant ? variant_parse(variant) : -1;

	if (v < 0) {
		set_err(err, len, "unknown variant '%s' (hammerwalt, indiana, bloomington, "
			"fivehand or flip)", variant ? variant : "(null)");
		return NULL;
	}
	if (seed > 0x7fffffffffffffffULL) {
		set_err(err, len, "seed %llu is not from 0 to 2^63-1", (unsigned long long)seed);
		return NULL;
	}
	rules_init(&r, (enum variant)v);
	if (set_options(&r, options, err, len) < 0 || rules_finish(&r, err, len) < 0)
		return NULL;
	eg = xmalloc(sizeof(*eg));
	if (game_init(&eg->g, &r, seed, NULL, err, len) < 0) {
		free(eg);
		return NULL;
	}
	layout_make(&eg->g.rules, &eg->lay);
	return eg;
}

const struct game *euchre_game_engine(const euchre_game *g)
{
	return &g->g;
}

void euchre_free(euchre_game *g)
{
	free(g);
}

int euchre_copy(euchre_game *dst, const euchre_game *src)
{
	if (dst == src)
		return 0;
	/* a searcher copies between games of one variant: the list is the same */
	if (dst->lay.variant != src->lay.variant || dst->lay.n != src->lay.n ||
	    dst->lay.kinds != src->lay.kinds)
		dst->lay = src->lay;
	memcpy(&dst->g, &src->g, offsetof(struct game, ev) + (size_t)src->g.nev * sizeof(struct event));
	return 0;
}

euchre_game *euchre_clone(const euchre_game *g)
{
	euchre_game *c = xmalloc(sizeof(*c));

	c->lay = g->lay;
	euchre_copy(c, g);
	return c;
}

const char *euchre_variant(const euchre_game *g) { return variant_name(g->g.rules.variant); }
int euchre_players(const euchre_game *g) { return g->g.rules.players; }
int euchre_seats(const euchre_game *g) { return g->g.rules.seats; }
int euchre_teams(const euchre_game *g) { return g->g.rules.teams; }
int euchre_target(const euchre_game *g) { return g->g.rules.target; }
int euchre_cards_each(const euchre_game *g) { return g->g.rules.cards_each; }

int euchre_options_text(const euchre_game *g, char *buf, size_t len)
{
	const struct rules *r = &g->g.rules;
	struct strbuf sb = STRBUF_INIT;
	char value[64];
	int n;

	for (int i = 0; i < rules_option_count(r->variant); i++)
		strbuf_addf(&sb, "%s%s=%s", i ? "," : "", rules_option(r->variant, i)->name,
			    rules_option_text(r, i, value, sizeof(value)));
	n = snprintf(buf, len, "%s", sb.buf ? sb.buf : "");
	strbuf_release(&sb);
	return n;
}

int euchre_to_move(const euchre_game *g) { return game_to_move(&g->g); }
const char *euchre_decision(const euchre_game *g) { return decision_name(game_decision(&g->g)); }
int euchre_hand_over(const euchre_game *g) { return game_hand_over(&g->g); }
int euchre_game_over(const euchre_game *g) { return game_over(&g->g); }
int euchre_hand_no(const euchre_game *g) { return g->g.hand_no; }
int euchre_dealer(const euchre_game *g) { return g->g.dealer; }

int euchre_next_hand(euchre_game *g, char *err, size_t len)
{
	if (!game_hand_over(&g->g)) {
		set_err(err, len, "the hand is not over");
		return -1;
	}
	game_next_hand(&g->g);
	return 0;
}

static int player_ok(const euchre_game *g, int p)
{
	return p >= 0 && p < g->g.rules.players;
}

int euchre_score(const euchre_game *g, int player)
{
	return player_ok(g, player) ? game_seat_score(&g->g, player) : 0;
}

int euchre_team_score(const euchre_game *g, int team)
{
	return g->g.rules.teams && team >= 0 && team < g->g.rules.teams ? g->g.score[team] : -1;
}

int euchre_hand_points(const euchre_game *g, int player)
{
	if (!player_ok(g, player))
		return 0;
	return g->g.hand_points[g->g.rules.teams ? player % g->g.rules.teams : player];
}

int euchre_rank(const euchre_game *g, int player)
{
	return player_ok(g, player) && game_over(&g->g) ? g->g.ranks[player] : 0;
}

int euchre_tricks(const euchre_game *g, int seat)
{
	return seat >= 0 && seat < g->g.rules.seats ? g->g.tricks[seat] : 0;
}

/* ---- moves ----------------------------------------------------------- */

int euchre_action_count(const euchre_game *g)
{
	return g->lay.n;
}

int euchre_action_text(const euchre_game *g, int id, char *buf, size_t len)
{
	struct move m;

	if (layout_move(&g->lay, id, &m) < 0) {
		if (len)
			buf[0] = '\0';
		return -1;
	}
	return move_format(&m, buf, len);
}

/* The move of text[0..len) as an id of g's list, or -1 with a message. */
static int parse_id(const euchre_game *g, const char *text, size_t len, struct move *m,
		    char *err, size_t errlen)
{
	int id;

	if (!text || move_parse(text, len, m) < 0) {
		set_err(err, errlen, "'%.*s' is not a move", (int)(len > 40 ? 40 : len),
			text ? text : "");
		return -1;
	}
	id = layout_id(&g->lay, m);
	if (id < 0)
		set_err(err, errlen, "'%.*s' is not a move of %s", (int)(len > 40 ? 40 : len), text,
			variant_name(g->g.rules.variant));
	return id;
}

int euchre_action_parse(const euchre_game *g, const char *text, size_t len, char *err,
			size_t errlen)
{
	struct move m;

	return parse_id(g, text, len, &m, err, errlen);
}

int euchre_legal_ids(const euchre_game *g, int *ids, int max)
{
	uint32_t cards = game_card_moves(&g->g);
	struct move mv[MAX_MOVES];
	int n = 0, k;

	if (cards) {
		/* the common case: one card each, the deck's kinds in order */
		for (uint32_t b = cards; b; b &= b - 1, n++)
			if (n < max)
				ids[n] = g->lay.start[SEG_CARD] + g->lay.kind_index[mask_first(b)];
		return n;
	}
	k = game_legal(&g->g, mv);
	for (int i = 0; i < k && i < max; i++)
		ids[i] = layout_id(&g->lay, &mv[i]);
	return k;
}

int euchre_legal_text(const euchre_game *g, char *buf, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	int n;

	protocol_legal(&g->g, &sb);
	n = snprintf(buf, len, "%s", sb.buf ? sb.buf : "");
	strbuf_release(&sb);
	return n;
}

int euchre_is_legal(const euchre_game *g, int id)
{
	int ids[MAX_MOVES], n = euchre_legal_ids(g, ids, MAX_MOVES);

	for (int i = 0; i < n; i++)
		if (ids[i] == id)
			return 1;
	return 0;
}

static int apply_move(euchre_game *g, const struct move *m, char *err, size_t len)
{
	if (game_decision(&g->g) == DEC_NONE) {
		set_err(err, len, game_over(&g->g) ? "the game is over" : "the hand is over");
		return -1;
	}
	return game_apply(&g->g, m, err, len);
}

int euchre_apply_id(euchre_game *g, int id, char *err, size_t len)
{
	struct move m;

	if (layout_move(&g->lay, id, &m) < 0) {
		set_err(err, len, "action %d is not from 0 to %d", id, g->lay.n - 1);
		return -1;
	}
	return apply_move(g, &m, err, len);
}

int euchre_apply_text(euchre_game *g, const char *text, size_t len, char *err, size_t errlen)
{
	struct move m;

	if (parse_id(g, text, len, &m, err, errlen) < 0)
		return -1;
	return apply_move(g, &m, err, errlen);
}

int euchre_random_move(const euchre_game *g, struct euchre_rng *r)
{
	struct move m;

	if (game_legal_random(&g->g, (struct rng *)(void *)r, &m) < 0)
		return -1;
	return layout_id(&g->lay, &m);
}

int euchre_greedy_move(const euchre_game *g)
{
	struct move m;

	if (builtin_greedy(&g->g, &m) < 0)
		return -1;
	return layout_id(&g->lay, &m);
}

/* ---- cards ----------------------------------------------------------- */

const char *euchre_card_name(int card)
{
	return card >= 0 && card < NCARDS ? card_name((card_t)card) : "?";
}

int euchre_card_parse(const char *s, size_t len)
{
	card_t c;

	return s && card_parse(s, len, &c) == (int)len && len ? c : -1;
}

/* The cards of h ascending, twins repeated: the count, at most max written. */
static int hand_cards(const struct hand *h, int *cards, int max)
{
	int n = 0;

	for (uint32_t b = h->one; b; b &= b - 1) {
		card_t c = mask_first(b);

		for (int k = hand_count_of(h, c); k > 0; k--, n++)
			if (n < max)
				cards[n] = c;
	}
	return n;
}

int euchre_hand(const euchre_game *g, int seat, int *cards, int max)
{
	if (seat < 0 || seat >= g->g.rules.seats)
		return 0;
	return hand_cards(&g->g.hand[seat], cards, max);
}

int euchre_deck_kinds(const euchre_game *g, int *cards, int max)
{
	for (int i = 0; i < g->lay.ncards && i < max; i++)
		cards[i] = g->lay.kind[i];
	return g->lay.ncards;
}

/* ---- events and views -------------------------------------------------- */

int euchre_event_count(const euchre_game *g)
{
	return g->g.nev;
}

int euchre_events_text(const euchre_game *g, int seat, int from, char *buf, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	int n;

	if (seat < -1 || seat >= g->g.rules.seats)
		seat = VIEW_ALL;
	for (int i = from < 0 ? 0 : from; i < g->g.nev; i++)
		view_event(&g->g, &g->g.ev[i], seat, &sb);
	n = snprintf(buf, len, "%s", sb.buf ? sb.buf : "");
	strbuf_release(&sb);
	return n;
}

int euchre_view_text(const euchre_game *g, int seat, char *buf, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	int n;

	if (seat < 0 || seat >= g->g.rules.players) {
		if (len)
			buf[0] = '\0';
		return -1;
	}
	view_render(&g->g, seat, &sb);
	n = snprintf(buf, len, "%s", sb.buf ? sb.buf : "");
	strbuf_release(&sb);
	return n;
}

euchre_view *euchre_view_new(void)
{
	euchre_view *v = xcalloc(1, sizeof(*v));

	rules_init(&v->rules, VAR_HAMMERWALT);
	v->bidder = -1;
	return v;
}

void euchre_view_free(euchre_view *v)
{
	free(v);
}

int euchre_view_take(euchre_view *v, const euchre_game *g, int seat, char *err, size_t len)
{
	if (seat < 0 || seat >= g->g.rules.players) {
		set_err(err, len, "seat %d is not a player (0 to %d)", seat, g->g.rules.players - 1);
		return -1;
	}
	view_seat(&g->g, seat, &v->v);
	v->rules = g->g.rules;
	v->have_rules = 1;
	return 0;
}

/* The card named by the word at s (up to a space or the end), or CARD_NONE. */
static card_t word_card(const char *s)
{
	size_t n = strcspn(s, " ");
	card_t c;

	return card_parse(s, n, &c) == (int)n ? c : CARD_NONE;
}

static int push(struct seat_view *v, int type, int seat, int to, card_t c, card_t c2,
		const struct move *m)
{
	struct event *e;

	if (v->nev >= MAX_EVENTS)
		return -1;
	e = &v->ev[v->nev++];
	e->type = (uint8_t)type;
	e->seat = (int8_t)seat;
	e->to = (int8_t)to;
	e->card = c;
	e->card2 = c2;
	e->move = m ? *m : move_make(-1, -1, -1, CARD_NONE, CARD_NONE);
	return 0;
}

/* The cards of a "held"/"cards" list ("9C 9C JH", "-" for none). */
static struct hand read_hand(const char *s)
{
	struct hand h = { 0, 0 };

	while (*s && *s != '-') {
		card_t c = word_card(s);

		if (c != CARD_NONE)
			hand_add(&h, c);
		s += strcspn(s, " ");
		s += *s == ' ';
	}
	return h;
}

static int handshake_line(euchre_view *v, const char *line, char *err, size_t len)
{
	char key[64], value[64];
	int variant;

	if (sscanf(line, "variant %63s", value) == 1) {
		if ((variant = variant_parse(value)) < 0) {
			set_err(err, len, "unknown variant '%s'", value);
			return -1;
		}
		rules_init(&v->rules, (enum variant)variant);
		v->variant_seen = 1;
	} else if (sscanf(line, "option %63s %63s", key, value) == 2) {
		return rules_set_option(&v->rules, key, value, err, len);
	} else if (sscanf(line, "players %63s", value) == 1 && v->rules.variant == VAR_FLIP) {
		return rules_set_option(&v->rules, "players", value, err, len);
	} else if (sscanf(line, "seat %d", &v->v.seat) == 1) {
		;
	}
	return 0;
}

/*
 * Are a and b seats of the view's game (flip's dead hand included)? The
 * sampler indexes its arrays by the seats of the events, so a line that
 * names another number is an error (set in err), never an event.
 */
static int seats_ok(const euchre_view *v, const char *line, int a, int b, char *err, size_t len)
{
	int n = v->rules.seats;

	if (a >= 0 && a < n && b >= 0 && b < n)
		return 1;
	set_err(err, len, "event line '%.60s' names a seat that is not one of 0 to %d", line, n - 1);
	return 0;
}

/* One event line (protocol.md, "Events"), appended to the hand's events. */
static int event_line(euchre_view *v, const char *line, char *err, size_t len)
{
	struct seat_view *sv = &v->v;
	int a, b, n, r = 0;
	struct move m;
	const char *p;

	if (sscanf(line, "hand %d dealer %d", &a, &b) == 2) {
		sv->nev = 0;
		sv->hand_no = a;
		sv->dealer = b;
		memcpy(sv->score, v->score, sizeof(v->score));
		r = !seats_ok(v, line, b, b, err, len) ? -2 : push(sv, EV_DEAL, b, -1, CARD_NONE, CARD_NONE, NULL);
	} else if (!strncmp(line, "cards ", 6)) {
		sv->dealt = sv->held = read_hand(line + 6);
	} else if (!strncmp(line, "turnup ", 7)) {
		r = push(sv, EV_TURNUP, -1, -1, word_card(line + 7), CARD_NONE, NULL);
	} else if (!strncmp(line, "calling ", 8)) {
		r = push(sv, EV_CALLING, -1, -1, word_card(line + 8), CARD_NONE, NULL);
	} else if (sscanf(line, "bid %d %n", &a, &n) == 1 &&
		   move_parse(line + n, strlen(line + n), &m) >= 0) {
		r = !seats_ok(v, line, a, a, err, len) ? -2 : push(sv, EV_BID, a, -1, CARD_NONE, CARD_NONE, &m);
	} else if (sscanf(line, "contract %d %n", &a, &n) == 1 &&
		   move_parse(line + n, strlen(line + n), &m) >= 0) {
		if (!seats_ok(v, line, a, a, err, len))
			return -1;
		v->bidder = a;
		r = push(sv, EV_CONTRACT, a, -1, CARD_NONE, CARD_NONE, &m);
	} else if (!strncmp(line, "trump ", 6) && move_parse(line + 6, strlen(line + 6), &m) >= 0) {
		r = push(sv, EV_TRUMP, v->bidder, -1, CARD_NONE, CARD_NONE, &m);
	} else if (sscanf(line, "declare %d partner %d", &a, &b) == 2) {
		m = move_make(MOVE_PARTNER, -1, -1, CARD_NONE, CARD_NONE);
		r = !seats_ok(v, line, a, b, err, len) ? -2 : push(sv, EV_DECLARE, a, b, CARD_NONE, CARD_NONE, &m);
	} else if (sscanf(line, "declare %d alone", &a) == 1) {
		m = move_make(MOVE_ALONE, -1, -1, CARD_NONE, CARD_NONE);
		r = !seats_ok(v, line, a, a, err, len) ? -2 : push(sv, EV_DECLARE, a, -1, CARD_NONE, CARD_NONE, &m);
	} else if (sscanf(line, "pickup %d %n", &a, &n) == 1) {
		r = !seats_ok(v, line, a, a, err, len) ? -2 : push(sv, EV_PICKUP, a, -1, word_card(line + n), CARD_NONE, NULL);
	} else if (sscanf(line, "give %d %d%n", &a, &b, &n) == 2) {
		p = line + n;
		r = !seats_ok(v, line, a, b, err, len) ? -2 : push(sv, EV_GIVE, a, b, *p == ' ' ? word_card(p + 1) : CARD_NONE, CARD_NONE, NULL);
	} else if (sscanf(line, "discard %d%n", &a, &n) == 1) {
		p = line + n;
		r = !seats_ok(v, line, a, a, err, len) ? -2 : push(sv, EV_DISCARD, a, -1, *p == ' ' ? word_card(p + 1) : CARD_NONE, CARD_NONE,
			 NULL);
	} else if (sscanf(line, "sitout %d", &a) == 1) {
		r = !seats_ok(v, line, a, a, err, len) ? -2 : push(sv, EV_SITOUT, a, -1, CARD_NONE, CARD_NONE, NULL);
	} else if (sscanf(line, "play %d %n", &a, &n) == 1) {
		r = !seats_ok(v, line, a, a, err, len) ? -2 : push(sv, EV_PLAY, a, -1, word_card(line + n), CARD_NONE, NULL);
	} else if (sscanf(line, "switch %d %n", &a, &n) == 1) {
		p = line + n;
		r = !seats_ok(v, line, a, a, err, len) ? -2 : push(sv, EV_SWITCH, a, -1, word_card(p), word_card(p + strcspn(p, " ") + 1), NULL);
	} else if (sscanf(line, "flip %d %n", &a, &n) == 1) {
		r = !seats_ok(v, line, a, a, err, len) ? -2 : push(sv, EV_FLIP, a, -1, word_card(line + n), CARD_NONE, NULL);
	} else if (sscanf(line, "trick %d winner %d", &a, &b) == 2) {
		r = !seats_ok(v, line, b, b, err, len) ? -2 : push(sv, EV_TRICK, b, a, CARD_NONE, CARD_NONE, NULL);
	} else if (!strncmp(line, "handend ", 8) && (p = strstr(line, " score "))) {
		p += 7;
		for (int i = 0; i < MAX_SEATS && *p; i++) {
			char *end;

			v->score[i] = (int)strtol(p, &end, 10);
			if (end == p)
				break;
			p = end + (*end == ' ');
		}
	} else if (!strncmp(line, "redeal", 6) || !strncmp(line, "gameover", 8) ||
		   !strncmp(line, "handend", 7)) {
		;
	} else {
		set_err(err, len, "event line '%.60s' is not understood", line);
		return -1;
	}
	if (r == -2)
		return -1; /* a seat out of range: seats_ok() said so */
	if (r < 0) {
		set_err(err, len, "more than %d events in a hand", MAX_EVENTS);
		return -1;
	}
	return 0;
}

int euchre_view_feed(euchre_view *v, const char *line, size_t len, char *err, size_t errlen)
{
	char buf[8192];

	if (!line || len >= sizeof(buf)) {
		set_err(err, errlen, "a line of %zu bytes is longer than any the referee sends", len);
		return -1;
	}
	memcpy(buf, line, len);
	buf[len] = '\0';
	buf[strcspn(buf, "\r\n")] = '\0';
	if (!strncmp(buf, "request ", 8)) {
		v->in_request = 1;
		return 0;
	}
	if (v->in_request) {
		if (!strncmp(buf, "legal ", 6)) {
			v->in_request = 0;
			return 1;
		}
		if (!strncmp(buf, "held ", 5))
			v->v.held = read_hand(buf + 5);
		return 0;
	}
	if (!v->have_rules) {
		if (strncmp(buf, "hand ", 5))
			return handshake_line(v, buf, err, errlen);
		if (!v->variant_seen) {
			set_err(err, errlen, "a hand starts before the handshake named the variant");
			return -1;
		}
		if (rules_finish(&v->rules, err, errlen) < 0)
			return -1;
		if (v->v.seat < 0 || v->v.seat >= v->rules.players) {
			set_err(err, errlen, "the handshake's seat %d is not a player (0 to %d)",
				v->v.seat, v->rules.players - 1);
			return -1;
		}
		v->v.rules = v->rules;
		v->have_rules = 1;
	}
	if (!strcmp(buf, "quit") || !buf[0])
		return 0;
	return event_line(v, buf, err, errlen);
}

static void event_out(const struct layout *L, const struct event *e, struct euchre_event *o)
{
	o->type = e->type;
	o->seat = e->seat;
	o->to = e->to;
	o->card = e->card < NCARDS ? e->card : -1;
	o->card2 = e->card2 < NCARDS ? e->card2 : -1;
	o->move = -1;
	o->trump = -1;
	/* a trump event's move is the contract in some variants: its trump alone is said */
	if (e->type == EV_TRUMP)
		o->trump = e->move.trump;
	else if (e->type == EV_BID || e->type == EV_CONTRACT || e->type == EV_DECLARE)
		o->move = layout_id(L, &e->move);
}

int euchre_view_info(const euchre_view *v, struct euchre_view_info *out)
{
	struct layout L;
	const struct seat_view *sv = &v->v;

	if (!v->have_rules)
		return -1;
	layout_make(&v->rules, &L);
	memset(out, 0, sizeof(*out));
	out->seat = sv->seat;
	out->dealer = sv->dealer;
	out->hand_no = sv->hand_no;
	out->players = v->rules.players;
	out->seats = v->rules.seats;
	out->teams = v->rules.teams;
	memcpy(out->score, sv->score, sizeof(out->score));
	out->ndealt = hand_cards(&sv->dealt, out->dealt, EUCHRE_MAX_HAND);
	out->nheld = hand_cards(&sv->held, out->held, EUCHRE_MAX_HAND);
	out->nev = sv->nev;
	for (int i = 0; i < sv->nev; i++)
		event_out(&L, &sv->ev[i], &out->ev[i]);
	return 0;
}

/* ---- sampling and search --------------------------------------------------- */

int euchre_sample(const euchre_view *v, struct euchre_rng *r, euchre_game *out, char *err,
		  size_t len)
{
	struct rng *rg = (struct rng *)(void *)r;
	struct sample s;
	struct deal *scratch;
	int rc = -1;

	if (!v->have_rules || v->v.nev == 0) {
		set_err(err, len, "the view holds no hand yet");
		return -1;
	}
	if (sample_deal(&v->v, rg, &s) < 0) {
		set_err(err, len, "no deal agrees with the view");
		return -1;
	}
	scratch = xmalloc(sizeof(*scratch));
	if (sample_game(&v->v, &s, scratch, &out->g, err, len) == 0) {
		/*
		 * The explicit deal is read only when a hand starts (its one
		 * hand is this one) and at the play's start for a setup, and
		 * the scratch sets none: the game needs it no more.
		 */
		out->g.deal = NULL;
		rng_seed(&out->g.rng, rng_next(rg) >> 1);
		layout_make(&out->g.rules, &out->lay);
		rc = 0;
	}
	free(scratch);
	return rc;
}

int euchre_search_move(const euchre_view *v, int effort, struct euchre_rng *r)
{
	struct move m;
	struct layout L;

	if (v->have_rules && effort == 0)
		effort = search_default_effort(v->rules.variant);
	if (!v->have_rules || effort < 1 || effort > SEARCH_MAX_EFFORT ||
	    search_move(&v->v, effort, (struct rng *)(void *)r, &m) < 0)
		return -1;
	layout_make(&v->rules, &L);
	return layout_id(&L, &m);
}
