/*
 * test_rules_team.c - scenario tests for the three partnership variants
 * (hammerwalt, indiana, bloomington), one or more per ruling of
 * docs/variants.md.
 *
 * Every scenario starts from an explicit deal written below as text and
 * parsed with deal_parse(), plays a hand-written list of moves, and checks
 * concrete outcomes (legal move lists as text, trick winners, who is to
 * move, scores, ranks). Every expected value was worked out by hand from
 * the rules, never copied from the engine's output: the point is to catch
 * the engine disagreeing with its documentation.
 *
 * The deals are built so that play is easy to follow by hand:
 *  - DEAL_BLOCKS: seat 0 holds the top clubs and the low diamonds, seat 1
 *    the top diamonds and the low clubs, seats 2 and 3 the same with hearts
 *    and spades. In high no-trump a club trick always goes to seat 0, a
 *    diamond trick to seat 1, hearts to seat 2 and spades to seat 3.
 *  - DEAL_SUITS: each seat holds all twelve cards of one suit.
 *  - DEAL_MIX: seats 0 and 1 hold identical hands (one of each club and
 *    diamond), so do seats 2 and 3 (hearts and spades): every trick can
 *    hold twins, and both left bowers of a red trump sit with one pair.
 *  - BLOOM_BLOCKS: DEAL_BLOCKS for six seats of eight cards: seats 0-3
 *    hold A K Q twice of one suit and two nines of the paired suit; seats 4
 *    (clubs, diamonds) and 5 (hearts, spades) hold the jacks and tens,
 *    which never win in no-trump.
 */
#include <stdarg.h>
#include <stdlib.h>

#include "deal.h"
#include "game.h"
#include "testhelp.h"

/* ---- deals -------------------------------------------------------------- */

#define DEAL_BLOCKS                                        \
	"seat 0 JC JC QC QC KC KC AC AC 9D 9D 10D 10D\n"   \
	"seat 1 JD JD QD QD KD KD AD AD 9C 9C 10C 10C\n"   \
	"seat 2 JH JH QH QH KH KH AH AH 9S 9S 10S 10S\n"   \
	"seat 3 JS JS QS QS KS KS AS AS 9H 9H 10H 10H\n"

#define DEAL_SUITS                                         \
	"seat 0 9C 9C 10C 10C JC JC QC QC KC KC AC AC\n"   \
	"seat 1 9D 9D 10D 10D JD JD QD QD KD KD AD AD\n"   \
	"seat 2 9H 9H 10H 10H JH JH QH QH KH KH AH AH\n"   \
	"seat 3 9S 9S 10S 10S JS JS QS QS KS KS AS AS\n"

#define DEAL_MIX                                           \
	"seat 0 9C 10C JC QC KC AC 9D 10D JD QD KD AD\n"   \
	"seat 1 9C 10C JC QC KC AC 9D 10D JD QD KD AD\n"   \
	"seat 2 9H 10H JH QH KH AH 9S 10S JS QS KS AS\n"   \
	"seat 3 9H 10H JH QH KH AH 9S 10S JS QS KS AS\n"

#define BLOOM_BLOCKS                                       \
	"seat 0 AC AC KC KC QC QC 9D 9D\n"                 \
	"seat 1 AD AD KD KD QD QD 9C 9C\n"                 \
	"seat 2 AH AH KH KH QH QH 9S 9S\n"                 \
	"seat 3 AS AS KS KS QS QS 9H 9H\n"                 \
	"seat 4 JC JC 10C 10C JD JD 10D 10D\n"             \
	"seat 5 JH JH 10H 10H JS JS 10S 10S\n"

/*
 * Whole hands of play on DEAL_BLOCKS in high no-trump, one trick per
 * line, each trick listed from its leader clockwise.
 *
 * P8_4: seat 0 leads; it runs its eight clubs (seat 1 follows with its
 * four low clubs, then is void), then leads 9D, which seat 1 takes with
 * KD and keeps the lead with its diamonds. Seat 0: 8 tricks, seat 1: 4.
 */
#define P8_4                                               \
	"AC,9C,9S,9H, AC,9C,9S,9H, KC,10C,10S,10H, KC,10C,10S,10H," \
	"QC,JD,JH,JS, QC,JD,JH,JS, JC,QD,QH,QS, JC,QD,QH,QS,"       \
	"9D,KD,KH,KS,"        /* trick 9: seat 1 wins and leads */  \
	"KD,KH,KS,9D, AD,AH,AS,10D, AD,AH,AS,10D"

/*
 * P4_8: seat 0 leads 9D at once; seat 1 takes it with JD and runs its
 * diamonds (seat 0 follows with its low diamonds, then throws four clubs),
 * then leads 9C, which seat 0 takes and runs its last clubs. Seat 0: 4
 * tricks, seat 1: 8.
 */
#define P4_8                                               \
	"9D,JD,9S,9H,"        /* trick 1: seat 1 wins and leads */  \
	"JD,9S,9H,9D, QD,10S,10H,10D, QD,10S,10H,10D, KD,JH,JS,JC," \
	"KD,JH,JS,JC, AD,QH,QS,QC, AD,QH,QS,QC,"                    \
	"9C,KH,KS,KC,"        /* trick 9: seat 0 wins and leads */  \
	"KC,9C,KH,KS, AC,10C,AH,AS, AC,10C,AH,AS"

/* Q8_4: P8_4 with the roles of seats 0 and 1 swapped (seat 1 leads). */
#define Q8_4                                               \
	"AD,9S,9H,9D, AD,9S,9H,9D, KD,10S,10H,10D, KD,10S,10H,10D," \
	"QD,JH,JS,JC, QD,JH,JS,JC, JD,QH,QS,QC, JD,QH,QS,QC,"       \
	"9C,KH,KS,KC,"        /* trick 9: seat 0 wins and leads */  \
	"KC,9C,KH,KS, AC,10C,AH,AS, AC,10C,AH,AS"

/*
 * B5_3: BLOOM_BLOCKS in high no-trump, seat 0 leads: five club tricks for
 * seat 0 (seats 1 and 4 follow while they can), then 9D to seat 1, who
 * keeps the lead with its last two diamonds. Team {0,2,4}: 5, {1,3,5}: 3.
 */
#define B5_3                                               \
	"AC,9C,9S,9H,10C,10S, AC,9C,9S,9H,10C,10S,"                  \
	"KC,QD,QH,QS,JC,JS, KC,QD,QH,QS,JC,JS, QC,KD,KH,KS,10D,10H," \
	"9D,KD,KH,KS,10D,10H," /* trick 6: seat 1 wins and leads */ \
	"AD,AH,AS,JD,JH,9D, AD,AH,AS,JD,JH,QC"

/* ---- helpers ------------------------------------------------------------ */

/* One scenario: rules, the parsed deal (borrowed by the game) and the game. */
struct sc {
	struct rules r;
	struct deal d;
	struct game g;
};

/* Records a failed check at the caller's file and line. */
#ifdef __GNUC__
__attribute__((format(printf, 3, 4)))
#endif
static void fail_at(const char *file, int line, const char *fmt, ...)
{
	va_list ap;

	th_failed++;
	fprintf(stderr, "%s:%d: ", file, line);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/*
 * Starts variant with options "key=value key=value" (or NULL) from the
 * deal text. Returns 0, or -1 after recording a failure.
 */
static int start_at(const char *file, int line, struct sc *s, const char *variant,
		    const char *opts, const char *deal)
{
	char err[256], key[64], val[64];

	th_checks++;
	memset(s, 0, sizeof(*s));
	rules_init(&s->r, variant_parse(variant));
	while (opts && *opts) {
		size_t n = strcspn(opts, " "), k = strcspn(opts, "=");

		if (k >= n || k >= sizeof(key) || n - k - 1 >= sizeof(val)) {
			fail_at(file, line, "bad option text '%s'", opts);
			return -1;
		}
		snprintf(key, sizeof(key), "%.*s", (int)k, opts);
		snprintf(val, sizeof(val), "%.*s", (int)(n - k - 1), opts + k + 1);
		if (rules_set_option(&s->r, key, val, err, sizeof(err)) < 0) {
			fail_at(file, line, "option: %s", err);
			return -1;
		}
		opts += n;
		while (*opts == ' ')
			opts++;
	}
	if (rules_finish(&s->r, err, sizeof(err)) < 0 ||
	    deal_parse(deal, strlen(deal), &s->r, &s->d, err, sizeof(err)) < 0 ||
	    game_init(&s->g, &s->r, 1, &s->d, err, sizeof(err)) < 0) {
		fail_at(file, line, "setup: %s", err);
		return -1;
	}
	return 0;
}
#define START(s, variant, opts, deal) start_at(__FILE__, __LINE__, s, variant, opts, deal)

/*
 * Plays a comma-separated list of moves ("pass, 7 H, JH"; blanks around
 * the commas are ignored), each through move_parse() and game_apply(),
 * counting a check per move. Stops at the first move that does not parse
 * or is rejected. Returns the number of moves applied.
 */
static int play_at(const char *file, int line, struct game *g, const char *moves)
{
	int applied = 0;

	while (*moves) {
		size_t n;
		struct move m;
		char err[128];

		while (*moves == ' ' || *moves == ',')
			moves++;
		n = strcspn(moves, ",");
		while (n && moves[n - 1] == ' ')
			n--;
		if (!n)
			break;
		th_checks++;
		if (move_parse(moves, n, &m) != (int)n) {
			fail_at(file, line, "move %d '%.*s' does not parse", applied + 1, (int)n,
				moves);
			return applied;
		}
		if (game_apply(g, &m, err, sizeof(err)) < 0) {
			fail_at(file, line, "move %d '%.*s' (seat %d) rejected: %s", applied + 1,
				(int)n, moves, game_to_move(g), err);
			return applied;
		}
		applied++;
		moves += n;
	}
	return applied;
}
#define PLAY(g, moves) play_at(__FILE__, __LINE__, g, moves)

/* The legal moves of the seat to act, formatted and joined by spaces. */
static const char *legal_text(const struct game *g, char *buf, size_t len)
{
	struct move mv[MAX_MOVES];
	int n = game_legal(g, mv);
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; i < n && used + 1 < len; i++) {
		char one[32];

		move_format(&mv[i], one, sizeof(one));
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? " " : "", one);
	}
	return buf;
}
#define CHECK_LEGAL(g, want)                                               \
	do {                                                               \
		char lt_buf[4096];                                         \
		CHECK_STR(legal_text(g, lt_buf, sizeof(lt_buf)), want);    \
	} while (0)

