/*
 * test_human.c - the @human seat's text (referee/human.c): how a person's
 * answers are read, what the screen says, and how the person leaves.
 *
 * The game is hammerwalt, seed 7, as t_human.sh plays it in tmux: seat 0
 * deals and holds 9C 10C QC 9D QD KD KH AH 10S KS AS AS; seat 1 bids
 * first, and its legal moves are pass,6,7,8,9,10,11,12,alone. Expected
 * texts are written out by hand.
 */
#include <stdlib.h>

#include "game.h"
#include "human.h"
#include "testhelp.h"

static void game_7(struct game *g)
{
	struct rules r;
	char err[128];

	card_tables_init();
	rules_init(&r, VAR_HAMMERWALT);
	CHECK_INT(rules_finish(&r, err, sizeof(err)), 0);
	CHECK_INT(game_init(g, &r, 7, NULL, err, sizeof(err)), 0);
}

/* A number picks from the list, a text is a move, 'bid N' is a numeric bid. */
static void answers_read(void)
{
	static struct game g;
	struct move m;
	char why[256], text[32];

	game_7(&g);
	CHECK_INT(game_to_move(&g), 1);
	CHECK_INT(human_parse_answer(&g, "1", &m, why, sizeof(why)), 0);
	CHECK_INT(m.type, MOVE_PASS);
	CHECK_INT(human_parse_answer(&g, "7", &m, why, sizeof(why)), 0);
	move_format(&m, text, sizeof(text));
	CHECK_STR(text, "11");
	CHECK_INT(human_parse_answer(&g, "  bid   7 ", &m, why, sizeof(why)), 0);
	CHECK_INT(m.type, MOVE_BID);
	CHECK_INT(m.num, 7);
	CHECK_INT(human_parse_answer(&g, "\tpass", &m, why, sizeof(why)), 0);
	CHECK_INT(m.type, MOVE_PASS);
	CHECK_INT(human_parse_answer(&g, "alone", &m, why, sizeof(why)), 0);
	CHECK_INT(m.type, MOVE_ALONE);
	CHECK_INT(human_parse_answer(&g, " quit ", &m, why, sizeof(why)), 1);
}

/* Each kind of refusal says why. */
static void refusals_explained(void)
{
	static struct game g;
	struct move m;
	char why[256];

	game_7(&g);
	CHECK_INT(human_parse_answer(&g, "99", &m, why, sizeof(why)), -1);
	CHECK_STR(why, "there is no move 99: the moves are numbered 1 to 9");
	CHECK_INT(human_parse_answer(&g, "0", &m, why, sizeof(why)), -1);
	CHECK_STR(why, "there is no move 0: the moves are numbered 1 to 9");
	CHECK_INT(human_parse_answer(&g, "XX", &m, why, sizeof(why)), -1);
	CHECK_STR(why, "'XX' is not a move (a card is JH or 10S, a bid 7 H or pass; or type a "
		       "number from the list)");
	CHECK_INT(human_parse_answer(&g, "bid 5", &m, why, sizeof(why)), -1);
	CHECK_STR(why, "'bid 5' is not allowed now: '5' is not a legal bid now");
	CHECK_INT(human_parse_answer(&g, "", &m, why, sizeof(why)), -1);
	CHECK_STR(why, "type the number of a move (1 to 9) or the move");
}

/* Reads what was drawn on f (a tmpfile) into buf. */
static void drawn(FILE *f, char *buf, size_t len)
{
	size_t n;

	rewind(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
}

/* The deal as seat 0 sees it: its own cards, sorted, a gap between suits; red with colour. */
static void deal_drawn(void)
{
	static struct game g;
	static char buf[8192];
	FILE *out = tmpfile();
	struct human *h = human_new(stdin, out, 0);

	game_7(&g);
	human_start(h, &g, 0);
	human_events(h, &g, 0, 1);
	drawn(out, buf, sizeof(buf));
	CHECK(strstr(buf, "you are seat 0, your partner is seat 2; the game is to 64 points.\n"));
	CHECK(strstr(buf, "\n=== hand 1, dealer: you ===\n"
			  "you are dealt: 9C 10C QC   9D QD KD   KH AH   10S KS AS AS\n"));
	CHECK(!strchr(buf, '\033'));
	human_free(h);
	fclose(out);

	out = tmpfile();
	h = human_new(stdin, out, 1);
	human_start(h, &g, 0);
	human_events(h, &g, 0, 1);
	drawn(out, buf, sizeof(buf));
	CHECK(strstr(buf, "\033[31m9D\033[0m"));
	CHECK(strstr(buf, "\033[1mAS\033[0m"));
	human_free(h);
	fclose(out);
}

/* A turn: refusal, then a number; the input ending; 'quit'. */
static void turn_and_leaving(void)
{
	static struct game g;
	static char buf[16384];
	char input[] = "XX\n2\n", none[] = "", quit[] = "quit\n";
	FILE *in = fmemopen(input, strlen(input), "r"), *out = tmpfile();
	struct human *h = human_new(in, out, 0);
	enum human_end end = HUMAN_QUIT;
	struct move m;

	game_7(&g);
	human_start(h, &g, 1);
	CHECK_INT(human_decide(h, &g, &m, &end), 0);
	CHECK_INT(m.type, MOVE_BID);
	CHECK_INT(m.num, 6);
	drawn(out, buf, sizeof(buf));
	CHECK(strstr(buf, "your hand:  "));
	CHECK(strstr(buf, "auction: (none yet)\n"));
	CHECK(strstr(buf, "your bid:\n  1) pass       2) 6          3) 7   "));
	CHECK(strstr(buf, "[1] your move (1-9, a move, or quit): not accepted: 'XX' is not a move"));
	CHECK(strstr(buf, "\n[1] your move (1-9, a move, or quit): "));
	human_free(h);
	fclose(in);
	fclose(out);

	in = fmemopen(none, 0, "r");
	out = tmpfile();
	h = human_new(in, out, 0);
	human_start(h, &g, 1);
	CHECK_INT(human_decide(h, &g, &m, &end), -1);
	CHECK_INT(end, HUMAN_EOF);
	human_free(h);
	fclose(in);
	fclose(out);

	in = fmemopen(quit, strlen(quit), "r");
	out = tmpfile();
	h = human_new(in, out, 0);
	human_start(h, &g, 1);
	CHECK_INT(human_decide(h, &g, &m, &end), -1);
	CHECK_INT(end, HUMAN_QUIT);
	drawn(out, buf, sizeof(buf));
	CHECK(strstr(buf, "You left the game: @greedy plays your seat to the end, and you forfeit.\n"));
	human_free(h);
	fclose(in);
	fclose(out);
	human_free(NULL);
}

int main(void)
{
	RUN(answers_read);
	RUN(refusals_explained);
	RUN(deal_drawn);
	RUN(turn_and_leaving);
	return TEST_REPORT();
}
