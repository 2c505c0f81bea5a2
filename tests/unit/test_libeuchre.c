/*
 * test_libeuchre.c - libeuchre's API (engine/euchre.h), linked from the
 * archive alone as a user's program would be, through the public header.
 *
 * The hand-worked position is the first hand of `referee --variant
 * hammerwalt --seed 5 @random @greedy @random @greedy` (its --log: the
 * cards, the moves, the scores below are copied from that record), played
 * again through the API. Then every variant's random games check that
 * each legal move has an action id whose text is the protocol's, that
 * copies are independent, that a view read back from the protocol's lines
 * is the view taken from the game, and that a sampled deal agrees with
 * the seat's view (the same view text and observation).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "euchre.h"
#include "testhelp.h"

static char err[256];

static void test_errors(void)
{
	CHECK_INT(euchre_api_version(), EUCHRE_API_VERSION);
	CHECK(euchre_new("nope", NULL, 1, err, sizeof(err)) == NULL);
	CHECK_STR(err, "unknown variant 'nope' (hammerwalt, indiana, bloomington, fivehand or flip)");
	CHECK(euchre_new("hammerwalt", "target", 1, err, sizeof(err)) == NULL);
	CHECK_STR(err, "option 'target' is not KEY=VALUE");
	CHECK(euchre_new("hammerwalt", "tiem=3", 1, err, sizeof(err)) == NULL);
	CHECK(strstr(err, "tiem") != NULL);
	CHECK(euchre_new("hammerwalt", NULL, 1ULL << 63, err, sizeof(err)) == NULL);
	CHECK_STR(err, "seed 9223372036854775808 is not from 0 to 2^63-1");
	euchre_free(NULL);
}

/* The moves of hand 1 (hammerwalt, seed 5), from the referee's record. */
static const char hand1_moves[] =
	"6,pass,7,8,pass,9,pass,11,D,QC,JC,KC,AC,JD,JH,9D,9D,JD,10D,QD,10S,JH,QH,KD,QC,KD,"
	"10C,AD,9S,AD,JS,10D,AH,AH,10H,9H,10H,AS,9S,JS,KS,AS,QS,JC,10S,KS,QS,KC,9C,QH,10C,"
	"KH,KH,QD,9C,9H,AC";
static const char hand1_seats[] = "123012300012330123012301230121230123012301230123012303012";

