/*
 * test_rules_fivehand.c - scenario tests for five-hand euchre, each from
 * an explicit deal, with every expected value worked out by hand from
 * docs/variants.md (and ../shared/RULINGS.md), never copied from the
 * engine's output:
 *  - the 29-card deck (8s and the joker), trump order joker, right, left,
 *    A K Q 10 9 8, the joker as a trump for following, 8s lowest;
 *  - round 1 (order / pass), the bidder's declaration, the dealer's pickup
 *    and discard, the turned joker (order names the suit);
 *  - round 2 (any suit but the turned one, the dealer is stuck);
 *  - partners, the first lead, every scoring case;
 *  - the end of the game: end=lead, end=first, max_hands.
 */
#include "scenario.h"

/* ---- deals ------------------------------------------------------------ */

/* Hearts turned; seat 2's only trump is the joker; offence 4+1 takes 3. */
static const char deal_fh1[] =
	"variant fivehand\n"
	"dealer 0\n"
	"seat 0 8C 8D 8H JS QS\n"
	"seat 1 JH AH KH AD AC\n"
	"seat 2 JOKER 8S 9S 10S 9C\n"
	"seat 3 QH 10H AS KS 9D\n"
	"seat 4 KC QC 10D QD KD\n"
	"kitty 9H 10C JC JD      # 9H turned up\n";

/* Spades: a trick of 8 9 10 Q K of trumps, one of plain 8 9 10 J Q, Q K A. */
static const char deal_rank_low[] =
	"dealer 0\n"
	"seat 0 KS 8H KD KH AH\n"
	"seat 1 8S 9H AD 8C 9C\n"
	"seat 2 9S 10H JD 10C QC\n"
	"seat 3 10S JH 10D KC AC\n"
	"seat 4 QS QH QD 8D 9D\n"
	"kitty AS JOKER JS JC\n";

/* Spades: a trick of K, A, left, right, joker in that order. */
static const char deal_rank_high[] =
	"dealer 0\n"
	"seat 0 JOKER JH QH KH AH\n"
	"seat 1 KS 8C AC 8D 9D\n"
	"seat 2 AS 10D JD QD KD\n"
	"seat 3 JC 9C 10C QC KC\n"
	"seat 4 JS AD 8H 9H 10H\n"
	"kitty 8S 9S 10S QS\n";

/* Spades ordered by the dealer; seat 1 leads the joker. */
static const char deal_joker_led[] =
	"dealer 0\n"
	"seat 0 JS QS KS AS 8H\n"
	"seat 1 JOKER AH KH QH JH\n"
	"seat 2 JC 8C 9C 10C QC\n"
	"seat 3 8S 10S AD KD QD\n"
	"seat 4 KC AC 8D 9D 10D\n"
	"kitty 9S JD 9H 10H\n";

/* The joker turned up. */
static const char deal_joker_turned[] =
	"dealer 0\n"
	"seat 0 8C 9C 10C JC QC\n"
	"seat 1 JD 8D 9D KC AC\n"
	"seat 2 AD KD QD 8H 9H\n"
	"seat 3 10D 8S 9S 10S JS\n"
	"seat 4 10H JH QH KH AH\n"
	"kitty JOKER QS KS AS\n";

/* KD turned, everyone passes twice round to the stuck dealer. */
static const char deal_round2[] =
	"dealer 0\n"
	"seat 0 JOKER JS JC AS KS\n"
	"seat 1 QS 8C 9C 10C QC\n"
	"seat 2 10S 9S KC AC 8D\n"
	"seat 3 8S 9D 10D JD QD\n"
	"seat 4 AD 8H 9H 10H JH\n"
	"kitty KD QH KH AH\n";

/* Hearts ordered by seat 1 holding the five best trumps. */
static const char deal_strong[] =
	"dealer 0\n"
	"seat 0 10S JS QS KS AS\n"
	"seat 1 JOKER JH JD AH KH\n"
	"seat 2 8C 9C 10C JC QC\n"
	"seat 3 KC AC 8D 9D 10D\n"
	"seat 4 QD KD AD 8S 9S\n"
	"kitty QH 8H 9H 10H\n";
static const char moves_strong[] =
	"1:JOKER,2:8C,3:8D,4:8S,0:10S, 1:JH,2:9C,3:9D,4:9S,0:JS, 1:JD,2:10C,3:10D,4:QD,0:QS,"
	"1:AH,2:JC,3:KC,4:KD,0:KS, 1:KH,2:QC,3:AC,4:AD,0:AS";

