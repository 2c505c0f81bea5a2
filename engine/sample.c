/*
 * sample.c - deals consistent with a seat's view (see sample.h).
 *
 * The view's events are read twice. Forward, to learn each hand's size now
 * and which plays showed a void (the trump in force and the led suit are
 * followed as the engine follows them, flip's Charlies and switches
 * included). Backward, from the places the cards are in now to the deal:
 * every card place is an "item", a card the seat knows or an unseen one;
 * undoing a play puts the played card back in its hand, undoing a pass
 * moves an item back to the giver, and undoing a play that showed a void
 * bars that suit from every unseen item in the hand at the time. When a
 * known card must leave a hand that holds it only among unseen items (a
 * card the seat passed, the turned card the dealer picked up, a calling
 * card taken by a switch), one unbarred unseen item of that hand becomes
 * it. At the deal the unseen cards (the deck less every known item) are
 * dealt to the unseen items, each kept off its barred kinds.
 */
#include "sample.h"

#include <stdio.h>
#include <string.h>

#define MAX_ITEMS (MAX_DECK + SAMPLE_MAX_HIDDEN)
#define HAND_ROOM 16
#define SHUFFLE_TRIES 16
#define FILL_TRIES 64
#define DRAW_TRIES 32

struct walk {
	const struct seat_view *v;
	struct rng *r;
	int nitems;
	card_t card[MAX_ITEMS];   /* CARD_NONE: an unseen card */
	uint32_t bar[MAX_ITEMS];  /* kinds an unseen item may not be (its voids) */
	int hand[MAX_SEATS][HAND_ROOM];
	int nhand[MAX_SEATS];
	int size[MAX_SEATS];      /* each hand's size now (forward pass) */
	uint32_t void_bar[MAX_EVENTS]; /* a play's void: the kinds its hand lacked */
	int hidden_item[MAX_EVENTS];   /* an unseen pass or discard: its item */
	int dead_played[MAX_HAND], ndead;
};

static int new_item(struct walk *w, card_t c)
{
	if (w->nitems >= MAX_ITEMS)
		return -1;
	w->card[w->nitems] = c;
	w->bar[w->nitems] = 0;
	return w->nitems++;
}

static int hand_push(struct walk *w, int s, int id)
{
	if (id < 0 || w->nhand[s] >= HAND_ROOM)
		return -1;
	w->hand[s][w->nhand[s]++] = id;
	return 0;
}

static int hand_drop(struct walk *w, int s, int i)
{
	int id = w->hand[s][i];

	w->hand[s][i] = w->hand[s][--w->nhand[s]];
	return id;
}

/*
 * Takes known card c out of hand s (walking back past the moment it came
 * in): the item that is c, else an unseen item not barred from c, drawn
 * uniformly, which becomes c. The item, or -1.
 */
static int hand_take_card(struct walk *w, int s, card_t c)
{
	int cand[HAND_ROOM], n = 0;

	for (int i = 0; i < w->nhand[s]; i++)
		if (w->card[w->hand[s][i]] == c)
			return hand_drop(w, s, i);
	for (int i = 0; i < w->nhand[s]; i++) {
		int id = w->hand[s][i];

		if (w->card[id] == CARD_NONE && !(w->bar[id] & CARD_BIT(c)))
			cand[n++] = i;
	}
	if (!n)
		return -1;
	n = cand[rng_below(w->r, (uint32_t)n)];
	w->card[w->hand[s][n]] = c;
	return hand_drop(w, s, n);
}

