/*
 * test_rules_flip.c - scenario tests for flip double-deck euchre, each from
 * an explicit deal, with every expected value worked out by hand from
 * docs/variants.md (and ../shared/RULINGS.md, seeds/000_*), never copied
 * from the engine's output:
 *  - player counts, hand sizes, decks, the dead hand's seat;
 *  - bidding (once each, no pass, the minimums) and the first lead;
 *  - Benny, Charlie, no trump under a joker, the match card and switches;
 *  - trump changing in the middle of a trick (the seed's worked example);
 *  - the dead hand; scoring (bids, zilch, the euchred statistic);
 *  - the end of the game; what the view shows and hides;
 *  - illegal moves refused with a reason and no change of state.
 */
#include "scenario.h"

/* ---- deals ------------------------------------------------------------ */

/* 4 players, two Bennies (jokers=2); spades trump. */
static const char deal_bennies[] =
	"variant flip\n"
	"dealer 3\n"
	"seat 0 BENNY AC KC QC AD KD QD AH KH QH\n"
	"seat 1 9H 10H JH 9C 10C JC 10S QS KS AS\n"
	"seat 2 BENNY 9C 10C JC QC KC AC QD KD AD\n"
	"seat 3 JS QH KH AH 9H 10H JH 10S QS KS\n"
	"burn 9D\n"
	"calling 9S\n";

/* 4 players: seat 0 leads the Charlie, the burn card 9H comes up. */
static const char deal_charlie[] =
	"dealer 3\n"
	"seat 0 CHARLIE 9D 9D KC KC AC AC JS AD AD\n"
	"seat 1 10D KS KS AS AS QS QS 10S 10S JS\n"
	"seat 2 KD JD AH AH KH KH QH QH 10H 10H\n"
	"seat 3 BENNY QD 9C 9C 10C 10C JC JC QC QC\n"
	"burn 9H\n"
	"calling 9S\n";

/* 4 players, jokers=2: a Charlie led, a Benny, then the first suited card. */
static const char deal_charlie_benny[] =
	"dealer 3\n"
	"seat 0 CHARLIE AC AC KC KC QC QC JC JC 10C\n"
	"seat 1 BENNY AS AS KS KS QS QS 10S 10S JS\n"
	"seat 2 10D AH AH KH KH QH QH 10H 10H 9C\n"
	"seat 3 QD JD CHARLIE JH JH 9H AD AD 10C JS\n"
	"burn 9H\n"
	"calling 9S\n";

/* 2 players, jokers=2: a trick of two Charlies. */
static const char deal_two_charlies[] =
	"dealer 0\n"
	"seat 0 CHARLIE 9H 9H 10H 10H QH QH KH KH AH AH JH\n"
	"seat 1 CHARLIE 9C 9C 10C 10C QC QC KC KC AC AC JC\n"
	"burn 9D\n"
	"calling 9S\n";

/* 2 players: the Benny is the calling card from the deal. */
static const char deal_benny_calling[] =
	"dealer 0\n"
	"seat 0 JD 9H AH JS 9C 10D 10D KD KD AD AD 9S\n"
	"seat 1 JH QD 9D JC 10S 10S QS QS KS KS AS AS\n"
	"burn 10C\n"
	"calling BENNY\n";

/* 2 players: the Benny is the burn card; seat 0's Charlie brings it up. */
static const char deal_benny_burnt[] =
	"dealer 0\n"
	"seat 0 CHARLIE QS AS AC 9C 9H 9H 10H 10H KH KH 9D\n"
	"seat 1 JC JS 10C 10C QC QC KC KC QD QD KD KD\n"
	"burn BENNY\n"
	"calling 9S\n";

/* 2 players, jokers=2: seat 1 switches a Charlie in as calling card. */
static const char deal_charlie_laid[] =
	"dealer 0\n"
	"seat 0 CHARLIE QS 9H 9H 10H 10H JH JH QH QH KH KH\n"
	"seat 1 9S CHARLIE 9C 9C 10C 10C QC QC KC KC AC AC\n"
	"burn 9D\n"
	"calling 9S\n";

/* 4 players: two switches in the first trick (KS, then 10H, then 9C). */
static const char deal_switches[] =
	"dealer 3\n"
	"seat 0 KS 10H 9S 9S 10S 10S QS QS AS AS\n"
	"seat 1 10H 9C AC AC KC KC QC QC 10C 10C\n"
	"seat 2 JS AH AH KH KH QH QH JH JH 9H\n"
	"seat 3 9C 9D JD JD QD QD KD KD AD AD\n"
	"burn 9D\n"
	"calling KS\n";

/* 6 players: the seed's worked example (diamonds, JH led, a Charlie to clubs). */
static const char deal_seed_example[] =
	"dealer 5\n"
	"seat 0 JH 9S 9S 10S 10S QS QS\n"
	"seat 1 AD 10H KS KS AS AS JS\n"
	"seat 2 JD KD 10C JC QC KC AC\n"
	"seat 3 CHARLIE QD 10C JC QC KC AC\n"
	"seat 4 9H QH KH AH 10D 10D JS\n"
	"seat 5 AD KD QD JD 9D 9C BENNY\n"
	"burn 9C\n"
	"calling 9D\n";

/* 3 players and the dead hand (seat 3, top card first). */
static const char deal_dead[] =
	"dealer 2\n"
	"seat 0 9C AD AC KS QH 10H QD KD AS QC\n"
	"seat 1 10C 9D KC 10S KH AH AH QD 9D AC\n"
	"seat 2 QC 10D 9C QS JS 10C KC JC JC QS\n"
	"seat 3 AS KD BENNY 9S CHARLIE 10S 10D 10H KS AD\n"
	"burn 9H\n"
	"calling 9S\n";

/*
 * 2 players, spades: seat 1 leads clubs, seat 0 trumps and leads a low
 * heart, seat 1 takes it with a high one: 7 tricks to 5. Seat 0 keeps its
 * 9S, a match card, for the last trick.
 */
static const char deal_d2m[] =
	"dealer 0\n"
	"seat 0 9S QS QS KS KS AS AS 9H 9H 10H 10H JH\n"
	"seat 1 AH AH KH KH QH 9C 9C 10C 10C QC QC KC\n"
	"burn 9D\n"
	"calling 9S\n";
static const char moves_d2m_first11[] =
	"1:9C,0:QS, 0:9H,1:AH, 1:9C,0:QS, 0:9H,1:AH, 1:10C,0:KS, 0:10H,1:KH, 1:10C,0:KS,"
	"0:10H,1:KH, 1:QC,0:AS, 0:JH,1:QH, 1:QC,0:AS";