/* Hearts ordered by seat 1 holding no trump at all; seat 2 has the best five. */
static const char deal_weak[] =
	"dealer 0\n"
	"seat 0 10S JS QS KS AS\n"
	"seat 1 8C 9C 10C JC QC\n"
	"seat 2 JOKER JH JD AH KH\n"
	"seat 3 KC AC 8D 9D 10D\n"
	"seat 4 QD KD AD 8S 9S\n"
	"kitty QH 8H 9H 10H\n";
static const char moves_weak[] =
	"1:8C,2:JOKER,3:KC,4:8S,0:10S, 2:JH,3:AC,4:9S,0:JS,1:9C, 2:JD,3:8D,4:QD,0:QS,1:10C,"
	"2:AH,3:9D,4:KD,0:KS,1:JC, 2:KH,3:10D,4:AD,0:AS,1:QC";

/* Seat 1 takes three tricks with the three best trumps; seat 3 and 4 one each. */
static const char deal_three[] =
	"dealer 0\n"
	"seat 0 QS KS AS 8H 9H\n"
	"seat 1 JOKER JH JD 8C 8D\n"
	"seat 2 9C 10C JC QC KC\n"
	"seat 3 AC 9D 10D QD KD\n"
	"seat 4 AD 8S 9S 10S JS\n"
	"kitty QH 10H KH AH\n";
static const char moves_three[] =
	"1:JOKER,2:9C,3:9D,4:8S,0:8H, 1:JH,2:10C,3:10D,4:9S,0:9H, 1:JD,2:JC,3:QD,4:10S,0:QH,"
	"1:8C,2:KC,3:AC,4:JS,0:KS, 3:KD,4:AD,0:AS,1:8D,2:QC";

/* Seat 1 and partner 3 take two tricks between them. */
static const char deal_two[] =
	"dealer 0\n"
	"seat 0 8H 9H QS KS AS\n"
	"seat 1 JOKER JH 8C 8D 8S\n"
	"seat 2 9C 10C JC QC AC\n"
	"seat 3 KC 9D 10D QD KD\n"
	"seat 4 AD JD 9S 10S JS\n"
	"kitty QH 10H KH AH\n";
static const char moves_two[] =
	"1:JOKER,2:9C,3:9D,4:JD,0:8H, 1:JH,2:10C,3:10D,4:9S,0:9H, 1:8C,2:AC,3:KC,4:10S,0:KS,"
	"2:JC,3:QD,4:JS,0:AS,1:8D, 2:QC,3:KD,4:AD,0:QH,1:8S";

/* A deal with a scores line in front (the deal text must outlive the game). */
static char *with_scores(const char *scores, const char *deal)
{
	size_t n = strlen(scores) + strlen(deal) + 16;
	char *t = xmalloc(n);

	snprintf(t, n, "scores %s\n%s", scores, deal);
	return t;
}

/* ---- the deck and the ranks ------------------------------------------- */

static void test_deck_has_29_cards_with_8s_and_joker(void)
{
	struct rules r;
	struct deal *d = xcalloc(1, sizeof(*d));
	struct game *g = xcalloc(1, sizeof(*g));
	char err[256];
	uint32_t seen = 0;
	int cards = 0;
	/* the 9C twice and no 8C: the five-hand deck has one of each */
	const char *twice =
		"seat 0 9C 8D 8H JS QS\nseat 1 JH AH KH AD AC\nseat 2 JOKER 8S 9S 10S 9C\n"
		"seat 3 QH 10H AS KS 9D\nseat 4 KC QC 10D QD KD\nkitty 9H 10C JC JD\n";
	const char *short_hand =
		"seat 0 8C 8D 8H JS\nseat 1 JH AH KH AD AC\nseat 2 JOKER 8S 9S 10S 9C\n"
		"seat 3 QH 10H AS KS 9D\nseat 4 KC QC 10D QD KD\nkitty 9H 10C JC JD QS\n";

	CHECK(scen_rules(&r, "fivehand", NULL, __FILE__, __LINE__) == 0);
	CHECK_INT(r.deck_size, 29);
	CHECK_INT(r.cards_each, 5);
	CHECK_INT(r.players, 5);
	CHECK_INT(r.seats, 5);

	/* a seeded deal places every one of the 29 kinds (8C..AS and JOKER) once */
	CHECK(game_init(g, &r, 12345, NULL, err, sizeof(err)) == 0);
	for (int s = 0; s < 5; s++) {
		CHECK_INT(hand_size(&g->hand[s]), 5);
		CHECK_INT(g->hand[s].two, 0);
		CHECK((seen & g->hand[s].one) == 0);
		seen |= g->hand[s].one;
		cards += hand_size(&g->hand[s]);
	}
	CHECK_INT(hand_size(&g->kitty_pile), 4);
	CHECK((seen & g->kitty_pile.one) == 0);
	seen |= g->kitty_pile.one;
	cards += hand_size(&g->kitty_pile);
	CHECK_INT(cards, 29);
	CHECK_INT(seen, (1u << 29) - 1); /* kinds 0..27 are 8C..AS, 28 the joker */
	CHECK((seen & CARD_BIT(card_of("8C"))) && (seen & CARD_BIT(card_of("8S"))));
	CHECK(seen & CARD_BIT(card_of("JOKER")));
	/* the kitty's first card is the one turned up */
	CHECK_INT(g->ev[1].type, EV_TURNUP);
	CHECK_INT(g->ev[1].card, g->kitty[0]);

	CHECK(deal_parse(deal_fh1, strlen(deal_fh1), &r, d, err, sizeof(err)) > 0);
	CHECK(deal_parse(twice, strlen(twice), &r, d, err, sizeof(err)) < 0);
	/* either card names the problem: 8C is missing, 9C is there twice */
	CHECK(strstr(err, "8C appears 0 times") || strstr(err, "9C appears 2 times"));
	CHECK(deal_parse(short_hand, strlen(short_hand), &r, d, err, sizeof(err)) < 0);
	CHECK(strstr(err, "4 cards") != NULL);
	free(d);
	free(g);
}