static void test_hammerwalt_seed5(void)
{
	euchre_game *g = euchre_new("hammerwalt", NULL, 5, err, sizeof(err));
	char buf[8192], text[EUCHRE_MOVE_TEXT];
	int ids[EUCHRE_MAX_MOVES], n, cards[EUCHRE_MAX_HAND];
	const char *p = hand1_moves;

	CHECK(g != NULL);
	if (!g)
		return;
	CHECK_STR(euchre_variant(g), "hammerwalt");
	CHECK_INT(euchre_players(g), 4);
	CHECK_INT(euchre_teams(g), 2);
	euchre_options_text(g, buf, sizeof(buf));
	CHECK_STR(buf, "target=64,hole=64,max_hands=200");
	/* the deal, as the record's first lines */
	euchre_events_text(g, -1, 0, buf, sizeof(buf));
	CHECK_STR(buf, "hand 1 dealer 0\n"
		       "cards 0 9C 9C 10C QC 10D 10H JH QH KH AH 10S KS\n"
		       "cards 1 JC 9D QD KD AD AD 9H QH AH KS AS AS\n"
		       "cards 2 10C QC KC AC 9D 10H 9S 9S 10S JS QS QS\n"
		       "cards 3 JC KC AC 10D JD JD QD KD 9H JH KH JS\n");
	/* seat 1 sees its own cards only */
	euchre_events_text(g, 1, 0, buf, sizeof(buf));
	CHECK_STR(buf, "hand 1 dealer 0\ncards JC 9D QD KD AD AD 9H QH AH KS AS AS\n");
	CHECK_INT(euchre_hand(g, 1, cards, EUCHRE_MAX_HAND), 12);
	CHECK_STR(euchre_card_name(cards[0]), "JC");
	/*
	 * The action list of hammerwalt (12 cards each): pass 0, bids "1" to
	 * "12" 1 to 12, alone 13, trumps C D H S high low 14 to 19, then the
	 * 24 kinds 9C..AC, 9D..AD, 9H..AH, 9S..AS from 20.
	 */
	CHECK_INT(euchre_action_count(g), 44);
	euchre_action_text(g, 13, text, sizeof(text));
	CHECK_STR(text, "alone");
	euchre_action_text(g, 18, text, sizeof(text));
	CHECK_STR(text, "high");
	euchre_action_text(g, 20, text, sizeof(text));
	CHECK_STR(text, "9C");
	euchre_action_text(g, 43, text, sizeof(text));
	CHECK_STR(text, "AS");
	CHECK_INT(euchre_action_text(g, 44, text, sizeof(text)), -1);
	CHECK_INT(euchre_action_parse(g, "th", 2, err, sizeof(err)), 20 + 2 * 6 + 1);
	CHECK_INT(euchre_action_parse(g, "moon H", 6, err, sizeof(err)), -1);
	CHECK_STR(err, "'moon H' is not a move of hammerwalt");
	CHECK_INT(euchre_action_parse(g, "xyz", 3, err, sizeof(err)), -1);
	CHECK_STR(err, "'xyz' is not a move");
	/* seat 1 opens: not stuck, so pass, 6 to 12, alone */
	CHECK_INT(euchre_to_move(g), 1);
	CHECK_STR(euchre_decision(g), "bid");
	euchre_legal_text(g, buf, sizeof(buf));
	CHECK_STR(buf, "pass,6,7,8,9,10,11,12,alone");
	n = euchre_legal_ids(g, ids, EUCHRE_MAX_MOVES);
	CHECK_INT(n, 9);
	CHECK_INT(ids[0], 0);
	CHECK_INT(ids[1], 6);
	CHECK_INT(ids[8], 13);
	CHECK_INT(euchre_is_legal(g, 5), 0);
	CHECK_INT(euchre_apply_text(g, "5", 1, err, sizeof(err)), -1);
	CHECK_INT(euchre_apply_id(g, 44, err, sizeof(err)), -1);
	CHECK_STR(err, "action 44 is not from 0 to 43");
	CHECK_INT(euchre_apply_text(g, "9D", 2, err, sizeof(err)), -1);
	CHECK_INT(euchre_event_count(g), 1); /* the deal: one event, a line per seat */
	/* the record's hand, move by move, each by the seat the record names */
	for (int i = 0; *p; i++) {
		size_t k = strcspn(p, ",");

		CHECK_INT(euchre_to_move(g), hand1_seats[i] - '0');
		CHECK_INT(euchre_apply_text(g, p, k, err, sizeof(err)), 0);
		p += k + (p[k] == ',');
	}
	CHECK_INT(euchre_hand_over(g), 1);
	CHECK_INT(euchre_game_over(g), 0);
	CHECK_INT(euchre_to_move(g), -1);
	CHECK_INT(euchre_legal_ids(g, ids, EUCHRE_MAX_MOVES), 0);
	CHECK_INT(euchre_apply_id(g, 0, err, sizeof(err)), -1);
	CHECK_STR(err, "the hand is over");
	CHECK_INT(euchre_score(g, 0), -11);
	CHECK_INT(euchre_score(g, 3), 12);
	CHECK_INT(euchre_team_score(g, 1), 12);
	CHECK_INT(euchre_hand_points(g, 2), -11);
	CHECK_INT(euchre_tricks(g, 1), 6);
	CHECK_INT(euchre_rank(g, 0), 0);
	n = euchre_event_count(g);
	euchre_events_text(g, -1, n - 2, buf, sizeof(buf));
	CHECK_STR(buf, "trick 12 winner 3\nhandend tricks 0 6 0 6 points -11 12 score -11 12\n");
	CHECK_INT(euchre_next_hand(g, err, sizeof(err)), 0);
	CHECK_INT(euchre_next_hand(g, err, sizeof(err)), -1);
	CHECK_STR(err, "the hand is not over");
	euchre_events_text(g, -1, 0, buf, sizeof(buf));
	CHECK_STR(buf, "hand 2 dealer 1\n"
		       "cards 0 10C QC KC 10D 10D KD AD QH KH 10S QS AS\n"
		       "cards 1 10C KC JD QD QH KH AH 9S JS QS KS AS\n"
		       "cards 2 9C JC 9D 9D KD 9H 9H 10H JH JH 9S KS\n"
		       "cards 3 9C JC QC AC AC JD QD AD 10H AH 10S JS\n");
	euchre_view_text(g, 2, buf, sizeof(buf));
	CHECK_STR(buf, "view 2\nvariant hammerwalt\nscore -11 12\nhand 2 dealer 1\n"
		       "cards 9C JC 9D 9D KD 9H 9H 10H JH JH 9S KS\n"
		       "held 9C JC 9D 9D KD 9H 9H 10H JH JH 9S KS\n");
	euchre_free(g);
}

