/*
 * test_kit.c - unit tests of the C kit on hand-worked positions
 * (docs/variants.md). Prints each failure and a count; exit 1 on any.
 */
#include <stdio.h>
#include <string.h>

#include "euchre_kit.h"

static int fails, checks;

#define EXPECT_INT(got, want)                                                            \
	do {                                                                             \
		long g_ = (long)(got), w_ = (long)(want);                                \
		checks++;                                                                \
		if (g_ != w_) {                                                          \
			printf("FAIL %s:%d: %s is %ld, want %ld\n", __FILE__, __LINE__, #got, \
			       g_, w_);                                                  \
			fails++;                                                         \
		}                                                                        \
	} while (0)

/* Cards from a string of tokens, into c; returns how many. */
static int cards(const char *text, int *c)
{
	char buf[256], *p = buf, *tok;
	int n = 0;

	snprintf(buf, sizeof(buf), "%s", text);
	while ((tok = p) && *tok) {
		p = strchr(p, ' ');
		if (p)
			*p++ = '\0';
		c[n++] = kit_card_parse(tok);
		if (!p)
			break;
	}
	return n;
}

static int winner(const char *trick, int t)
{
	int c[16], n = cards(trick, c);

	return kit_trick_winner(c, n, t);
}

static int led(const char *trick, int t)
{
	int c[16], n = cards(trick, c);

	return kit_led_suit(c, n, t);
}

/* The legal plays as text "A B C". */
static const char *legal(const char *hand, const char *trick, int t)
{
	static char out[256];
	int h[16], tr[16], o[16], nh = cards(hand, h), nt = cards(trick, tr), m;

	m = kit_legal_plays(h, nh, tr, nt, t, o);
	out[0] = '\0';
	for (int i = 0; i < m; i++)
		snprintf(out + strlen(out), sizeof(out) - strlen(out), "%s%s", i ? " " : "",
			 kit_card_name(o[i]));
	return out;
}

#define EXPECT_STR(got, want)                                                              \
	do {                                                                               \
		checks++;                                                                  \
		if (strcmp((got), (want))) {                                               \
			printf("FAIL %s:%d: %s is '%s', want '%s'\n", __FILE__, __LINE__, #got, \
			       (got), (want));                                             \
			fails++;                                                           \
		}                                                                          \
	} while (0)

#define C(tok) kit_card_parse(tok)

static void test_cards(void)
{
	EXPECT_INT(C("th"), C("10H"));
	EXPECT_STR(kit_card_name(C("th")), "10H");
	EXPECT_INT(C("benny"), KIT_BENNY);
	EXPECT_INT(C("1H"), KIT_NOCARD);
	EXPECT_INT(C("9 "), KIT_NOCARD);
	/* hearts trump: JD is the left bower, a heart, second only to JH */
	EXPECT_INT(kit_effective_suit(C("JD"), KIT_TH), KIT_TH);
	EXPECT_INT(kit_is_trump(C("JD"), KIT_TH), 1);
	EXPECT_INT(kit_power(C("JH"), KIT_TH), 72);
	EXPECT_INT(kit_power(C("JD"), KIT_TH), 71);
	EXPECT_INT(kit_power(C("AH"), KIT_TH), 70);
	EXPECT_INT(kit_power(C("9H"), KIT_TH), 66);
	EXPECT_INT(kit_power(C("AS"), KIT_TH), 7);
	EXPECT_INT(kit_effective_suit(C("JC"), KIT_TH), KIT_TC);
	EXPECT_INT(kit_power(C("JC"), KIT_TH), 4);
	/* high: no bowers, ace high; low: nine best, ace worst */
	EXPECT_INT(kit_effective_suit(C("JD"), KIT_HIGH), KIT_TD);
	EXPECT_INT(kit_is_trump(C("JD"), KIT_HIGH), 0);
	EXPECT_INT(winner("9S AS", KIT_LOW), 0);
	EXPECT_INT(winner("9S AS", KIT_HIGH), 1);
	EXPECT_INT(kit_power(C("9S"), KIT_LOW), 6);
	EXPECT_INT(kit_power(C("AS"), KIT_LOW), 1);
	EXPECT_INT(winner("KH 9S AH", KIT_TNONE), 2);
}