/* The cards a seat holds, as hand_format() writes them. */
static const char *hand_text(const struct game *g, int seat, char *buf, size_t len)
{
	hand_format(&g->hand[seat], buf, len);
	return buf;
}
#define CHECK_HAND(g, seat, want)                                          \
	do {                                                               \
		char ht_buf[256];                                          \
		CHECK_STR(hand_text(g, seat, ht_buf, sizeof(ht_buf)), want); \
	} while (0)

/*
 * Applies move m, which must be rejected with exactly the reason want,
 * and checks that the game did not change at all.
 */
static void reject_move_at(const char *file, int line, struct game *g, const struct move *m,
			   const char *want)
{
	struct game *before = malloc(sizeof(*before));
	char err[128] = "";
	char text[64];

	move_format(m, text, sizeof(text));
	memcpy(before, g, sizeof(*g));
	th_checks += 3;
	if (game_apply(g, m, err, sizeof(err)) != -1)
		fail_at(file, line, "'%s' was accepted, expected rejection '%s'", text, want);
	else if (strcmp(err, want))
		fail_at(file, line, "'%s' rejected with \"%s\", expected \"%s\"", text, err, want);
	if (memcmp(before, g, sizeof(*g))) {
		fail_at(file, line, "rejecting '%s' changed the game", text);
		memcpy(g, before, sizeof(*g));
	}
	free(before);
}

static void reject_at(const char *file, int line, struct game *g, const char *move,
		      const char *want)
{
	struct move m;

	if (move_parse(move, strlen(move), &m) != (int)strlen(move)) {
		th_checks++;
		fail_at(file, line, "'%s' does not parse", move);
		return;
	}
	reject_move_at(file, line, g, &m, want);
}
#define REJECT(g, move, want) reject_at(__FILE__, __LINE__, g, move, want)
#define REJECT_MOVE(g, m, want) reject_move_at(__FILE__, __LINE__, g, m, want)

/* Who is to act and what decision they face. */
#define CHECK_TURN(g, seat, dec)                                           \
	do {                                                               \
		CHECK_INT(game_to_move(g), seat);                          \
		CHECK_INT(game_decision(g), dec);                          \
	} while (0)

/* Team scores and the points of the hand just scored (per seat). */
#define CHECK_SCORES(g, s0, s1)                                            \
	do {                                                               \
		CHECK_INT((g)->score[0], s0);                              \
		CHECK_INT((g)->score[1], s1);                              \
	} while (0)

static void check_hand_points_at(const char *file, int line, const struct game *g, int team0,
				 int team1)
{
	for (int s = 0; s < g->rules.seats; s++) {
		int want = s % 2 ? team1 : team0;

		th_checks++;
		if (g->hand_points[s] != want)
			fail_at(file, line, "hand_points[%d] == %d, expected %d", s, g->hand_points[s],
				want);
	}
}
#define CHECK_POINTS(g, t0, t1) check_hand_points_at(__FILE__, __LINE__, g, t0, t1)

/* Ranks of every seat as a string of digits ("1212"). */
static const char *ranks_text(const struct game *g, char *buf)
{
	int n = g->rules.players;

	for (int p = 0; p < n; p++)
		buf[p] = (char)('0' + g->ranks[p]);
	buf[n] = '\0';
	return buf;
}
#define CHECK_RANKS(g, want)                                               \
	do {                                                               \
		char rk_buf[MAX_SEATS + 1];                                \
		CHECK_STR(ranks_text(g, rk_buf), want);                    \
	} while (0)

/* Does the current hand's event list hold an event of this type? */
static int has_event(const struct game *g, int type)
{
	for (int i = 0; i < g->nev; i++)
		if (g->ev[i].type == type)
			return 1;
	return 0;
}

/* Plays "bid, pass, pass, pass, high" for seat 0 (dealer 3) then the play. */
static void hammerwalt_seat0_hand(struct game *g, const char *bid, const char *play)
{
	char auction[64];

	snprintf(auction, sizeof(auction), "%s, pass, pass, pass, high", bid);
	PLAY(g, auction);
	PLAY(g, play);
}

/* ---- defaults ------------------------------------------------------------ */

/*
 * The documented shape and defaults: hammerwalt and indiana 4 seats of 12
 * cards, bloomington 6 of 8; targets 64, 42, 54; the hole equal to the
 * target; max_hands 200; all_pass stick; seat 0 deals first.
 */
static void team_variant_defaults(void)
{
	static const struct {
		const char *name, *deal;
		int seats, cards, target;
	} v[] = {
		{ "hammerwalt", DEAL_BLOCKS, 4, 12, 64 },
		{ "indiana", DEAL_BLOCKS, 4, 12, 42 },
		{ "bloomington", BLOOM_BLOCKS, 6, 8, 54 },
	};

	for (size_t i = 0; i < sizeof(v) / sizeof(v[0]); i++) {
		struct sc s;

		if (START(&s, v[i].name, NULL, v[i].deal) < 0)
			continue;
		CHECK_INT(s.r.seats, v[i].seats);
		CHECK_INT(s.r.players, v[i].seats);
		CHECK_INT(s.r.teams, 2);
		CHECK_INT(s.r.cards_each, v[i].cards);
		CHECK_INT(s.r.target, v[i].target);
		CHECK_INT(s.r.hole, v[i].target);
		CHECK_INT(s.r.max_hands, 200);
		CHECK_INT(s.r.all_pass, ALL_PASS_STICK);
		CHECK_INT(s.g.dealer, 0);
		CHECK_INT(s.g.hand_no, 1);
		CHECK_SCORES(&s.g, 0, 0);
		CHECK_INT(hand_size(&s.g.hand[v[i].seats - 1]), v[i].cards);
	}
}

/*
 * Several hand blocks deal several hands in turn, the dealer passing
 * clockwise; after the last block the hands come from the seed.
 */
static void explicit_deal_hands_in_turn(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 3\nhand\n" DEAL_BLOCKS "hand\n" DEAL_SUITS) < 0)
		return;
	CHECK_INT(s.d.nhands, 2);
	CHECK_HAND(g, 0, "JC JC QC QC KC KC AC AC 9D 9D 10D 10D");
	hammerwalt_seat0_hand(g, "6", P8_4);
	CHECK(game_hand_over(g));
	game_next_hand(g);
	CHECK_INT(g->hand_no, 2);
	CHECK_INT(g->dealer, 0);
	CHECK_TURN(g, 1, DEC_BID);
	CHECK_SCORES(g, 8, 4);
	CHECK_HAND(g, 0, "9C 9C 10C 10C JC JC QC QC KC KC AC AC");
	CHECK_HAND(g, 3, "9S 9S 10S 10S JS JS QS QS KS KS AS AS");
	/* seat 1 goes alone with all the diamonds; seat 3 returns what it got */
	PLAY(g, "alone, high, 9D, 9D, 10D, 9D, 10D, 9D");
	CHECK_INT(g->sitting_out, 1u << 3);
	PLAY(g, "9D,9H,9C, 9D,9H,9C, 10D,10H,10C, 10D,10H,10C, JD,JH,JC, JD,JH,JC,"
		"QD,QH,QC, QD,QH,QC, KD,KH,KC, KD,KH,KC, AD,AH,AC, AD,AH,AC");
	/* all 12 tricks: +24 on top of 4 */
	CHECK_SCORES(g, 8, 28);
	game_next_hand(g);
	CHECK_INT(g->hand_no, 3);
	CHECK_INT(g->dealer, 1);
	CHECK_TURN(g, 2, DEC_BID);
	for (int seat = 0; seat < 4; seat++)
		CHECK_INT(hand_size(&g->hand[seat]), 12);
}

/* ---- hammerwalt: auction ------------------------------------------------ */

/* A turn is pass, 6 to 12 above the standing bid, or alone; nothing else. */
static void hammerwalt_bids_start_at_six_and_must_rise(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, DEAL_BLOCKS) < 0)
		return;
	/* seat 0 deals the first hand; seat 1, on its left, speaks first */
	CHECK_INT(g->dealer, 0);
	CHECK_TURN(g, 1, DEC_BID);
	CHECK_LEGAL(g, "pass 6 7 8 9 10 11 12 alone");
	REJECT(g, "5", "'5' is not a legal bid now");
	REJECT(g, "13", "'13' is not a legal bid now");
	REJECT(g, "7 H", "'7 H' is not a legal bid now");
	REJECT(g, "moon H", "'moon H' is not a legal bid now");
	REJECT(g, "JH", "'JH' is not a legal bid now");
	PLAY(g, "7");
	CHECK_TURN(g, 2, DEC_BID);
	CHECK_LEGAL(g, "pass 8 9 10 11 12 alone");
	REJECT(g, "7", "bid must be above 7");
	REJECT(g, "6", "bid must be above 7");
	PLAY(g, "12");
	/* above 12 only alone remains */
	CHECK_TURN(g, 3, DEC_BID);
	CHECK_LEGAL(g, "pass alone");
	REJECT(g, "12", "bid must be above 12");
}