/*
 * Spades trump, dealer 0 picks up AS. Trick 1: 8S 9S 10S QS KS, each card
 * taking the lead from the one before. Trick 2 (plain hearts): 8H 9H 10H
 * JH QH likewise. Trick 3 (plain diamonds): QD KD AD, then JD and 10D lose.
 */
static void test_trump_and_plain_order_low_cards(void)
{
	struct scen *s = scen_new("fivehand", NULL, deal_rank_low);
	struct game *g;

	if (!s)
		return;
	g = &s->g;
	MOVES(g, "1:order,1:partner");
	CHECK_INT(g->trump, TRUMP_S);
	CHECK_INT(game_to_move(g), 0);
	LEGAL(g, "KD 8H KH AH KS AS");
	MOVES(g, "0:KH");

	LEGAL(g, "8C 9C AD 9H 8S");
	MOVES(g, "1:8S");
	CHECK_INT(game_trick_winner(g), 0);
	LEGAL(g, "9S");
	MOVES(g, "2:9S");
	CHECK_INT(game_trick_winner(g), 1); /* 9 > 8 */
	LEGAL(g, "10S");
	MOVES(g, "3:10S");
	CHECK_INT(game_trick_winner(g), 2); /* 10 > 9 */
	LEGAL(g, "QS");
	MOVES(g, "4:QS");
	CHECK_INT(game_trick_winner(g), 3); /* Q > 10 */
	LEGAL(g, "KS AS");
	MOVES(g, "0:KS");                   /* K > Q */
	CHECK_STR(trick_winners(g), "0");

	LEGAL(g, "KD 8H AH AS");
	MOVES(g, "0:8H");
	LEGAL(g, "9H");
	MOVES(g, "1:9H");
	CHECK_INT(game_trick_winner(g), 1);
	LEGAL(g, "10H");
	MOVES(g, "2:10H");
	CHECK_INT(game_trick_winner(g), 2);
	LEGAL(g, "JH");
	MOVES(g, "3:JH");
	CHECK_INT(game_trick_winner(g), 3); /* a plain jack sits between 10 and Q */
	LEGAL(g, "QH");
	MOVES(g, "4:QH");
	CHECK_STR(trick_winners(g), "0 4");

	LEGAL(g, "8D 9D QD");
	MOVES(g, "4:QD");
	LEGAL(g, "KD");
	MOVES(g, "0:KD");
	CHECK_INT(game_trick_winner(g), 1);
	LEGAL(g, "AD");
	MOVES(g, "1:AD");
	CHECK_INT(game_trick_winner(g), 2);
	LEGAL(g, "JD");
	MOVES(g, "2:JD");
	CHECK_INT(game_trick_winner(g), 2);
	LEGAL(g, "10D");
	MOVES(g, "3:10D");
	CHECK_STR(trick_winners(g), "0 4 1");
	CHECK_STR(TRICKS(g), "1 1 0 0 1");
	free(s);
}

/*
 * Spades trump: KS led, then AS, the left bower JC (the only trump seat 3
 * holds, so its clubs may not be played), the right bower JS and the joker
 * each take the lead.
 */