static const char moves_d2m_last[] = "0:9S,1:KC";
static const char moves_d2m[] =
	"1:9C,0:QS, 0:9H,1:AH, 1:9C,0:QS, 0:9H,1:AH, 1:10C,0:KS, 0:10H,1:KH, 1:10C,0:KS,"
	"0:10H,1:KH, 1:QC,0:AS, 0:JH,1:QH, 1:QC,0:AS, 0:9S,1:KC";

/* The same pattern with six tricks each. */
static const char deal_d2b[] =
	"dealer 0\n"
	"seat 0 10S 10S QS QS KS KS 9H 9H 10H 10H JH JH\n"
	"seat 1 AH AH KH KH QH QH 9C 9C 10C 10C QC QC\n"
	"burn 9D\n"
	"calling 9S\n";
static const char moves_d2b[] =
	"1:9C,0:10S, 0:9H,1:AH, 1:9C,0:10S, 0:9H,1:AH, 1:10C,0:QS, 0:10H,1:KH, 1:10C,0:QS,"
	"0:10H,1:KH, 1:QC,0:KS, 0:JH,1:QH, 1:QC,0:KS, 0:JH,1:QH";

/* 9 players and a dead hand, 4 cards (zilch), no trump: seat 0 leads four aces. */
static const char deal_zilch9[] =
	"dealer 8\n"
	"seat 0 AC AD AH AS\n"
	"seat 1 AC AD AH AS\n"
	"seat 2 KC KD KH KS\n"
	"seat 3 KC KD KH KS\n"
	"seat 4 QC QD QH QS\n"
	"seat 5 QC QD QH QS\n"
	"seat 6 JC JD JH JS\n"
	"seat 7 JC JD JH JS\n"
	"seat 8 10C 10D 10H 10S\n"
	"seat 9 10C 10D 10H 10S\n"
	"burn 9C\n"
	"calling BENNY\n";
static const char moves_zilch9[] =
	"0:AC,1:AC,2:KC,3:KC,4:QC,5:QC,6:JC,7:JC,8:10C,"
	"0:AD,1:AD,2:KD,3:KD,4:QD,5:QD,6:JD,7:JD,8:10D,"
	"0:AH,1:AH,2:KH,3:KH,4:QH,5:QH,6:JH,7:JH,8:10H,"
	"0:AS,1:AS,2:KS,3:KS,4:QS,5:QS,6:JS,7:JS,8:10S";

/*
 * 9 players, zilch, no trump: seats 0, 1, 2 and 3 take one trick each
 * (0 points), the others none (+5): nobody is negative, nobody euchred.
 */
static const char deal_zilch9_spread[] =
	"dealer 8\n"
	"seat 0 AC 10D 9H 9S\n"
	"seat 1 KC AD 10H 9S\n"
	"seat 2 KC KD AH 10S\n"
	"seat 3 QC KD KH AS\n"
	"seat 4 QC QD KH KS\n"
	"seat 5 JC QD QH KS\n"
	"seat 6 JC JD QH QS\n"
	"seat 7 10C JD JH QS\n"
	"seat 8 10C 9D JH JS\n"
	"seat 9 9C 9D 9H JS\n"
	"burn 9C\n"
	"calling BENNY\n";
static const char moves_zilch9_spread[] =
	"0:AC,1:KC,2:KC,3:QC,4:QC,5:JC,6:JC,7:10C,8:10C,"
	"0:10D,1:AD,2:KD,3:KD,4:QD,5:QD,6:JD,7:JD,8:9D,"
	"1:10H,2:AH,3:KH,4:KH,5:QH,6:QH,7:JH,8:JH,0:9H,"
	"2:10S,3:AS,4:KS,5:KS,6:QS,7:QS,8:JS,0:9S,1:9S";

static char *with_scores(const char *scores, const char *deal)
{
	size_t n = strlen(scores) + strlen(deal) + 16;
	char *t = xmalloc(n);

	snprintf(t, n, "scores %s\n%s", scores, deal);
	return t;
}

/* Does any event of the current hand have this type? */
static int has_event(const struct game *g, int type)
{
	for (int i = 0; i < g->nev; i++)
		if (g->ev[i].type == type)
			return 1;
	return 0;
}

/* ---- players, hands, decks -------------------------------------------- */

static void test_player_counts_hand_sizes_decks(void)
{
	static const struct {
		int players, seats, cards, dead, min_bid;
		const char *bids; /* legal first bids, NULL for zilch */
	} cases[] = {
		{ 2, 2, 12, -1, 6, "6 7 8 9 10 11 12" },
		{ 3, 4, 10, 3, 3, "3 4 5 6 7 8 9 10" },
		{ 4, 4, 10, -1, 3, "3 4 5 6 7 8 9 10" },
		{ 5, 6, 7, 5, 2, "2 3 4 5 6 7" },
		{ 6, 6, 7, -1, 2, "2 3 4 5 6 7" },
		{ 7, 8, 5, 7, 1, "1 2 3 4 5" },
		{ 8, 8, 5, -1, 1, "1 2 3 4 5" },
		{ 9, 10, 4, 9, 0, NULL },
		{ 10, 10, 4, -1, 0, NULL },
	};
	struct game *g = xcalloc(1, sizeof(*g));
	char err[256], opts[64];

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		for (int jokers = 1; jokers <= 2; jokers++) {
			struct rules r;
			int count[NCARDS] = { 0 }, bad = 0;

			snprintf(opts, sizeof(opts), "players=%d,jokers=%d%s", cases[i].players,
				 jokers, cases[i].bids ? "" : ",zilch=false");
			CHECK(scen_rules(&r, "flip", opts, __FILE__, __LINE__) == 0);
			CHECK_INT(r.seats, cases[i].seats);
			CHECK_INT(r.cards_each, cases[i].cards);
			CHECK_INT(r.dead_seat, cases[i].dead);
			CHECK_INT(r.deck_size, jokers == 1 ? 50 : 52);
			if (cases[i].bids)
				CHECK_INT(r.min_bid, cases[i].min_bid);

			CHECK(game_init(g, &r, 77 + i, NULL, err, sizeof(err)) == 0);
			for (int s = 0; s < cases[i].seats; s++)
				CHECK_INT(hand_size(&g->hand[s]), cases[i].cards);
			CHECK_INT(hand_size(&g->stock),
				  (jokers == 1 ? 50 : 52) - cases[i].seats * cases[i].cards - 2);
			/* every card of the double deck (9 to A twice, the jokers) once somewhere */
			for (card_t c = 0; c < NCARDS; c++) {
				for (int s = 0; s < cases[i].seats; s++)
					count[c] += hand_count_of(&g->hand[s], c);
				count[c] += hand_count_of(&g->stock, c);
			}
			count[g->calling]++;
			count[g->burn]++;
			for (card_t c = 0; c < NCARDS; c++) {
				int want = c == CARD_BENNY || c == CARD_CHARLIE ? jokers
					 : c == CARD_JOKER || card_rank(c) == RANK_8 ? 0 : 2;

				bad += count[c] != want;
			}
			CHECK_INT(bad, 0);
			if (cases[i].bids) {
				CHECK_INT(game_decision(g), DEC_BID);
				CHECK_INT(game_to_move(g), 1);
				LEGAL(g, cases[i].bids);
			} else {
				/* 4 cards: zilch whatever the option says, no bidding */
				CHECK_INT(game_decision(g), DEC_PLAY);
				CHECK_INT(game_to_move(g), 1);
				CHECK_INT(g->bids[0], -1);
			}
		}
	}
	free(g);
}