/* The auction ends when the other three have passed after the standing bid. */
static void hammerwalt_three_passes_after_a_bid_end_the_auction(void)
{
	struct sc s;
	struct game *g = &s.g;
	struct move none = move_make(MOVE_TRUMP, -1, TRUMP_NONE, CARD_NONE, CARD_NONE);

	if (START(&s, "hammerwalt", NULL, DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "6, pass, pass");
	/* two passes: the dealer still speaks */
	CHECK_TURN(g, 0, DEC_BID);
	CHECK_LEGAL(g, "pass 7 8 9 10 11 12 alone");
	PLAY(g, "pass");
	/* the third pass ends it after four turns: seat 1 names trump */
	CHECK_TURN(g, 1, DEC_TRUMP);
	CHECK_INT(g->bidder, 1);
	CHECK_INT(g->contract.type, MOVE_BID);
	CHECK_INT(g->contract.num, 6);
	CHECK_LEGAL(g, "C D H S high low");
	REJECT_MOVE(g, &none, "'none' is not a legal trump now");
	REJECT(g, "pass", "'pass' is not a legal trump now");
	REJECT(g, "7", "'7' is not a legal trump now");
	PLAY(g, "H");
	CHECK_INT(g->trump, TRUMP_H);
	/* the bidder leads; nobody sits out */
	CHECK_TURN(g, 1, DEC_PLAY);
	CHECK_INT(g->sitting_out, 0);

	/* an overcall restarts the count: 6, 7, then three passes (turn 5) */
	if (START(&s, "hammerwalt", NULL, DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "6, 7, pass, pass");
	CHECK_TURN(g, 1, DEC_BID);
	PLAY(g, "pass");
	CHECK_TURN(g, 2, DEC_TRUMP);
	CHECK_INT(g->contract.num, 7);
}

/*
 * A pass does not bar a later bid: seat 1 passes, then bids 7 on its
 * second turn. The dealer's second turn with a bid standing is not stuck
 * (it may pass), and that pass is the eighth turn.
 */
static void hammerwalt_pass_does_not_bar_a_later_bid(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "pass, 6, pass, pass");
	CHECK_TURN(g, 1, DEC_BID);
	CHECK_LEGAL(g, "pass 7 8 9 10 11 12 alone");
	PLAY(g, "7, pass, pass");
	CHECK_TURN(g, 0, DEC_BID);
	CHECK_LEGAL(g, "pass 8 9 10 11 12 alone");
	PLAY(g, "pass");
	CHECK_TURN(g, 1, DEC_TRUMP);
	CHECK_INT(g->bidder, 1);
	CHECK_INT(g->contract.num, 7);
}

/* At most two turns each: the eighth turn ends the auction even without three passes. */
static void hammerwalt_auction_ends_after_eight_turns(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "6, 7, 8, 9, 10, pass, 11");
	/* seven turns: the dealer has its second and last turn */
	CHECK_TURN(g, 0, DEC_BID);
	CHECK_LEGAL(g, "pass 12 alone");
	PLAY(g, "pass");
	/* only one pass after the 11, but every seat has had two turns */
	CHECK_TURN(g, 3, DEC_TRUMP);
	CHECK_INT(g->bidder, 3);
	CHECK_INT(g->contract.num, 11);
	PLAY(g, "low");
	CHECK_INT(g->trump, TRUMP_LOW);
	CHECK_TURN(g, 3, DEC_PLAY);
}

/* alone ends the auction at once, even with turns left and a bid standing. */
static void hammerwalt_alone_ends_the_auction_at_once(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "6, alone");
	CHECK_TURN(g, 2, DEC_TRUMP);
	CHECK_INT(g->bidder, 2);
	CHECK_INT(g->contract.type, MOVE_ALONE);
	CHECK_LEGAL(g, "C D H S high low");
}

/*
 * Stuck dealer: seven passes, then the dealer's second turn may not pass
 * and may bid 5. Its first turn was an ordinary one. The 5 fails: seat 0
 * takes 4 tricks (P4_8), so team 0 loses 5 and team 1 scores its 8.
 */
static void hammerwalt_stuck_dealer_bids_five(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "pass, pass, pass");
	CHECK_TURN(g, 0, DEC_BID);
	CHECK_LEGAL(g, "pass 6 7 8 9 10 11 12 alone");
	PLAY(g, "pass, pass, pass, pass");
	CHECK_TURN(g, 0, DEC_BID);
	CHECK_LEGAL(g, "5 6 7 8 9 10 11 12 alone");
	REJECT(g, "pass", "the dealer may not pass now");
	REJECT(g, "4", "'4' is not a legal bid now");
	PLAY(g, "5");
	CHECK_TURN(g, 0, DEC_TRUMP);
	CHECK_INT(g->bidder, 0);
	CHECK_INT(g->contract.num, 5);
	PLAY(g, "high");
	CHECK_TURN(g, 0, DEC_PLAY);
	PLAY(g, P4_8);
	CHECK(game_hand_over(g));
	CHECK_INT(g->tricks[0], 4);
	CHECK_INT(g->tricks[1], 8);
	CHECK_SCORES(g, -5, 8);
	CHECK_POINTS(g, -5, 8);
}

/* The stuck turn is the dealer's second, whoever deals: dealer 2 here. */
static void hammerwalt_stuck_dealer_follows_the_deal(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 2\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "pass, pass, pass");
	/* seat 2's first turn: pass is allowed */
	CHECK_TURN(g, 2, DEC_BID);
	CHECK_LEGAL(g, "pass 6 7 8 9 10 11 12 alone");
	PLAY(g, "pass, pass, pass, pass");
	CHECK_TURN(g, 2, DEC_BID);
	CHECK_LEGAL(g, "5 6 7 8 9 10 11 12 alone");
	REJECT(g, "pass", "the dealer may not pass now");
	PLAY(g, "alone");
	CHECK_TURN(g, 2, DEC_TRUMP);
	CHECK_INT(g->contract.type, MOVE_ALONE);
}

/* ---- hammerwalt: play --------------------------------------------------- */

/*
 * A led left bower leads trump: diamonds trump, seat 2 leads JH. Seat 3
 * must follow with its JH, seat 0 with a diamond (clubs refused); seat 1's
 * right bower JD takes the trick.
 */
static void hammerwalt_led_left_bower_leads_trump(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 1\n" DEAL_MIX) < 0)
		return;
	PLAY(g, "6, pass, pass, pass, D");
	CHECK_TURN(g, 2, DEC_PLAY);
	PLAY(g, "JH");
	CHECK_LEGAL(g, "JH");
	REJECT(g, "9H", "must follow diamonds");
	PLAY(g, "JH");
	CHECK_INT(game_trick_winner(g), 0);
	CHECK_LEGAL(g, "9D 10D JD QD KD AD");
	REJECT(g, "AC", "must follow diamonds");
	PLAY(g, "9D");
	CHECK(game_would_win(g, CARD(SUIT_D, RANK_J)));
	CHECK(!game_would_win(g, CARD(SUIT_D, RANK_A)));
	PLAY(g, "JD");
	CHECK_INT(g->tricks[1], 1);
	CHECK_TURN(g, 1, DEC_PLAY);
}

/*
 * Diamonds trump on DEAL_MIX, seat 0 bids and leads.
 * Trick 1 (AD 9D JH JH): seats 2 and 3 hold no diamond but the left bower
 * JH, which counts as a diamond, so each must play it; the left bower
 * beats the trump ace, and of the twin JHs the first played (seat 2) wins.
 * Trick 2 (AS KS 9D AC): JS is a plain spade under diamonds; seat 0, void
 * in spades, may play anything and its trump 9 beats the led ace; the
 * off-suit AC cannot win.
 * Trick 3 (9C 9C AH AS): twin nines, the first played wins.
 */
static void hammerwalt_left_bower_follows_trump_and_twins(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 3\n" DEAL_MIX) < 0)
		return;
	PLAY(g, "6, pass, pass, pass, D");
	CHECK_TURN(g, 0, DEC_PLAY);
	CHECK_LEGAL(g, "9C 10C JC QC KC AC 9D 10D JD QD KD AD");
	PLAY(g, "AD");
	CHECK_LEGAL(g, "9D 10D JD QD KD AD");
	REJECT(g, "9C", "must follow diamonds");
	PLAY(g, "9D");
	CHECK_TURN(g, 2, DEC_PLAY);
	CHECK_LEGAL(g, "JH");
	REJECT(g, "9H", "must follow diamonds");
	REJECT(g, "QD", "you do not hold QD");
	PLAY(g, "JH");
	CHECK_INT(game_trick_winner(g), 2);
	CHECK_LEGAL(g, "JH");
	CHECK(!game_would_win(g, CARD(SUIT_H, RANK_J))); /* a later twin loses */
	PLAY(g, "JH");
	CHECK_INT(g->trick_no, 1);
	CHECK_INT(g->tricks[2], 1);
	CHECK_INT(g->tricks[3], 0);
	CHECK_TURN(g, 2, DEC_PLAY);

	PLAY(g, "AS");
	CHECK_LEGAL(g, "9S 10S JS QS KS AS");
	PLAY(g, "KS");
	CHECK_LEGAL(g, "9C 10C JC QC KC AC 9D 10D JD QD KD");
	PLAY(g, "9D, AC");
	CHECK_INT(g->tricks[0], 1);
	CHECK_TURN(g, 0, DEC_PLAY);

	PLAY(g, "9C");
	CHECK_LEGAL(g, "9C 10C JC QC KC");
	PLAY(g, "9C");
	CHECK_LEGAL(g, "9H 10H QH KH AH 9S 10S JS QS KS");
	PLAY(g, "AH, AS");
	CHECK_INT(g->tricks[0], 2);
	CHECK_INT(g->tricks[1], 0);
	CHECK_TURN(g, 0, DEC_PLAY);
}

/*
 * Hearts trump on DEAL_MIX: JD is now the left bower.
 * Trick 1 (9D AD 9H 9S): seat 1 must follow diamonds with a real diamond
 * (JD is a heart, and playing it is refused); seat 2's trump 9 beats the
 * diamond ace.
 * Trick 2 (10H ?? JD JD): seats 0 and 1 must follow hearts with JD. If
 * seat 3 plays KH the first left bower wins (left over trump king); if it
 * plays JH the right bower wins.
 */
static void hammerwalt_right_over_left_over_ace(void)
{
	struct sc s;
	struct game *g = &s.g, *g2 = malloc(sizeof(*g2));

	if (START(&s, "hammerwalt", NULL, "dealer 3\n" DEAL_MIX) < 0) {
		free(g2);
		return;
	}
	PLAY(g, "6, pass, pass, pass, H, 9D");
	CHECK_LEGAL(g, "9D 10D QD KD AD");
	REJECT(g, "JD", "must follow diamonds");
	PLAY(g, "AD");
	CHECK_LEGAL(g, "9H 10H JH QH KH AH 9S 10S JS QS KS AS");
	PLAY(g, "9H, 9S");
	CHECK_INT(g->tricks[2], 1);
	CHECK_TURN(g, 2, DEC_PLAY);

	PLAY(g, "10H");
	CHECK_LEGAL(g, "9H 10H JH QH KH AH");
	memcpy(g2, g, sizeof(*g));
	PLAY(g, "KH");
	CHECK_TURN(g, 0, DEC_PLAY);
	CHECK_LEGAL(g, "JD");
	REJECT(g, "AC", "must follow hearts");
	PLAY(g, "JD");
	CHECK_LEGAL(g, "JD");
	PLAY(g, "JD");
	CHECK_INT(g->tricks[0], 1);
	CHECK_INT(g->tricks[1], 0);
	CHECK_TURN(g, 0, DEC_PLAY);

	PLAY(g2, "JH, JD, JD");
	CHECK_INT(g2->tricks[3], 1);
	CHECK_INT(g2->tricks[0], 0);
	CHECK_TURN(g2, 3, DEC_PLAY);
	free(g2);
}