static void test_trump_order_high_cards(void)
{
	struct scen *s = scen_new("fivehand", NULL, deal_rank_high);
	struct game *g;

	if (!s)
		return;
	g = &s->g;
	MOVES(g, "1:order,1:partner");
	LEGAL(g, "JH QH KH AH 8S JOKER");
	REJECT(g, "JS", "you do not hold JS");
	MOVES(g, "0:JH");

	LEGAL(g, "8C AC 8D 9D KS");
	MOVES(g, "1:KS");
	LEGAL(g, "AS");
	MOVES(g, "2:AS");
	CHECK_INT(game_trick_winner(g), 1); /* A > K */
	LEGAL(g, "JC");
	REJECT(g, "9C", "must follow spades");
	MOVES(g, "3:JC");
	CHECK_INT(game_trick_winner(g), 2); /* left > A */
	LEGAL(g, "JS");
	MOVES(g, "4:JS");
	CHECK_INT(game_trick_winner(g), 3); /* right > left */
	LEGAL(g, "8S JOKER");
	MOVES(g, "0:JOKER");                /* joker > right */
	CHECK_STR(trick_winners(g), "0");
	CHECK_INT(g->tricks[0], 1);
	free(s);
}

/*
 * A led joker is a trump: seat 2's only trump is the left bower JC, seat 3
 * must play a spade, seat 4 without trumps plays anything, the dealer
 * (who ordered up himself) holds nothing but trumps.
 */
static void test_joker_led_forces_trump(void)
{
	struct scen *s = scen_new("fivehand", NULL, deal_joker_led);
	struct game *g;

	if (!s)
		return;
	g = &s->g;
	MOVES(g, "1:pass,2:pass,3:pass,4:pass");
	LEGAL(g, "pass order");
	MOVES(g, "0:order");
	CHECK_INT(g->bidder, 0);
	CHECK_INT(g->trump, TRUMP_S);
	CHECK_INT(game_decision(g), DEC_DECLARE);
	MOVES(g, "0:partner");
	CHECK_INT(g->partner, 2);
	CHECK_INT(game_decision(g), DEC_DISCARD);
	CHECK_INT(hand_size(&g->hand[0]), 6);
	LEGAL(g, "8H 9S JS QS KS AS");
	MOVES(g, "0:8H");

	LEGAL(g, "JH QH KH AH JOKER");
	MOVES(g, "1:JOKER");
	LEGAL(g, "JC");
	REJECT(g, "8C", "must follow spades");
	MOVES(g, "2:JC");
	LEGAL(g, "8S 10S");
	REJECT(g, "AD", "must follow spades");
	MOVES(g, "3:8S");
	LEGAL(g, "KC AC 8D 9D 10D");
	MOVES(g, "4:KC");
	LEGAL(g, "9S JS QS KS AS");
	MOVES(g, "0:AS");
	CHECK_STR(trick_winners(g), "1");
	free(s);
}

/* ---- round 1, the declaration, the pickup ----------------------------- */

/*
 * Hearts turned. Seat 4 orders, takes seat 1 as partner; the dealer picks
 * up 9H (6 cards) and discards 8D. Play:
 *  1: JH 2: JOKER (its only trump) 3: 10H 4: QC 0: 8H  - joker beats the right: 2
 *  2: 9C 3: QH 4: KC 0: 8C 1: AC                       - trumped: 3
 *  3: AS 4: 10D 0: QS 1: KH 2: 8S                      - trumped: 1
 *  1: AH 2: 9S 3: KS 4: QD 0: 9H                       - 1
 *  1: AD 2: 10S 3: 9D 4: KD 0: JS                      - 1
 * Offence 4 and 1 take 3 tricks: +1 each.
 */
