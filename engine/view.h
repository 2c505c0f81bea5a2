/*
 * view.h - what one seat may know, as text.
 *
 * Every line the referee ever shows a bot or writes to a game record is
 * made here, from the engine's event list, for one viewing seat: the
 * printer decides what that seat may see (its own cards, the public
 * auction and plays, the cards it gave or received) so that no other
 * module can leak a hidden card by accident. VIEW_ALL (-1) is the
 * omniscient view used for referee logs.
 *
 * The line formats are the event lines of protocol.md.
 */
#ifndef VIEW_H
#define VIEW_H

#include "game.h"
#include "util.h"

#define VIEW_ALL (-1)

/*
 * What one seat may know now, as data: the input of a player that must
 * not see the game (search.h) and of the deal sampler (sample.h). It is
 * view_render()'s content in struct form: the rules, the seat, the
 * scores before this hand, this hand's events with every card the seat
 * may not see replaced by CARD_NONE (another seat's gives and discards,
 * the card a Charlie turns face down), and the seat's own cards as dealt
 * and as held. Made only by view_seat(), so that a player given one can
 * not learn a hidden card by any route. Plain data; copy freely.
 */
struct seat_view {
	struct rules rules;
	int seat;
	int dealer;
	int hand_no;
	int score[MAX_SEATS];     /* at the start of this hand (as game.prev_score) */
	struct hand dealt;        /* the seat's cards as dealt */
	struct hand held;         /* and now */
	int nev;
	struct event ev[MAX_EVENTS];
};

/* Fills v with what seat (a player, not VIEW_ALL) may know of g now. */
void view_seat(const struct game *g, int seat, struct seat_view *v);

/* Appends the line(s) of event e as seen by seat, each ending in '\n'. */
void view_event(const struct game *g, const struct event *e, int seat, struct strbuf *out);

/*
 * Appends a snapshot of everything seat may know now: its seat number,
 * the game score, every event of the current hand it may see, and the
 * cards it holds ("held ..."). Two games that differ only in cards the
 * seat cannot see render the same text.
 */
void view_render(const struct game *g, int seat, struct strbuf *out);

/* Appends the cards of a hand ("9C 10C JH", "-" when empty). */
void view_hand(const struct hand *h, struct strbuf *out);

/* Appends a move in its canonical text. */
void view_move(const struct move *m, struct strbuf *out);

/* Appends a card's name ("10H"; "?" for an invalid card); inline, for every play. */
static inline void view_card(card_t c, struct strbuf *out)
{
	const struct token *t = card_token(c);

	strbuf_add8(out, t->text, t->len);
}

/* Appends the scores ("20 16"): per team in partnership games, else per player. */
void view_scores(const struct game *g, const int *scores, struct strbuf *out);

#endif
