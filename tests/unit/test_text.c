/*
 * test_text.c - the text forms the engine reads and writes: card tokens,
 * trump names, moves, and the explicit-deal format with its error
 * messages.
 *
 * Bots and deal files are written by people, so the parsers must accept
 * exactly the documented forms (docs/variants.md, docs/deal-format.md,
 * card.h, game.h) and refuse everything else, and a refused deal must say
 * what is wrong and on which line. Expected values are written out by
 * hand.
 */
#include <stdlib.h>
#include <unistd.h>

#include "deal.h"
#include "deal_file.h"
#include "game.h"
#include "testhelp.h"

/* ---- cards ---------------------------------------------------------------- */

/* Every card's canonical token, in card order (suit * 7 + rank, then jokers). */
static const char *const all_names[NCARDS] = {
	"8C", "9C", "10C", "JC", "QC", "KC", "AC",
	"8D", "9D", "10D", "JD", "QD", "KD", "AD",
	"8H", "9H", "10H", "JH", "QH", "KH", "AH",
	"8S", "9S", "10S", "JS", "QS", "KS", "AS",
	"JOKER", "BENNY", "CHARLIE",
};

/* card_name() of every card, and of invalid cards. */
static void card_names_canonical(void)
{
	for (card_t c = 0; c < NCARDS; c++)
		CHECK_STR(card_name(c), all_names[c]);
	CHECK_STR(card_name(CARD(SUIT_H, RANK_10)), "10H");
	CHECK_STR(card_name(CARD_JOKER), "JOKER");
	CHECK_STR(card_name(NCARDS), "?");
	CHECK_STR(card_name(CARD_NONE), "?");
}

/* Parses s (whole string); returns card_parse's result and the card in *c. */
static int parse_card(const char *s, card_t *c)
{
	*c = CARD_NONE;
	return card_parse(s, strlen(s), c);
}

/* Every canonical token parses back to its card, consuming all of it. */
static void card_parse_round_trip(void)
{
	for (card_t c = 0; c < NCARDS; c++) {
		card_t got;

		CHECK_INT(parse_card(all_names[c], &got), (int)strlen(all_names[c]));
		CHECK_INT(got, c);
	}
}

/* "T" for ten, either case for ranks, suits and jokers. */
static void card_parse_spellings(void)
{
	card_t c;

	CHECK_INT(parse_card("10H", &c), 3);
	CHECK_INT(c, CARD(SUIT_H, RANK_10));
	CHECK_INT(parse_card("TH", &c), 2);
	CHECK_INT(c, CARD(SUIT_H, RANK_10));
	CHECK_INT(parse_card("th", &c), 2);
	CHECK_INT(c, CARD(SUIT_H, RANK_10));
	CHECK_INT(parse_card("10h", &c), 3);
	CHECK_INT(c, CARD(SUIT_H, RANK_10));
	CHECK_INT(parse_card("jh", &c), 2);
	CHECK_INT(c, CARD(SUIT_H, RANK_J));
	CHECK_INT(parse_card("Qs", &c), 2);
	CHECK_INT(c, CARD(SUIT_S, RANK_Q));
	CHECK_INT(parse_card("aD", &c), 2);
	CHECK_INT(c, CARD(SUIT_D, RANK_A));
	CHECK_INT(parse_card("8c", &c), 2);
	CHECK_INT(c, CARD(SUIT_C, RANK_8));
	CHECK_INT(parse_card("joker", &c), 5);
	CHECK_INT(c, CARD_JOKER);
	CHECK_INT(parse_card("Benny", &c), 5);
	CHECK_INT(c, CARD_BENNY);
	CHECK_INT(parse_card("charlie", &c), 7);
	CHECK_INT(c, CARD_CHARLIE);
	/* the length bounds the text: "JHX" read as 2 characters is JH */
	CHECK_INT(card_parse("JHX", 2, &c), 2);
	CHECK_INT(c, CARD(SUIT_H, RANK_J));
}