/* Forward: hand sizes now, and the kinds each void-showing play's hand lacked. */
static int walk_forward(struct walk *w)
{
	const struct seat_view *v = w->v;
	const struct rules *ru = &v->rules;
	card_t trick[MAX_SEATS];
	int ntrick = 0, trump = -1, flip = ru->variant == VAR_FLIP;

	for (int s = 0; s < ru->seats; s++)
		w->size[s] = ru->cards_each;
	for (int i = 0; i < v->nev; i++) {
		const struct event *e = &v->ev[i];

		w->void_bar[i] = 0;
		switch (e->type) {
		case EV_CALLING:
		case EV_SWITCH:
		case EV_FLIP:
			trump = game_flip_trump(e->card);
			break;
		case EV_TRUMP:
			trump = e->move.trump;
			break;
		case EV_PICKUP:
			w->size[e->seat]++;
			break;
		case EV_GIVE:
			w->size[e->seat]--;
			w->size[e->to]++;
			break;
		case EV_DISCARD:
			w->size[e->seat]--;
			break;
		case EV_TRICK:
			ntrick = 0;
			break;
		case EV_PLAY: {
			card_t c = e->card, led = CARD_NONE;

			if (trump < 0 || trump >= NTRUMPS || c >= NCARDS || ntrick >= MAX_SEATS)
				return -1;
			w->size[e->seat]--;
			if (flip && e->seat == ru->dead_seat) {
				if (w->ndead >= MAX_HAND)
					return -1;
				w->dead_played[w->ndead++] = c; /* its top card: shows nothing */
			} else if (flip) {
				for (int k = 0; k < ntrick && trick[0] != CARD_BENNY; k++)
					if (!card_is_joker(trick[k])) {
						led = trick[k];
						break;
					}
				if (led != CARD_NONE && !card_is_joker(c) &&
				    card_eff_suit[trump][c] != card_eff_suit[trump][led])
					w->void_bar[i] = suit_mask[trump][card_eff_suit[trump][led]] &
							 ~MASK_FLIP_JOKERS;
			} else if (ntrick) {
				uint32_t follow = card_follow_mask[trump][trick[0]];

				if (!(follow & CARD_BIT(c)))
					w->void_bar[i] = follow;
			}
			trick[ntrick++] = c;
			break;
		}
		default:
			break;
		}
	}
	for (int s = 0; s < ru->seats; s++)
		if (w->size[s] < 0 || w->size[s] > HAND_ROOM)
			return -1;
	return 0;
}

/* Backward: from the places now to the deal. */
static int walk_back(struct walk *w)
{
	const struct seat_view *v = w->v;
	const struct rules *ru = &v->rules;

	for (int s = 0; s < ru->seats; s++) {
		w->nhand[s] = 0;
		if (s == ru->dead_seat)
			continue;
		if (s == v->seat) {
			for (card_t c = 0; c < NCARDS; c++)
				for (int k = hand_count_of(&v->held, c); k > 0; k--)
					if (hand_push(w, s, new_item(w, c)) < 0)
						return -1;
			if (w->nhand[s] != w->size[s])
				return -1;
			continue;
		}
		for (int k = 0; k < w->size[s]; k++)
			if (hand_push(w, s, new_item(w, CARD_NONE)) < 0)
				return -1;
	}
	for (int i = v->nev - 1; i >= 0; i--) {
		const struct event *e = &v->ev[i];
		int s = e->seat, id;

		w->hidden_item[i] = -1;
		switch (e->type) {
		case EV_PLAY:
			if (s == ru->dead_seat)
				break;
			for (int k = 0; k < w->nhand[s]; k++)
				w->bar[w->hand[s][k]] |= w->void_bar[i];
			if (hand_push(w, s, new_item(w, e->card)) < 0)
				return -1;
			break;
		case EV_SWITCH:
			/* laid card (from the hand) e->card, took the old calling card e->card2 */
			if (hand_take_card(w, s, e->card2) < 0 ||
			    hand_push(w, s, new_item(w, e->card)) < 0)
				return -1;
			break;
		case EV_GIVE:
			if (e->card != CARD_NONE) {
				id = hand_take_card(w, e->to, e->card);
			} else {
				if (!w->nhand[e->to])
					return -1;
				id = hand_drop(w, e->to, (int)rng_below(w->r, (uint32_t)w->nhand[e->to]));
				w->hidden_item[i] = id;
			}
			if (hand_push(w, s, id) < 0)
				return -1;
			break;
		case EV_DISCARD:
			id = new_item(w, e->card);
			if (e->card == CARD_NONE)
				w->hidden_item[i] = id;
			if (hand_push(w, s, id) < 0)
				return -1;
			break;
		case EV_PICKUP:
			if (hand_take_card(w, s, e->card) < 0)
				return -1;
			break;
		default:
			break;
		}
	}
	for (int s = 0; s < ru->seats; s++)
		if (s != ru->dead_seat && w->nhand[s] != ru->cards_each)
			return -1;
	return 0;
}