static void test_order_up_partner_and_three_tricks(void)
{
	struct scen *s = scen_new("fivehand", NULL, deal_fh1);
	struct game *g;
	char *v;

	if (!s)
		return;
	g = &s->g;
	CHECK_INT(g->kitty[0], card_of("9H"));
	CHECK_INT(game_to_move(g), 1);
	CHECK_INT(game_decision(g), DEC_BID);
	LEGAL(g, "pass order");
	REJECT(g, "order H", "not a legal");
	REJECT(g, "H", "not a legal");
	MOVES(g, "1:pass,2:pass,3:pass");
	LEGAL(g, "pass order");
	MOVES(g, "4:order");
	CHECK_INT(g->bidder, 4);
	CHECK_INT(g->trump, TRUMP_H);
	CHECK_INT(game_decision(g), DEC_DECLARE);
	CHECK_INT(game_to_move(g), 4);
	LEGAL(g, "partner alone");
	MOVES(g, "4:partner");
	CHECK_INT(g->partner, 1);
	CHECK_INT(game_decision(g), DEC_DISCARD);
	CHECK_INT(game_to_move(g), 0);
	CHECK_INT(hand_size(&g->hand[0]), 6);
	CHECK_INT(holds(g, 0, "9H"), 1);
	LEGAL(g, "8C 8D 8H 9H JS QS");
	REJECT(g, "AS", "you do not hold AS");
	MOVES(g, "0:8D");
	CHECK_INT(hand_size(&g->hand[0]), 5);
	CHECK_INT(holds(g, 0, "8D"), 0);
	CHECK_INT(game_decision(g), DEC_PLAY);
	CHECK_INT(game_to_move(g), 1); /* the dealer's left leads */

	/* the turned card is public, the rest of the kitty and the discard are not */
	v = render(g, 2);
	CHECK(strstr(v, "turnup 9H\n") != NULL);
	CHECK(strstr(v, "pickup 0 9H\n") != NULL);
	CHECK(strstr(v, "discard 0\n") != NULL);
	CHECK(strstr(v, "8D") == NULL);
	CHECK(strstr(v, "10C") == NULL);
	CHECK(strstr(v, "JC") == NULL);
	CHECK(strstr(v, "JD") == NULL);
	free(v);
	v = render(g, 0);
	CHECK(strstr(v, "discard 0 8D\n") != NULL);
	CHECK(strstr(v, "JC") == NULL);
	free(v);

	LEGAL(g, "AC AD JH KH AH");
	MOVES(g, "1:JH");
	LEGAL(g, "JOKER");
	REJECT(g, "9C", "must follow hearts");
	REJECT(g, "QH", "you do not hold QH");
	MOVES(g, "2:JOKER");
	CHECK_INT(game_trick_winner(g), 1);
	LEGAL(g, "10H QH");
	REJECT(g, "AS", "must follow hearts");
	MOVES(g, "3:10H");
	LEGAL(g, "QC KC 10D QD KD");
	MOVES(g, "4:QC");
	LEGAL(g, "8H 9H");
	MOVES(g, "0:8H");
	CHECK_STR(trick_winners(g), "2");

	LEGAL(g, "9C 8S 9S 10S");
	MOVES(g, "2:9C");
	LEGAL(g, "9D QH KS AS");
	MOVES(g, "3:QH");
	LEGAL(g, "KC");
	MOVES(g, "4:KC");
	LEGAL(g, "8C");
	MOVES(g, "0:8C");
	LEGAL(g, "AC");
	MOVES(g, "1:AC");
	CHECK_STR(trick_winners(g), "2 3");

	MOVES(g, "3:AS");
	LEGAL(g, "10D QD KD");
	MOVES(g, "4:10D");
	LEGAL(g, "JS QS");
	MOVES(g, "0:QS");
	LEGAL(g, "AD KH AH");
	MOVES(g, "1:KH");
	LEGAL(g, "8S 9S 10S");
	MOVES(g, "2:8S");
	CHECK_STR(trick_winners(g), "2 3 1");

	MOVES(g, "1:AH,2:9S,3:KS,4:QD");
	LEGAL(g, "9H");
	MOVES(g, "0:9H");
	MOVES(g, "1:AD,2:10S,3:9D,4:KD,0:JS");
	CHECK_STR(trick_winners(g), "2 3 1 1 1");
	CHECK_STR(TRICKS(g), "0 3 1 1 0");
	CHECK_STR(POINTS(g), "0 1 0 0 1");
	CHECK_STR(SCORES(g), "0 1 0 0 1");
	CHECK(game_hand_over(g));
	CHECK(!game_over(g));
	free(s);
}

/*
 * The joker turned: round 1 offers "order SUIT" for every suit; seat 2
 * orders diamonds; the dealer picks up the joker and it is his only
 * diamond trump when the right bower is led, so he must play it, and it
 * wins. Seat 4's JH is the left bower and must be played too.
 */
static void test_joker_turned_order_names_suit(void)
{
	struct scen *s = scen_new("fivehand", NULL, deal_joker_turned);
	struct game *g;

	if (!s)
		return;
	g = &s->g;
	LEGAL(g, "pass order C order D order H order S");
	REJECT(g, "order", "not a legal");
	MOVES(g, "1:pass");
	LEGAL(g, "pass order C order D order H order S");
	MOVES(g, "2:order D");
	CHECK_INT(g->bidder, 2);
	CHECK_INT(g->trump, TRUMP_D);
	MOVES(g, "2:partner");
	CHECK_INT(g->partner, 4);
	CHECK_INT(game_to_move(g), 0);
	CHECK_INT(hand_size(&g->hand[0]), 6);
	CHECK_INT(holds(g, 0, "JOKER"), 1);
	LEGAL(g, "8C 9C 10C JC QC JOKER");
	MOVES(g, "0:8C");

	MOVES(g, "1:JD");
	LEGAL(g, "QD KD AD");
	MOVES(g, "2:AD");
	LEGAL(g, "10D");
	MOVES(g, "3:10D");
	LEGAL(g, "JH");
	MOVES(g, "4:JH");
	LEGAL(g, "JOKER");
	REJECT(g, "9C", "must follow diamonds");
	MOVES(g, "0:JOKER");
	CHECK_STR(trick_winners(g), "0");
	free(s);

	/* all pass: round 2 offers all four suits, and the dealer is stuck */
	s = scen_new("fivehand", NULL, deal_joker_turned);
	if (!s)
		return;
	g = &s->g;
	MOVES(g, "1:pass,2:pass,3:pass,4:pass,0:pass");
	CHECK_INT(game_to_move(g), 1);
	LEGAL(g, "pass C D H S");
	MOVES(g, "1:pass,2:pass,3:pass,4:pass");
	LEGAL(g, "C D H S");
	REJECT(g, "pass", "may not pass");
	MOVES(g, "0:H");
	CHECK_INT(g->bidder, 0);
	CHECK_INT(g->trump, TRUMP_H);
	MOVES(g, "0:partner");
	CHECK_INT(g->partner, 2);
	CHECK_INT(game_decision(g), DEC_PLAY);
	CHECK_INT(holds(g, 0, "JOKER"), 0);
	CHECK_INT(hand_size(&g->hand[0]), 5);
	free(s);
}