/* Anything that is not exactly one card token is refused. */
static void card_parse_rejects(void)
{
	static const char *const bad[] = {
		"1H", "010H", "11H", "JX", "", "X", "H", "J", "10", "1OH", "JHX", "10HH",
		"JOKERS", "BEN", "CHARLY", "HJ", "0H", "9", " JH", "J H",
	};
	card_t c;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int got = parse_card(bad[i], &c);

		CHECK(got == -1);
		if (got != -1)
			fprintf(stderr, "  card_parse(\"%s\") == %d\n", bad[i], got);
	}
	/*
	 * Trailing junk: "JH " is not one card. card.h: the token ends at a
	 * space and the characters consumed are returned, so only 2 of the 3
	 * are taken and a caller checking for the whole text refuses it.
	 */
	CHECK_INT(parse_card("JH ", &c), 2);
	CHECK(parse_card("JH ", &c) != 3);
	CHECK_INT(parse_card("JH 9C", &c), 2);
}

/* ---- trump names ------------------------------------------------------------ */

static void trump_names_and_parse(void)
{
	static const char *const names[NTRUMPS] = { "C", "D", "H", "S", "high", "low", "none" };
	static const char *const bad[] = { "", "hi", "hearts", "x", "highs", "n", "lo", "CH", " C" };
	int t;

	for (int i = 0; i < NTRUMPS; i++) {
		CHECK_STR(trump_name(i), names[i]);
		t = -1;
		CHECK_INT(trump_parse(names[i], strlen(names[i]), &t), (int)strlen(names[i]));
		CHECK_INT(t, i);
	}
	CHECK_STR(trump_name(NTRUMPS), "?");
	CHECK_STR(trump_name(-1), "?");
	CHECK_INT(trump_parse("d", 1, &t), 1);
	CHECK_INT(t, TRUMP_D);
	CHECK_INT(trump_parse("HIGH", 4, &t), 4);
	CHECK_INT(t, TRUMP_HIGH);
	CHECK_INT(trump_parse("Low", 3, &t), 3);
	CHECK_INT(t, TRUMP_LOW);
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int got = trump_parse(bad[i], strlen(bad[i]), &t);

		CHECK(got == -1);
		if (got != -1)
			fprintf(stderr, "  trump_parse(\"%s\") == %d\n", bad[i], got);
	}
}

/* ---- moves ------------------------------------------------------------------ */

/*
 * Parses text, checks every field of the move, and formats it back:
 * canonical text must come back unchanged.
 */
static void round_trip_at(int line, const char *text, int type, int num, int trump, card_t card,
			  card_t swap)
{
	struct move m;
	char buf[64];
	int n = move_parse(text, strlen(text), &m);

	th_checks++;
	if (n != (int)strlen(text)) {
		th_failed++;
		fprintf(stderr, "%s:%d: move_parse(\"%s\") == %d\n", __FILE__, line, text, n);
		return;
	}
	th_checks++;
	if (m.type != type || m.num != num || m.trump != trump || m.card != card || m.swap != swap) {
		th_failed++;
		fprintf(stderr, "%s:%d: \"%s\" parsed as type %d num %d trump %d card %d swap %d\n",
			__FILE__, line, text, m.type, m.num, m.trump, m.card, m.swap);
	}
	th_checks++;
	if (move_format(&m, buf, sizeof(buf)) != (int)strlen(text) || strcmp(buf, text)) {
		th_failed++;
		fprintf(stderr, "%s:%d: \"%s\" formats as \"%s\"\n", __FILE__, line, text, buf);
	}
}
#define ROUND_TRIP(text, type, num, trump, card, swap) \
	round_trip_at(__LINE__, text, type, num, trump, card, swap)