/* Copies are independent; euchre_copy makes the same state. */
static void test_copy(void)
{
	euchre_game *g = euchre_new("fivehand", NULL, 11, err, sizeof(err));
	euchre_game *c = euchre_clone(g), *d = euchre_new("flip", "players=3", 1, err, sizeof(err));
	char a[4096], b[4096];
	int ids[EUCHRE_MAX_MOVES];

	euchre_legal_ids(c, ids, EUCHRE_MAX_MOVES);
	CHECK_INT(euchre_apply_id(c, ids[0], err, sizeof(err)), 0);
	CHECK_INT(euchre_event_count(g) + 1, euchre_event_count(c));
	euchre_copy(d, c);
	CHECK_STR(euchre_variant(d), "fivehand");
	euchre_events_text(c, -1, 0, a, sizeof(a));
	euchre_events_text(d, -1, 0, b, sizeof(b));
	CHECK_STR(a, b);
	CHECK_INT(euchre_action_count(d), euchre_action_count(g));
	euchre_free(g);
	euchre_free(c);
	euchre_free(d);
}

static const char *const variants[][2] = {
	{ "hammerwalt", NULL }, { "indiana", NULL }, { "bloomington", NULL },
	{ "fivehand", NULL },   { "flip", "players=4" }, { "flip", "players=5,jokers=2" },
	{ "indiana", "all_pass=stick" },
};
#define NVARIANTS_TESTED ((int)(sizeof(variants) / sizeof(variants[0])))

/* Every legal id's text is in the protocol's legal line, in its order. */
static void check_legal(const euchre_game *g)
{
	int ids[EUCHRE_MAX_MOVES], n = euchre_legal_ids(g, ids, EUCHRE_MAX_MOVES);
	char line[4096], want[4096], text[EUCHRE_MOVE_TEXT];
	size_t at = 0;

	euchre_legal_text(g, line, sizeof(line));
	want[0] = '\0';
	for (int i = 0; i < n; i++) {
		CHECK(ids[i] >= 0 && ids[i] < euchre_action_count(g));
		euchre_action_text(g, ids[i], text, sizeof(text));
		at += (size_t)snprintf(want + at, sizeof(want) - at, "%s%s", i ? "," : "", text);
		CHECK_INT(euchre_action_parse(g, text, strlen(text), err, sizeof(err)), ids[i]);
	}
	CHECK_STR(line, want);
}

/*
 * A view read back from the protocol's lines (the handshake's variant and
 * options, the seat's event lines, a request's held line) is the view
 * taken from the game.
 */