/* 3 players: the dead hand is seat 3; it never bids; bids are public. */
static void test_bidding_once_each_no_pass(void)
{
	struct rules r;
	struct game *g = xcalloc(1, sizeof(*g));
	char err[256], *v;

	CHECK(scen_rules(&r, "flip", "players=3", __FILE__, __LINE__) == 0);
	CHECK(game_init(g, &r, 5, NULL, err, sizeof(err)) == 0);
	CHECK_INT(g->dealer, 0);
	CHECK_INT(game_to_move(g), 1);
	LEGAL(g, "3 4 5 6 7 8 9 10");
	/* flip has no pass at all: the reason says so and blames no dealer */
	REJECT_NOT(g, "pass", "pass", "dealer");
	REJECT(g, "2", "'2'");
	REJECT(g, "11", "'11'");
	MOVES(g, "1:5,2:3");
	CHECK_INT(game_to_move(g), 0); /* not the dead hand, seat 3 */
	MOVES(g, "0:10");
	CHECK_INT(g->bids[0], 10);
	CHECK_INT(g->bids[1], 5);
	CHECK_INT(g->bids[2], 3);
	CHECK_INT(game_decision(g), DEC_PLAY);
	CHECK_INT(game_to_move(g), 1); /* the first player left of the dealer leads */
	v = render(g, 2);
	CHECK(strstr(v, "bid 1 5\n") != NULL);
	CHECK(strstr(v, "bid 2 3\n") != NULL);
	CHECK(strstr(v, "bid 0 10\n") != NULL);
	free(v);
	free(g);
}

/* ---- Benny ---------------------------------------------------------------- */

/*
 * Seat 0 leads a Benny: no suit is led, seat 1 may throw a heart while
 * holding trumps; seat 2's Benny (the second) and seat 3's right bower
 * both lose to the first Benny.
 */
static void test_benny_led_sets_no_suit_first_benny_wins(void)
{
	struct scen *s = scen_new("flip", "jokers=2", deal_bennies);
	struct game *g;

	if (!s)
		return;
	g = &s->g;
	CHECK_INT(g->trump, TRUMP_S);
	MOVES(g, "0:3,1:3,2:3,3:3");
	CHECK_INT(game_to_move(g), 0);
	LEGAL(g, "QC KC AC QD KD AD QH KH AH BENNY BENNY switch QC BENNY switch KC "
		 "BENNY switch AC BENNY switch QD BENNY switch KD BENNY switch AD "
		 "BENNY switch QH BENNY switch KH BENNY switch AH");
	MOVES(g, "0:BENNY");
	LEGAL(g, "9C 10C JC 9H 10H JH 10S QS KS AS");
	MOVES(g, "1:9H");
	CHECK_INT(game_trick_winner(g), 0);
	LEGAL(g, "9C 10C JC QC KC AC QD KD AD BENNY BENNY switch 9C BENNY switch 10C "
		 "BENNY switch JC BENNY switch QC BENNY switch KC BENNY switch AC "
		 "BENNY switch QD BENNY switch KD BENNY switch AD");
	MOVES(g, "2:BENNY");
	CHECK_INT(game_trick_winner(g), 0);
	LEGAL(g, "9H 10H JH QH KH AH 10S JS QS KS");
	MOVES(g, "3:JS");
	CHECK_STR(trick_winners(g), "0");
	CHECK_INT(g->tricks[0], 1);
	CHECK_INT(g->calling, card_of("9S"));
	CHECK_INT(g->trump, TRUMP_S);
	CHECK(!has_event(g, EV_SWITCH));
	CHECK_INT(game_to_move(g), 0);
	free(s);
}

/*
 * The same deal with switches: seat 0's Benny switches AH in (hearts),
 * taking 9S; seat 2's Benny, a match card whatever the calling card,
 * switches QD in (diamonds), taking AH. The first Benny still wins.
 */
static void test_benny_is_a_match_card(void)
{
	struct scen *s = scen_new("flip", "jokers=2", deal_bennies);
	struct game *g;
	char *v;

	if (!s)
		return;
	g = &s->g;
	MOVES(g, "0:3,1:3,2:3,3:3");
	MOVES(g, "0:BENNY switch AH");
	CHECK_INT(g->calling, card_of("AH"));
	CHECK_INT(g->trump, TRUMP_H);
	CHECK_INT(g->burn, card_of("9D"));
	CHECK_INT(holds(g, 0, "9S"), 1);
	CHECK_INT(holds(g, 0, "AH"), 0);
	CHECK_INT(holds(g, 0, "BENNY"), 0);
	CHECK_INT(hand_size(&g->hand[0]), 9);
	LEGAL(g, "9C 10C JC 9H 10H JH 10S QS KS AS");
	REJECT(g, "9H switch 10H", "9H is not a match card");
	MOVES(g, "1:9H");
	MOVES(g, "2:BENNY switch QD");
	CHECK_INT(g->calling, card_of("QD"));
	CHECK_INT(g->trump, TRUMP_D);
	CHECK_INT(holds(g, 2, "AH"), 1);
	CHECK_INT(holds(g, 2, "QD"), 0);
	/* seat 3's AH matched the calling card a moment ago, not any more */
	LEGAL(g, "9H 10H JH QH KH AH 10S JS QS KS");
	REJECT(g, "AH switch 10S", "not a match card");
	MOVES(g, "3:JS");
	CHECK_STR(trick_winners(g), "0");
	CHECK_INT(g->calling, card_of("QD"));
	v = render(g, 1);
	CHECK(strstr(v, "calling 9S\nbid 0 3\n") != NULL);
	CHECK(strstr(v, "play 0 BENNY\nswitch 0 AH 9S\n") != NULL);
	CHECK(strstr(v, "play 2 BENNY\nswitch 2 QD AH\n") != NULL);
	free(v);
	free(s);
}