/*
 * High no-trump: no bowers, jacks are plain cards between 10 and Q.
 * Trick 1 (QC JC AH AS): QC beats JC; the aces of other suits cannot win.
 * Trick 2 (9D JD JH JS): JD is a plain diamond (seat 1 may follow with any
 * diamond) and takes the trick; the other jacks are off-suit.
 */
static void hammerwalt_high_no_trump_jacks_are_plain(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 3\n" DEAL_MIX) < 0)
		return;
	PLAY(g, "6, pass, pass, pass, high, QC");
	CHECK_LEGAL(g, "9C 10C JC QC KC AC");
	PLAY(g, "JC");
	CHECK_LEGAL(g, "9H 10H JH QH KH AH 9S 10S JS QS KS AS");
	PLAY(g, "AH, AS");
	CHECK_INT(g->tricks[0], 1);
	CHECK_TURN(g, 0, DEC_PLAY);
	PLAY(g, "9D");
	CHECK_LEGAL(g, "9D 10D JD QD KD AD");
	PLAY(g, "JD, JH, JS");
	CHECK_INT(g->tricks[1], 1);
	CHECK_TURN(g, 1, DEC_PLAY);
}

/*
 * Low no-trump: 9 10 J Q K A, nine best, ace worst.
 * Trick 1 (AC 9C 9H 9S): the led ace loses to 9C; other nines are off-suit.
 * Trick 2 (KD AH AS AD): KD beats AD.
 * Trick 3 (10D KH KS 9D): 9D beats 10D.
 * Trick 4 (JD JD QH QS): twins, the first played wins.
 */
static void hammerwalt_low_no_trump_nine_best_ace_worst(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 3\n" DEAL_MIX) < 0)
		return;
	PLAY(g, "6, pass, pass, pass, low, AC, 9C, 9H, 9S");
	CHECK_INT(g->tricks[1], 1);
	CHECK_TURN(g, 1, DEC_PLAY);
	PLAY(g, "KD, AH, AS");
	CHECK_LEGAL(g, "9D 10D JD QD KD AD");
	PLAY(g, "AD");
	CHECK_INT(g->tricks[1], 2);
	CHECK_TURN(g, 1, DEC_PLAY);
	PLAY(g, "10D, KH, KS, 9D");
	CHECK_INT(g->tricks[0], 1);
	CHECK_TURN(g, 0, DEC_PLAY);
	PLAY(g, "JD");
	CHECK_LEGAL(g, "9D JD QD AD");
	PLAY(g, "JD, QH, QS");
	CHECK_INT(g->tricks[0], 2);
	CHECK_INT(g->tricks[1], 2);
	CHECK_TURN(g, 0, DEC_PLAY);
}

/*
 * The whole ranking, pairwise, through game_would_win(): for a trick led
 * with card a, would card b (played second) take it? Each table lists the
 * nwin cards that can win a trick led in one suit, best first, then cards
 * that never can (other plain suits). Led with any of the first nwin
 * cards, every card loses to the cards before it and beats none after it;
 * no card beats its own twin. The led card is put into a copy of the trick
 * directly (seat 0 leading, seat 1 to play), so any pair can be asked.
 */
static void check_order_at(int line, const char *trump, const char *order, int nwin)
{
	struct sc s;
	struct game *g = &s.g;
	card_t cards[16];
	int n = 0;
	char auction[64];

	if (START(&s, "hammerwalt", NULL, "dealer 3\n" DEAL_MIX) < 0)
		return;
	snprintf(auction, sizeof(auction), "6, pass, pass, pass, %s", trump);
	PLAY(g, auction);
	for (const char *p = order; *p && n < 16;) {
		size_t k = strcspn(p, " ");

		if (card_parse(p, k, &cards[n]) != (int)k) {
			fail_at(__FILE__, line, "bad card in '%s'", order);
			return;
		}
		n++;
		p += k;
		while (*p == ' ')
			p++;
	}
	for (int i = 0; i < nwin && i < n; i++) {
		for (int j = 0; j < n; j++) {
			/* a leads; b beats it if b is ranked above a and can win */
			struct game *t = malloc(sizeof(*t));
			int want = j < i && j < nwin, got;

			memcpy(t, g, sizeof(*t));
			t->trick_card[0] = cards[i];
			t->trick_seat[0] = 0;
			t->ntrick = 1;
			t->turn = 1;
			got = game_would_win(t, cards[j]);
			th_checks++;
			if (got != want)
				fail_at(__FILE__, line, "trump %s, %s led: %s %s", trump,
					card_name(cards[i]), card_name(cards[j]),
					want ? "should win" : "should not win");
			free(t);
		}
	}
}

static void hammerwalt_card_order_tables(void)
{
	/* hearts trump, hearts led: right, left, A K Q 10 9; then off-suit cards */
	check_order_at(__LINE__, "H", "JH JD AH KH QH 10H 9H AS JC AD", 7);
	/* hearts trump, spades led: any trump, then A K Q J 10 9 of spades */
	check_order_at(__LINE__, "H", "JH JD AH 9H AS KS QS JS 10S 9S AC QD", 10);
	/* clubs trump: the left bower is JS */
	check_order_at(__LINE__, "C", "JC JS AC KC QC 10C 9C JH JD", 7);
	/* clubs trump, diamonds led: JD is a plain diamond between Q and 10 */
	check_order_at(__LINE__, "C", "JC JS 9C AD KD QD JD 10D 9D AH JH", 9);
	/* high no-trump: A K Q J 10 9 in the led suit, jacks plain */
	check_order_at(__LINE__, "high", "AS KS QS JS 10S 9S AC JC AH", 6);
	/* low no-trump: 9 10 J Q K A */
	check_order_at(__LINE__, "low", "9D 10D JD QD KD AD 9C JH AS", 6);
}

/* ---- hammerwalt: alone -------------------------------------------------- */

/*
 * Alone, made: seat 0 (all the clubs) goes alone in high no-trump, gives
 * 9C 9C 10C to seat 2 and gets the same three back (a partner may return
 * cards just received). Seat 2 sits out; tricks have three cards, the
 * order skipping seat 2. Seat 0 takes all 12: +24, the defenders 0.
 */
static void hammerwalt_alone_exchange_and_all_twelve(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 3\n" DEAL_SUITS) < 0)
		return;
	PLAY(g, "alone");
	/* trump is named first */
	CHECK_TURN(g, 0, DEC_TRUMP);
	PLAY(g, "high");
	CHECK_TURN(g, 0, DEC_GIVE);
	CHECK_LEGAL(g, "9C 10C JC QC KC AC");
	REJECT(g, "9D", "you do not hold 9D");
	REJECT(g, "pass", "'pass' is not a legal give now");
	PLAY(g, "9C, 9C");
	CHECK_TURN(g, 0, DEC_GIVE);
	PLAY(g, "10C");
	/* then the partner gives three back */
	CHECK_TURN(g, 2, DEC_GIVE);
	CHECK_HAND(g, 0, "10C JC JC QC QC KC KC AC AC");
	CHECK_HAND(g, 2, "9C 9C 10C 9H 9H 10H 10H JH JH QH QH KH KH AH AH");
	CHECK_LEGAL(g, "9C 10C 9H 10H JH QH KH AH");
	PLAY(g, "9C, 10C, 9C");
	CHECK_HAND(g, 0, "9C 9C 10C 10C JC JC QC QC KC KC AC AC");
	CHECK_HAND(g, 2, "9H 9H 10H 10H JH JH QH QH KH KH AH AH");
	/* the partner sits out; the bidder leads */
	CHECK_INT(g->sitting_out, 1u << 2);
	CHECK(has_event(g, EV_SITOUT));
	CHECK_TURN(g, 0, DEC_PLAY);
	PLAY(g, "9C, 9D");
	CHECK_TURN(g, 3, DEC_PLAY);
	CHECK_INT(g->ntrick, 2);
	PLAY(g, "9S");
	CHECK_INT(g->trick_no, 1);
	CHECK_INT(g->tricks[0], 1);
	CHECK_TURN(g, 0, DEC_PLAY);
	PLAY(g, "9C,9D,9S, 10C,10D,10S, 10C,10D,10S, JC,JD,JS, JC,JD,JS,"
		"QC,QD,QS, QC,QD,QS, KC,KD,KS, KC,KD,KS, AC,AD,AS, AC,AD,AS");
	CHECK(game_hand_over(g));
	CHECK_INT(g->tricks[0], 12);
	CHECK_SCORES(g, 24, 0);
	CHECK_POINTS(g, 24, 0);
}

/*
 * Alone, failed: seat 0 goes alone with diamonds trump (seat 1 holds all
 * the diamonds), gives three clubs and gets JH JH 9H back. The left
 * bowers win two tricks (each beats seat 1's 9D); 9H is a plain heart that
 * seat 1, void in hearts, trumps; seat 1 then keeps the lead. 2 tricks of
 * 12: the bidding team loses 24, the defenders score their 10.
 */
static void hammerwalt_alone_failed_loses_24(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 3\n" DEAL_SUITS) < 0)
		return;
	PLAY(g, "alone, D, 9C, 9C, 10C, JH, JH, 9H");
	CHECK_HAND(g, 0, "10C JC JC QC QC KC KC AC AC 9H JH JH");
	CHECK_TURN(g, 0, DEC_PLAY);
	CHECK_LEGAL(g, "10C JC QC KC AC 9H JH");
	PLAY(g, "JH, 9D, 9S, JH, 9D, 9S");
	CHECK_INT(g->tricks[0], 2);
	CHECK_TURN(g, 0, DEC_PLAY);
	PLAY(g, "9H, 10D, 10S");
	CHECK_INT(g->tricks[1], 1);
	CHECK_TURN(g, 1, DEC_PLAY);
	PLAY(g, "10D,10S,AC, JD,JS,AC, JD,JS,KC, QD,QS,KC, QD,QS,QC, KD,KS,QC,"
		"KD,KS,JC, AD,AS,JC, AD,AS,10C");
	CHECK(game_hand_over(g));
	CHECK_INT(g->tricks[0], 2);
	CHECK_INT(g->tricks[1], 10);
	CHECK_SCORES(g, -24, 10);
	CHECK_POINTS(g, -24, 10);
}