/* The items of the deal in the engine's layout (sample.h); the count or -1. */
static int lay_out(struct walk *w, int *place)
{
	const struct seat_view *v = w->v;
	const struct rules *ru = &v->rules;
	int n = 0, k = ru->cards_each;
	card_t turnup = CARD_NONE, calling = CARD_NONE, burn = CARD_NONE;

	for (int i = 0; i < v->nev; i++) {
		if (v->ev[i].type == EV_TURNUP)
			turnup = v->ev[i].card;
		else if (v->ev[i].type == EV_CALLING)
			calling = v->ev[i].card;
		else if (v->ev[i].type == EV_FLIP && burn == CARD_NONE)
			burn = v->ev[i].card; /* the first Charlie turns the burn card up */
	}
	for (int s = 0; s < ru->seats; s++) {
		if (s == ru->dead_seat) {
			for (int i = 0; i < k; i++)
				place[n++] = new_item(w, i < w->ndead ? (card_t)w->dead_played[i]
								       : CARD_NONE);
			continue;
		}
		for (int i = 0; i < k; i++)
			place[n++] = w->hand[s][i];
	}
	if (ru->variant == VAR_FIVEHAND) {
		if (turnup == CARD_NONE)
			return -1;
		place[n++] = new_item(w, turnup);
	} else if (ru->variant == VAR_FLIP) {
		if (calling == CARD_NONE)
			return -1;
		place[n++] = new_item(w, burn);
		place[n++] = new_item(w, calling);
	}
	while (n < ru->deck_size)
		place[n++] = new_item(w, CARD_NONE);
	for (int i = 0; i < n; i++)
		if (place[i] < 0)
			return -1;
	return n;
}

/*
 * The cards in the order of how few places may take them (the rarest
 * first), each to a free place that may take it, drawn uniformly; 0 when
 * every card found a place.
 */
static int fill_by_card(struct walk *w, const int *slot, const card_t *unseen, int n,
			card_t *got)
{
	int order[MAX_DECK], room[MAX_DECK], taken[MAX_ITEMS] = { 0 };

	for (int i = 0; i < n; i++) {
		order[i] = i;
		room[i] = 0;
		for (int j = 0; j < n; j++)
			room[i] += !(w->bar[slot[j]] & CARD_BIT(unseen[i]));
	}
	for (int i = 1; i < n; i++) {
		int x = order[i], j = i;

		while (j > 0 && room[order[j - 1]] > room[x]) {
			order[j] = order[j - 1];
			j--;
		}
		order[j] = x;
	}
	for (int i = 0; i < n; i++) {
		card_t c = unseen[order[i]];
		int cand[MAX_ITEMS], nc = 0, pick;

		for (int j = 0; j < n; j++)
			if (!taken[j] && !(w->bar[slot[j]] & CARD_BIT(c)))
				cand[nc++] = j;
		if (!nc)
			return -1;
		pick = cand[rng_below(w->r, (uint32_t)nc)];
		taken[pick] = 1;
		got[pick] = c;
	}
	return 0;
}

/*
 * Deals the unseen cards (unseen[0..n)) to the unseen items (slot[0..n)),
 * each off its barred kinds: shuffles first (exactly uniform), then a
 * fill of the rarest cards first. 0 or -1.
 */
static int deal_unseen(struct walk *w, const int *slot, card_t *unseen, int n)
{
	card_t got[MAX_ITEMS];

	for (int t = 0; t < SHUFFLE_TRIES; t++) {
		int i;

		rng_shuffle(w->r, unseen, n);
		for (i = 0; i < n; i++)
			if (w->bar[slot[i]] & CARD_BIT(unseen[i]))
				break;
		if (i == n) {
			for (i = 0; i < n; i++)
				w->card[slot[i]] = unseen[i];
			return 0;
		}
	}
	for (int t = 0; t < FILL_TRIES; t++) {
		if (fill_by_card(w, slot, unseen, n, got) == 0) {
			for (int i = 0; i < n; i++)
				w->card[slot[i]] = got[i];
			return 0;
		}
	}
	return -1;
}