/* ---- Charlie -------------------------------------------------------------- */

/*
 * Seat 0 leads the Charlie: 9S and the burn card 9H change places, hearts
 * are trump. Seat 1 may play anything and its 10D sets diamonds; seat 2
 * must follow with KD (its JD is now the left bower, a heart); seat 3 may
 * play its Benny although it holds QD, and wins. The burn card is never
 * seen before the flip.
 */
static void test_charlie_flips_and_never_wins(void)
{
	struct scen *s = scen_new("flip", NULL, deal_charlie);
	struct game *g;
	char *v;

	if (!s)
		return;
	g = &s->g;
	MOVES(g, "0:3,1:3,2:3,3:3");
	for (int seat = 0; seat < 4; seat++) {
		v = render(g, seat);
		CHECK(strstr(v, "calling 9S\n") != NULL);
		CHECK(strstr(v, "9H") == NULL); /* the burn card (its twin is in the stock) */
		CHECK(strstr(v, "JH") == NULL); /* both JH are in the stock */
		free(v);
	}
	LEGAL(g, "KC AC 9D AD JS CHARLIE");
	MOVES(g, "0:CHARLIE");
	CHECK_INT(g->calling, card_of("9H"));
	CHECK_INT(g->burn, card_of("9S"));
	CHECK_INT(g->trump, TRUMP_H);
	LEGAL(g, "10D 10S JS QS KS AS");
	MOVES(g, "1:10D");
	CHECK_INT(game_trick_winner(g), 1);
	LEGAL(g, "KD");
	REJECT(g, "JD", "must follow diamonds");
	REJECT(g, "AH", "must follow diamonds");
	MOVES(g, "2:KD");
	CHECK_INT(game_trick_winner(g), 2);
	LEGAL(g, "QD BENNY BENNY switch 9C BENNY switch 10C BENNY switch JC BENNY switch QC "
		 "BENNY switch QD");
	REJECT(g, "9C", "must follow diamonds");
	MOVES(g, "3:BENNY");
	CHECK_STR(trick_winners(g), "3");
	CHECK_STR(TRICKS(g), "0 0 0 1");
	for (int seat = 0; seat < 4; seat++) {
		v = render(g, seat);
		CHECK(strstr(v, "play 0 CHARLIE\nflip 0 9H\n") != NULL);
		CHECK(strstr(v, "JH") == NULL);
		free(v);
	}
	free(s);
}

/*
 * A led Charlie (9H up: hearts), then a Benny: still no led suit, seat 2
 * may play anything; its 10D sets diamonds for seat 3, whose JD is the
 * left bower (a heart) and JH a trump: it must play QD or AD, or its joker.
 * The Benny wins.
 */
static void test_charlie_led_first_suited_card_sets_suit(void)
{
	struct scen *s = scen_new("flip", "jokers=2", deal_charlie_benny);
	struct game *g;

	if (!s)
		return;
	g = &s->g;
	MOVES(g, "0:3,1:3,2:3,3:3");
	LEGAL(g, "10C JC QC KC AC CHARLIE");
	MOVES(g, "0:CHARLIE");
	CHECK_INT(g->trump, TRUMP_H);
	LEGAL(g, "10S JS QS KS AS BENNY BENNY switch 10S BENNY switch JS BENNY switch QS "
		 "BENNY switch KS BENNY switch AS");
	MOVES(g, "1:BENNY");
	CHECK_INT(game_trick_winner(g), 1);
	LEGAL(g, "9C 10D 10H QH KH AH");
	MOVES(g, "2:10D");
	LEGAL(g, "QD AD CHARLIE");
	REJECT(g, "JD", "must follow diamonds");
	REJECT(g, "JH", "must follow diamonds");
	REJECT(g, "10C", "must follow diamonds");
	MOVES(g, "3:QD");
	CHECK_STR(trick_winners(g), "1");
	CHECK_INT(g->calling, card_of("9H"));
	CHECK_INT(game_to_move(g), 1);
	free(s);
}

/* Every card a Charlie: the first wins; two flips put 9S back up. */
static void test_all_charlie_trick(void)
{
	struct scen *s = scen_new("flip", "players=2,jokers=2", deal_two_charlies);
	struct game *g;

	if (!s)
		return;
	g = &s->g;
	MOVES(g, "1:6,0:6");
	LEGAL(g, "9C 10C JC QC KC AC CHARLIE");
	MOVES(g, "1:CHARLIE");
	CHECK_INT(g->calling, card_of("9D"));
	CHECK_INT(g->trump, TRUMP_D);
	LEGAL(g, "9H 10H JH QH KH AH CHARLIE");
	MOVES(g, "0:CHARLIE");
	CHECK_INT(g->calling, card_of("9S"));
	CHECK_INT(g->burn, card_of("9D"));
	CHECK_INT(g->trump, TRUMP_S);
	CHECK_STR(trick_winners(g), "1");
	CHECK_INT(game_to_move(g), 1);
	free(s);
}

/* ---- no trump under a joker ------------------------------------------- */

/*
 * The Benny is the calling card: no trump, aces high, jacks plain. JH led:
 * seat 0 must follow with a heart (JD is a diamond) and AH wins; JD led
 * loses to QD; JC led: JS is a spade, seat 0 must play 9C.
 */
static void test_no_trump_when_joker_is_calling_card(void)
{
	struct scen *s = scen_new("flip", "players=2", deal_benny_calling);
	struct game *g;
	char *v;

	if (!s)
		return;
	g = &s->g;
	CHECK_INT(g->trump, TRUMP_NONE);
	v = render(g, 0);
	CHECK(strstr(v, "calling BENNY\n") != NULL);
	free(v);
	MOVES(g, "1:6,0:6,1:JH");
	LEGAL(g, "9H AH");
	REJECT(g, "JD", "must follow hearts");
	MOVES(g, "0:AH");
	CHECK_STR(trick_winners(g), "0");
	MOVES(g, "0:JD");
	LEGAL(g, "9D QD");
	MOVES(g, "1:QD");
	CHECK_STR(trick_winners(g), "0 1");
	MOVES(g, "1:JC");
	LEGAL(g, "9C");
	REJECT(g, "JS", "must follow clubs");
	MOVES(g, "0:9C");
	CHECK_STR(trick_winners(g), "0 1 1");
	free(s);
}

/*
 * Spades trump, the Benny burnt. JC (the left bower, a spade) led: seat 0
 * must play a spade or a joker; its Charlie brings the Benny up: no trump,
 * JC is a club again and wins. Then JS led is a plain spade: QS beats it.
 */