/* ---- hammerwalt: scoring ------------------------------------------------ */

/* Made: the bidding team scores its 8 tricks (not its bid of 6); defenders their 4. */
static void hammerwalt_made_scores_tricks(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 3\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "6, pass, pass, pass, high");
	CHECK_TURN(g, 0, DEC_PLAY);
	PLAY(g, P8_4);
	CHECK(game_hand_over(g));
	CHECK(!game_over(g));
	CHECK_INT(g->tricks[0], 8);
	CHECK_INT(g->tricks[1], 4);
	CHECK_SCORES(g, 8, 4);
	CHECK_POINTS(g, 8, 4);
	REJECT(g, "pass", "no move is due");
}

/* Made exactly: a bid of 8 with 8 tricks scores 8. */
static void hammerwalt_made_exactly(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 3\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "8, pass, pass, pass, high");
	PLAY(g, P8_4);
	CHECK_SCORES(g, 8, 4);
	CHECK_POINTS(g, 8, 4);
}

/* Euchred: a bid of 9 with 8 tricks loses 9; the defenders still score 4. */
static void hammerwalt_euchred_loses_the_bid(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 3\nscores 10 20\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "9, pass, pass, pass, high");
	PLAY(g, P8_4);
	CHECK_SCORES(g, 1, 24);
	CHECK_POINTS(g, -9, 4);
}

/* Team 1 bids (dealer 0, seat 1 first) and makes: 8 for team 1, 4 for team 0. */
static void hammerwalt_team_one_bids_and_makes(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "6, pass, pass, pass, high");
	CHECK_TURN(g, 1, DEC_PLAY);
	PLAY(g, Q8_4);
	CHECK_INT(g->tricks[1], 8);
	CHECK_INT(g->tricks[0], 4);
	CHECK_SCORES(g, 4, 8);
	CHECK_POINTS(g, 4, 8);
}

/* ---- hammerwalt: end of the game ----------------------------------------- */


/* Reaching 64 wins; the other team ranks 2. */
static void hammerwalt_target_reached_wins(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 3\nscores 56 0\n" DEAL_BLOCKS) < 0)
		return;
	hammerwalt_seat0_hand(g, "6", P8_4);
	CHECK(game_over(g));
	CHECK_SCORES(g, 64, 4);
	CHECK_INT(g->winners, 0x5);
	CHECK_RANKS(g, "1212");
	CHECK(has_event(g, EV_GAME_END));
}

/* 63 is not enough: the game goes on and the deal passes to the left. */
static void hammerwalt_below_target_continues(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 3\nscores 55 0\n" DEAL_BLOCKS) < 0)
		return;
	hammerwalt_seat0_hand(g, "6", P8_4);
	CHECK(game_hand_over(g));
	CHECK(!game_over(g));
	CHECK_SCORES(g, 63, 4);
	CHECK_INT(game_to_move(g), -1);
	game_next_hand(g);
	CHECK_INT(g->hand_no, 2);
	CHECK_INT(g->dealer, 0);
	CHECK_TURN(g, 1, DEC_BID);
	CHECK_SCORES(g, 63, 4);
}

/* In the hole: -55 - 9 = -64, at -64 the team loses (default hole = target). */
static void hammerwalt_hole_at_minus_target_loses(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 3\nscores -55 0\n" DEAL_BLOCKS) < 0)
		return;
	hammerwalt_seat0_hand(g, "9", P8_4);
	CHECK(game_over(g));
	CHECK_SCORES(g, -64, 4);
	CHECK_INT(g->winners, 0xa);
	CHECK_RANKS(g, "2121");
}

/* -54 - 9 = -63: above the hole, the game goes on. */
static void hammerwalt_above_hole_continues(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 3\nscores -54 0\n" DEAL_BLOCKS) < 0)
		return;
	hammerwalt_seat0_hand(g, "9", P8_4);
	CHECK(game_hand_over(g));
	CHECK_SCORES(g, -63, 4);
}

/* Option hole=30: at -30 a team loses; hole=31 lets the game go on. */
static void hammerwalt_hole_option(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", "hole=30", "dealer 3\nscores -21 0\n" DEAL_BLOCKS) < 0)
		return;
	hammerwalt_seat0_hand(g, "9", P8_4);
	CHECK(game_over(g));
	CHECK_SCORES(g, -30, 4);
	CHECK_RANKS(g, "2121");

	if (START(&s, "hammerwalt", "hole=31", "dealer 3\nscores -21 0\n" DEAL_BLOCKS) < 0)
		return;
	hammerwalt_seat0_hand(g, "9", P8_4);
	CHECK(game_hand_over(g));
	CHECK_SCORES(g, -30, 4);
}

/* The hole defaults to the target: with target=32 (tournaments), -32 loses. */
static void hammerwalt_hole_defaults_to_target(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", "target=32", "dealer 3\nscores -23 0\n" DEAL_BLOCKS) < 0)
		return;
	CHECK_INT(s.r.hole, 32);
	hammerwalt_seat0_hand(g, "9", P8_4);
	CHECK(game_over(g));
	CHECK_SCORES(g, -32, 4);
	CHECK_RANKS(g, "2121");

	/* and target=32 is reached at 32 */
	if (START(&s, "hammerwalt", "target=32", "dealer 3\nscores 24 0\n" DEAL_BLOCKS) < 0)
		return;
	hammerwalt_seat0_hand(g, "6", P8_4);
	CHECK(game_over(g));
	CHECK_SCORES(g, 32, 4);
	CHECK_RANKS(g, "1212");
}

/* Both over 64 on one hand: the higher score wins, here the defenders. */
static void hammerwalt_both_over_higher_score_wins(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", NULL, "dealer 3\nscores 56 62\n" DEAL_BLOCKS) < 0)
		return;
	hammerwalt_seat0_hand(g, "6", P8_4);
	CHECK(game_over(g));
	CHECK_SCORES(g, 64, 66);
	CHECK_RANKS(g, "2121");
}

/* Both over and tied: the bidding team wins, whichever team that is. */
static void hammerwalt_both_over_tie_goes_to_bidders(void)
{
	struct sc s;
	struct game *g = &s.g;

	/* team 0 bids: 56+8 = 64, 60+4 = 64 */
	if (START(&s, "hammerwalt", NULL, "dealer 3\nscores 56 60\n" DEAL_BLOCKS) < 0)
		return;
	hammerwalt_seat0_hand(g, "6", P8_4);
	CHECK(game_over(g));
	CHECK_SCORES(g, 64, 64);
	CHECK_RANKS(g, "1212");

	/* team 1 bids (seat 1, dealer 0): 60+4 = 64, 56+8 = 64 */
	if (START(&s, "hammerwalt", NULL, "scores 60 56\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "6, pass, pass, pass, high");
	PLAY(g, Q8_4);
	CHECK(game_over(g));
	CHECK_SCORES(g, 64, 64);
	CHECK_RANKS(g, "2121");
}

/* max_hands=1: after one hand the higher score wins; equal scores share the win. */
static void hammerwalt_max_hands(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "hammerwalt", "max_hands=1", "dealer 3\n" DEAL_BLOCKS) < 0)
		return;
	hammerwalt_seat0_hand(g, "6", P8_4);
	CHECK(game_over(g));
	CHECK_SCORES(g, 8, 4);
	CHECK_RANKS(g, "1212");

	if (START(&s, "hammerwalt", "max_hands=1", "dealer 3\nscores 0 4\n" DEAL_BLOCKS) < 0)
		return;
	hammerwalt_seat0_hand(g, "6", P8_4);
	CHECK(game_over(g));
	CHECK_SCORES(g, 8, 8);
	CHECK_INT(g->winners, 0xf);
	CHECK_RANKS(g, "1111");

	if (START(&s, "hammerwalt", "max_hands=2", "dealer 3\n" DEAL_BLOCKS) < 0)
		return;
	hammerwalt_seat0_hand(g, "6", P8_4);
	CHECK(game_hand_over(g));
}

/* ---- indiana ------------------------------------------------------------ */

/* Every bid of indiana with no bid standing: pass, 1-12 with any trump, moon. */
#define INDIANA_OPEN                                                        \
	"1 C 1 D 1 H 1 S 1 high 1 low "                                     \
	"2 C 2 D 2 H 2 S 2 high 2 low "                                     \
	"3 C 3 D 3 H 3 S 3 high 3 low "                                     \
	"4 C 4 D 4 H 4 S 4 high 4 low "                                     \
	"5 C 5 D 5 H 5 S 5 high 5 low "                                     \
	"6 C 6 D 6 H 6 S 6 high 6 low "                                     \
	"7 C 7 D 7 H 7 S 7 high 7 low "                                     \
	"8 C 8 D 8 H 8 S 8 high 8 low "                                     \
	"9 C 9 D 9 H 9 S 9 high 9 low "                                     \
	"10 C 10 D 10 H 10 S 10 high 10 low "                               \
	"11 C 11 D 11 H 11 S 11 high 11 low "                               \
	"12 C 12 D 12 H 12 S 12 high 12 low "                               \
	"moon C moon D moon H moon S moon high moon low"

/* Bids are a number above the standing one with a trump; the trump does not rank. */
static void indiana_bids_carry_a_trump_and_must_rise(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "indiana", NULL, DEAL_BLOCKS) < 0)
		return;
	CHECK_TURN(g, 1, DEC_BID);
	CHECK_LEGAL(g, "pass " INDIANA_OPEN);
	REJECT(g, "7", "'7' is not a legal bid now");
	REJECT(g, "13 H", "'13 H' is not a legal bid now");
	REJECT(g, "alone", "'alone' is not a legal bid now");
	REJECT(g, "best H", "'best H' is not a legal bid now");
	PLAY(g, "10 H");
	CHECK_TURN(g, 2, DEC_BID);
	CHECK_LEGAL(g, "pass 11 C 11 D 11 H 11 S 11 high 11 low "
		       "12 C 12 D 12 H 12 S 12 high 12 low "
		       "moon C moon D moon H moon S moon high moon low");
	/* a "better" trump does not make the same number a higher bid */
	REJECT(g, "10 S", "bid must be above 10");
	REJECT(g, "10 high", "bid must be above 10");
	PLAY(g, "12 low");
	CHECK_TURN(g, 3, DEC_BID);
	CHECK_LEGAL(g, "pass moon C moon D moon H moon S moon high moon low");
	CHECK_INT(g->high_bid, 12);
}

