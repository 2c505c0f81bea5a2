/*
 * view.c - renders engine events for one seat (see view.h).
 */
#include "view.h"

#include <stdio.h>

void view_hand(const struct hand *h, struct strbuf *out)
{
	char buf[MAX_DECK * 8];
	int n = hand_format(h, buf, sizeof(buf));

	strbuf_add(out, buf, (size_t)n < sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

/* "WORD SEAT" as in "play 2": the start of most event lines. */
static void word_seat(struct strbuf *out, const char *word, int seat)
{
	strbuf_addstr(out, word);
	strbuf_addch(out, ' ');
	strbuf_addint(out, seat);
}

void view_move(const struct move *m, struct strbuf *out)
{
	char buf[64];
	int n = move_format(m, buf, sizeof(buf));

	strbuf_add(out, buf, n < (int)sizeof(buf) ? (size_t)n : sizeof(buf) - 1);
}

static int score_count(const struct game *g)
{
	return g->rules.teams ? g->rules.teams : g->rules.players;
}

void view_scores(const struct game *g, const int *scores, struct strbuf *out)
{
	for (int i = 0; i < score_count(g); i++) {
		if (i)
			strbuf_addch(out, ' ');
		strbuf_addint(out, scores[i]);
	}
}

static void dead_cards(const struct game *g, struct strbuf *out)
{
	for (int i = 0; i < g->rules.cards_each; i++)
		strbuf_addf(out, " %s", card_name(g->dead[i]));
}

/* The deal: every seat sees its own cards; the omniscient view sees all. */
static void view_deal(const struct game *g, int seat, struct strbuf *out)
{
	word_seat(out, "hand", g->hand_no);
	word_seat(out, " dealer", g->dealer);
	strbuf_addch(out, '\n');
	if (seat != VIEW_ALL) {
		strbuf_addstr(out, "cards ");
		view_hand(&g->dealt[seat], out);
		strbuf_addch(out, '\n');
		return;
	}
	for (int s = 0; s < g->rules.seats; s++) {
		if (s == g->rules.dead_seat) {
			strbuf_addf(out, "dead %d", s);
			dead_cards(g, out);
		} else {
			strbuf_addf(out, "cards %d ", s);
			view_hand(&g->dealt[s], out);
		}
		strbuf_addch(out, '\n');
	}
	if (g->rules.variant == VAR_FIVEHAND)
		strbuf_addf(out, "kitty %s %s %s %s\n", card_name(g->kitty[0]),
			    card_name(g->kitty[1]), card_name(g->kitty[2]), card_name(g->kitty[3]));
}

/* A hidden card is shown only to the seats in 'who' (and the omniscient view). */
static void maybe_card(int seat, int a, int b, card_t c, struct strbuf *out)
{
	if (seat == VIEW_ALL || seat == a || seat == b) {
		strbuf_addch(out, ' ');
		strbuf_addstr(out, card_name(c));
	}
}

static void view_hand_end(const struct game *g, struct strbuf *out)
{
	int pts[MAX_SEATS];

	strbuf_addstr(out, "handend tricks");
	for (int s = 0; s < g->rules.seats; s++) {
		strbuf_addch(out, ' ');
		strbuf_addint(out, g->tricks[s]);
	}
	strbuf_addstr(out, " points ");
	for (int i = 0; i < score_count(g); i++)
		pts[i] = g->hand_points[i]; /* seat i < 2 is on team i */
	view_scores(g, pts, out);
	strbuf_addstr(out, " score ");
	view_scores(g, g->score, out);
	strbuf_addch(out, '\n');
}

void view_event(const struct game *g, const struct event *e, int seat, struct strbuf *out)
{
	switch (e->type) {
	case EV_DEAL:
		view_deal(g, seat, out);
		break;
	case EV_TURNUP:
		strbuf_addf(out, "turnup %s\n", card_name(e->card));
		break;
	case EV_CALLING:
		strbuf_addf(out, "calling %s\n", card_name(e->card));
		break;
	case EV_BID:
	case EV_CONTRACT:
		word_seat(out, e->type == EV_BID ? "bid" : "contract", e->seat);
		strbuf_addch(out, ' ');
		view_move(&e->move, out);
		strbuf_addch(out, '\n');
		break;
	case EV_TRUMP:
		strbuf_addf(out, "trump %s\n", trump_name(e->move.trump));
		break;
	case EV_DECLARE:
		if (e->to >= 0)
			strbuf_addf(out, "declare %d partner %d\n", e->seat, e->to);
		else
			strbuf_addf(out, "declare %d alone\n", e->seat);
		break;
	case EV_PICKUP:
		strbuf_addf(out, "pickup %d %s\n", e->seat, card_name(e->card));
		break;
	case EV_GIVE:
		strbuf_addf(out, "give %d %d", e->seat, e->to);
		maybe_card(seat, e->seat, e->to, e->card, out);
		strbuf_addch(out, '\n');
		break;
	case EV_DISCARD:
		strbuf_addf(out, "discard %d", e->seat);
		maybe_card(seat, e->seat, e->seat, e->card, out);
		strbuf_addch(out, '\n');
		break;
	case EV_SITOUT:
		strbuf_addf(out, "sitout %d\n", e->seat);
		break;
	case EV_PLAY:
		word_seat(out, "play", e->seat);
		strbuf_addch(out, ' ');
		strbuf_addstr(out, card_name(e->card));
		strbuf_addch(out, '\n');
		break;
	case EV_SWITCH:
		strbuf_addf(out, "switch %d %s %s\n", e->seat, card_name(e->card), card_name(e->card2));
		break;
	case EV_FLIP:
		strbuf_addf(out, "flip %d %s\n", e->seat, card_name(e->card));
		break;
	case EV_TRICK:
		word_seat(out, "trick", e->to);
		strbuf_addstr(out, " winner ");
		strbuf_addint(out, e->seat);
		strbuf_addch(out, '\n');
		break;
	case EV_REDEAL:
		strbuf_addstr(out, "redeal\n");
		break;
	case EV_HAND_END:
		view_hand_end(g, out);
		break;
	case EV_GAME_END:
		strbuf_addstr(out, "gameover ranks");
		for (int p = 0; p < g->rules.players; p++)
			strbuf_addf(out, " %d", g->ranks[p]);
		strbuf_addstr(out, " score ");
		view_scores(g, g->score, out);
		strbuf_addch(out, '\n');
		break;
	}
}

void view_render(const struct game *g, int seat, struct strbuf *out)
{
	if (seat == VIEW_ALL)
		strbuf_addstr(out, "view all\n");
	else
		strbuf_addf(out, "view %d\n", seat);
	strbuf_addf(out, "variant %s\n", variant_name(g->rules.variant));
	strbuf_addstr(out, "score ");
	view_scores(g, g->prev_score, out);
	strbuf_addch(out, '\n');
	for (int i = 0; i < g->nev; i++)
		view_event(g, &g->ev[i], seat, out);
	if (seat == VIEW_ALL) {
		for (int s = 0; s < g->rules.seats; s++) {
			strbuf_addf(out, "held %d ", s);
			view_hand(&g->hand[s], out);
			strbuf_addch(out, '\n');
		}
		return;
	}
	strbuf_addstr(out, "held ");
	view_hand(&g->hand[seat], out);
	strbuf_addch(out, '\n');
}