static void test_no_trump_after_flip_brings_joker(void)
{
	struct scen *s = scen_new("flip", "players=2", deal_benny_burnt);
	struct game *g;

	if (!s)
		return;
	g = &s->g;
	CHECK_INT(g->trump, TRUMP_S);
	MOVES(g, "1:6,0:6,1:JC");
	LEGAL(g, "QS AS CHARLIE");
	REJECT(g, "AC", "must follow spades");
	MOVES(g, "0:CHARLIE");
	CHECK_INT(g->calling, CARD_BENNY);
	CHECK_INT(g->burn, card_of("9S"));
	CHECK_INT(g->trump, TRUMP_NONE);
	CHECK_STR(trick_winners(g), "1");
	MOVES(g, "1:JS");
	LEGAL(g, "QS AS");
	MOVES(g, "0:QS");
	CHECK_STR(trick_winners(g), "1 0");
	free(s);
}

/*
 * Seat 1 leads its match card 9S and switches a Charlie in: no trump, 9S
 * back in its hand. Seat 0's Charlie is identical to the calling card but
 * a Charlie is never a match card: no switch; it flips 9D up instead.
 */
static void test_switch_lays_joker_and_charlie_never_matches(void)
{
	struct scen *s = scen_new("flip", "players=2,jokers=2", deal_charlie_laid);
	struct game *g;

	if (!s)
		return;
	g = &s->g;
	MOVES(g, "1:6,0:6");
	LEGAL(g, "9C 10C QC KC AC 9S 9S switch 9C 9S switch 10C 9S switch QC 9S switch KC "
		 "9S switch AC 9S switch CHARLIE CHARLIE");
	REJECT(g, "CHARLIE switch 9C", "not a match card");
	MOVES(g, "1:9S switch CHARLIE");
	CHECK_INT(g->calling, CARD_CHARLIE);
	CHECK_INT(g->trump, TRUMP_NONE);
	CHECK_INT(holds(g, 1, "9S"), 1);
	CHECK_INT(holds(g, 1, "CHARLIE"), 0);
	CHECK_INT(hand_size(&g->hand[1]), 11);
	LEGAL(g, "QS CHARLIE");
	REJECT(g, "CHARLIE switch QS", "not a match card");
	REJECT(g, "9H", "must follow spades");
	MOVES(g, "0:CHARLIE");
	CHECK_INT(g->calling, card_of("9D"));
	CHECK_INT(g->burn, CARD_CHARLIE);
	CHECK_INT(g->trump, TRUMP_D);
	CHECK_STR(trick_winners(g), "1");
	free(s);
}

/* ---- match card and switches ------------------------------------------ */

/*
 * Spades (KS) trump. Seat 0 leads KS and switches 10H in (hearts); seat 1,
 * void in spades, plays the other 10H, now a match card, and switches 9C in
 * (clubs). Seat 2's only spade JS is now the left bower, a club, so seat 2
 * may play anything; its JS beats seat 3's 9C under clubs, the trump at the
 * end of the trick.
 */
static void test_repeated_switches_change_trump_mid_trick(void)
{
	struct scen *s = scen_new("flip", NULL, deal_switches);
	struct game *g;
	char *v;

	if (!s)
		return;
	g = &s->g;
	MOVES(g, "0:3,1:3,2:3,3:3");
	LEGAL(g, "10H 9S 10S QS KS KS switch 10H KS switch 9S KS switch 10S KS switch QS "
		 "KS switch AS AS");
	REJECT(g, "AS switch 10H", "AS is not a match card");
	REJECT(g, "KS switch JC", "you do not hold JC");
	REJECT(g, "KS switch KS", "you do not hold KS");
	REJECT(g, "QH", "you do not hold QH");
	MOVES(g, "0:KS switch 10H");
	CHECK_INT(g->calling, card_of("10H"));
	CHECK_INT(g->trump, TRUMP_H);
	CHECK_INT(g->burn, card_of("9D"));
	CHECK_INT(holds(g, 0, "KS"), 1);
	CHECK_INT(holds(g, 0, "10H"), 0);
	CHECK_INT(hand_size(&g->hand[0]), 9);

	LEGAL(g, "9C 10C QC KC AC 10H 10H switch 9C 10H switch 10C 10H switch QC 10H switch KC "
		 "10H switch AC");
	MOVES(g, "1:10H switch 9C");
	CHECK_INT(g->calling, card_of("9C"));
	CHECK_INT(g->trump, TRUMP_C);
	CHECK_INT(holds(g, 1, "10H"), 1);
	CHECK_INT(holds(g, 1, "9C"), 0);
	CHECK_INT(game_trick_winner(g), 0);

	LEGAL(g, "9H JH QH KH AH JS");
	MOVES(g, "2:JS");
	CHECK_INT(game_trick_winner(g), 2);
	LEGAL(g, "9C 9C switch 9D 9C switch JD 9C switch QD 9C switch KD 9C switch AD "
		 "9D JD QD KD AD");
	MOVES(g, "3:9C");
	CHECK_STR(trick_winners(g), "2");
	CHECK_INT(g->calling, card_of("9C"));
	CHECK_INT(game_to_move(g), 2);

	for (int seat = 0; seat < 4; seat++) {
		v = render(g, seat);
		CHECK(strstr(v, "calling KS\n") != NULL);
		CHECK(strstr(v, "play 0 KS\nswitch 0 10H KS\n") != NULL);
		CHECK(strstr(v, "play 1 10H\nswitch 1 9C 10H\n") != NULL);
		CHECK(strstr(v, "JC") == NULL);  /* both in the stock */
		CHECK(strstr(v, "10D") == NULL); /* both in the stock */
		if (seat != 3)
			CHECK(strstr(v, "9D") == NULL); /* the burn card; seat 3 holds its twin */
		free(v);
	}
	free(s);
}

/* The last card of a hand is a match card, but nothing is left to switch. */
static void test_no_switch_with_empty_hand(void)
{
	struct scen *s = scen_new("flip", "players=2", deal_d2m);
	struct game *g;

	if (!s)
		return;
	g = &s->g;
	MOVES(g, "1:6,0:6,1:9C");
	LEGAL(g, "9H 10H JH 9S 9S switch 9H 9S switch 10H 9S switch JH 9S switch QS "
		 "9S switch KS 9S switch AS QS KS AS");
	free(s);

	s = scen_new("flip", "players=2", deal_d2m);
	if (!s)
		return;
	g = &s->g;
	MOVES(g, "1:6,0:6");
	MOVES(g, moves_d2m_first11);
	CHECK_INT(hand_size(&g->hand[0]), 1);
	CHECK_INT(g->calling, card_of("9S"));
	LEGAL(g, "9S");
	REJECT(g, "9S switch KC", "you do not hold KC");
	REJECT(g, "9S switch 9S", "you do not hold 9S");
	MOVES(g, moves_d2m_last);
	CHECK_STR(trick_winners(g), "0 1 0 1 0 1 0 1 0 1 0 0");
	free(s);
}