/* One round trip per move type and shape. */
static void move_round_trips(void)
{
	const card_t N = CARD_NONE;

	ROUND_TRIP("pass", MOVE_PASS, -1, -1, N, N);
	ROUND_TRIP("7", MOVE_BID, 7, -1, N, N);
	ROUND_TRIP("12", MOVE_BID, 12, -1, N, N);
	ROUND_TRIP("7 H", MOVE_BID, 7, TRUMP_H, N, N);
	ROUND_TRIP("5 high", MOVE_BID, 5, TRUMP_HIGH, N, N);
	ROUND_TRIP("12 low", MOVE_BID, 12, TRUMP_LOW, N, N);
	ROUND_TRIP("1 C", MOVE_BID, 1, TRUMP_C, N, N);
	ROUND_TRIP("moon S", MOVE_MOON, -1, TRUMP_S, N, N);
	ROUND_TRIP("moon high", MOVE_MOON, -1, TRUMP_HIGH, N, N);
	ROUND_TRIP("best low", MOVE_BEST, -1, TRUMP_LOW, N, N);
	ROUND_TRIP("best D", MOVE_BEST, -1, TRUMP_D, N, N);
	ROUND_TRIP("H", MOVE_TRUMP, -1, TRUMP_H, N, N);
	ROUND_TRIP("high", MOVE_TRUMP, -1, TRUMP_HIGH, N, N);
	ROUND_TRIP("low", MOVE_TRUMP, -1, TRUMP_LOW, N, N);
	ROUND_TRIP("order", MOVE_ORDER, -1, -1, N, N);
	ROUND_TRIP("order D", MOVE_ORDER, -1, TRUMP_D, N, N);
	ROUND_TRIP("partner", MOVE_PARTNER, -1, -1, N, N);
	ROUND_TRIP("alone", MOVE_ALONE, -1, -1, N, N);
	ROUND_TRIP("JH", MOVE_CARD, -1, -1, CARD(SUIT_H, RANK_J), N);
	ROUND_TRIP("10C", MOVE_CARD, -1, -1, CARD(SUIT_C, RANK_10), N);
	ROUND_TRIP("JOKER", MOVE_CARD, -1, -1, CARD_JOKER, N);
	ROUND_TRIP("9H switch KS", MOVE_CARD, -1, -1, CARD(SUIT_H, RANK_9), CARD(SUIT_S, RANK_K));
	ROUND_TRIP("BENNY switch 10D", MOVE_CARD, -1, -1, CARD_BENNY, CARD(SUIT_D, RANK_10));
}

/* Other spellings parse and come out in the canonical form. */
static void move_canonical_form(void)
{
	static const char *const pairs[][2] = {
		{ "PASS", "pass" }, { "Alone", "alone" }, { "7 h", "7 H" },
		{ "10 HIGH", "10 high" }, { "Moon s", "moon S" }, { "BEST Low", "best low" },
		{ "order d", "order D" }, { "th", "10H" }, { "jh", "JH" }, { "d", "D" },
		{ "9h SWITCH ks", "9H switch KS" }, { "joker", "JOKER" },
	};

	for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++) {
		struct move m;
		char buf[64] = "";
		const char *in = pairs[i][0];

		CHECK_INT(move_parse(in, strlen(in), &m), (int)strlen(in));
		move_format(&m, buf, sizeof(buf));
		CHECK_STR(buf, pairs[i][1]);
	}
}

/* Only single spaces between one to three words; no zero-padding, no "none". */
static void move_parse_is_strict(void)
{
	static const char *const bad[] = {
		"", " ", "7  H", " pass", "pass ", "07", "0", "0 H", "100", "7 none", "moon none",
		"order high", "order low", "order none", "9H switch KS JH", "1 2 3 4", "moon",
		"best", "7 hearts", "JH JH", "9H swap KS", "alone H", "pass pass", "7 H H",
		"switch", "9H switch", "1H", "none", "7\tH", "-1", "+7", "7 H ", "passs",
	};
	struct move m;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		int got = move_parse(bad[i], strlen(bad[i]), &m);

		CHECK(got == -1);
		if (got != -1)
			fprintf(stderr, "  move_parse(\"%s\") == %d\n", bad[i], got);
	}
	/* the length bounds the text: "7 H" inside a longer buffer */
	CHECK_INT(move_parse("7 H junk", 3, &m), 3);
	CHECK_INT(m.type, MOVE_BID);
	CHECK_INT(m.trump, TRUMP_H);
}

/* hand_format: ascending, twins repeated, "-" for an empty hand. */
static void hand_format_text(void)
{
	struct hand h = { 0, 0 };
	char buf[128];

	CHECK_INT(hand_format(&h, buf, sizeof(buf)), 1);
	CHECK_STR(buf, "-");
	hand_add(&h, CARD(SUIT_S, RANK_A));
	hand_add(&h, CARD(SUIT_C, RANK_10));
	hand_add(&h, CARD(SUIT_S, RANK_A));
	hand_add(&h, CARD(SUIT_H, RANK_J));
	CHECK_INT(hand_format(&h, buf, sizeof(buf)), 12);
	CHECK_STR(buf, "10C JH AS AS");
}

