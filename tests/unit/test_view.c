/*
 * test_view.c - what a seat sees depends only on what it may know.
 *
 * At many points of many random games, for every seat, the cards that
 * seat cannot see (the other hands, the kitty under the turned card,
 * flip's burn card until a Charlie turns it, the undealt stock, the dead
 * hand, cards discarded or passed between others) are re-dealt among
 * their places. The seat's rendered view (view_render), and its request
 * when it is to move (protocol_request), must not change; the omniscient
 * view must change (so the re-deal really moved cards).
 */
#include <stdlib.h>

#include "builtin.h"
#include "protocol.h"
#include "redeal.h"
#include "testhelp.h"
#include "view.h"

static long compared, omniscient_changed;

static void check_point(const struct game *g, struct rng *r)
{
	struct game *h = malloc(sizeof(*h));
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT;

	strbuf_init(&a);
	strbuf_init(&b);
	for (int s = 0; s < g->rules.players; s++) {
		*h = *g;
		redeal_hidden(h, s, r);
		strbuf_reset(&a);
		strbuf_reset(&b);
		view_render(g, s, &a);
		view_render(h, s, &b);
		if (game_to_move(g) == s) {
			protocol_request(g, 1000, -1, &a);
			protocol_request(h, 1000, -1, &b);
		}
		if (strcmp(a.buf, b.buf)) {
			CHECK_STR(b.buf, a.buf);
			fprintf(stderr, "  seat %d, %s hand %d\n", s, variant_name(g->rules.variant),
				g->hand_no);
		}
		compared++;
		strbuf_reset(&a);
		strbuf_reset(&b);
		view_render(g, VIEW_ALL, &a);
		view_render(h, VIEW_ALL, &b);
		omniscient_changed += strcmp(a.buf, b.buf) != 0;
	}
	strbuf_release(&a);
	strbuf_release(&b);
	free(h);
}

static void run(const char *variant, const char *key, const char *value, int games)
{
	struct rules rules;
	struct rng r;
	char err[128];
	struct game *g = malloc(sizeof(*g));

	rules_init(&rules, variant_parse(variant));
	if (key)
		CHECK(rules_set_option(&rules, key, value, err, sizeof(err)) == 0);
	CHECK(rules_finish(&rules, err, sizeof(err)) == 0);
	rng_seed(&r, 99);
	for (int n = 0; n < games; n++) {
		int step = 0, failed = th_failed;

		CHECK(game_init(g, &rules, (uint64_t)n + 500, NULL, err, sizeof(err)) == 0);
		while (!game_over(g) && g->hand_no <= 3 && th_failed == failed) {
			struct move m;

			if (game_hand_over(g)) {
				game_next_hand(g);
				continue;
			}
			if (step++ % 3 == 0)
				check_point(g, &r);
			if (n % 2)
				builtin_greedy(g, &m); /* greedy reaches alone, moon, best more often */
			else
				builtin_random(g, &r, &m);
			CHECK(game_apply(g, &m, err, sizeof(err)) == 0);
		}
	}
	free(g);
}

/* The deal as one seat sees it: its own cards only. */
static void deal_shows_own_cards_only(void)
{
	struct rules rules;
	struct game g;
	struct strbuf sb = STRBUF_INIT;
	char err[128], mine[256];

	rules_init(&rules, VAR_FIVEHAND);
	rules_finish(&rules, err, sizeof(err));
	game_init(&g, &rules, 5, NULL, err, sizeof(err));
	strbuf_init(&sb);
	view_render(&g, 2, &sb);
	snprintf(mine, sizeof(mine), "cards ");
	hand_format(&g.hand[2], mine + 6, sizeof(mine) - 6);
	CHECK(strstr(sb.buf, mine) != NULL);
	/* exactly one "cards" line, and the kitty below the turned card is not shown */
	CHECK(strstr(strstr(sb.buf, "cards ") + 1, "\ncards ") == NULL);
	CHECK(strstr(sb.buf, "kitty") == NULL);
	strbuf_release(&sb);
}

int main(void)
{
	deal_shows_own_cards_only();
	run("hammerwalt", NULL, NULL, 60);
	run("indiana", NULL, NULL, 60);
	run("bloomington", NULL, NULL, 60);
	run("fivehand", NULL, NULL, 60);
	for (int p = 2; p <= 10; p++) {
		char n[4];

		snprintf(n, sizeof(n), "%d", p);
		run("flip", "players", n, 30);
	}
	/* the re-deal must really move cards, or the test proves nothing */
	CHECK(omniscient_changed > compared * 9 / 10);
	printf("views compared: %ld (omniscient view changed in %ld)\n", compared, omniscient_changed);
	return TEST_REPORT();
}
