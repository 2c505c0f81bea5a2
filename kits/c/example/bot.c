/*
 * bot.c - a simple sensible euchre-arena bot built on euchre_kit (start
 * yours here). It bids what its trumps and aces promise, names its best
 * trump, gives and discards its weakest cards (its best to an alone
 * bidder), wins a trick as cheaply as it can unless a partner already
 * holds it, and otherwise throws its weakest card. Debug output goes to
 * stderr, never stdout.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "euchre_kit.h"

/* Tricks the held cards may take with trump t: trumps, aces (nines in low). */
static int strength(const struct kit_state *st, int t)
{
	int n = 0;

	for (int i = 0; i < st->nheld; i++)
		n += kit_is_trump(st->held[i], t) || kit_card_rank(st->held[i]) == (t == KIT_LOW ? 1 : 6);
	return n;
}

/* The legal card of most (best) or least power, winners only if asked ("X switch Y" left out). */
static const char *pick(const struct kit_state *st, int best, int only_winners)
{
	int got = -1, got_p = 0;

	for (int i = 0; i < st->nlegal; i++) {
		int c = kit_card_parse(st->legal[i]), p = kit_power(c, st->trump) * (best ? 1 : -1);

		if (c >= 0 && (!only_winners || kit_state_would_win(st, c)) && (got < 0 || p > got_p))
			got = i, got_p = p;
	}
	return got < 0 ? NULL : st->legal[got];
}

/* The legal move naming the trump we are strongest in ("H", "order H", "high"); *s its strength. */
static const char *best_named(const struct kit_state *st, int *s)
{
	const char *mv = NULL;

	*s = -1;
	for (int i = 0; i < st->nlegal; i++) {
		const char *sp = strrchr(st->legal[i], ' ');
		int t = kit_trump_parse(sp ? sp + 1 : st->legal[i]);

		if (t < KIT_TNONE && strength(st, t) > *s)
			*s = strength(st, t), mv = st->legal[i];
	}
	return mv;
}

static const char *choose_bid(const struct kit_state *st)
{
	const char *fit = NULL, *first = NULL, *mv;
	int flip = !strcmp(st->variant, "flip"), ham = !strcmp(st->variant, "hammerwalt"), t = KIT_TC, s;

	if (!strcmp(st->variant, "fivehand")) /* order (round 1), order H (the joker turned), or a suit */
		return kit_state_is_legal(st, "order") ? strength(st, kit_card_suit(st->upcard)) >= 3 ? "order" : "pass"
		       : (mv = best_named(st, &s)) && (s >= 3 || !kit_state_is_legal(st, "pass")) ? mv : st->legal[0];
	for (int m = KIT_TD; m <= KIT_LOW; m++)
		t = strength(st, m) > strength(st, t) ? m : t;
	for (int i = 0; i < st->nlegal; i++) { /* "7", "7 H": the bids with our trump or none */
		const char *w = st->legal[i], *sp = strchr(w, ' ');

		if (isdigit((unsigned char)w[0]) && (!sp || kit_trump_parse(sp + 1) == t)) {
			first = first ? first : w;
			if (strtol(w, NULL, 10) <= strength(st, t) + flip && !(ham && fit))
				fit = w; /* hammerwalt: the lowest that fits; else the highest */
		}
	}
	return fit ? fit : flip || !kit_state_is_legal(st, "pass") ? first : "pass";
}

static const char *decide(const struct kit_state *st)
{
	const char *rq = st->request, *win;

	if (!strcmp(rq, "bid")) return choose_bid(st);
	if (!strcmp(rq, "trump")) return best_named(st, &(int){ 0 });
	if (!strcmp(rq, "declare")) return "partner";
	if (!strcmp(rq, "give") && st->bidder != st->seat) return pick(st, 1, 0); /* to an alone bidder: our best */
	if (strcmp(rq, "play") || !st->trick.n) return pick(st, !strcmp(rq, "play"), 0); /* lead high; give, discard low */
	if (kit_state_is_partner(st, kit_state_winning_seat(st))) return pick(st, 0, 0);
	return (win = pick(st, 0, 1)) ? kit_with_comment(win, "cheapest winner")
				      : kit_with_comment(pick(st, 0, 0), "cannot win");
}

int main(void)
{
	return kit_run("c-kit-example", decide);
}