/* ---- deals ------------------------------------------------------------------ */

#define SEAT0 "seat 0 9C 9C 10C 10C JC JC QC QC KC KC AC AC\n"
#define SEAT1 "seat 1 9D 9D 10D 10D JD JD QD QD KD KD AD AD\n"
#define SEAT2 "seat 2 9H 9H 10H 10H JH JH QH QH KH KH AH AH\n"
#define SEAT3 "seat 3 9S 9S 10S 10S JS JS QS QS KS KS AS AS\n"
#define SUITS SEAT0 SEAT1 SEAT2 SEAT3

static struct deal deal_buf;

static void finished_rules(struct rules *r, enum variant v)
{
	char err[128];

	rules_init(r, v);
	CHECK(rules_finish(r, err, sizeof(err)) == 0);
}

/* Parses text for variant v; it must fail with exactly want. */
static void deal_error_at(int line, enum variant v, const char *text, const char *want)
{
	struct rules r;
	char err[256] = "";
	int got;

	finished_rules(&r, v);
	got = deal_parse(text, strlen(text), &r, &deal_buf, err, sizeof(err));
	th_checks++;
	if (got != -1) {
		th_failed++;
		fprintf(stderr, "%s:%d: deal accepted (%d), expected \"%s\"\n", __FILE__, line, got,
			want);
		return;
	}
	th_checks++;
	if (strcmp(err, want)) {
		th_failed++;
		fprintf(stderr, "%s:%d: deal error is\n  \"%s\"\nexpected\n  \"%s\"\n", __FILE__,
			line, err, want);
	}
}
#define DEAL_ERROR(v, text, want) deal_error_at(__LINE__, v, text, want)

/* The example of docs/deal-format.md parses, comments and all. */
static void deal_parse_documented_example(void)
{
	static const char text[] =
		"# hammerwalt: both right bowers with seat 1\n"
		"variant hammerwalt      # optional; if given it must match --variant\n"
		"dealer 3                # optional, default 0: who deals the first hand\n"
		"scores 60 -20           # optional starting scores (per team, or per player)\n"
		"hand                    # starts a hand; optional before the first one\n"
		"seat 0 9C 9C 10C 10C JC JC QC QC KC KC AC AC\n"
		"seat 1 9D 9D 10D 10D JD JD QD QD KD KD AD AD\n"
		"seat 2 9H 9H 10H 10H JH JH QH QH KH KH AH AH\n"
		"seat 3 9S 9S 10S 10S JS JS QS QS KS KS AS AS\n";
	struct rules r;
	struct deal *d = &deal_buf;
	char err[256] = "";

	finished_rules(&r, VAR_HAMMERWALT);
	CHECK_INT(deal_parse(text, strlen(text), &r, d, err, sizeof(err)), (int)strlen(text));
	CHECK_STR(err, "");
	CHECK_INT(d->dealer, 3);
	CHECK_INT(d->has_scores, 1);
	CHECK_INT(d->scores[0], 60);
	CHECK_INT(d->scores[1], -20);
	CHECK_INT(d->nhands, 1);
	/* laid out seat by seat, each seat's cards in the order given */
	CHECK_INT(d->deck[0][0], CARD(SUIT_C, RANK_9));
	CHECK_INT(d->deck[0][2], CARD(SUIT_C, RANK_10));
	CHECK_INT(d->deck[0][12], CARD(SUIT_D, RANK_9));
	CHECK_INT(d->deck[0][47], CARD(SUIT_S, RANK_A));
}