static void test_tricks(void)
{
	/* spades trump, AH led: a nine of trumps beats it, the left bower more */
	EXPECT_INT(winner("AH 9S KH", KIT_TS), 1);
	EXPECT_INT(winner("AH 9S JC", KIT_TS), 2);
	EXPECT_INT(winner("10H AD QH", KIT_TS), 2);
	EXPECT_INT(winner("AH AH", KIT_TC), 0); /* twins: the first wins */
	{
		int t[2] = { C("10H"), C("9S") }, u[2] = { C("10H"), C("JS") };

		EXPECT_INT(kit_would_win(t, 2, C("JS"), KIT_TS), 1);
		EXPECT_INT(kit_would_win(u, 2, C("JC"), KIT_TS), 0);
	}
	/* diamonds trump: JH follows a diamond lead, not a heart lead */
	EXPECT_STR(legal("JH AH KS", "9D", KIT_TD), "JH");
	EXPECT_STR(legal("JH AH KS", "QH", KIT_TD), "AH");
	EXPECT_STR(legal("JH KS", "QH", KIT_TD), "JH KS");
	EXPECT_STR(legal("9C 9C AD", "", KIT_TS), "9C AD");
	/* five-hand: the joker is the top trump and follows a trump lead */
	EXPECT_INT(kit_effective_suit(KIT_JOKER, KIT_TC), KIT_TC);
	EXPECT_INT(winner("JC JOKER JS", KIT_TC), 1);
	EXPECT_STR(legal("JOKER AH", "8C", KIT_TC), "JOKER");
	EXPECT_INT(led("JOKER 8C", KIT_TD), KIT_TD);
}

static void test_flip(void)
{
	EXPECT_INT(winner("AS BENNY JS BENNY", KIT_TS), 1);
	EXPECT_INT(winner("CHARLIE 9H 10H", KIT_TC), 2);
	EXPECT_INT(winner("CHARLIE CHARLIE", KIT_TC), 0);
	EXPECT_INT(led("BENNY 9H", KIT_TC), -1);
	EXPECT_INT(led("CHARLIE 9H AS", KIT_TC), KIT_TH);
	EXPECT_STR(legal("AH BENNY CHARLIE KS", "9H", KIT_TC), "AH BENNY CHARLIE");
	/* diamonds trump, JH led (a diamond); a Charlie flips to clubs: JH is
	 * a heart again, later players follow hearts, the diamonds cannot win */
	EXPECT_INT(led("JH", KIT_TD), KIT_TD);
	EXPECT_INT(led("JH 9D KD CHARLIE", KIT_TC), KIT_TH);
	EXPECT_STR(legal("AD QH", "JH 9D KD CHARLIE", KIT_TC), "QH");
	EXPECT_INT(winner("JH 9D KD CHARLIE", KIT_TC), 0);
	EXPECT_INT(winner("JH 9D KD CHARLIE 9C", KIT_TC), 4);
	EXPECT_INT(kit_trump_of_calling(KIT_BENNY), KIT_TNONE);
}

static const char *const transcript[] = {
	"euchre-arena 1", "variant hammerwalt", "option target 64", "players 4", "seat 0",
	"teams 0 2,1 3", "seed 291080821224767267",
	"time startup 10000 move 1000 bank 0 clock wall", "budget 54000", "request ready",
	"time 10000 -", "legal ready", "hand 1 dealer 0",
	"cards JC KC KD 9H 10H JH QH AH 10S KS AS AS", "bid 1 6", "bid 2 pass", "bid 3 pass",
	"request bid", "held JC KC KD 9H 10H JH QH AH 10S KS AS AS", "auction 1 6,2 pass,3 pass",
	"time 1000 -", "legal pass,7,8,9,10,11,12,alone", "bid 0 pass", "contract 1 6", "trump D",
	"play 1 JD", "play 2 10D", "play 3 9D", "request play",
	"held JC KC KD 9H 10H JH QH AH 10S KS AS AS", "contract 1 6", "trump D",
	"table 1 JD,2 10D,3 9D", "won 0 0 0 0", "time 1000 250", "legal KD,JH",
	/* 36: */
	"play 0 KD", "trick 1 winner 1", "play 1 AC", "play 2 9C", "play 3 9S",
	"handend tricks 3 5 3 1 points 6 6 score 6 -6", NULL
};