/* ---- round 2 ------------------------------------------------------------- */

/*
 * KD turned, all pass twice; the stuck dealer names spades and goes alone
 * with JOKER JS JC AS KS: no pickup, seat 1 leads, the dealer takes all
 * five (+4). The led left bower JC is a spade: seat 2 need not play KC.
 */
static void test_round2_stuck_dealer_alone_five(void)
{
	struct scen *s = scen_new("fivehand", NULL, deal_round2);
	struct game *g;

	if (!s)
		return;
	g = &s->g;
	MOVES(g, "1:pass,2:pass,3:pass,4:pass");
	LEGAL(g, "pass order");
	MOVES(g, "0:pass");
	CHECK_INT(game_to_move(g), 1);
	LEGAL(g, "pass C H S");
	REJECT(g, "D", "not a legal");
	REJECT(g, "order", "not a legal");
	MOVES(g, "1:pass,2:pass,3:pass,4:pass");
	LEGAL(g, "C H S");
	REJECT(g, "pass", "the dealer may not pass");
	REJECT(g, "D", "not a legal");
	MOVES(g, "0:S");
	CHECK_INT(g->bidder, 0);
	CHECK_INT(g->trump, TRUMP_S);
	LEGAL(g, "partner alone");
	MOVES(g, "0:alone");
	CHECK_INT(g->partner, -1);
	CHECK_INT(game_decision(g), DEC_PLAY); /* no pickup, no discard */
	CHECK_INT(game_to_move(g), 1);
	CHECK_INT(hand_size(&g->hand[0]), 5);
	CHECK_INT(holds(g, 0, "KD"), 0);

	LEGAL(g, "8C 9C 10C QC QS");
	MOVES(g, "1:8C");
	LEGAL(g, "KC AC");
	MOVES(g, "2:AC");
	LEGAL(g, "9D 10D JD QD 8S");
	MOVES(g, "3:9D");
	LEGAL(g, "AD 8H 9H 10H JH");
	MOVES(g, "4:8H");
	LEGAL(g, "JC JS KS AS JOKER");
	MOVES(g, "0:KS");
	CHECK_STR(trick_winners(g), "0");

	MOVES(g, "0:JOKER");
	LEGAL(g, "QS");
	MOVES(g, "1:QS");
	LEGAL(g, "9S 10S");
	MOVES(g, "2:9S");
	LEGAL(g, "8S");
	MOVES(g, "3:8S");
	LEGAL(g, "AD 9H 10H JH");
	MOVES(g, "4:9H");
	MOVES(g, "0:JS,1:9C");
	LEGAL(g, "10S");
	MOVES(g, "2:10S,3:10D,4:10H");
	MOVES(g, "0:JC,1:10C");
	LEGAL(g, "KC 8D");
	MOVES(g, "2:KC,3:JD,4:JH");
	MOVES(g, "0:AS,1:QC,2:8D,3:QD,4:AD");
	CHECK_STR(trick_winners(g), "0 0 0 0 0");
	CHECK_STR(TRICKS(g), "5 0 0 0 0");
	CHECK_STR(POINTS(g), "4 0 0 0 0");
	CHECK_STR(SCORES(g), "4 0 0 0 0");
	free(s);
}

