/*
 * euchre_obs.c - libeuchre's fixed-length observation of a seat
 * (euchre.h: euchre_observe), for learners that want a vector, not text.
 *
 * Made from view_seat()'s struct seat_view and nothing else, so that it
 * can hold no card the seat may not see: two games that differ only in
 * hidden cards give the same vector. The fields are one table (obs_fields
 * below), which fixes their order and length for a variant and its
 * options; docs/library.md describes each. Seats are relative to the
 * observing seat (0 = itself, 1 = the next clockwise, ...), scores to its
 * side (0 = its own team or itself), so that one policy serves every seat.
 */
#include "euchre.h"

#include <string.h>

#include "euchre_int.h"
#include "game.h"
#include "view.h"

/* The lengths a field's size is made of. */
enum unit { U_ONE, U_CARDS, U_SEATS, U_SEATS1, U_SEATS_CARDS, U_SCORES, U_TRUMPS, U_DECISIONS };

struct obs_field {
	const char *name;
	enum unit unit;
};

/* The one list of fields, in order (docs/library.md, "Observations"). */
static const struct obs_field obs_fields[] = {
	{ "held", U_CARDS },        /* copies of each kind the seat holds (0, 1 or 2) */
	{ "played", U_CARDS },      /* copies of each kind played this hand */
	{ "trick", U_SEATS_CARDS }, /* per relative seat: its card in the current trick */
	{ "gave", U_CARDS },        /* cards the seat gave or discarded this hand */
	{ "received", U_CARDS },    /* cards given to the seat this hand */
	{ "upcard", U_CARDS },      /* five-hand's turned card, flip's calling card now */
	{ "trump", U_TRUMPS },      /* C D H S high low, then: none named yet */
	{ "dealer", U_SEATS },      /* relative seat of the dealer */
	{ "bidder", U_SEATS1 },     /* relative seat of the contract's bidder, then: none */
	{ "contract", U_ONE },      /* the contract's tricks / cards each (0: none, or no number) */
	{ "bonus", U_ONE },         /* 1 for alone, moon or best */
	{ "bids", U_SEATS },        /* per relative seat: its last bid's tricks / cards each */
	{ "passed", U_SEATS },      /* per relative seat: 1 once it passed this hand */
	{ "partner", U_SEATS1 },    /* five-hand: the bidder's partner, then: none */
	{ "sitout", U_SEATS },      /* per relative seat: 1 when it sits this hand out */
	{ "tricks", U_SEATS },      /* per relative seat: tricks taken / cards each */
	{ "score", U_SCORES },      /* per side from the seat's own: score / target */
	{ "decision", U_DECISIONS },/* none bid trump declare give discard play, for this seat */
	{ "hand", U_ONE },          /* the hand's number / max_hands */
};
#define NFIELDS ((int)(sizeof(obs_fields) / sizeof(obs_fields[0])))

struct dims {
	int cards, seats, scores;
	card_t kind[NCARDS];
	int8_t index[CARD_ROW];
};

/* The dimensions of g's observation: its deck's kinds from the action list, made once. */
static void dims_make(const euchre_game *eg, struct dims *d)
{
	const struct rules *r = &euchre_game_engine(eg)->rules;
	int kinds[NCARDS];

	memset(d->index, -1, sizeof(d->index));
	d->cards = euchre_deck_kinds(eg, kinds, NCARDS);
	for (int i = 0; i < d->cards; i++) {
		d->kind[i] = (card_t)kinds[i];
		d->index[kinds[i]] = (int8_t)i;
	}
	d->seats = r->seats;
	d->scores = r->teams ? r->teams : r->players;
}

static int unit_len(const struct dims *d, enum unit u)
{
	switch (u) {
	case U_ONE: return 1;
	case U_CARDS: return d->cards;
	case U_SEATS: return d->seats;
	case U_SEATS1: return d->seats + 1;
	case U_SEATS_CARDS: return d->seats * d->cards;
	case U_SCORES: return d->scores;
	case U_TRUMPS: return NTRUMPS - 1 + 1;
	case U_DECISIONS: return DEC_PLAY + 1;
	}
	return 0;
}

static int obs_size(const euchre_game *eg, struct dims *d)
{
	int n = 0;

	dims_make(eg, d);
	for (int i = 0; i < NFIELDS; i++)
		n += unit_len(d, obs_fields[i].unit);
	return n;
}

/* The offsets of every field, for the writer below. */
struct at {
	float *f[NFIELDS];
};

int euchre_obs_size(const euchre_game *g)
{
	struct dims d;

	return obs_size(g, &d);
}

const char *euchre_obs_field(const euchre_game *g, int i, int *offset, int *length)
{
	struct dims d;
	int off = 0;

	if (i < 0 || i >= NFIELDS)
		return NULL;
	obs_size(g, &d);
	for (int k = 0; k < i; k++)
		off += unit_len(&d, obs_fields[k].unit);
	if (offset)
		*offset = off;
	if (length)
		*length = unit_len(&d, obs_fields[i].unit);
	return obs_fields[i].name;
}