static void test_state(void)
{
	static struct kit_state st;
	int done = 0, p[KIT_MAX_SEATS], o[KIT_MAX_HELD], i;

	kit_state_init(&st);
	for (i = 0; i < 36; i++)
		done += kit_state_feed(&st, transcript[i]);
	EXPECT_INT(done, 3);
	EXPECT_STR(st.variant, "hammerwalt");
	EXPECT_INT(st.seat, 0);
	EXPECT_INT(st.players, 4);
	EXPECT_INT(kit_state_partners(&st, p), 1);
	EXPECT_INT(p[0], 2);
	EXPECT_INT(st.move_ms, 1000);
	EXPECT_INT(st.startup_ms, 10000);
	EXPECT_STR(st.request, "play");
	EXPECT_INT(st.bidder, 1);
	EXPECT_STR(st.bid, "6");
	EXPECT_INT(st.trump, KIT_TD);
	EXPECT_INT(st.nauction, 4);
	EXPECT_STR(st.auction[3].text, "pass");
	EXPECT_INT(st.trick.n, 3);
	EXPECT_INT(st.table_n, 3);
	EXPECT_INT(st.table_card[0], C("JD"));
	EXPECT_INT(st.time_move, 1000);
	EXPECT_INT(st.time_bank, 250);
	EXPECT_INT(st.nlegal, 2);
	EXPECT_STR(st.legal[1], "JH");
	EXPECT_INT(kit_state_led_suit(&st), KIT_TD);
	EXPECT_INT(kit_state_legal_cards(&st, o), 2);
	EXPECT_INT(o[0], C("KD"));
	EXPECT_INT(kit_state_winning_seat(&st), 1);
	EXPECT_INT(kit_state_would_win(&st, C("JH")), 0);
	for (; transcript[i]; i++)
		kit_state_feed(&st, transcript[i]);
	EXPECT_INT(st.ntricks, 1);
	EXPECT_INT(st.tricks[0].card[3], C("KD"));
	EXPECT_INT(st.tricks[0].winner, 1);
	EXPECT_INT(st.won[1], 1);
	EXPECT_INT(st.voids[3], 1u << KIT_TC); /* seat 3 threw 9S on clubs */
	EXPECT_INT(st.nheld, 11);
	EXPECT_INT(st.nscore, 2);
	EXPECT_INT(st.score[1], -6);

	kit_state_init(&st);
	kit_state_feed(&st, "variant fivehand");
	kit_state_feed(&st, "players 5");
	kit_state_feed(&st, "seat 4");
	kit_state_feed(&st, "teams -");
	kit_state_feed(&st, "declare 1 partner 3");
	EXPECT_INT(kit_state_partners(&st, p), 2); /* a defender: the other defenders */
	EXPECT_INT(p[0] * 10 + p[1], 2);
	kit_state_feed(&st, "declare 3 partner 4");
	EXPECT_INT(kit_state_partners(&st, p), 1);
	EXPECT_INT(p[0], 3);

	kit_state_init(&st);
	const char *flip[] = { "variant flip", "players 3", "seat 0", "teams -", "deadhand 3",
			       "hand 1 dealer 0", "cards AS 9H", "calling JH", "play 1 KH",
			       "play 2 CHARLIE", "flip 2 QD", "play 3 9S", NULL };
	for (i = 0; flip[i]; i++)
		kit_state_feed(&st, flip[i]);
	EXPECT_INT(st.calling, C("QD"));
	EXPECT_INT(st.trump, KIT_TD);
	EXPECT_INT(st.voids[3], 0); /* the dead hand shows no void */
	kit_state_feed(&st, "switch 0 9H QD");
	EXPECT_INT(st.held[1], C("QD"));
	EXPECT_INT(st.trump, KIT_TH);
	EXPECT_INT(st.nswitches, 2);
}

/* a comment is one line of printable ASCII, capped; none for an empty text */
static void test_comments(void)
{
	char x[500];

	EXPECT_STR(kit_with_comment("JH", "drawing\ntrump  now"), "JH # drawing trump now");
	EXPECT_STR(kit_with_comment("pass", " \t"), "pass");
	memset(x, 'x', sizeof(x) - 1);
	x[sizeof(x) - 1] = '\0';
	EXPECT_INT((int)strlen(kit_with_comment("7 H", x)), (int)strlen("7 H # ") + KIT_COMMENT_MAX);
}

int main(void)
{
	test_comments();
	test_cards();
	test_tricks();
	test_flip();
	test_state();
	printf("c unit: %d checks, %d failures\n", checks, fails);
	return fails != 0;
}