/*
 * A pass is final; the auction goes round and round among the others until
 * all but the standing bidder have passed. Dealer 0: seat 2 and the dealer
 * drop out in the first round and are skipped afterwards.
 */
static void indiana_pass_is_final_round_and_round(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "indiana", NULL, DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "1 C, pass, 2 H, pass");
	/* round two: seat 1 again */
	CHECK_TURN(g, 1, DEC_BID);
	PLAY(g, "3 S");
	/* seat 2 passed: seat 3 is next */
	CHECK_TURN(g, 3, DEC_BID);
	PLAY(g, "4 high");
	/* the dealer passed: back to seat 1 */
	CHECK_TURN(g, 1, DEC_BID);
	CHECK_LEGAL(g, "pass 5 C 5 D 5 H 5 S 5 high 5 low 6 C 6 D 6 H 6 S 6 high 6 low "
		       "7 C 7 D 7 H 7 S 7 high 7 low 8 C 8 D 8 H 8 S 8 high 8 low "
		       "9 C 9 D 9 H 9 S 9 high 9 low 10 C 10 D 10 H 10 S 10 high 10 low "
		       "11 C 11 D 11 H 11 S 11 high 11 low 12 C 12 D 12 H 12 S 12 high 12 low "
		       "moon C moon D moon H moon S moon high moon low");
	PLAY(g, "pass");
	/* only the standing bidder is left: the auction is over, 4 high to seat 3 */
	CHECK_INT(g->bidder, 3);
	CHECK_INT(g->contract.type, MOVE_BID);
	CHECK_INT(g->contract.num, 4);
	CHECK_INT(g->trump, TRUMP_HIGH);
	/* no trump decision: the bidder leads at once */
	CHECK_TURN(g, 3, DEC_PLAY);
}

/* A bid followed by three passes ends the auction at the fourth turn. */
static void indiana_others_pass_after_a_bid(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "indiana", NULL, DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "pass, pass, 5 D");
	/* the dealer may still pass: a bid is standing */
	CHECK_TURN(g, 0, DEC_BID);
	CHECK_LEGAL(g, "pass 6 C 6 D 6 H 6 S 6 high 6 low 7 C 7 D 7 H 7 S 7 high 7 low "
		       "8 C 8 D 8 H 8 S 8 high 8 low 9 C 9 D 9 H 9 S 9 high 9 low "
		       "10 C 10 D 10 H 10 S 10 high 10 low 11 C 11 D 11 H 11 S 11 high 11 low "
		       "12 C 12 D 12 H 12 S 12 high 12 low "
		       "moon C moon D moon H moon S moon high moon low");
	PLAY(g, "pass");
	CHECK_INT(g->bidder, 3);
	CHECK_INT(g->trump, TRUMP_D);
	CHECK_TURN(g, 3, DEC_PLAY);
}

/* moon ends the auction at once; the bidder then discards. */
static void indiana_moon_ends_the_auction_at_once(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "indiana", NULL, DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "2 C, moon S");
	CHECK_INT(g->bidder, 2);
	CHECK_INT(g->contract.type, MOVE_MOON);
	CHECK_INT(g->trump, TRUMP_S);
	CHECK_TURN(g, 2, DEC_DISCARD);
}

/*
 * all_pass=stick (the default): when the first three pass, the dealer
 * may not pass; any bid ends the auction, everyone else being out.
 */
static void indiana_stick_dealer_may_not_pass(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "indiana", NULL, DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "pass, pass");
	CHECK_TURN(g, 3, DEC_BID);
	CHECK_LEGAL(g, "pass " INDIANA_OPEN);
	PLAY(g, "pass");
	CHECK_TURN(g, 0, DEC_BID);
	CHECK_LEGAL(g, INDIANA_OPEN);
	REJECT(g, "pass", "the dealer may not pass now");
	PLAY(g, "1 low");
	CHECK_INT(g->bidder, 0);
	CHECK_INT(g->contract.num, 1);
	CHECK_INT(g->trump, TRUMP_LOW);
	CHECK_TURN(g, 0, DEC_PLAY);
}

/*
 * all_pass=redeal: four passes throw the hand in; it scores nothing, the
 * deal passes to the left and the next hand is hand 2.
 */
static void indiana_redeal_throws_the_hand_in(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "indiana", "all_pass=redeal", "scores 5 3\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "pass, pass, pass");
	CHECK_TURN(g, 0, DEC_BID);
	CHECK_LEGAL(g, "pass " INDIANA_OPEN);
	PLAY(g, "pass");
	CHECK(game_hand_over(g));
	CHECK(!game_over(g));
	CHECK(has_event(g, EV_REDEAL));
	CHECK(!has_event(g, EV_CONTRACT));
	CHECK_INT(game_to_move(g), -1);
	CHECK_SCORES(g, 5, 3);
	CHECK_POINTS(g, 0, 0);
	REJECT(g, "pass", "no move is due");
	game_next_hand(g);
	CHECK_INT(g->hand_no, 2);
	CHECK_INT(g->dealer, 1);
	CHECK_TURN(g, 2, DEC_BID);
	CHECK_SCORES(g, 5, 3);
}

/* Thrown-in hands count toward max_hands: two of them end a max_hands=2 game. */
static void indiana_redeal_counts_for_max_hands(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "indiana", "all_pass=redeal max_hands=2", "scores 10 7\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "pass, pass, pass, pass");
	CHECK(game_hand_over(g));
	game_next_hand(g);
	PLAY(g, "pass, pass, pass, pass");
	CHECK(game_over(g));
	CHECK_INT(g->hand_no, 2);
	CHECK_SCORES(g, 10, 7);
	CHECK_RANKS(g, "1212");

	/* equal scores at max_hands share the win */
	if (START(&s, "indiana", "all_pass=redeal max_hands=1", "scores 5 5\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "pass, pass, pass, pass");
	CHECK(game_over(g));
	CHECK_INT(g->winners, 0xf);
	CHECK_RANKS(g, "1111");
}

/*
 * Moon, made: seat 0 (all the clubs) shoots the moon in high no-trump,
 * discards 9C 9C 10C, then its partner seat 2 gives AH AH KH and sits out.
 * Tricks have three cards (0, 1, 3); seat 0 takes all 12: +24.
 */
static void indiana_moon_made_scores_24(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "indiana", NULL, "dealer 3\n" DEAL_SUITS) < 0)
		return;
	PLAY(g, "moon high");
	CHECK_TURN(g, 0, DEC_DISCARD);
	CHECK_LEGAL(g, "9C 10C JC QC KC AC");
	REJECT(g, "9D", "you do not hold 9D");
	PLAY(g, "9C, 9C");
	CHECK_TURN(g, 0, DEC_DISCARD);
	PLAY(g, "10C");
	CHECK_HAND(g, 0, "10C JC JC QC QC KC KC AC AC");
	CHECK_INT(hand_size(&g->discarded), 3);
	CHECK_TURN(g, 2, DEC_GIVE);
	CHECK_LEGAL(g, "9H 10H JH QH KH AH");
	PLAY(g, "AH, AH");
	CHECK_TURN(g, 2, DEC_GIVE);
	PLAY(g, "KH");
	CHECK_HAND(g, 0, "10C JC JC QC QC KC KC AC AC KH AH AH");
	CHECK_INT(g->sitting_out, 1u << 2);
	CHECK_TURN(g, 0, DEC_PLAY);
	PLAY(g, "10C, 9D");
	CHECK_TURN(g, 3, DEC_PLAY);
	PLAY(g, "9S");
	CHECK_INT(g->trick_no, 1);
	PLAY(g, "JC,9D,9S, JC,10D,10S, QC,10D,10S, QC,JD,JS, KC,JD,JS, KC,QD,QS,"
		"AC,QD,QS, AC,KD,KS, KH,KD,KS, AH,AD,AS, AH,AD,AS");
	CHECK(game_hand_over(g));
	CHECK_INT(g->tricks[0], 12);
	CHECK_SCORES(g, 24, 0);
	CHECK_POINTS(g, 24, 0);
}

/*
 * Moon, failed: seat 0 shoots the moon in clubs on DEAL_BLOCKS, discards
 * 9D 9D 10D and gets AH AH KH. Its right bowers draw seat 3's left bowers
 * (JS is a club and must follow), its aces draw seat 1's trumps, but its
 * last diamond loses to seat 1. 11 tricks of 12: -24; the defenders +1.
 */
static void indiana_moon_failed_loses_24(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "indiana", NULL, "dealer 3\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "moon C, 9D, 9D, 10D, AH, AH, KH");
	CHECK_HAND(g, 0, "JC JC QC QC KC KC AC AC 10D KH AH AH");
	PLAY(g, "JC, 9C");
	CHECK_TURN(g, 3, DEC_PLAY);
	CHECK_LEGAL(g, "JS");
	REJECT(g, "AS", "must follow clubs");
	PLAY(g, "JS");
	CHECK_INT(g->tricks[0], 1);
	PLAY(g, "JC,9C,JS, AC,10C,QS, AC,10C,QS");
	CHECK_INT(g->tricks[0], 4);
	PLAY(g, "10D, QD, KS");
	CHECK_INT(g->tricks[1], 1);
	CHECK_TURN(g, 1, DEC_PLAY);
	PLAY(g, "QD,KS,KC, KC,KD,AS, QC,KD,AS, QC,AD,9H, AH,AD,9H, AH,JD,10H, KH,JD,10H");
	CHECK(game_hand_over(g));
	CHECK_INT(g->tricks[0], 11);
	CHECK_INT(g->tricks[1], 1);
	CHECK_SCORES(g, -24, 1);
	CHECK_POINTS(g, -24, 1);
}