static void add_cards(float *f, const struct dims *d, card_t c)
{
	if (c < CARD_ROW && d->index[c] >= 0)
		f[d->index[c]] += 1.0f;
}

int euchre_observe(const euchre_game *eg, int seat, float *out, int n)
{
	const struct game *g = euchre_game_engine(eg);
	const struct rules *r = &g->rules;
	struct seat_view v;
	struct dims d;
	struct at at;
	int size = obs_size(eg, &d), off = 0, S = d.seats, trump = -1, bidder = -1, partner = -1;
	int ntrick = 0, trick_seat[MAX_SEATS];
	card_t trick_card[MAX_SEATS], upcard = CARD_NONE;
	float ce = (float)r->cards_each;

	if (seat < 0 || seat >= r->players || n < size)
		return -1;
	memset(out, 0, sizeof(float) * (size_t)size);
	for (int i = 0; i < NFIELDS; i++) {
		at.f[i] = out + off;
		off += unit_len(&d, obs_fields[i].unit);
	}
	view_seat(g, seat, &v);
#define REL(s) (((s) - seat + S) % S)
	for (uint32_t b = v.held.one; b; b &= b - 1)
		add_cards(at.f[0], &d, mask_first(b));
	for (uint32_t b = v.held.two; b; b &= b - 1)
		add_cards(at.f[0], &d, mask_first(b));
	for (int i = 0; i < v.nev; i++) {
		const struct event *e = &v.ev[i];

		switch (e->type) {
		case EV_TURNUP:
		case EV_CALLING:
			upcard = e->card;
			break;
		case EV_SWITCH:
		case EV_FLIP:
			upcard = e->card;
			break;
		case EV_BID:
			if (e->move.type == MOVE_PASS)
				at.f[12][REL(e->seat)] = 1.0f;
			else if (e->move.num > 0)
				at.f[11][REL(e->seat)] = (float)e->move.num / ce;
			else
				at.f[11][REL(e->seat)] = 1.0f;
			break;
		case EV_CONTRACT:
			bidder = e->seat;
			if (e->move.num > 0)
				at.f[9][0] = (float)e->move.num / ce;
			if (e->move.type == MOVE_ALONE || e->move.type == MOVE_MOON ||
			    e->move.type == MOVE_BEST)
				at.f[10][0] = 1.0f;
			if (e->move.trump >= 0 && e->move.trump < TRUMP_NONE)
				trump = e->move.trump;
			break;
		case EV_TRUMP:
			trump = e->move.trump;
			break;
		case EV_DECLARE:
			if (e->move.type == MOVE_ALONE)
				at.f[10][0] = 1.0f;
			partner = e->to;
			break;
		case EV_GIVE:
			if (e->seat == seat)
				add_cards(at.f[3], &d, e->card);
			if (e->to == seat)
				add_cards(at.f[4], &d, e->card);
			break;
		case EV_DISCARD:
			if (e->seat == seat)
				add_cards(at.f[3], &d, e->card);
			break;
		case EV_SITOUT:
			at.f[14][REL(e->seat)] = 1.0f;
			break;
		case EV_PLAY:
			add_cards(at.f[1], &d, e->card);
			if (ntrick < MAX_SEATS) {
				trick_seat[ntrick] = e->seat;
				trick_card[ntrick++] = e->card;
			}
			break;
		case EV_TRICK:
			ntrick = 0;
			at.f[15][REL(e->seat)] += 1.0f / ce;
			break;
		default:
			break;
		}
	}
	if (r->variant == VAR_FLIP && upcard != CARD_NONE)
		trump = game_flip_trump(upcard);
	for (int i = 0; i < ntrick; i++)
		add_cards(at.f[2] + REL(trick_seat[i]) * d.cards, &d, trick_card[i]);
	add_cards(at.f[5], &d, upcard);
	at.f[6][trump >= 0 && trump < NTRUMPS - 1 ? trump : NTRUMPS - 1] = 1.0f;
	at.f[7][REL(v.dealer)] = 1.0f;
	at.f[8][bidder >= 0 ? REL(bidder) : S] = 1.0f;
	at.f[13][partner >= 0 ? REL(partner) : S] = 1.0f;
	for (int k = 0; k < d.scores; k++) {
		int me = r->teams ? seat % r->teams : seat;
		int side = (me + k) % d.scores;

		at.f[16][k] = (float)g->score[side] / (float)(r->target ? r->target : 1);
	}
	at.f[17][game_to_move(g) == seat ? (int)game_decision(g) : (int)DEC_NONE] = 1.0f;
	at.f[18][0] = (float)v.hand_no / (float)(r->max_hands ? r->max_hands : 1);
#undef REL
	return size;
}