static void check_feed(const euchre_game *g, int seat)
{
	euchre_view *a = euchre_view_new(), *b = euchre_view_new();
	static struct euchre_view_info ia, ib;
	char buf[16384], opts[512], line[600];
	int cards[EUCHRE_MAX_HAND], n;

	euchre_view_take(a, g, seat, err, sizeof(err));
	snprintf(line, sizeof(line), "variant %s", euchre_variant(g));
	CHECK_INT(euchre_view_feed(b, line, strlen(line), err, sizeof(err)), 0);
	euchre_options_text(g, opts, sizeof(opts));
	for (char *p = opts, *e; *p; p = e + (*e == ',')) {
		e = p + strcspn(p, ",");
		snprintf(line, sizeof(line), "option %.*s", (int)(e - p), p);
		*strchr(line, '=') = ' ';
		CHECK_INT(euchre_view_feed(b, line, strlen(line), err, sizeof(err)), 0);
	}
	snprintf(line, sizeof(line), "seat %d", seat);
	euchre_view_feed(b, line, strlen(line), err, sizeof(err));
	/* the score the hand started from, as the last hand's end line says it */
	CHECK_INT(euchre_view_info(a, &ia), 0);
	strcpy(line, "hand 0 dealer 0");
	euchre_view_feed(b, line, strlen(line), err, sizeof(err));
	strcpy(line, "handend tricks - points - score");
	for (int i = 0; i < (ia.teams ? ia.teams : ia.players); i++)
		snprintf(line + strlen(line), sizeof(line) - strlen(line), " %d", ia.score[i]);
	euchre_view_feed(b, line, strlen(line), err, sizeof(err));
	euchre_events_text(g, seat, 0, buf, sizeof(buf));
	for (char *p = buf, *e; *p; p = e + 1) {
		e = strchr(p, '\n');
		if (euchre_view_feed(b, p, (size_t)(e - p), err, sizeof(err)) < 0) {
			CHECK_STR(err, "");
			break;
		}
	}
	euchre_view_feed(b, "request play", 12, err, sizeof(err));
	n = euchre_hand(g, seat, cards, EUCHRE_MAX_HAND);
	strcpy(line, "held");
	for (int i = 0; i < n; i++)
		snprintf(line + strlen(line), sizeof(line) - strlen(line), " %s",
			 euchre_card_name(cards[i]));
	if (!n)
		strcat(line, " -");
	euchre_view_feed(b, line, strlen(line), err, sizeof(err));
	CHECK_INT(euchre_view_feed(b, "legal 9H", 8, err, sizeof(err)), 1);
	CHECK_INT(euchre_view_info(b, &ib), 0);
	CHECK(memcmp(&ia, &ib, sizeof(ia)) == 0);
	euchre_view_free(a);
	euchre_view_free(b);
}

/*
 * A view fed a line naming a seat the game does not have refuses it (the
 * sampler indexed its arrays by such seats: "play 7 JH" wrote outside
 * them), and the lines around it still make the view the game gives.
 * Hammerwalt seed 5 before its first move, as seat 1 (dealer 0).
 */