/* Lower case, T for ten, CRLF line ends, tabs, blank lines; several hands. */
static void deal_parse_lenient_spacing_and_hands(void)
{
	static const char text[] =
		"\r\n"
		"  seat 1\t9D 9D td 10D JD JD QD QD KD KD AD AD\r\n"
		"seat 0 9c 9C 10c Tc  JC JC QC QC KC KC AC AC   \r\n"
		"\n"
		SEAT2 SEAT3
		"hand\n" SEAT3 SEAT2 SEAT1 SEAT0;
	struct rules r;
	struct deal *d = &deal_buf;
	char err[256] = "";

	finished_rules(&r, VAR_HAMMERWALT);
	CHECK_INT(deal_parse(text, strlen(text), &r, d, err, sizeof(err)), (int)strlen(text));
	CHECK_STR(err, "");
	CHECK_INT(d->nhands, 2);
	CHECK_INT(d->dealer, 0);
	CHECK_INT(d->has_scores, 0);
	CHECK_INT(d->deck[0][0], CARD(SUIT_C, RANK_9));
	CHECK_INT(d->deck[0][14], CARD(SUIT_D, RANK_10));
	CHECK_INT(d->deck[1][12], CARD(SUIT_D, RANK_9));
}

/* Every mistake is reported with its line and what is wrong. */
static void deal_parse_errors(void)
{
	/* wrong card count */
	DEAL_ERROR(VAR_HAMMERWALT,
		   "variant hammerwalt\n" SEAT0 "seat 1 9D 9D 10D 10D JD JD QD QD KD KD AD\n" SEAT2
			   SEAT3,
		   "line 3: seat 1 has 11 cards, hammerwalt deals 12");
	DEAL_ERROR(VAR_BLOOMINGTON, "seat 0 9C 9C 10C 10C JC JC QC QC KC\n",
		   "line 1: seat 0 has 9 cards, bloomington deals 8");
	/* unknown keyword */
	DEAL_ERROR(VAR_HAMMERWALT, "dealer 1\nplayer 0 9C\n",
		   "line 2: unknown keyword 'player' (expected variant, dealer, scores, hand, "
		   "seat, kitty, burn or calling)");
	DEAL_ERROR(VAR_HAMMERWALT, "Seat 0 9C\n",
		   "line 1: unknown keyword 'Seat' (expected variant, dealer, scores, hand, "
		   "seat, kitty, burn or calling)");
	/* a bad card; comments and blank lines count as lines */
	DEAL_ERROR(VAR_HAMMERWALT, "seat 0 9C 9C 10C 10C JC JC QC QC KC KC AC 1C\n",
		   "line 1: '1C' is not a card");
	DEAL_ERROR(VAR_HAMMERWALT, "# a comment\n\nseat 0 9C 9C 10C 10C JC JC QC QC KC KC AC ACX\n",
		   "line 3: 'ACX' is not a card");
	/* a card three times (9C replaces a 10C): reported for the deck as a whole */
	DEAL_ERROR(VAR_HAMMERWALT,
		   "seat 0 9C 9C 9C 10C JC JC QC QC KC KC AC AC\n" SEAT1 SEAT2 SEAT3,
		   "hand 1: 9C appears 3 times, the hammerwalt deck has 2");
	DEAL_ERROR(VAR_HAMMERWALT,
		   SUITS "hand\n" SEAT0 SEAT1 SEAT2 "seat 3 9S 9S 10S 10S JS JS QS QS KS KS AS AH\n",
		   "hand 2: AH appears 3 times, the hammerwalt deck has 2");
	/* a missing seat: reported at the line that opened the hand */
	DEAL_ERROR(VAR_HAMMERWALT, SEAT0 SEAT1 SEAT3, "line 1: hand 1 has no 'seat 2' line");
	DEAL_ERROR(VAR_HAMMERWALT, "# one\nhand\n" SEAT1 SEAT2 SEAT3,
		   "line 2: hand 1 has no 'seat 0' line");
	DEAL_ERROR(VAR_HAMMERWALT, SUITS "hand\n" SEAT0 SEAT1 SEAT2,
		   "line 5: hand 2 has no 'seat 3' line");
	DEAL_ERROR(VAR_HAMMERWALT, SEAT0 SEAT0, "line 2: seat 0 given twice in hand 1");
	DEAL_ERROR(VAR_HAMMERWALT, "seat 4 9C\n", "line 1: '4' is not a seat (0 to 3)");
	/* kitty outside five-hand, burn and calling outside flip */
	DEAL_ERROR(VAR_HAMMERWALT, SUITS "kitty 9C 9D 9H 9S\n", "line 5: hammerwalt has no 'kitty'");
	DEAL_ERROR(VAR_BLOOMINGTON, "kitty 9C 9D 9H 9S\n", "line 1: bloomington has no 'kitty'");
	DEAL_ERROR(VAR_INDIANA, SUITS "burn 9C\n", "line 5: indiana has no 'burn'");
	/* the variant must match */
	DEAL_ERROR(VAR_HAMMERWALT, "variant indiana\n" SUITS,
		   "line 1: deal is for 'indiana', the game is hammerwalt");
	DEAL_ERROR(VAR_BLOOMINGTON, "\nvariant hammerwalt\n",
		   "line 2: deal is for 'hammerwalt', the game is bloomington");
	/* dealer and scores */
	DEAL_ERROR(VAR_HAMMERWALT, "dealer 4\n" SUITS, "line 1: dealer 4 is not a player seat (0 to 3)");
	DEAL_ERROR(VAR_HAMMERWALT, "scores 1 2 3\n" SUITS, "line 1: 'scores' needs 2 numbers, got 3");
	DEAL_ERROR(VAR_HAMMERWALT, "scores x 2\n" SUITS, "line 1: 'x' is not a number");
	DEAL_ERROR(VAR_HAMMERWALT, "hand 1\n", "line 1: 'hand' takes nothing after it");
	DEAL_ERROR(VAR_HAMMERWALT, "", "no hands in the deal");
	DEAL_ERROR(VAR_HAMMERWALT, "# only a comment\n\n", "no hands in the deal");
}

