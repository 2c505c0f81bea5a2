/*
 * redeal.h - for the information tests (test_view.c, test_search.c): the
 * cards a seat cannot see re-dealt among the places that hold them, so a
 * test can ask that what the seat sees, or does, stays the same. Static
 * functions in a header, as scenario.h: each test includes what it uses.
 */
#ifndef REDEAL_H
#define REDEAL_H

#include <string.h>

#include "game.h"
#include "rng.h"

#define POOL 64

/* Cards of a hand, with twins, in kind order. */
static int hand_cards(const struct hand *h, card_t *out)
{
	int n = 0;

	for (card_t c = 0; c < NCARDS; c++)
		for (int k = hand_count_of(h, c); k > 0; k--)
			out[n++] = c;
	return n;
}

static int burn_seen(const struct game *g)
{
	for (int i = 0; i < g->nev; i++)
		if (g->ev[i].type == EV_FLIP)
			return 1;
	return 0;
}

/* Re-deals every card seat s cannot see among the places holding them (the dead hand kept whole). */
static void redeal_hidden(struct game *g, int s, struct rng *r)
{
	const struct rules *ru = &g->rules;
	card_t pool[POOL * 2], *single[POOL];
	struct hand *hands[MAX_SEATS + 2];
	int sizes[MAX_SEATS + 2], nh = 0, ns = 0, n = 0, k = 0;

	for (int t = 0; t < ru->seats; t++) {
		if (t == s || t == ru->dead_seat)
			continue;
		hands[nh] = &g->hand[t];
		sizes[nh] = hand_cards(&g->hand[t], pool + n);
		n += sizes[nh++];
	}
	if (ru->variant == VAR_FIVEHAND) {
		for (int i = 1; i < 4; i++)
			single[ns++] = &g->kitty[i];
	}
	if (ru->variant == VAR_FLIP) {
		hands[nh] = &g->stock;
		sizes[nh] = hand_cards(&g->stock, pool + n);
		n += sizes[nh++];
		if (!burn_seen(g))
			single[ns++] = &g->burn;
		for (int i = g->dead_pos; i < ru->cards_each && ru->dead_seat >= 0; i++)
			single[ns++] = &g->dead[i];
	}
	for (int i = 0; i < g->nev; i++) {
		struct event *e = &g->ev[i];

		if ((e->type == EV_GIVE && e->seat != s && e->to != s) ||
		    (e->type == EV_DISCARD && e->seat != s))
			single[ns++] = &e->card;
	}
	for (int i = 0; i < ns; i++)
		pool[n + i] = *single[i];
	rng_shuffle(r, pool, n + ns);
	for (int h = 0; h < nh; h++) {
		memset(hands[h], 0, sizeof(*hands[h]));
		for (int i = 0; i < sizes[h]; i++)
			hand_add(hands[h], pool[k++]);
	}
	for (int i = 0; i < ns; i++)
		*single[i] = pool[k++];
	/* what others were dealt is hidden too: make it something else */
	for (int t = 0; t < ru->seats; t++)
		if (t != s)
			g->dealt[t] = g->hand[t];
	if (ru->dead_seat >= 0 && ru->dead_seat != s) {
		memset(&g->hand[ru->dead_seat], 0, sizeof(struct hand));
		for (int i = g->dead_pos; i < ru->cards_each; i++)
			hand_add(&g->hand[ru->dead_seat], g->dead[i]);
	}
}

#endif
