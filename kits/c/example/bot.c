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

/* The legal card move of extreme power (best: highest), "X switch Y" left out. */
static const char *pick(const struct kit_state *st, int best, int only_winners)
{
	const char *got = NULL;
	int got_p = 0;

	for (int i = 0; i < st->nlegal; i++) {
		int c = kit_card_parse(st->legal[i]), p = kit_power(c, st->trump);

		if (c < 0 || (only_winners && !kit_state_would_win(st, c)))
			continue;
		if (!got || (best ? p > got_p : p < got_p))
			got = st->legal[i], got_p = p;
	}
	return got;
}

static const char *choose_bid(const struct kit_state *st)
{
	const char *fit = NULL, *first = NULL, *mv = NULL;
	int t = KIT_TC, flip = !strcmp(st->variant, "flip"), est, s, best = -1;

	if (!strcmp(st->variant, "fivehand")) { /* order / order H / H / pass */
		for (int i = 0; i < st->nlegal; i++) {
			size_t n = strlen(st->legal[i]);
			int suit = kit_trump_parse(st->legal[i] + n - 1);

			if (!strcmp(st->legal[i], "order"))
				return strength(st, kit_card_suit(st->upcard)) >= 3 ? "order" : "pass";
			if (suit <= KIT_TS && isupper((unsigned char)st->legal[i][n - 1]) &&
			    (s = strength(st, suit)) > best)
				best = s, mv = st->legal[i];
		}
		return mv && (best >= 3 || !kit_state_is_legal(st, "pass")) ? mv : st->legal[0];
	}
	for (int m = KIT_TC; m <= KIT_LOW; m++)
		if (strength(st, m) > strength(st, t))
			t = m;
	est = strength(st, t) + flip;
	for (int i = 0; i < st->nlegal; i++) {
		const char *sp = strchr(st->legal[i], ' ');

		if (!isdigit((unsigned char)st->legal[i][0]) || (sp && kit_trump_parse(sp + 1) != t))
			continue;
		first = first ? first : st->legal[i];
		if ((int)strtol(st->legal[i], NULL, 10) <= est && (!fit || strcmp(st->variant, "hammerwalt")))
			fit = st->legal[i];
	}
	if (fit || flip)
		return fit ? fit : first;
	return kit_state_is_legal(st, "pass") ? "pass" : first;
}

static const char *decide(const struct kit_state *st, void *arg)
{
	const char *win;

	(void)arg;
	if (!strcmp(st->request, "bid"))
		return choose_bid(st);
	if (!strcmp(st->request, "trump")) {
		const char *best = st->legal[0];

		for (int i = 1; i < st->nlegal; i++)
			if (strength(st, kit_trump_parse(st->legal[i])) > strength(st, kit_trump_parse(best)))
				best = st->legal[i];
		return best;
	}
	if (!strcmp(st->request, "declare"))
		return "partner";
	if (!strcmp(st->request, "give") && st->bidder != st->seat)
		return pick(st, 1, 0);
	if (strcmp(st->request, "play") || !st->trick.n)
		return pick(st, !strcmp(st->request, "play"), 0); /* lead high, throw away low */
	if (kit_state_is_partner(st, kit_state_winning_seat(st)))
		return pick(st, 0, 0);
	win = pick(st, 0, 1);
	return win ? win : pick(st, 0, 0);
}

int main(void)
{
	return kit_run("c-kit-example", decide, NULL);
}