/* Hearts trump: JD is a heart, so seat 1 may not follow a diamond lead with it. */
static void indiana_left_bower_is_not_its_printed_suit(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "indiana", NULL, "dealer 3\n" DEAL_MIX) < 0)
		return;
	PLAY(g, "1 H, pass, pass, pass, 9D");
	CHECK_LEGAL(g, "9D 10D QD KD AD");
	REJECT(g, "JD", "must follow diamonds");
	PLAY(g, "10D, 9S");
	/* seat 3, void in diamonds, may play anything */
	CHECK_LEGAL(g, "9H 10H JH QH KH AH 9S 10S JS QS KS AS");
	PLAY(g, "QS");
	CHECK_INT(g->tricks[1], 1);
}

/* Made and euchred in indiana score as in hammerwalt. */
static void indiana_made_and_euchred(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "indiana", NULL, "dealer 3\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "7 high, pass, pass, pass");
	CHECK_TURN(g, 0, DEC_PLAY);
	PLAY(g, P8_4);
	CHECK_SCORES(g, 8, 4);
	CHECK_POINTS(g, 8, 4);

	if (START(&s, "indiana", NULL, "dealer 3\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "9 high, pass, pass, pass");
	PLAY(g, P8_4);
	CHECK_SCORES(g, -9, 4);
	CHECK_POINTS(g, -9, 4);
}

/* Target 42 wins; at -42 a team loses (default hole); option hole. */
static void indiana_target_and_hole(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "indiana", NULL, "dealer 3\nscores 34 0\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "4 high, pass, pass, pass");
	PLAY(g, P8_4);
	CHECK(game_over(g));
	CHECK_SCORES(g, 42, 4);
	CHECK_RANKS(g, "1212");

	if (START(&s, "indiana", NULL, "dealer 3\nscores 33 0\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "4 high, pass, pass, pass");
	PLAY(g, P8_4);
	CHECK(game_hand_over(g));
	CHECK_SCORES(g, 41, 4);

	if (START(&s, "indiana", NULL, "dealer 3\nscores -33 0\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "9 high, pass, pass, pass");
	PLAY(g, P8_4);
	CHECK(game_over(g));
	CHECK_SCORES(g, -42, 4);
	CHECK_RANKS(g, "2121");

	if (START(&s, "indiana", "hole=10", "dealer 3\nscores -1 0\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "9 high, pass, pass, pass");
	PLAY(g, P8_4);
	CHECK(game_over(g));
	CHECK_SCORES(g, -10, 4);
	CHECK_RANKS(g, "2121");
}

/* Both over 42 on one hand: the bidding team wins whatever the scores. */
static void indiana_both_over_bidders_win(void)
{
	struct sc s;
	struct game *g = &s.g;

	/* team 0 bids 4 and takes 4: 38+4 = 42 against 40+8 = 48 */
	if (START(&s, "indiana", NULL, "dealer 3\nscores 38 40\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "4 high, pass, pass, pass");
	PLAY(g, P4_8);
	CHECK(game_over(g));
	CHECK_SCORES(g, 42, 48);
	CHECK_RANKS(g, "1212");

	/* team 1 bids (seat 1, dealer 0) and takes 8: 50+4 = 54 against 34+8 = 42 */
	if (START(&s, "indiana", NULL, "scores 50 34\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "4 high, pass, pass, pass");
	PLAY(g, Q8_4);
	CHECK(game_over(g));
	CHECK_SCORES(g, 54, 42);
	CHECK_RANKS(g, "2121");
}

/* max_hands after a played hand: the higher score wins. */
static void indiana_max_hands_higher_wins(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "indiana", "max_hands=1", "dealer 3\n" DEAL_BLOCKS) < 0)
		return;
	PLAY(g, "4 high, pass, pass, pass");
	PLAY(g, P4_8);
	CHECK(game_over(g));
	CHECK_SCORES(g, 4, 8);
	CHECK_RANKS(g, "2121");
}

/* ---- bloomington ---------------------------------------------------------- */

/* Every bid of bloomington with no bid standing: 1-8 with any trump, best. */
#define BLOOM_OPEN                                                          \
	"1 C 1 D 1 H 1 S 1 high 1 low "                                     \
	"2 C 2 D 2 H 2 S 2 high 2 low "                                     \
	"3 C 3 D 3 H 3 S 3 high 3 low "                                     \
	"4 C 4 D 4 H 4 S 4 high 4 low "                                     \
	"5 C 5 D 5 H 5 S 5 high 5 low "                                     \
	"6 C 6 D 6 H 6 S 6 high 6 low "                                     \
	"7 C 7 D 7 H 7 S 7 high 7 low "                                     \
	"8 C 8 D 8 H 8 S 8 high 8 low "                                     \
	"best C best D best H best S best high best low"

/* Bids are 1-8 above the standing bid with a trump, or best. */
static void bloomington_bids_one_to_eight(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "bloomington", NULL, BLOOM_BLOCKS) < 0)
		return;
	CHECK_INT(g->rules.seats, 6);
	CHECK_TURN(g, 1, DEC_BID);
	CHECK_LEGAL(g, "pass " BLOOM_OPEN);
	REJECT(g, "9 C", "'9 C' is not a legal bid now");
	REJECT(g, "moon C", "'moon C' is not a legal bid now");
	REJECT(g, "3", "'3' is not a legal bid now");
	PLAY(g, "3 H");
	CHECK_TURN(g, 2, DEC_BID);
	CHECK_LEGAL(g, "pass 4 C 4 D 4 H 4 S 4 high 4 low 5 C 5 D 5 H 5 S 5 high 5 low "
		       "6 C 6 D 6 H 6 S 6 high 6 low 7 C 7 D 7 H 7 S 7 high 7 low "
		       "8 C 8 D 8 H 8 S 8 high 8 low "
		       "best C best D best H best S best high best low");
	REJECT(g, "3 S", "bid must be above 3");
	PLAY(g, "8 C");
	CHECK_LEGAL(g, "pass best C best D best H best S best high best low");
}

/*
 * One round from the dealer's left to the dealer: the auction ends when
 * the dealer has spoken. Dealer 0: if it bids it is the bidder; if it
 * passes the standing 5 C (seat 5) wins. Nobody gets a second turn.
 */
static void bloomington_auction_ends_with_the_dealer(void)
{
	struct sc s;
	struct game *g = &s.g, *g2 = malloc(sizeof(*g2));

	if (START(&s, "bloomington", NULL, BLOOM_BLOCKS) < 0) {
		free(g2);
		return;
	}
	PLAY(g, "3 H, 4 S, pass, pass, 5 C");
	CHECK_TURN(g, 0, DEC_BID);
	CHECK_LEGAL(g, "pass 6 C 6 D 6 H 6 S 6 high 6 low 7 C 7 D 7 H 7 S 7 high 7 low "
		       "8 C 8 D 8 H 8 S 8 high 8 low "
		       "best C best D best H best S best high best low");
	memcpy(g2, g, sizeof(*g));
	PLAY(g, "6 D");
	CHECK_INT(g->bidder, 0);
	CHECK_INT(g->contract.num, 6);
	CHECK_INT(g->trump, TRUMP_D);
	CHECK_TURN(g, 0, DEC_PLAY);

	PLAY(g2, "pass");
	CHECK_INT(g2->bidder, 5);
	CHECK_INT(g2->contract.num, 5);
	CHECK_INT(g2->trump, TRUMP_C);
	CHECK_TURN(g2, 5, DEC_PLAY);
	free(g2);
}

/* best ends the auction at once, before the dealer has spoken. */
static void bloomington_best_ends_at_once_and_exchange(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "bloomington", NULL, BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "pass, best S");
	CHECK_INT(g->bidder, 2);
	CHECK_INT(g->contract.type, MOVE_BEST);
	CHECK_INT(g->trump, TRUMP_S);
	/* the partner two seats left of the bidder gives first, then the one four left */
	CHECK_TURN(g, 4, DEC_GIVE);
	CHECK_LEGAL(g, "10C JC 10D JD");
	PLAY(g, "JD");
	CHECK_TURN(g, 0, DEC_GIVE);
	REJECT(g, "JD", "you do not hold JD");
	PLAY(g, "AC");
	/* then the bidder discards two */
	CHECK_TURN(g, 2, DEC_DISCARD);
	CHECK_HAND(g, 2, "AC JD QH QH KH KH AH AH 9S 9S");
	PLAY(g, "9S");
	CHECK_TURN(g, 2, DEC_DISCARD);
	PLAY(g, "9S");
	CHECK_HAND(g, 2, "AC JD QH QH KH KH AH AH");
	CHECK_INT(hand_size(&g->hand[0]), 7);
	CHECK_INT(hand_size(&g->hand[4]), 7);
	/* both partners sit out; the bidder leads; tricks of 4 cards: 2 3 5 1 */
	CHECK_INT(g->sitting_out, (1u << 0) | (1u << 4));
	CHECK_TURN(g, 2, DEC_PLAY);
	PLAY(g, "AH");
	CHECK_TURN(g, 3, DEC_PLAY);
	CHECK_LEGAL(g, "9H");
	PLAY(g, "9H");
	CHECK_TURN(g, 5, DEC_PLAY);
	/* JH is a plain heart under spades (the left bower is JC) */
	CHECK_LEGAL(g, "10H JH");
	PLAY(g, "10H");
	CHECK_TURN(g, 1, DEC_PLAY);
	PLAY(g, "AD");
	CHECK_INT(g->trick_no, 1);
	CHECK_INT(g->tricks[2], 1);
	CHECK_TURN(g, 2, DEC_PLAY);
}

/* all_pass=stick (default): after five passes the dealer may not pass. */
static void bloomington_stick(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "bloomington", NULL, BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "pass, pass, pass, pass");
	CHECK_TURN(g, 5, DEC_BID);
	CHECK_LEGAL(g, "pass " BLOOM_OPEN);
	PLAY(g, "pass");
	CHECK_TURN(g, 0, DEC_BID);
	CHECK_LEGAL(g, BLOOM_OPEN);
	REJECT(g, "pass", "the dealer may not pass now");
	PLAY(g, "1 C");
	CHECK_INT(g->bidder, 0);
	CHECK_TURN(g, 0, DEC_PLAY);
}

/* all_pass=redeal: six passes throw the hand in, it counts for max_hands. */
static void bloomington_redeal(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "bloomington", "all_pass=redeal", "scores 7 2\n" BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "pass, pass, pass, pass, pass");
	CHECK_LEGAL(g, "pass " BLOOM_OPEN);
	PLAY(g, "pass");
	CHECK(game_hand_over(g));
	CHECK(has_event(g, EV_REDEAL));
	CHECK_SCORES(g, 7, 2);
	CHECK_POINTS(g, 0, 0);
	game_next_hand(g);
	CHECK_INT(g->hand_no, 2);
	CHECK_INT(g->dealer, 1);
	CHECK_TURN(g, 2, DEC_BID);

	if (START(&s, "bloomington", "all_pass=redeal max_hands=1", "scores 7 7\n" BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "pass, pass, pass, pass, pass, pass");
	CHECK(game_over(g));
	CHECK_INT(g->winners, 0x3f);
	CHECK_RANKS(g, "111111");
}

/* Diamonds trump: seat 5 holds no diamond but the left bower JH and must play it; it wins. */
static void bloomington_left_bower_must_follow(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "bloomington", NULL, "dealer 5\n" BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "1 D, pass, pass, pass, pass, pass");
	CHECK_TURN(g, 0, DEC_PLAY);
	PLAY(g, "9D");
	CHECK_LEGAL(g, "QD KD AD");
	PLAY(g, "QD, 9S, 9H");
	CHECK_LEGAL(g, "10D JD");
	PLAY(g, "10D");
	CHECK_LEGAL(g, "JH");
	REJECT(g, "10H", "must follow diamonds");
	PLAY(g, "JH");
	CHECK_INT(g->tricks[5], 1);
	CHECK_TURN(g, 5, DEC_PLAY);
}

/* Made: 5 tricks on a bid of 5 score 5; euchred: a bid of 6 loses 6; defenders 3. */
static void bloomington_made_and_euchred(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "bloomington", NULL, "dealer 5\n" BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "5 high, pass, pass, pass, pass, pass");
	CHECK_TURN(g, 0, DEC_PLAY);
	PLAY(g, B5_3);
	CHECK(game_hand_over(g));
	CHECK_INT(g->tricks[0], 5);
	CHECK_INT(g->tricks[1], 3);
	CHECK_SCORES(g, 5, 3);
	CHECK_POINTS(g, 5, 3);

	if (START(&s, "bloomington", NULL, "dealer 5\n" BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "6 high, pass, pass, pass, pass, pass");
	PLAY(g, B5_3);
	CHECK_SCORES(g, -6, 3);
	CHECK_POINTS(g, -6, 3);
}

/*
 * Best, made: seat 0 bids best high; seat 2 gives AH, seat 4 gives JC,
 * seat 0 discards its two low diamonds and takes all 8 tricks: +16.
 */
static void bloomington_best_made_scores_16(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "bloomington", NULL, "dealer 5\n" BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "best high");
	CHECK_TURN(g, 2, DEC_GIVE);
	CHECK_LEGAL(g, "QH KH AH 9S");
	PLAY(g, "AH");
	CHECK_TURN(g, 4, DEC_GIVE);
	PLAY(g, "JC");
	CHECK_TURN(g, 0, DEC_DISCARD);
	CHECK_HAND(g, 0, "JC QC QC KC KC AC AC 9D 9D AH");
	PLAY(g, "9D, 9D");
	CHECK_INT(g->sitting_out, (1u << 2) | (1u << 4));
	CHECK_TURN(g, 0, DEC_PLAY);
	PLAY(g, "AC,9C,9H,10S, AC,9C,9H,10S, KC,QD,QS,JS, KC,QD,QS,JS,"
		"QC,KD,KS,10H, QC,KD,KS,10H, JC,AD,AS,JH, AH,AD,AS,JH");
	CHECK(game_hand_over(g));
	CHECK_INT(g->tricks[0], 8);
	CHECK_SCORES(g, 16, 0);
	CHECK_POINTS(g, 16, 0);
}

/*
 * Best, failed: seat 2 gives 9S, seat 4 gives 10C, seat 0 discards both
 * (a bidder may discard cards just received) and keeps two losing diamonds:
 * 6 tricks of 8, -16; the defenders score their 2.
 */
static void bloomington_best_failed_loses_16(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "bloomington", NULL, "dealer 5\n" BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "best high, 9S, 10C, 10C, 9S");
	CHECK_HAND(g, 0, "QC QC KC KC AC AC 9D 9D");
	CHECK_TURN(g, 0, DEC_PLAY);
	PLAY(g, "AC,9C,9H,10S, AC,9C,9H,10S, KC,QD,QS,JS, KC,QD,QS,JS,"
		"QC,KD,KS,10H, QC,KD,KS,10H, 9D,AD,AS,JH");
	CHECK_TURN(g, 1, DEC_PLAY);
	PLAY(g, "AD,AS,JH,9D");
	CHECK(game_hand_over(g));
	CHECK_INT(g->tricks[0], 6);
	CHECK_INT(g->tricks[1], 2);
	CHECK_SCORES(g, -16, 2);
	CHECK_POINTS(g, -16, 2);
}

/* Target 54, the hole at -54 (and option hole), both over: the bidding team wins. */
static void bloomington_end_of_game(void)
{
	struct sc s;
	struct game *g = &s.g;

	if (START(&s, "bloomington", NULL, "dealer 5\nscores 49 0\n" BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "5 high, pass, pass, pass, pass, pass");
	PLAY(g, B5_3);
	CHECK(game_over(g));
	CHECK_SCORES(g, 54, 3);
	CHECK_RANKS(g, "121212");

	if (START(&s, "bloomington", NULL, "dealer 5\nscores -48 0\n" BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "6 high, pass, pass, pass, pass, pass");
	PLAY(g, B5_3);
	CHECK(game_over(g));
	CHECK_SCORES(g, -54, 3);
	CHECK_RANKS(g, "212121");

	if (START(&s, "bloomington", NULL, "dealer 5\nscores -47 0\n" BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "6 high, pass, pass, pass, pass, pass");
	PLAY(g, B5_3);
	CHECK(game_hand_over(g));
	CHECK_SCORES(g, -53, 3);

	if (START(&s, "bloomington", "hole=10", "dealer 5\nscores -4 0\n" BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "6 high, pass, pass, pass, pass, pass");
	PLAY(g, B5_3);
	CHECK(game_over(g));
	CHECK_SCORES(g, -10, 3);
	CHECK_RANKS(g, "212121");

	/* 49+5 = 54 for the bidders, 53+3 = 56 for the defenders: the bidders win */
	if (START(&s, "bloomington", NULL, "dealer 5\nscores 49 53\n" BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "5 high, pass, pass, pass, pass, pass");
	PLAY(g, B5_3);
	CHECK(game_over(g));
	CHECK_SCORES(g, 54, 56);
	CHECK_RANKS(g, "121212");

	/* max_hands=1: the higher score wins */
	if (START(&s, "bloomington", "max_hands=1", "dealer 5\nscores 0 3\n" BLOOM_BLOCKS) < 0)
		return;
	PLAY(g, "5 high, pass, pass, pass, pass, pass");
	PLAY(g, B5_3);
	CHECK(game_over(g));
	CHECK_SCORES(g, 5, 6);
	CHECK_RANKS(g, "212121");
}

int main(void)
{
	RUN(team_variant_defaults);
	RUN(explicit_deal_hands_in_turn);
	RUN(hammerwalt_bids_start_at_six_and_must_rise);
	RUN(hammerwalt_three_passes_after_a_bid_end_the_auction);
	RUN(hammerwalt_pass_does_not_bar_a_later_bid);
	RUN(hammerwalt_auction_ends_after_eight_turns);
	RUN(hammerwalt_alone_ends_the_auction_at_once);
	RUN(hammerwalt_stuck_dealer_bids_five);
	RUN(hammerwalt_stuck_dealer_follows_the_deal);
	RUN(hammerwalt_led_left_bower_leads_trump);
	RUN(hammerwalt_left_bower_follows_trump_and_twins);
	RUN(hammerwalt_right_over_left_over_ace);
	RUN(hammerwalt_high_no_trump_jacks_are_plain);
	RUN(hammerwalt_low_no_trump_nine_best_ace_worst);
	RUN(hammerwalt_card_order_tables);
	RUN(hammerwalt_alone_exchange_and_all_twelve);
	RUN(hammerwalt_alone_failed_loses_24);
	RUN(hammerwalt_made_scores_tricks);
	RUN(hammerwalt_made_exactly);
	RUN(hammerwalt_euchred_loses_the_bid);
	RUN(hammerwalt_team_one_bids_and_makes);
	RUN(hammerwalt_target_reached_wins);
	RUN(hammerwalt_below_target_continues);
	RUN(hammerwalt_hole_at_minus_target_loses);
	RUN(hammerwalt_above_hole_continues);
	RUN(hammerwalt_hole_option);
	RUN(hammerwalt_hole_defaults_to_target);
	RUN(hammerwalt_both_over_higher_score_wins);
	RUN(hammerwalt_both_over_tie_goes_to_bidders);
	RUN(hammerwalt_max_hands);

	RUN(indiana_bids_carry_a_trump_and_must_rise);
	RUN(indiana_pass_is_final_round_and_round);
	RUN(indiana_others_pass_after_a_bid);
	RUN(indiana_moon_ends_the_auction_at_once);
	RUN(indiana_stick_dealer_may_not_pass);
	RUN(indiana_redeal_throws_the_hand_in);
	RUN(indiana_redeal_counts_for_max_hands);
	RUN(indiana_moon_made_scores_24);
	RUN(indiana_moon_failed_loses_24);
	RUN(indiana_left_bower_is_not_its_printed_suit);
	RUN(indiana_made_and_euchred);
	RUN(indiana_target_and_hole);
	RUN(indiana_both_over_bidders_win);
	RUN(indiana_max_hands_higher_wins);

	RUN(bloomington_bids_one_to_eight);
	RUN(bloomington_auction_ends_with_the_dealer);
	RUN(bloomington_best_ends_at_once_and_exchange);
	RUN(bloomington_stick);
	RUN(bloomington_redeal);
	RUN(bloomington_left_bower_must_follow);
	RUN(bloomington_made_and_euchred);
	RUN(bloomington_best_made_scores_16);
	RUN(bloomington_best_failed_loses_16);
	RUN(bloomington_end_of_game);
	return TEST_REPORT();
}