/* ---- trump changing mid-trick: the seed's example --------------------- */

/*
 * Diamonds trump (9D). Seat 0 leads JH, the left bower: a diamond. Seat 1
 * must play its diamond AD though it holds 10H; seat 2 plays the right
 * bower JD. Seat 3 plays its Charlie (it could follow with QD): 9C comes up,
 * clubs are trump, JH is a heart again. Seat 4 must follow hearts (10D,
 * which followed a moment ago, is refused) and its QH wins: the diamonds,
 * JD included, no longer count.
 */
static void test_seed_worked_example(void)
{
	struct scen *s = scen_new("flip", "players=6", deal_seed_example);
	struct game *g;
	char *v;

	if (!s)
		return;
	g = &s->g;
	CHECK_INT(g->trump, TRUMP_D);
	LEGAL(g, "2 3 4 5 6 7");
	MOVES(g, "0:2,1:2,2:2,3:2,4:2,5:2");
	LEGAL(g, "JH 9S 10S QS");
	MOVES(g, "0:JH");
	LEGAL(g, "AD");
	REJECT(g, "10H", "must follow diamonds");
	MOVES(g, "1:AD");
	CHECK_INT(game_trick_winner(g), 0); /* the left bower beats the ace */
	LEGAL(g, "JD KD");
	MOVES(g, "2:JD");
	CHECK_INT(game_trick_winner(g), 2); /* the right bower */
	LEGAL(g, "QD CHARLIE");
	MOVES(g, "3:CHARLIE");
	CHECK_INT(g->calling, card_of("9C"));
	CHECK_INT(g->burn, card_of("9D"));
	CHECK_INT(g->trump, TRUMP_C);
	CHECK_INT(game_trick_winner(g), 0); /* JH, the only heart */
	LEGAL(g, "9H QH KH AH");
	REJECT(g, "10D", "must follow hearts");
	REJECT(g, "JS", "must follow hearts");
	MOVES(g, "4:QH");
	CHECK_INT(game_trick_winner(g), 4);
	LEGAL(g, "9C 9C switch 9D 9C switch JD 9C switch QD 9C switch KD 9C switch AD "
		 "9C switch BENNY 9D JD QD KD AD BENNY BENNY switch 9C BENNY switch 9D "
		 "BENNY switch JD BENNY switch QD BENNY switch KD BENNY switch AD");
	MOVES(g, "5:AD");
	CHECK_STR(trick_winners(g), "4");
	CHECK_STR(TRICKS(g), "0 0 0 0 1 0");
	CHECK_INT(game_to_move(g), 4);
	v = render(g, 5);
	CHECK(strstr(v, "play 3 CHARLIE\nflip 3 9C\n") != NULL);
	free(v);
	free(s);
}

/* ---- the dead hand -------------------------------------------------------- */

/*
 * 3 players, dealer 2, spades (9S), the dead hand is seat 3:
 *  0: 9C 1: 10C 2: QC 3: AS          - the dead hand trumps: 3
 *  3: KD 0: AD 1: 9D 2: 10D          - it led: 0
 *  0: AC 1: KC 2: 9C 3: BENNY        - 3 (no switch)
 *  3: 9S 0: KS 1: 10S 2: QS          - its match card, no switch: 0
 *  0: QH 1: KH 2: JS 3: CHARLIE      - 9H up: hearts, KH beats QH: 1
 *  1: AH 2: 10C 3: 10S 0: 10H        - 1
 *  1: AH 2: KC 3: 10D 0: QD          - 1
 *  1: QD 2: JC 3: 10H 0: KD          - trumped by the dead hand: 3
 *  3: KS 0: AS 1: 9D 2: QS           - 0
 *  0: QC 1: AC 2: JC 3: AD           - 1
 * Tricks 3 4 0 and 3 for the dead hand; bids 3 5 3: 30, -5, -15.
 */
