/*
 * view.c - renders engine events for one seat (see view.h).
 */
#include "view.h"

#include <string.h>

/* hand_format()'s text, written straight into out. */
void view_hand(const struct hand *h, struct strbuf *out)
{
	/* a hand holds a kind at most twice: each card and a space */
	const size_t room = 2 * NCARDS * (TOKEN_ROOM + 1);

	if (out->len + room + 1 > out->alloc)
		strbuf_grow(out, room);
	strbuf_setlen(out, out->len + (size_t)hand_format(h, out->buf + out->len, room + 1));
}

/*
 * "WORD SEAT" as in "play 2": the start of most event lines. Inline, so
 * that the length of each literal word is a constant.
 */
static inline void word_seat(struct strbuf *out, const char *word, int seat)
{
	strbuf_addstr(out, word);
	strbuf_addch(out, ' ');
	strbuf_addint(out, seat);
}

/* " N": a number after a word. */
static void add_num(struct strbuf *out, int n)
{
	strbuf_addch(out, ' ');
	strbuf_addint(out, n);
}

/* " CARD": a card after a word. */
static void add_card(struct strbuf *out, card_t c)
{
	strbuf_addch(out, ' ');
	view_card(c, out);
}

void view_move(const struct move *m, struct strbuf *out)
{
	if (out->len + MOVE_TEXT_ROOM + 1 > out->alloc)
		strbuf_grow(out, MOVE_TEXT_ROOM);
	strbuf_setlen(out, out->len + move_text(m, out->buf + out->len));
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
		add_card(out, g->dead[i]);
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
			word_seat(out, "dead", s);
			dead_cards(g, out);
		} else {
			word_seat(out, "cards", s);
			strbuf_addch(out, ' ');
			view_hand(&g->dealt[s], out);
		}
		strbuf_addch(out, '\n');
	}
	if (g->rules.variant == VAR_FIVEHAND) {
		strbuf_addstr(out, "kitty");
		for (int i = 0; i < 4; i++)
			add_card(out, g->kitty[i]);
		strbuf_addch(out, '\n');
	}
}

/* A hidden card is shown only to the seats in 'who' (and the omniscient view). */
static void maybe_card(int seat, int a, int b, card_t c, struct strbuf *out)
{
	if (seat == VIEW_ALL || seat == a || seat == b)
		add_card(out, c);
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
		strbuf_addstr(out, "turnup");
		add_card(out, e->card);
		strbuf_addch(out, '\n');
		break;
	case EV_CALLING:
		strbuf_addstr(out, "calling");
		add_card(out, e->card);
		strbuf_addch(out, '\n');
		break;
	case EV_BID:
	case EV_CONTRACT:
		word_seat(out, e->type == EV_BID ? "bid" : "contract", e->seat);
		strbuf_addch(out, ' ');
		view_move(&e->move, out);
		strbuf_addch(out, '\n');
		break;
	case EV_TRUMP: {
		const struct token *t = trump_token(e->move.trump);

		strbuf_addstr(out, "trump ");
		strbuf_add8(out, t->text, t->len);
		strbuf_addch(out, '\n');
		break;
	}
	case EV_DECLARE:
		word_seat(out, "declare", e->seat);
		if (e->to >= 0) {
			strbuf_addstr(out, " partner");
			add_num(out, e->to);
			strbuf_addch(out, '\n');
		} else {
			strbuf_addstr(out, " alone\n");
		}
		break;
	case EV_PICKUP:
		word_seat(out, "pickup", e->seat);
		add_card(out, e->card);
		strbuf_addch(out, '\n');
		break;
	case EV_GIVE:
		word_seat(out, "give", e->seat);
		add_num(out, e->to);
		maybe_card(seat, e->seat, e->to, e->card, out);
		strbuf_addch(out, '\n');
		break;
	case EV_DISCARD:
		word_seat(out, "discard", e->seat);
		maybe_card(seat, e->seat, e->seat, e->card, out);
		strbuf_addch(out, '\n');
		break;
	case EV_SITOUT:
		word_seat(out, "sitout", e->seat);
		strbuf_addch(out, '\n');
		break;
	case EV_PLAY:
		word_seat(out, "play", e->seat);
		add_card(out, e->card);
		strbuf_addch(out, '\n');
		break;
	case EV_SWITCH:
		word_seat(out, "switch", e->seat);
		add_card(out, e->card);
		add_card(out, e->card2);
		strbuf_addch(out, '\n');
		break;
	case EV_FLIP:
		word_seat(out, "flip", e->seat);
		add_card(out, e->card);
		strbuf_addch(out, '\n');
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
			add_num(out, g->ranks[p]);
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

void view_seat(const struct game *g, int seat, struct seat_view *v)
{
	v->rules = g->rules;
	v->seat = seat;
	v->dealer = g->dealer;
	v->hand_no = g->hand_no;
	memcpy(v->score, g->prev_score, sizeof(v->score));
	v->dealt = g->dealt[seat];
	v->held = g->hand[seat];
	v->nev = g->nev;
	for (int i = 0; i < g->nev; i++) {
		struct event e = g->ev[i];

		/* the same cards maybe_card() and view_event() hide */
		if ((e.type == EV_GIVE && e.seat != seat && e.to != seat) ||
		    (e.type == EV_DISCARD && e.seat != seat))
			e.card = CARD_NONE;
		if (e.type == EV_FLIP)
			e.card2 = CARD_NONE;
		v->ev[i] = e;
	}
}