/* Whoever names trump in round 2 gets the seat two to the left as partner. */
static void test_round2_partner_is_two_to_the_left(void)
{
	static const struct {
		const char *moves;
		int bidder, partner;
	} cases[] = {
		{ "1:C", 1, 3 },
		{ "1:pass,2:H", 2, 4 },
		{ "1:pass,2:pass,3:S", 3, 0 },
		{ "1:pass,2:pass,3:pass,4:C", 4, 1 },
		{ "1:pass,2:pass,3:pass,4:pass,0:H", 0, 2 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct scen *s = scen_new("fivehand", NULL, deal_round2);
		struct game *g;
		char decl[16];

		if (!s)
			return;
		g = &s->g;
		MOVES(g, "1:pass,2:pass,3:pass,4:pass,0:pass");
		MOVES(g, cases[i].moves);
		CHECK_INT(g->bidder, cases[i].bidder);
		snprintf(decl, sizeof(decl), "%d:partner", cases[i].bidder);
		MOVES(g, decl);
		CHECK_INT(g->partner, cases[i].partner);
		CHECK_INT(game_decision(g), DEC_PLAY);
		CHECK_INT(game_to_move(g), 1);
		free(s);
	}
}

/* ---- scoring -------------------------------------------------------------- */

/* Plays a whole hand: bids, declaration, the dealer's discard, the tricks. */
static struct scen *play_hand(const char *opts, const char *deal, const char *bidding,
			      const char *plays, const char *file, int line)
{
	struct scen *s = scen_new_at("fivehand", opts, deal, file, line);

	if (!s)
		return NULL;
	if (moves_at(&s->g, bidding, file, line) < 0 || moves_at(&s->g, plays, file, line) < 0) {
		free(s);
		return NULL;
	}
	return s;
}
#define PLAY_HAND(opts, deal, bidding, plays) play_hand(opts, deal, bidding, plays, __FILE__, __LINE__)

static void test_scoring_every_case(void)
{
	static const struct {
		const char *deal, *bidding, *plays, *winners, *tricks, *points;
	} cases[] = {
		/* partner, 5 tricks: +2 each */
		{ deal_strong, "1:order,1:partner,0:QH", moves_strong, "1 1 1 1 1", "0 5 0 0 0",
		  "0 2 0 2 0" },
		/* alone, 5 tricks: +4 */
		{ deal_strong, "1:order,1:alone,0:QH", moves_strong, "1 1 1 1 1", "0 5 0 0 0",
		  "0 4 0 0 0" },
		/* partner, 4 tricks (3 + partner's 1): +1 each */
		{ deal_three, "1:order,1:partner,0:QS", moves_three, "1 1 1 3 4", "0 3 0 1 1",
		  "0 1 0 1 0" },
		/* alone, 3 tricks: +1 */
		{ deal_three, "1:order,1:alone,0:QS", moves_three, "1 1 1 3 4", "0 3 0 1 1",
		  "0 1 0 0 0" },
		/* partner, 2 tricks: each of the three defenders +2 */
		{ deal_two, "1:order,1:partner,0:QS", moves_two, "1 1 2 2 0", "1 2 2 0 0",
		  "2 0 2 0 2" },
		/* partner, no trick: the three defenders +2 */
		{ deal_weak, "1:order,1:partner,0:QH", moves_weak, "2 2 2 2 2", "0 0 5 0 0",
		  "2 0 2 0 2" },
		/* alone, no trick: all four defenders +2 (the partner seat too) */
		{ deal_weak, "1:order,1:alone,0:QH", moves_weak, "2 2 2 2 2", "0 0 5 0 0",
		  "2 0 2 2 2" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct scen *s = PLAY_HAND(NULL, cases[i].deal, cases[i].bidding, cases[i].plays);

		if (!s) {
			fprintf(stderr, "  scoring case %zu\n", i);
			continue;
		}
		CHECK(game_hand_over(&s->g));
		CHECK_STR(trick_winners(&s->g), cases[i].winners);
		CHECK_STR(TRICKS(&s->g), cases[i].tricks);
		CHECK_STR(POINTS(&s->g), cases[i].points);
		CHECK_STR(SCORES(&s->g), cases[i].points);
		free(s);
	}
}

/* ---- the end of the game ---------------------------------------------- */

struct end_case {
	const char *opts, *scores, *deal, *bidding, *plays;
	int over, winners;
	const char *final_scores, *ranks;
};

static void run_end_case(const struct end_case *c, const char *file, int line)
{
	char *text = with_scores(c->scores, c->deal);
	struct scen *s = play_hand(c->opts, text, c->bidding, c->plays, file, line);

	if (s) {
		th_checks++;
		if (game_over(&s->g) != c->over || (c->over && s->g.winners != c->winners) ||
		    (!c->over && !game_hand_over(&s->g))) {
			th_failed++;
			fprintf(stderr, "%s:%d: over %d winners %#x, expected over %d winners %#x\n",
				file, line, game_over(&s->g), (unsigned)s->g.winners, c->over,
				(unsigned)c->winners);
		}
		CHECK_STR(SCORES(&s->g), c->final_scores);
		if (c->over)
			CHECK_STR(RANKS(&s->g), c->ranks);
		free(s);
	}
	free(text);
}

static void test_end_lead(void)
{
	static const struct end_case cases[] = {
		/* 10 and 11: seat 3 leads everyone by 1 and wins */
		{ NULL, "0 8 0 9 0", deal_strong, "1:order,1:partner,0:QH", moves_strong, 1,
		  1 << 3, "0 10 0 11 0", "3 2 3 1 3" },
		/* 11 and 11: a tie at the top above 10 plays on */
		{ NULL, "0 9 0 9 0", deal_strong, "1:order,1:partner,0:QH", moves_strong, 0, 0,
		  "0 11 0 11 0", NULL },
		/* 10 and 10, even with end=lead named explicitly */
		{ "end=lead", "8 0 8 0 0", deal_two, "1:order,1:partner,0:QS", moves_two, 0, 0,
		  "10 0 10 0 2", NULL },
		/* the defenders' +2: 11 against 10, seat 0 wins */
		{ NULL, "9 0 8 0 0", deal_two, "1:order,1:partner,0:QS", moves_two, 1, 1 << 0,
		  "11 0 10 0 2", "1 4 2 4 3" },
		/* 9 is not enough however far ahead */
		{ NULL, "7 0 0 0 0", deal_two, "1:order,1:partner,0:QS", moves_two, 0, 0,
		  "9 0 2 0 2", NULL },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		run_end_case(&cases[i], __FILE__, __LINE__);
}

static void test_end_first(void)
{
	static const struct end_case cases[] = {
		/* 11 and 10: the one lower before the hand (seat 2 at 8) wins */
		{ "end=first", "9 0 8 0 0", deal_two, "1:order,1:partner,0:QS", moves_two, 1,
		  1 << 2, "11 0 10 0 2", "2 4 1 4 3" },
		/* 10 and 10 from 8 and 8: a shared win */
		{ "end=first", "8 0 8 0 0", deal_two, "1:order,1:partner,0:QS", moves_two, 1,
		  (1 << 0) | (1 << 2), "10 0 10 0 2", "1 4 1 4 3" },
		/* one player reaching 10 ends it, whatever the others have */
		{ "end=first", "0 8 0 7 0", deal_strong, "1:order,1:partner,0:QH", moves_strong, 1,
		  1 << 1, "0 10 0 9 0", "3 1 3 2 3" },
		/* nobody at 10 yet */
		{ "end=first", "0 7 0 7 0", deal_strong, "1:order,1:partner,0:QH", moves_strong, 0,
		  0, "0 9 0 9 0", NULL },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		run_end_case(&cases[i], __FILE__, __LINE__);
}

static void test_end_max_hands(void)
{
	static const struct end_case cases[] = {
		/* after one hand 2 and 2 lead: a shared win */
		{ "max_hands=1", "0 0 0 0 0", deal_strong, "1:order,1:partner,0:QH", moves_strong,
		  1, (1 << 1) | (1 << 3), "0 2 0 2 0", "3 1 3 1 3" },
		/* the highest wins however low */
		{ "max_hands=1", "1 0 0 0 0", deal_two, "1:order,1:partner,0:QS", moves_two, 1,
		  1 << 0, "3 0 2 0 2", "1 4 2 4 2" },
		{ "max_hands=2", "0 0 0 0 0", deal_strong, "1:order,1:partner,0:QH", moves_strong,
		  0, 0, "0 2 0 2 0", NULL },
	};
	struct scen *s;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		run_end_case(&cases[i], __FILE__, __LINE__);

	/* the second hand of max_hands=2: dealt by seat 1, seat 2 speaks first */
	s = PLAY_HAND("max_hands=2", deal_strong, "1:order,1:partner,0:QH", moves_strong);
	if (!s)
		return;
	game_next_hand(&s->g);
	CHECK_INT(s->g.hand_no, 2);
	CHECK_INT(s->g.dealer, 1);
	CHECK_INT(game_to_move(&s->g), 2);
	CHECK_STR(SCORES(&s->g), "0 2 0 2 0");
	free(s);
}

int main(void)
{
	RUN(test_deck_has_29_cards_with_8s_and_joker);
	RUN(test_trump_and_plain_order_low_cards);
	RUN(test_trump_order_high_cards);
	RUN(test_joker_led_forces_trump);
	RUN(test_order_up_partner_and_three_tricks);
	RUN(test_joker_turned_order_names_suit);
	RUN(test_round2_stuck_dealer_alone_five);
	RUN(test_round2_partner_is_two_to_the_left);
	RUN(test_scoring_every_case);
	RUN(test_end_lead);
	RUN(test_end_first);
	RUN(test_end_max_hands);
	return TEST_REPORT();
}