static void test_dead_hand(void)
{
	struct scen *s = scen_new("flip", "players=3", deal_dead);
	struct game *g;
	char *v;

	if (!s)
		return;
	g = &s->g;
	CHECK_INT(s->rules.dead_seat, 3);
	CHECK_INT(game_to_move(g), 0);
	LEGAL(g, "3 4 5 6 7 8 9 10");
	/* no pass in flip, for the first bidder as for any other */
	REJECT_NOT(g, "pass", "pass", "dealer");
	MOVES(g, "0:3,1:5,2:3");
	CHECK_INT(game_decision(g), DEC_PLAY);
	CHECK_INT(game_to_move(g), 0);

	MOVES(g, "0:9C");
	LEGAL(g, "10C KC AC");
	MOVES(g, "1:10C");
	LEGAL(g, "9C 10C QC KC");
	MOVES(g, "2:QC");
	CHECK_STR(trick_winners(g), "3");
	CHECK_INT(g->tricks[3], 1);
	/* having won, the dead hand led its next card at once */
	CHECK_INT(g->ntrick, 1);
	CHECK_INT(g->trick_seat[0], 3);
	CHECK_INT(g->trick_card[0], card_of("KD"));
	CHECK_INT(game_to_move(g), 0);
	LEGAL(g, "QD KD AD");
	MOVES(g, "0:AD");
	LEGAL(g, "9D QD");
	MOVES(g, "1:9D,2:10D");
	CHECK_STR(trick_winners(g), "3 0");

	MOVES(g, "0:AC");
	LEGAL(g, "KC AC");
	MOVES(g, "1:KC,2:9C");
	CHECK_STR(trick_winners(g), "3 0 3");
	CHECK_INT(g->calling, card_of("9S"));
	CHECK_INT(g->trump, TRUMP_S);
	/* then it led 9S, identical to the calling card: still no switch */
	CHECK_INT(g->trick_card[0], card_of("9S"));
	CHECK_INT(g->calling, card_of("9S"));
	CHECK_INT(g->burn, card_of("9H"));
	CHECK(!has_event(g, EV_SWITCH));
	LEGAL(g, "KS AS");
	MOVES(g, "0:KS,1:10S");
	LEGAL(g, "JC JS QS");
	MOVES(g, "2:QS");
	CHECK_STR(trick_winners(g), "3 0 3 0");

	for (int seat = 0; seat < 3; seat++) {
		v = render(g, seat);
		CHECK(strstr(v, "play 3 AS\n") != NULL);
		CHECK(strstr(v, "play 3 KD\n") != NULL);
		CHECK(strstr(v, "play 3 BENNY\ntrick 3 winner 3\nplay 3 9S\n") != NULL);
		CHECK(strstr(v, "CHARLIE") == NULL); /* the dead hand's cards are face down */
		CHECK(strstr(v, "9H") == NULL);      /* the burn card */
		CHECK(strstr(v, "JD") == NULL);      /* the stock */
		CHECK(strstr(v, "JH") == NULL);
		free(v);
	}

	MOVES(g, "0:QH");
	LEGAL(g, "KH AH");
	MOVES(g, "1:KH");
	LEGAL(g, "10C JC KC JS QS");
	MOVES(g, "2:JS");
	CHECK_INT(g->calling, card_of("9H"));
	CHECK_INT(g->burn, card_of("9S"));
	CHECK_INT(g->trump, TRUMP_H);
	CHECK_STR(trick_winners(g), "3 0 3 0 1");
	for (int seat = 0; seat < 3; seat++) {
		v = render(g, seat);
		CHECK(strstr(v, "play 3 CHARLIE\nflip 3 9H\n") != NULL);
		free(v);
	}

	MOVES(g, "1:AH,2:10C");
	LEGAL(g, "10H");
	MOVES(g, "0:10H");
	MOVES(g, "1:AH,2:KC,0:QD");
	MOVES(g, "1:QD,2:JC");
	LEGAL(g, "KD");
	MOVES(g, "0:KD");
	CHECK_STR(trick_winners(g), "3 0 3 0 1 1 1 3");
	LEGAL(g, "AS");
	MOVES(g, "0:AS,1:9D");
	LEGAL(g, "QS");
	MOVES(g, "2:QS");
	MOVES(g, "0:QC,1:AC,2:JC");
	CHECK(game_hand_over(g));
	CHECK_STR(trick_winners(g), "3 0 3 0 1 1 1 3 0 1");
	CHECK_STR(TRICKS(g), "3 4 0 3");
	CHECK_STR(POINTS(g), "30 -5 -15");
	CHECK_STR(SCORES(g), "30 -5 -15");
	CHECK_STR(ints_text(g->euchred, 3), "0 0 1");
	v = render(g, 1);
	CHECK(strstr(v, "handend tricks 3 4 0 3 points 30 -5 -15 score 30 -5 -15\n") != NULL);
	free(v);

	/* the deal passes to seat 0, never to the dead hand */
	game_next_hand(g);
	CHECK_INT(g->dealer, 0);
	CHECK_INT(game_to_move(g), 1);
	free(s);
}

/* ---- scoring --------------------------------------------------------------- */

static struct scen *play_hand(const char *opts, const char *deal, const char *bidding,
			      const char *plays, const char *file, int line)
{
	struct scen *s = scen_new_at("flip", opts, deal, file, line);

	if (!s)
		return NULL;
	if (moves_at(&s->g, bidding, file, line) < 0 || moves_at(&s->g, plays, file, line) < 0) {
		free(s);
		return NULL;
	}
	return s;
}