/*
 * One walk back and deal; -1 when a draw on the way made it inconsistent
 * (an unseen pass drew a card the seat knows went elsewhere), or when
 * the unseen cards found no places.
 */
static int draw_once(const struct seat_view *v, struct rng *r, struct sample *out)
{
	static struct walk zero;
	struct walk w = zero;
	const struct rules *ru = &v->rules;
	card_t deck[MAX_DECK], unseen[MAX_DECK];
	int place[MAX_ITEMS], slot[MAX_ITEMS], count[NCARDS] = { 0 }, n, nslot = 0, nunseen = 0;

	card_tables_init();
	w.v = v;
	w.r = r;
	if (walk_forward(&w) < 0 || walk_back(&w) < 0)
		return -1;
	n = lay_out(&w, place);
	if (n != ru->deck_size || game_deck(ru, deck) != n)
		return -1;
	for (int i = 0; i < n; i++)
		count[deck[i]]++;
	for (int i = 0; i < n; i++) {
		card_t c = w.card[place[i]];

		if (c == CARD_NONE)
			slot[nslot++] = place[i];
		else if (c >= NCARDS || --count[c] < 0)
			return -1;
	}
	for (card_t c = 0; c < NCARDS; c++)
		for (int k = count[c]; k > 0; k--)
			unseen[nunseen++] = c;
	if (nunseen != nslot || deal_unseen(&w, slot, unseen, nunseen) < 0)
		return -1;
	for (int i = 0; i < n; i++)
		out->deck[i] = w.card[place[i]];
	out->nhidden = 0;
	for (int i = 0; i < v->nev; i++) {
		if (w.hidden_item[i] < 0)
			continue;
		if (out->nhidden >= SAMPLE_MAX_HIDDEN)
			return -1;
		out->hidden[out->nhidden++] = w.card[w.hidden_item[i]];
	}
	return 0;
}

int sample_game(const struct seat_view *v, const struct sample *s, struct deal *scratch,
		struct game *g, char *err, size_t len)
{
	int h = 0;

	memset(scratch, 0, sizeof(*scratch));
	scratch->dealer = v->dealer;
	scratch->has_scores = 1;
	memcpy(scratch->scores, v->score, sizeof(scratch->scores));
	scratch->nhands = 1;
	memcpy(scratch->deck[0], s->deck, (size_t)v->rules.deck_size);
	if (game_init(g, &v->rules, 0, scratch, err, len) < 0)
		return -1;
	while (g->nev < v->nev) {
		const struct event *e = &v->ev[g->nev];
		struct move m;
		int before = g->nev;

		switch (e->type) {
		case EV_BID:
		case EV_TRUMP:
		case EV_DECLARE:
			m = e->move;
			break;
		case EV_GIVE:
		case EV_DISCARD:
			m = move_make(MOVE_CARD, -1, -1, e->card, CARD_NONE);
			if (e->card == CARD_NONE) {
				if (h >= s->nhidden) {
					snprintf(err, len, "event %d: no card for an unseen move", g->nev);
					return -1;
				}
				m.card = s->hidden[h++];
			}
			break;
		case EV_PLAY:
			m = move_make(MOVE_CARD, -1, -1, e->card, CARD_NONE);
			if (g->nev + 1 < v->nev && e[1].type == EV_SWITCH && e[1].seat == e->seat)
				m.swap = e[1].card;
			break;
		default:
			snprintf(err, len, "event %d: the game made no such event", g->nev);
			return -1;
		}
		if (game_decision(g) == DEC_NONE || game_to_move(g) != e->seat) {
			snprintf(err, len, "event %d: seat %d is not to move", g->nev, e->seat);
			return -1;
		}
		if (game_apply(g, &m, err, len) < 0)
			return -1;
		if (g->nev <= before)
			return -1;
	}
	g->hand_no = v->hand_no;
	return g->nev == v->nev ? 0 : -1;
}

int sample_deal(const struct seat_view *v, struct rng *r, struct sample *out)
{
	for (int t = 0; t < DRAW_TRIES; t++)
		if (draw_once(v, r, out) == 0)
			return 0;
	return -1;
}
