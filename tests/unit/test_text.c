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
#include "protocol.h"
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

/*
 * Edge cases, each with the exact result: the length bounds the token, a
 * space ends it, a NUL or any other byte inside it is refused, and case
 * folding takes letters only (a byte that is a letter's code with bit
 * 0x20 or 0x80 changed is not that letter).
 */
static void card_parse_edges(void)
{
	static const struct {
		const char *s;
		size_t len;
		int want;
		card_t card;
	} cases[] = {
		{ "tc", 2, 2, CARD(SUIT_C, RANK_10) },
		{ "Tc", 2, 2, CARD(SUIT_C, RANK_10) },
		{ "10c", 3, 3, CARD(SUIT_C, RANK_10) },
		{ "10S", 3, 3, CARD(SUIT_S, RANK_10) },
		{ "8s", 2, 2, CARD(SUIT_S, RANK_8) },
		{ "kd", 2, 2, CARD(SUIT_D, RANK_K) },
		{ "qH", 2, 2, CARD(SUIT_H, RANK_Q) },
		{ "JOKER", 5, 5, CARD_JOKER },
		{ "jOkEr", 5, 5, CARD_JOKER },
		{ "bEnNy", 5, 5, CARD_BENNY },
		{ "CHARLIE", 7, 7, CARD_CHARLIE },
		{ "cHARLIe", 7, 7, CARD_CHARLIE },
		{ "JOKER pass", 10, 5, CARD_JOKER }, /* the token ends at the space */
		{ "10c 9h", 6, 3, CARD(SUIT_C, RANK_10) },
		{ "AS", 1, -1, CARD_NONE },           /* "A" */
		{ "10CC", 3, 3, CARD(SUIT_C, RANK_10) },
		{ "JOKER", 4, -1, CARD_NONE },        /* "JOKE" */
		{ "CHARLIE", 6, -1, CARD_NONE },
		{ "t", 1, -1, CARD_NONE },
		{ "T", 1, -1, CARD_NONE },
		{ "10", 2, -1, CARD_NONE },
		{ "10CC", 4, -1, CARD_NONE },
		{ "CHARLIES", 8, -1, CARD_NONE },
		{ "JOKERJOKER", 10, -1, CARD_NONE },
		{ "", 0, -1, CARD_NONE },
		{ " ", 1, -1, CARD_NONE },
		{ "J\0", 2, -1, CARD_NONE },
		{ "\0H", 2, -1, CARD_NONE },
		{ "10\0", 3, -1, CARD_NONE },
		{ "JOK\0R", 5, -1, CARD_NONE },
		{ "J\xc8", 2, -1, CARD_NONE },       /* 'H' | 0x80 */
		{ "\xcaH", 2, -1, CARD_NONE },       /* 'J' | 0x80 */
		{ "J(", 2, -1, CARD_NONE },           /* 'H' ^ 0x60 */
		{ "JOKE\x12", 5, -1, CARD_NONE },    /* 'R' with bit 0x40 off */
		{ "\x0aOKER", 5, -1, CARD_NONE },    /* 'J' with bit 0x40 off */
		{ "*OKER", 5, -1, CARD_NONE },        /* 'j' with bit 0x40 off */
		{ "1oC", 3, -1, CARD_NONE },
		{ "10h ", 4, 3, CARD(SUIT_H, RANK_10) },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		card_t c = CARD_NONE;
		int got = card_parse(cases[i].s, cases[i].len, &c);

		CHECK_INT(got, cases[i].want);
		CHECK_INT(c, cases[i].card);
		if (got != cases[i].want || c != cases[i].card)
			fprintf(stderr, "  case %zu: card_parse(\"%.*s\", %zu) == %d, card %d\n", i,
				(int)cases[i].len, cases[i].s, cases[i].len, got, c);
	}
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

/* Trump names: the same edges as card_parse_edges(). */
static void trump_parse_edges(void)
{
	static const struct {
		const char *s;
		size_t len;
		int want, trump;
	} cases[] = {
		{ "c", 1, 1, TRUMP_C }, { "s", 1, 1, TRUMP_S }, { "hIgH", 4, 4, TRUMP_HIGH },
		{ "LOW", 3, 3, TRUMP_LOW }, { "NONE", 4, 4, TRUMP_NONE }, { "nOnE", 4, 4, TRUMP_NONE },
		{ "H low", 5, 1, TRUMP_H }, { "high high", 9, 4, TRUMP_HIGH },
		{ "high", 3, -1, -1 }, { "lows", 4, -1, -1 }, { "", 0, -1, -1 }, { " H", 2, -1, -1 },
		{ "\0", 1, -1, -1 }, { "hi\0h", 4, -1, -1 }, { "\xc8", 1, -1, -1 },
		{ "(", 1, -1, -1 }, { "hig(", 4, -1, -1 }, { "l/w", 3, -1, -1 }, { "T", 1, -1, -1 },
		{ "JH", 2, -1, -1 }, { "10H", 3, -1, -1 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int t = -1;
		int got = trump_parse(cases[i].s, cases[i].len, &t);

		CHECK_INT(got, cases[i].want);
		CHECK_INT(t, cases[i].trump);
		if (got != cases[i].want || t != cases[i].trump)
			fprintf(stderr, "  case %zu: trump_parse(\"%.*s\", %zu) == %d, trump %d\n", i,
				(int)cases[i].len, cases[i].s, cases[i].len, got, t);
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

/* As snprintf(): cut to fit and ended by a NUL; the whole length returned. */
static void move_format_cuts(void)
{
	struct move m;
	char buf[8];

	CHECK_INT(move_parse("9H switch KS", 12, &m), 12);
	memset(buf, 'x', sizeof(buf));
	CHECK_INT(move_format(&m, buf, 5), 12);
	CHECK_STR(buf, "9H s");
	CHECK(buf[5] == 'x');
	CHECK_INT(move_format(&m, buf, 0), 12);
	CHECK(buf[0] == '9');
	CHECK_INT(move_format(&m, buf, 1), 12);
	CHECK_STR(buf, "");
	m.type = MOVE_BID;
	m.num = -12;
	m.trump = -1;
	CHECK_INT(move_format(&m, buf, sizeof(buf)), 3);
	CHECK_STR(buf, "-12");
	m.num = 0;
	CHECK_INT(move_format(&m, buf, sizeof(buf)), 1);
	CHECK_STR(buf, "0");
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

/*
 * An answer "MOVE # COMMENT" splits at its first '#' (protocol.md,
 * "Comments"): the spaces around the '#' belong to neither part, a '#' in
 * the comment stays in it, and a line without '#' is all move.
 */
static void answer_comment_split(void)
{
	static const struct {
		const char *line, *move, *comment;
	} cases[] = {
		{ "JH # leading trump", "JH", "leading trump" },
		{ "7 H#why", "7 H", "why" },
		{ "9H switch KS   #   a # in it  ", "9H switch KS", "a # in it  " },
		{ "pass #", "pass", "" },
		{ "pass", "pass", "" },
		{ "# only a comment", "", "only a comment" },
		{ "", "", "" },
	};
	struct move m;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *c;
		size_t clen, mlen = protocol_split_comment(cases[i].line, strlen(cases[i].line), &c,
							   &clen);
		char move[64], comment[64];

		snprintf(move, sizeof(move), "%.*s", (int)mlen, cases[i].line);
		snprintf(comment, sizeof(comment), "%.*s", (int)clen, c);
		CHECK_STR(move, cases[i].move);
		CHECK_STR(comment, cases[i].comment);
	}
	/* the move before the '#' is read as strictly as a whole line */
	CHECK_INT(move_parse("7 H # x", protocol_split_comment("7 H # x", 7, &(const char *){ 0 },
								  &(size_t){ 0 }), &m), 3);
	CHECK_INT(m.type, MOVE_BID);
}

/*
 * A one-word move is a word, a count, a trump or a card, whatever order
 * they are tried in: each text below is exactly one of them.
 */
static void move_parse_one_word_kinds(void)
{
	static const struct {
		const char *s;
		size_t len;
		int want, type, num, trump;
		card_t card, swap;
	} cases[] = {
		{ "c", 1, 1, MOVE_TRUMP, -1, TRUMP_C, CARD_NONE, CARD_NONE },
		{ "LOW", 3, 3, MOVE_TRUMP, -1, TRUMP_LOW, CARD_NONE, CARD_NONE },
		{ "10c", 3, 3, MOVE_CARD, -1, -1, CARD(SUIT_C, RANK_10), CARD_NONE },
		{ "tc", 2, 2, MOVE_CARD, -1, -1, CARD(SUIT_C, RANK_10), CARD_NONE },
		{ "10", 2, 2, MOVE_BID, 10, -1, CARD_NONE, CARD_NONE },
		{ "89", 2, 2, MOVE_BID, 89, -1, CARD_NONE, CARD_NONE },
		{ "oRdEr", 5, 5, MOVE_ORDER, -1, -1, CARD_NONE, CARD_NONE },
		{ "PARTNER", 7, 7, MOVE_PARTNER, -1, -1, CARD_NONE, CARD_NONE },
		{ "joker", 5, 5, MOVE_CARD, -1, -1, CARD_JOKER, CARD_NONE },
		{ "Charlie", 7, 7, MOVE_CARD, -1, -1, CARD_CHARLIE, CARD_NONE },
		{ "joker switch th", 15, 15, MOVE_CARD, -1, -1, CARD_JOKER, CARD(SUIT_H, RANK_10) },
		{ "10s pass", 3, 3, MOVE_CARD, -1, -1, CARD(SUIT_S, RANK_10), CARD_NONE },
	};
	static const struct {
		const char *s;
		size_t len;
	} bad[] = {
		{ "t", 1 }, { "T", 1 }, { "JOKERS", 6 }, { "J\0", 2 }, { "JH\0", 3 }, { "10\0", 3 },
		{ "10CC", 4 }, { "CHARLIES", 8 }, { "hig", 3 }, { "part", 4 }, { "orders", 6 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct move m;
		int got = move_parse(cases[i].s, cases[i].len, &m);

		CHECK_INT(got, cases[i].want);
		CHECK(m.type == cases[i].type && m.num == cases[i].num &&
		      m.trump == cases[i].trump && m.card == cases[i].card &&
		      m.swap == cases[i].swap);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct move m;

		CHECK_INT(move_parse(bad[i].s, bad[i].len, &m), -1);
	}
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
		   "line 2: unknown keyword 'player' (expected variant, dealer, scores, script, hand, "
		   "seat, kitty, burn, calling, rest, contract, trump, declare, leader or bids)");
	DEAL_ERROR(VAR_HAMMERWALT, "Seat 0 9C\n",
		   "line 1: unknown keyword 'Seat' (expected variant, dealer, scores, script, hand, "
		   "seat, kitty, burn, calling, rest, contract, trump, declare, leader or bids)");
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

/* Parses text for variant v (and options); it must succeed. */
static void deal_ok_at(int line, struct rules *r, const char *text)
{
	char err[256] = "";
	int got = deal_parse(text, strlen(text), r, &deal_buf, err, sizeof(err));

	th_checks++;
	if (got != (int)strlen(text)) {
		th_failed++;
		fprintf(stderr, "%s:%d: deal refused: %s\n", __FILE__, line, err);
	}
}
#define DEAL_OK(r, text) deal_ok_at(__LINE__, r, text)

/* "rest random": short seats, missing seats and kitty parts are left empty, once each. */
static void deal_parse_partial_hands(void)
{
	struct rules r;
	struct deal *d = &deal_buf;
	int holes = 0;

	finished_rules(&r, VAR_HAMMERWALT);
	DEAL_OK(&r, "seat 1 JD JH\nrest random\n");
	CHECK_INT(d->nhands, 1);
	CHECK_INT(d->rest_random[0], 1);
	CHECK_INT(d->deck[0][12], CARD(SUIT_D, RANK_J));
	CHECK_INT(d->deck[0][13], CARD(SUIT_H, RANK_J));
	for (int i = 0; i < 48; i++)
		holes += d->deck[0][i] == CARD_NONE;
	CHECK_INT(holes, 46);
	/* the second hand is complete, the first partial */
	DEAL_OK(&r, "rest random\nhand\n" SUITS);
	CHECK_INT(d->nhands, 2);
	CHECK_INT(d->rest_random[0], 1);
	CHECK_INT(d->rest_random[1], 0);
	/* five-hand: the turned card alone */
	finished_rules(&r, VAR_FIVEHAND);
	DEAL_OK(&r, "kitty JOKER\nrest random\n");
	CHECK_INT(d->deck[0][25], CARD_JOKER);
	CHECK_INT(d->deck[0][26], CARD_NONE);
	/* flip: burn and calling may be left to the seed, the stock too */
	finished_rules(&r, VAR_FLIP);
	DEAL_OK(&r, "calling 9H\nrest random\n");
	CHECK_INT(d->deck[0][r.seats * r.cards_each + 1], CARD(SUIT_H, RANK_9));
	CHECK_INT(d->deck[0][r.seats * r.cards_each], CARD_NONE);
}

/* A partial deal is filled from the seed: the same rest each time, no card twice. */
static void deal_rest_dealt_from_the_seed(void)
{
	static struct game g1, g2;
	struct rules r;
	char err[256] = "";
	int count[NCARDS] = { 0 }, same = 1, differs = 0;

	finished_rules(&r, VAR_HAMMERWALT);
	DEAL_OK(&r, "seat 1 JD JD JH JH AH AH KH KH QH QH 10H 10H\nseat 0 9C\nrest random\n");
	CHECK_INT(game_init(&g1, &r, 42, &deal_buf, err, sizeof(err)), 0);
	CHECK_INT(game_init(&g2, &r, 42, &deal_buf, err, sizeof(err)), 0);
	for (int s = 0; s < 4; s++)
		same &= g1.hand[s].one == g2.hand[s].one && g1.hand[s].two == g2.hand[s].two;
	CHECK(same);
	CHECK(hand_count_of(&g1.hand[0], CARD(SUIT_C, RANK_9)) >= 1);
	CHECK_INT(hand_count_of(&g1.hand[1], CARD(SUIT_H, RANK_J)), 2);
	for (int s = 0; s < 4; s++)
		for (int c = 0; c < NCARDS; c++)
			count[c] += hand_count_of(&g1.hand[s], (card_t)c);
	for (int c = 0; c < NCARDS; c++)
		if (card_suit((card_t)c) < NSUITS && card_rank((card_t)c) >= RANK_9)
			CHECK_INT(count[c], 2);
	CHECK_INT(game_init(&g2, &r, 43, &deal_buf, err, sizeof(err)), 0);
	for (int s = 0; s < 4; s++)
		differs |= g1.hand[s].one != g2.hand[s].one || g1.hand[s].two != g2.hand[s].two;
	CHECK(differs);
}

/* contract, trump, declare, bids and leader set up the hand's start. */
static void deal_parse_positions(void)
{
	struct rules r;
	struct deal *d = &deal_buf;
	static struct game g;
	char err[256] = "";

	finished_rules(&r, VAR_HAMMERWALT);
	DEAL_OK(&r, SUITS "contract 1 8\ntrump H\nleader 3\n");
	CHECK_INT(d->setup[0].has_contract, 1);
	CHECK_INT(d->setup[0].bidder, 1);
	CHECK_INT(d->setup[0].contract.type, MOVE_BID);
	CHECK_INT(d->setup[0].contract.num, 8);
	CHECK_INT(d->setup[0].trump, TRUMP_H);
	CHECK_INT(d->setup[0].leader, 3);
	CHECK_INT(game_init(&g, &r, 1, d, err, sizeof(err)), 0);
	CHECK_INT(game_decision(&g), DEC_PLAY);
	CHECK_INT(game_to_move(&g), 3);
	CHECK_INT(g.trump, TRUMP_H);
	CHECK_INT(g.bidder, 1);
	/* no trump line: the bidder names it; alone: the exchanges follow */
	DEAL_OK(&r, SUITS "contract 2 alone\n");
	CHECK_INT(game_init(&g, &r, 1, d, err, sizeof(err)), 0);
	CHECK_INT(game_decision(&g), DEC_TRUMP);
	CHECK_INT(game_to_move(&g), 2);
	DEAL_OK(&r, "dealer 3\n" SUITS "contract 3 5\n");
	finished_rules(&r, VAR_INDIANA);
	DEAL_OK(&r, SUITS "contract 0 moon low\n");
	CHECK_INT(game_init(&g, &r, 1, d, err, sizeof(err)), 0);
	CHECK_INT(game_decision(&g), DEC_DISCARD);
	CHECK_INT(g.trump, TRUMP_LOW);
	finished_rules(&r, VAR_BLOOMINGTON);
	DEAL_OK(&r, "rest random\ncontract 5   best  S\n");
	CHECK_INT(d->setup[0].contract.type, MOVE_BEST);
	/* five-hand: ordered up, declared; the dealer's discard is asked */
	finished_rules(&r, VAR_FIVEHAND);
	DEAL_OK(&r, "kitty 9S\nrest random\ncontract 2 order\ndeclare alone\n");
	CHECK_INT(game_init(&g, &r, 1, d, err, sizeof(err)), 0);
	CHECK_INT(game_decision(&g), DEC_DISCARD);
	CHECK_INT(game_to_move(&g), 0);
	CHECK_INT(g.partner, -1);
	CHECK_INT(g.trump, TRUMP_S);
	DEAL_OK(&r, "kitty JOKER\nrest random\ncontract 1 order D\n");
	DEAL_OK(&r, "kitty 9S\nrest random\ncontract 1 H\n");
	CHECK_INT(game_init(&g, &r, 1, d, err, sizeof(err)), 0);
	CHECK_INT(game_decision(&g), DEC_DECLARE);
	/* flip: the bids, announced in turn */
	finished_rules(&r, VAR_FLIP);
	DEAL_OK(&r, "rest random\nbids 6 7 8 9\nleader 1\n");
	CHECK_INT(game_init(&g, &r, 1, d, err, sizeof(err)), 0);
	CHECK_INT(game_decision(&g), DEC_PLAY);
	CHECK_INT(game_to_move(&g), 1);
	CHECK_INT(g.bids[0], 6);
	CHECK_INT(g.bids[3], 9);
	/* scripts: commas, any blanks; several lines add up */
	finished_rules(&r, VAR_INDIANA);
	DEAL_OK(&r, "script 2 7 H,  pass ,JD\nscript 2 9C\n" SUITS);
	CHECK_INT(d->nscript[2], 4);
	CHECK_INT(d->script[2][0].type, MOVE_BID);
	CHECK_INT(d->script[2][0].trump, TRUMP_H);
	CHECK_INT(d->script[2][1].type, MOVE_PASS);
	CHECK_INT(d->script[2][3].card, CARD(SUIT_C, RANK_9));
}

/* Every mistake in a partial deal or a position names its line. */
static void deal_parse_position_errors(void)
{
	/* without 'rest random' a hand is complete, as before */
	DEAL_ERROR(VAR_HAMMERWALT, "seat 1 JD JH\n" SEAT0 SEAT2 SEAT3,
		   "line 1: seat 1 has 2 cards, hammerwalt deals 12");
	DEAL_ERROR(VAR_HAMMERWALT, "rest random\nseat 1 JD JD JD\n",
		   "hand 1: JD appears 3 times, the hammerwalt deck has 2");
	DEAL_ERROR(VAR_HAMMERWALT, "rest random\nseat 1 " "9C 9C 10C 10C JC JC QC QC KC KC AC AC 9D\n",
		   "line 2: seat 1 has 13 cards, hammerwalt deals 12");
	DEAL_ERROR(VAR_HAMMERWALT, "rest at random\n", "line 1: 'rest' takes the word 'random' "
		   "(the cards not placed are dealt from the seed)");
	DEAL_ERROR(VAR_HAMMERWALT, "rest random\nrest random\n", "line 2: 'rest' given twice in hand 1");
	DEAL_ERROR(VAR_FIVEHAND, "kitty 9S 9H\n" "seat 0 AH KH QH JH 8D\n",
		   "line 1: hand 1 has no 'seat 1' line");
	/* contract */
	DEAL_ERROR(VAR_HAMMERWALT, SUITS "contract 1 4\n", "line 5: '4' is not a hammerwalt "
		   "contract (a bid from 5 to 12, or alone)");
	DEAL_ERROR(VAR_HAMMERWALT, SUITS "contract 1 8 H\n", "line 5: '8 H' is not a hammerwalt "
		   "contract (a bid from 5 to 12, or alone)");
	DEAL_ERROR(VAR_HAMMERWALT, SUITS "contract 4 8\n", "line 5: '4' is not a player seat (0 to 3)");
	DEAL_ERROR(VAR_HAMMERWALT, SUITS "contract 1\n", "line 5: 'contract' needs a seat and a bid");
	DEAL_ERROR(VAR_HAMMERWALT, SUITS "contract 1 5\n", "line 5: only the dealer bids 5 (stuck), "
		   "and seat 1 is not the dealer");
	DEAL_ERROR(VAR_HAMMERWALT, SUITS "contract 1 8\ncontract 2 9\n",
		   "line 6: 'contract' given twice in hand 1");
	DEAL_ERROR(VAR_INDIANA, SUITS "contract 1 7\n", "line 5: '7' is not a indiana contract "
		   "(a bid from 1 to 12 with a trump, or moon with a trump)");
	DEAL_ERROR(VAR_BLOOMINGTON, "rest random\ncontract 1 moon H\n", "line 2: 'moon H' is not a "
		   "bloomington contract (a bid from 1 to 8 with a trump, or best with a trump)");
	DEAL_ERROR(VAR_FLIP, "rest random\ncontract 1 6\n",
		   "line 2: flip has no contract (give 'bids', one per player)");
	/* five-hand: the turned card decides what the contract may be */
	DEAL_ERROR(VAR_FIVEHAND, "rest random\ncontract 1 order\n", "line 2: a five-hand contract "
		   "needs the turned card (the 'kitty' line's first card)");
	DEAL_ERROR(VAR_FIVEHAND, "kitty JOKER\nrest random\ncontract 1 order\n",
		   "line 3: the turned card is the joker: the contract is 'order SUIT'");
	DEAL_ERROR(VAR_FIVEHAND, "kitty 9S\nrest random\ncontract 1 order H\n", "line 3: 'order H' "
		   "names a suit only when the joker is turned (the turned card is 9S)");
	DEAL_ERROR(VAR_FIVEHAND, "kitty 9S\nrest random\ncontract 1 S\n",
		   "line 3: the turned card is 9S: a suit called in round 2 must be another");
	DEAL_ERROR(VAR_FIVEHAND, "kitty 9S\nrest random\ncontract 1 high\n", "line 3: 'high' is "
		   "not a fivehand contract (order, 'order SUIT' when the joker is turned, or a suit "
		   "called in round 2)");
	/* trump, declare, leader, bids */
	DEAL_ERROR(VAR_HAMMERWALT, SUITS "trump H\n", "line 5: 'trump' needs a 'contract' line in hand 1");
	DEAL_ERROR(VAR_HAMMERWALT, SUITS "contract 1 8\ntrump X\n",
		   "line 6: 'X' is not a trump (C, D, H, S, high or low)");
	DEAL_ERROR(VAR_INDIANA, SUITS "contract 1 7 H\ntrump H\n",
		   "line 6: indiana takes trump from the contract, not a 'trump' line");
	DEAL_ERROR(VAR_FLIP, "rest random\ntrump H\n",
		   "line 2: flip takes trump from the calling card, not a 'trump' line");
	DEAL_ERROR(VAR_HAMMERWALT, SUITS "contract 1 8\ndeclare alone\n",
		   "line 6: only fivehand has 'declare'");
	DEAL_ERROR(VAR_FIVEHAND, "kitty 9S\nrest random\ncontract 1 order\ndeclare maybe\n",
		   "line 4: 'maybe' is not a declaration (partner or alone)");
	DEAL_ERROR(VAR_FIVEHAND, "kitty 9S\nrest random\ndeclare alone\n",
		   "line 3: 'declare' needs a 'contract' line in hand 1");
	DEAL_ERROR(VAR_HAMMERWALT, SUITS "leader 2\n", "line 5: 'leader' needs a 'contract' line in hand 1");
	DEAL_ERROR(VAR_FLIP, "rest random\nleader 2\n", "line 2: 'leader' needs a 'bids' line in hand 1");
	DEAL_ERROR(VAR_HAMMERWALT, SUITS "contract 1 8\nleader 4\n",
		   "line 6: '4' is not a player seat (0 to 3)");
	DEAL_ERROR(VAR_HAMMERWALT, SUITS "contract 1 alone\nleader 3\n",
		   "line 6: seat 3 sits out this hand (its partner's contract)");
	DEAL_ERROR(VAR_BLOOMINGTON, "rest random\ncontract 1 best H\nleader 5\n",
		   "line 3: seat 5 sits out this hand (its partner's contract)");
	DEAL_ERROR(VAR_FLIP, "rest random\nbids 6 7 8\n",
		   "line 2: 'bids' needs 4 numbers (one per player), got 3");
	DEAL_ERROR(VAR_FLIP, "rest random\nbids 6 7 8 13\n", "line 2: bid '13' is not a number from 3 to 10");
	DEAL_ERROR(VAR_HAMMERWALT, "rest random\nbids 6 7 8 9\n",
		   "line 2: only flip has 'bids' (give 'contract SEAT BID')");
	/* scripts */
	DEAL_ERROR(VAR_HAMMERWALT, "script 0 JD, QX\n" SUITS, "line 1: 'QX' is not a move");
	DEAL_ERROR(VAR_HAMMERWALT, "script 0 JD,,9C\n" SUITS, "line 1: '' is not a move");
	DEAL_ERROR(VAR_HAMMERWALT, "script 7 JD\n" SUITS, "line 1: '7' is not a player seat (0 to 3)");
	DEAL_ERROR(VAR_HAMMERWALT, "script 1\n" SUITS, "line 1: 'script 1' needs moves, separated by commas");
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

/* ---- the handshake answer ------------------------------------------------ */

/*
 * "ready" and "ready NAME" (protocol version 1), "ready2" and "ready2
 * NAME" (it plays matches); nothing else, "ready2x" and "readyx" included.
 * A '#' is part of the name: a comment can neither declare nor hide matches.
 */
static void ready_answers(void)
{
	static const struct {
		const char *line;
		int ret, matches;
		const char *name;
	} cases[] = {
		{ "ready", 0, 0, "" },
		{ "ready Deep Euchre 2.1", 0, 0, "Deep Euchre 2.1" },
		{ "ready 2", 0, 0, "2" },
		{ "ready2", 0, 1, "" },
		{ "ready2 c-random", 0, 1, "c-random" },
		{ "ready2 ", 0, 1, "" },
		/* the handshake takes no comment: a '#' is part of the name (protocol.md) */
		{ "ready # ready2", 0, 0, "# ready2" },
		{ "ready2 bot # why", 0, 1, "bot # why" },
		{ "ready#x", -1, -1, NULL },
		{ "ready2#x", -1, -1, NULL },
		{ "ready2x", -1, -1, NULL },
		{ "readyx", -1, -1, NULL },
		{ "Ready2", -1, -1, NULL },
		{ "read", -1, -1, NULL },
		{ "", -1, -1, NULL },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		char name[64] = "unset", err[128] = "";
		int matches = -1;
		int ret = protocol_parse_ready(cases[i].line, strlen(cases[i].line), name,
					       sizeof(name), &matches, err, sizeof(err));

		CHECK_INT(ret, cases[i].ret);
		CHECK_INT(matches, cases[i].matches);
		if (cases[i].name)
			CHECK_STR(name, cases[i].name);
		else
			CHECK_STR(err, "expected 'ready' or 'ready NAME' ('ready2' for matches)");
	}
}

int main(void)
{
	RUN(card_names_canonical);
	RUN(card_parse_round_trip);
	RUN(card_parse_spellings);
	RUN(card_parse_rejects);
	RUN(card_parse_edges);
	RUN(trump_names_and_parse);
	RUN(trump_parse_edges);
	RUN(move_round_trips);
	RUN(move_format_cuts);
	RUN(move_canonical_form);
	RUN(move_parse_is_strict);
	RUN(answer_comment_split);
	RUN(move_parse_one_word_kinds);
	RUN(hand_format_text);
	RUN(deal_parse_documented_example);
	RUN(deal_parse_lenient_spacing_and_hands);
	RUN(deal_parse_errors);
	RUN(deal_parse_partial_hands);
	RUN(deal_rest_dealt_from_the_seed);
	RUN(deal_parse_positions);
	RUN(deal_parse_position_errors);
	RUN(deal_load_names_the_file);
	RUN(ready_answers);
	return TEST_REPORT();
}