static void test_view_refuses_other_seats(void)
{
	static const char *bad[] = {
		"play 7 JH", "play -1 JH", "bid 4 6", "contract 9 11", "give 0 4 9C",
		"give 0 -1 9C", "discard 12", "sitout 4", "pickup 5 9C", "declare 1 partner 4",
		"declare 8 alone", "switch 4 9C JH", "flip 100 9C", "trick 1 winner 4",
	};
	euchre_game *g = euchre_new("hammerwalt", NULL, 5, err, sizeof(err));
	euchre_view *a = euchre_view_new(), *b = euchre_view_new(), *c = euchre_view_new();
	static struct euchre_view_info ia, ib;
	const char *hs[] = { "variant hammerwalt", "option target 64", "option hole 64",
			     "option max_hands 200", "players 4", "seat 1" };
	char buf[8192], line[300];
	euchre_game *out = euchre_clone(g);
	struct euchre_rng r;
	int cards[EUCHRE_MAX_HAND], n;

	CHECK_INT(euchre_view_take(a, g, 1, err, sizeof(err)), 0);
	for (size_t i = 0; i < sizeof(hs) / sizeof(hs[0]); i++)
		CHECK_INT(euchre_view_feed(b, hs[i], strlen(hs[i]), err, sizeof(err)), 0);
	CHECK_INT(euchre_view_feed(b, "hand 1 dealer 4", 15, err, sizeof(err)), -1);
	CHECK_STR(err, "event line 'hand 1 dealer 4' names a seat that is not one of 0 to 3");
	CHECK_INT(euchre_events_text(g, 1, 0, buf, sizeof(buf)) > 0, 1);
	for (char *p = buf, *e; *p; p = e + 1) {
		e = strchr(p, '\n');
		CHECK_INT(euchre_view_feed(b, p, (size_t)(e - p), err, sizeof(err)), 0);
		for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
			char want[200];

			CHECK_INT(euchre_view_feed(b, bad[i], strlen(bad[i]), err, sizeof(err)), -1);
			snprintf(want, sizeof(want),
				 "event line '%s' names a seat that is not one of 0 to 3", bad[i]);
			CHECK_STR(err, want);
		}
	}
	CHECK_INT(euchre_view_feed(b, "request bid", 11, err, sizeof(err)), 0);
	n = euchre_hand(g, 1, cards, EUCHRE_MAX_HAND);
	strcpy(line, "held");
	for (int i = 0; i < n; i++)
		snprintf(line + strlen(line), sizeof(line) - strlen(line), " %s",
			 euchre_card_name(cards[i]));
	CHECK_INT(euchre_view_feed(b, line, strlen(line), err, sizeof(err)), 0);
	CHECK_INT(euchre_view_feed(b, "legal 6", 7, err, sizeof(err)), 1);
	CHECK_INT(euchre_view_info(a, &ia), 0);
	CHECK_INT(euchre_view_info(b, &ib), 0);
	CHECK(memcmp(&ia, &ib, sizeof(ia)) == 0);
	euchre_rng_seed(&r, 1);
	CHECK_INT(euchre_sample(b, &r, out, err, sizeof(err)), 0);
	/* a handshake's seat that is not a player is refused at the hand's start */
	for (size_t i = 0; i < 5; i++)
		CHECK_INT(euchre_view_feed(c, hs[i], strlen(hs[i]), err, sizeof(err)), 0);
	CHECK_INT(euchre_view_feed(c, "seat 9", 6, err, sizeof(err)), 0);
	CHECK_INT(euchre_view_feed(c, "hand 1 dealer 0", 15, err, sizeof(err)), -1);
	CHECK_STR(err, "the handshake's seat 9 is not a player (0 to 3)");
	euchre_free(out);
	euchre_view_free(a);
	euchre_view_free(b);
	euchre_view_free(c);
	euchre_free(g);
}

/* A sampled deal gives the seat the same view text and observation. */
static long sampled, sample_differs;
static void check_sample(const euchre_game *g, int seat, struct euchre_rng *r)
{
	euchre_view *v = euchre_view_new();
	euchre_game *s = euchre_clone(g);
	static char a[16384], b[16384], all_a[16384], all_b[16384];
	static float oa[4096], ob[4096];
	int n = euchre_obs_size(g);

	euchre_view_take(v, g, seat, err, sizeof(err));
	CHECK_INT(euchre_sample(v, r, s, err, sizeof(err)), 0);
	euchre_view_text(g, seat, a, sizeof(a));
	euchre_view_text(s, seat, b, sizeof(b));
	CHECK_STR(a, b);
	CHECK_INT(euchre_observe(g, seat, oa, 4096), n);
	CHECK_INT(euchre_observe(s, seat, ob, 4096), n);
	CHECK(memcmp(oa, ob, sizeof(float) * (size_t)n) == 0);
	CHECK_INT(euchre_to_move(s), euchre_to_move(g));
	check_legal(s);
	euchre_events_text(g, -1, 0, all_a, sizeof(all_a));
	euchre_events_text(s, -1, 0, all_b, sizeof(all_b));
	sampled++;
	sample_differs += strcmp(all_a, all_b) != 0;
	if (euchre_to_move(g) == seat) {
		int id = euchre_search_move(v, 2, r);

		CHECK(euchre_is_legal(g, id));
	}
	euchre_free(s);
	euchre_view_free(v);
}