/* deal_load names the file: "FILE:7: ..." and "FILE: hand 1: ..." (docs/deal-format.md). */
static void deal_load_names_the_file(void)
{
	const char *dir = getenv("TMPDIR");
	char path[512], want[640], err[700] = "";
	struct rules r;
	FILE *f;

	snprintf(path, sizeof(path), "%s/deal-%ld.txt", dir && *dir ? dir : "/tmp", (long)getpid());
	finished_rules(&r, VAR_HAMMERWALT);

	f = fopen(path, "w");
	CHECK(f != NULL);
	if (!f)
		return;
	fputs("# hammerwalt: seat 2 is a card short\n"
	      "variant hammerwalt\n"
	      "dealer 3\n"
	      "hand\n" SEAT0 SEAT1 "seat 2 9H 9H 10H 10H JH JH QH QH KH KH AH\n" SEAT3,
	      f);
	fclose(f);
	CHECK_INT(deal_load(path, &r, &deal_buf, NULL, err, sizeof(err)), -1);
	/* a line error reads FILE:N: problem (docs/deal-format.md, deal.h) */
	snprintf(want, sizeof(want), "%s:7: seat 2 has 11 cards, hammerwalt deals 12", path);
	CHECK_STR(err, want);

	f = fopen(path, "w");
	CHECK(f != NULL);
	if (!f)
		return;
	fputs("seat 0 9C 9C 9C 10C JC JC QC QC KC KC AC AC\n" SEAT1 SEAT2 SEAT3, f);
	fclose(f);
	CHECK_INT(deal_load(path, &r, &deal_buf, NULL, err, sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s: hand 1: 9C appears 3 times, the hammerwalt deck has 2",
		 path);
	CHECK_STR(err, want);

	f = fopen(path, "w");
	CHECK(f != NULL);
	if (!f)
		return;
	fputs("dealer 2\n" SUITS, f);
	fclose(f);
	CHECK_INT(deal_load(path, &r, &deal_buf, NULL, err, sizeof(err)), 0);
	CHECK_INT(deal_buf.dealer, 2);
	unlink(path);
}

int main(void)
{
	RUN(card_names_canonical);
	RUN(card_parse_round_trip);
	RUN(card_parse_spellings);
	RUN(card_parse_rejects);
	RUN(trump_names_and_parse);
	RUN(move_round_trips);
	RUN(move_canonical_form);
	RUN(move_parse_is_strict);
	RUN(hand_format_text);
	RUN(deal_parse_documented_example);
	RUN(deal_parse_lenient_spacing_and_hands);
	RUN(deal_parse_errors);
	RUN(deal_load_names_the_file);
	return TEST_REPORT();
}