/* Seat 0 takes 7 tricks, seat 1 takes 5 (or 6 and 6): bids made, over, short. */
static void test_bid_scoring_and_euchred(void)
{
	static const struct {
		const char *deal, *bids, *plays, *tricks, *points, *euchred;
	} cases[] = {
		/* 7 on a bid of 6: 30 - 5; 5 on a bid of 6: -5 */
		{ deal_d2m, "1:6,0:6", moves_d2m, "7 5", "25 -5", "0 1" },
		/* exactly the bid: 30 */
		{ deal_d2m, "1:6,0:7", moves_d2m, "7 5", "30 -5", "0 1" },
		/* two short: -10, the most negative */
		{ deal_d2m, "1:6,0:9", moves_d2m, "7 5", "-10 -5", "1 0" },
		/* both one short: both euchred */
		{ deal_d2m, "1:6,0:8", moves_d2m, "7 5", "-5 -5", "1 1" },
		/* bids up to the cards dealt: 12 bid, 5 taken: -35 */
		{ deal_d2m, "1:12,0:6", moves_d2m, "7 5", "25 -35", "0 1" },
		{ deal_d2m, "1:6,0:12", moves_d2m, "7 5", "-25 -5", "1 0" },
		/* nobody negative: nobody euchred */
		{ deal_d2b, "1:6,0:6", moves_d2b, "6 6", "30 30", "0 0" },
		{ deal_d2b, "1:6,0:12", moves_d2b, "6 6", "-30 30", "1 0" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct scen *s = play_hand("players=2", cases[i].deal, cases[i].bids,
					   cases[i].plays, __FILE__, __LINE__);

		if (!s) {
			fprintf(stderr, "  scoring case %zu\n", i);
			continue;
		}
		CHECK(game_hand_over(&s->g));
		CHECK_STR(TRICKS(&s->g), cases[i].tricks);
		CHECK_STR(POINTS(&s->g), cases[i].points);
		CHECK_STR(SCORES(&s->g), cases[i].points);
		CHECK_STR(ints_text(s->g.euchred, 2), cases[i].euchred);
		free(s);
	}
}

/* zilch on request: no bids, 5 - 5 x tricks: 7 tricks -30, 5 tricks -20. */
static void test_zilch_option_scoring(void)
{
	struct scen *s = scen_new("flip", "players=2,zilch=true", deal_d2m);
	struct game *g;

	if (!s)
		return;
	g = &s->g;
	CHECK_INT(game_decision(g), DEC_PLAY);
	CHECK_INT(game_to_move(g), 1);
	REJECT(g, "6", "not a legal");
	MOVES(g, moves_d2m);
	CHECK_STR(TRICKS(g), "7 5");
	CHECK_STR(POINTS(g), "-30 -20");
	CHECK_STR(ints_text(g->euchred, 2), "1 0");
	free(s);
}

/*
 * 9 players, 4 cards: zilch without bids, no trump (Benny up), the dead
 * hand last. Seat 0 leads four aces; every other seat must follow with its
 * one card of the suit; seat 1's twin ace loses to the copy played first.
 * Seat 0: 5 - 20 = -15, everyone else +5.
 */
static void test_zilch_forced_with_four_cards(void)
{
	struct scen *s = scen_new("flip", "players=9", deal_zilch9);
	struct game *g;

	if (!s)
		return;
	g = &s->g;
	CHECK_INT(g->trump, TRUMP_NONE);
	CHECK_INT(game_decision(g), DEC_PLAY);
	CHECK_INT(game_to_move(g), 0);
	LEGAL(g, "AC AD AH AS");
	MOVES(g, "0:AC");
	LEGAL(g, "AC");
	REJECT(g, "AD", "must follow clubs");
	MOVES(g, moves_zilch9 + strlen("0:AC,"));
	CHECK(game_hand_over(g));
	CHECK_STR(trick_winners(g), "0 0 0 0");
	CHECK_STR(TRICKS(g), "4 0 0 0 0 0 0 0 0 0");
	CHECK_STR(POINTS(g), "-15 5 5 5 5 5 5 5 5");
	CHECK_STR(ints_text(g->euchred, 9), "1 0 0 0 0 0 0 0 0");
	free(s);
}

/* One trick each for seats 0-3: 5 - 5 = 0, not negative, so not euchred. */
static void test_zilch_zero_is_not_euchred(void)
{
	struct scen *s = scen_new("flip", "players=9", deal_zilch9_spread);
	struct game *g;

	if (!s)
		return;
	g = &s->g;
	MOVES(g, moves_zilch9_spread);
	CHECK(game_hand_over(g));
	CHECK_STR(trick_winners(g), "0 1 2 3");
	CHECK_STR(TRICKS(g), "1 1 1 1 0 0 0 0 0 0");
	CHECK_STR(POINTS(g), "0 0 0 0 5 5 5 5 5");
	CHECK_STR(ints_text(g->euchred, 9), "0 0 0 0 0 0 0 0 0");
	free(s);
}

/* ---- the end of the game --------------------------------------------- */

struct end_case {
	const char *opts, *scores, *deal, *bids, *plays;
	int over, winners;
	const char *final_scores, *ranks;
};

static void run_end_case(const struct end_case *c, int i, const char *file, int line)
{
	char *text = with_scores(c->scores, c->deal);
	struct scen *s = play_hand(c->opts, text, c->bids, c->plays, file, line);

	if (s) {
		th_checks++;
		if (game_over(&s->g) != c->over || (c->over && s->g.winners != c->winners) ||
		    (!c->over && !game_hand_over(&s->g))) {
			th_failed++;
			fprintf(stderr,
				"%s:%d: case %d: over %d winners %#x, expected over %d winners %#x\n",
				file, line, i, game_over(&s->g), (unsigned)s->g.winners, c->over,
				(unsigned)c->winners);
		}
		CHECK_STR(SCORES(&s->g), c->final_scores);
		if (c->over)
			CHECK_STR(RANKS(&s->g), c->ranks);
		free(s);
	}
	free(text);
}

static void test_end_of_game(void)
{
	static const struct end_case cases[] = {
		/* first to 100 */
		{ "players=2", "80 0", deal_d2m, "1:6,0:6", moves_d2m, 1, 1 << 0, "105 -5", "1 2" },
		/* both over 100: the highest */
		{ "players=2", "75 70", deal_d2b, "1:6,0:6", moves_d2b, 1, 1 << 0, "105 100",
		  "1 2" },
		/* both on 100: shared */
		{ "players=2", "70 70", deal_d2b, "1:6,0:6", moves_d2b, 1, 3, "100 100", "1 1" },
		{ "players=2", "69 0", deal_d2b, "1:6,0:6", moves_d2b, 0, 0, "99 30", NULL },
		/* -100 ends only zilch */
		{ "players=2", "0 -98", deal_d2m, "1:6,0:6", moves_d2m, 0, 0, "25 -103", NULL },
		{ "players=2,zilch=true", "-75 10", deal_d2m, "", moves_d2m, 1, 1 << 1, "-105 -10",
		  "2 1" },
		{ "players=2,zilch=true", "-65 0", deal_d2m, "", moves_d2m, 0, 0, "-95 -20", NULL },
		/* the target option, for both ends in zilch */
		{ "players=2,target=50", "30 0", deal_d2m, "1:6,0:6", moves_d2m, 1, 1 << 0, "55 -5",
		  "1 2" },
		{ "players=2,target=50", "20 0", deal_d2m, "1:6,0:6", moves_d2m, 0, 0, "45 -5",
		  NULL },
		{ "players=2,target=50,zilch=true", "-25 0", deal_d2m, "", moves_d2m, 1, 1 << 1,
		  "-55 -20", "2 1" },
		/* max_hands */
		{ "players=2,max_hands=1", "0 0", deal_d2m, "1:6,0:6", moves_d2m, 1, 1 << 0,
		  "25 -5", "1 2" },
		{ "players=2,max_hands=1", "0 0", deal_d2b, "1:6,0:6", moves_d2b, 1, 3, "30 30",
		  "1 1" },
		{ "players=2,max_hands=2", "0 0", deal_d2b, "1:6,0:6", moves_d2b, 0, 0, "30 30",
		  NULL },
		/* forced zilch: +5 takes seat 1 to 100 */
		{ "players=9", "0 95 0 0 0 0 0 0 0", deal_zilch9, "", moves_zilch9, 1, 1 << 1,
		  "-15 100 5 5 5 5 5 5 5", "9 1 2 2 2 2 2 2 2" },
		/* forced zilch: seat 0 at -105 ends it, the highest wins */
		{ "players=9", "-90 10 0 0 0 0 0 0 0", deal_zilch9, "", moves_zilch9, 1, 1 << 1,
		  "-105 15 5 5 5 5 5 5 5", "9 1 2 2 2 2 2 2 2" },
		{ "players=9", "-80 10 0 0 0 0 0 0 0", deal_zilch9, "", moves_zilch9, 0, 0,
		  "-95 15 5 5 5 5 5 5 5", NULL },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		run_end_case(&cases[i], (int)i, __FILE__, __LINE__);
}

int main(void)
{
	RUN(test_player_counts_hand_sizes_decks);
	RUN(test_bidding_once_each_no_pass);
	RUN(test_benny_led_sets_no_suit_first_benny_wins);
	RUN(test_benny_is_a_match_card);
	RUN(test_charlie_flips_and_never_wins);
	RUN(test_charlie_led_first_suited_card_sets_suit);
	RUN(test_all_charlie_trick);
	RUN(test_no_trump_when_joker_is_calling_card);
	RUN(test_no_trump_after_flip_brings_joker);
	RUN(test_switch_lays_joker_and_charlie_never_matches);
	RUN(test_repeated_switches_change_trump_mid_trick);
	RUN(test_no_switch_with_empty_hand);
	RUN(test_seed_worked_example);
	RUN(test_dead_hand);
	RUN(test_bid_scoring_and_euchred);
	RUN(test_zilch_option_scoring);
	RUN(test_zilch_forced_with_four_cards);
	RUN(test_zilch_zero_is_not_euchred);
	RUN(test_end_of_game);
	return TEST_REPORT();
}