static void test_random_games(void)
{
	struct euchre_rng r;

	euchre_rng_seed(&r, 34);
	for (int vi = 0; vi < NVARIANTS_TESTED; vi++) {
		for (int k = 0; k < 6; k++) {
			euchre_game *g = euchre_new(variants[vi][0], variants[vi][1], 100 + (uint64_t)k,
						    err, sizeof(err));
			long moves = 0;

			CHECK(g != NULL);
			if (!g) {
				fprintf(stderr, "%s: %s\n", variants[vi][0], err);
				continue;
			}
			while (!euchre_game_over(g) && moves < 100000) {
				int id;

				if (euchre_hand_over(g)) {
					euchre_next_hand(g, err, sizeof(err));
					continue;
				}
				check_legal(g);
				if (moves % 7 == 3) {
					check_feed(g, euchre_to_move(g));
					check_sample(g, (euchre_to_move(g) + moves) % euchre_players(g),
						     &r);
				}
				id = k & 1 ? euchre_greedy_move(g) : euchre_random_move(g, &r);
				CHECK(euchre_is_legal(g, id));
				if (euchre_apply_id(g, id, err, sizeof(err)) < 0) {
					CHECK_STR(err, "");
					break;
				}
				moves++;
			}
			CHECK(euchre_game_over(g));
			for (int p = 0; p < euchre_players(g); p++)
				CHECK(euchre_rank(g, p) >= 1 && euchre_rank(g, p) <= euchre_players(g));
			euchre_free(g);
		}
	}
	printf("%ld sampled deals, %ld with other hidden cards\n", sampled, sample_differs);
	CHECK(sample_differs > sampled / 2);
}

/*
 * The observation's fields for hammerwalt (24 kinds, 4 seats, 2 teams),
 * hand-counted: 5 card fields of 24, the trick 4 x 24, trump 7, dealer 4,
 * bidder 5, contract 1, bonus 1, bids 4, passed 4, partner 5, sitout 4,
 * tricks 4, score 2, decision 7, hand 1.
 */
static void test_observation(void)
{
	euchre_game *g = euchre_new("hammerwalt", NULL, 5, err, sizeof(err));
	float o[512];
	int off, len, n;

	CHECK_INT(euchre_obs_size(g), 265);
	CHECK_STR(euchre_obs_field(g, 0, &off, &len), "held");
	CHECK_INT(len, 24);
	CHECK_STR(euchre_obs_field(g, 2, &off, &len), "trick");
	CHECK_INT(off, 48);
	CHECK_INT(len, 96);
	CHECK(euchre_obs_field(g, 19, &off, &len) == NULL);
	n = euchre_observe(g, 1, o, 512);
	CHECK_INT(n, 265);
	/* seat 1: JC 9D QD KD AD AD 9H QH AH KS AS AS; kinds 9C..AC = 0..5 */
	CHECK(o[2] == 1.0f && o[0] == 0.0f);  /* JC */
	CHECK(o[11] == 2.0f);                 /* AD twice */
	CHECK(o[23] == 2.0f);                 /* AS twice */
	euchre_obs_field(g, 7, &off, &len);   /* dealer: seat 0 is 3 seats after seat 1 */
	CHECK(o[off + 3] == 1.0f && o[off] == 0.0f);
	euchre_obs_field(g, 17, &off, &len);  /* seat 1 is to bid */
	CHECK(o[off + 1] == 1.0f);
	CHECK_INT(euchre_observe(g, 1, o, 100), -1);
	euchre_free(g);
}

int main(void)
{
	RUN(test_errors);
	RUN(test_hammerwalt_seed5);
	RUN(test_copy);
	RUN(test_observation);
	RUN(test_random_games);
	RUN(test_view_refuses_other_seats);
	return TEST_REPORT();
}
