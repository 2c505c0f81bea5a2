/*
 * test_engine_digest.c - the engine plays exactly as it did before its
 * speed work: thousands of seeded games per variant and option set, with
 * everything an observer could see folded into one BLAKE2b digest per set
 * (libsodium's crypto_generichash) and compared with digests pinned from
 * the engine as it was. What goes into a digest:
 *  - every hand as dealt (each seat's cards, the kitty, flip's calling
 *    card, burn card and dead hand) and every event of every hand;
 *  - at every decision the seat to act, the decision, the count of legal
 *    moves, and the move applied; in every fourth game also the whole
 *    game_legal() list, game_legal_nth()'s moves, the play mask, the plain
 *    plays, and the answer (and message) of game_apply() to a card the
 *    seat may not play;
 *  - after every hand the scores, the hand's points and tricks; after the
 *    game the ranks, the winners and both generators' states (the deal's
 *    and @random's: the same moves from the same draws, no draw more).
 * @random plays every seat, except in two games of every eight: @greedy
 * plays the even seats in one and every seat in the other (its choices go
 * through game_would_win() and game_trick_winner()), and in a third
 * every seat passes whenever it may and plays @random otherwise, so that
 * auctions end stuck or thrown in. 2,000 games a set; flip's games run to
 * many hands, so 250 there.
 *
 * A digest that differs means some seed now plays differently: game
 * records written before would no longer replay. The pinned values are
 * not to be updated for a speed change; only a change of the rules may
 * (with docs saying so), and then every old record is void.
 */
#include <sodium.h>
#include <stdlib.h>

#include "builtin.h"
#include "game.h"
#include "testhelp.h"

static void put(crypto_generichash_state *st, const void *p, size_t n)
{
	crypto_generichash_update(st, p, n);
}

/* A number as 8 bytes, little-endian: the digest is the same on every machine. */
static void put_int(crypto_generichash_state *st, uint64_t v)
{
	unsigned char b[8];

	for (int i = 0; i < 8; i++)
		b[i] = (unsigned char)(v >> (8 * i));
	put(st, b, sizeof(b));
}

static void put_move(crypto_generichash_state *st, const struct move *m)
{
	unsigned char b[5] = { (unsigned char)m->type, (unsigned char)m->num,
			       (unsigned char)m->trump, m->card, m->swap };

	put(st, b, sizeof(b));
}

static void put_hand(crypto_generichash_state *st, const struct hand *h)
{
	put_int(st, h->one);
	put_int(st, h->two);
}

/* The hand as dealt: what later moves are made from. */
static void put_deal(crypto_generichash_state *st, const struct game *g)
{
	const struct rules *r = &g->rules;

	put_int(st, g->hand_no);
	put_int(st, g->dealer);
	for (int s = 0; s < r->seats; s++)
		put_hand(st, &g->dealt[s]);
	if (r->variant == VAR_FIVEHAND)
		put(st, g->kitty, sizeof(g->kitty));
	if (r->variant == VAR_FLIP) {
		put_int(st, g->calling);
		put_int(st, g->burn);
		put_hand(st, &g->stock);
		if (r->dead_seat >= 0)
			put(st, g->dead, (size_t)r->cards_each);
	}
}

static void put_events(crypto_generichash_state *st, const struct game *g)
{
	put_int(st, g->nev);
	for (int i = 0; i < g->nev; i++) {
		const struct event *e = &g->ev[i];
		unsigned char b[5] = { e->type, (unsigned char)e->seat, (unsigned char)e->to,
				       e->card, e->card2 };

		put(st, b, sizeof(b));
		put_move(st, &e->move);
	}
}

static void put_hand_end(crypto_generichash_state *st, const struct game *g)
{
	put_events(st, g);
	for (int s = 0; s < MAX_SEATS; s++) {
		put_int(st, g->score[s]);
		put_int(st, g->hand_points[s]);
		put_int(st, g->tricks[s]);
		put_int(st, g->euchred[s]);
	}
}

/* Everything a caller can ask about the decision, and a refused card. */
static void put_questions(crypto_generichash_state *st, const struct game *g)
{
	struct move mv[MAX_MOVES], m;
	char err[128];
	int n = game_legal(g, mv);

	put_int(st, n);
	for (int i = 0; i < n; i++) {
		put_move(st, &mv[i]);
		CHECK(game_legal_nth(g, i, &m) == 0 && move_equal(&m, &mv[i]));
	}
	put_int(st, game_legal_nth(g, n, &m));
	put_int(st, game_play_mask(g));
	put_int(st, game_plain_plays(g));
	if (game_decision(g) == DEC_PLAY) {
		uint32_t legal = game_play_mask(g);

		for (card_t c = 0; c < NCARDS; c++) {
			struct game *copy;

			if (legal & CARD_BIT(c))
				continue;
			copy = malloc(sizeof(*copy));
			*copy = *g;
			m = move_make(MOVE_CARD, -1, -1, c, CARD_NONE);
			put_int(st, game_apply(copy, &m, err, sizeof(err)));
			put(st, err, strlen(err));
			CHECK(!memcmp(copy, g, sizeof(*g)));
			free(copy);
			break;
		}
	}
}

/* Plays one option set's games into a digest, written as hex into hex. */
static void play_set(const char *variant, const char *opts[][2], int nopts, int games,
		     char *hex)
{
	struct rules r;
	struct rng rng;
	char err[256];
	struct game *g = malloc(sizeof(*g));
	crypto_generichash_state st;
	unsigned char out[crypto_generichash_BYTES];

	rules_init(&r, variant_parse(variant));
	for (int i = 0; i < nopts; i++)
		CHECK(rules_set_option(&r, opts[i][0], opts[i][1], err, sizeof(err)) == 0);
	CHECK(rules_finish(&r, err, sizeof(err)) == 0);
	crypto_generichash_init(&st, NULL, 0, sizeof(out));
	rng_seed(&rng, 2024);
	for (int n = 0; n < games; n++) {
		int greedy_even = n % 8 == 7, greedy_all = n % 8 == 3, passing = n % 8 == 5;
		int ask = n % 4 == 0;

		CHECK(game_init(g, &r, (uint64_t)n * 7919 + 1, NULL, err, sizeof(err)) == 0);
		put_deal(&st, g);
		while (!game_over(g)) {
			struct move m;
			int seat;

			if (game_hand_over(g)) {
				put_hand_end(&st, g);
				game_next_hand(g);
				put_deal(&st, g);
				continue;
			}
			seat = game_to_move(g);
			put_int(&st, seat);
			put_int(&st, game_decision(g));
			put_int(&st, game_legal_count(g));
			if (ask)
				put_questions(&st, g);
			if (greedy_all || (greedy_even && seat % 2 == 0))
				CHECK(builtin_greedy(g, &m) == 0);
			else if (passing && game_legal_nth(g, 0, &m) == 0 && m.type == MOVE_PASS)
				; /* a pass, listed first when allowed */
			else
				CHECK(builtin_random(g, &rng, &m) == 0);
			put_move(&st, &m);
			if (game_apply(g, &m, err, sizeof(err)) < 0) {
				CHECK(!"a built-in's move was rejected");
				break;
			}
		}
		put_hand_end(&st, g);
		put_int(&st, g->winners);
		for (int p = 0; p < MAX_SEATS; p++)
			put_int(&st, g->ranks[p]);
		for (int i = 0; i < 4; i++) {
			put_int(&st, g->rng.s[i]);
			put_int(&st, rng.s[i]);
		}
	}
	crypto_generichash_final(&st, out, sizeof(out));
	sodium_bin2hex(hex, 2 * sizeof(out) + 1, out, sizeof(out));
	free(g);
}

/*
 * The digests of the engine at commit f295b88, before the speed work of
 * issue 17 (item 3): every set in the order main() plays them.
 */
static const char *const pinned[] = {
	/* hammerwalt */
	"8ea7d44cbaf8d6ee17097aa645e6523dcdcee577f715a538b902f12b4cf51961",
	/* hammerwalt target=32 */
	"17df718ad1a95f038416478c2d424a1107904fbbe6ce521ac167ef1c2146c051",
	/* indiana */
	"402da5f22e8e597019fb2b1ca44208da7c6edfd0eaa68407ec16386cea8bf801",
	/* indiana all_pass=redeal */
	"d4b608b62d6e92ba1c8564ab266556257306b019c691ce1799688e9bb18fd0e7",
	/* bloomington */
	"8c7727633f787ee8b2323fd3e0b6e0356a63a08a05cabb32c041ecea221958b8",
	/* bloomington all_pass=redeal */
	"2ead80f4a3188bd34e6dcb23723411aa04569b6fe5cefeb20c4cd5335cd6b902",
	/* fivehand */
	"2743a3a7c4b626b60ce67dd435c9e8e17f48d8262b60304112fb826f2128febf",
	/* fivehand end=first */
	"b14de01d4622744ff2b7c4888aa9b7663f21afc48a0a7c2b7141fc1bd7bce724",
	/* flip players=2 jokers=1 zilch=0 */
	"5b6a11ed952ecfe6d8ecc559767d2a5b219e56f3238efd8c26b7c32fe1a415a2",
	/* flip players=2 jokers=1 zilch=1 */
	"d111e2826f9ac500e3eb2b95337d41937e3aa15f32f4b4adba22db790c8cf1e7",
	/* flip players=2 jokers=2 zilch=0 */
	"c60e72aaf0e4a9b69623b7082484cc4a8be4a26097189bd123d7643a474410c4",
	/* flip players=2 jokers=2 zilch=1 */
	"cf64b1ec7ccb47d42f99a919a122483cdcf400f9191961f2b3c96c53d896cb90",
	/* flip players=3 jokers=1 zilch=0 */
	"f0bb7e06b66edd4b0b07bd89cfa09cfb4e7b8c6b0d9558670794051305015d91",
	/* flip players=3 jokers=1 zilch=1 */
	"ec52f225748ffd853f22bf49641b8c6c5e9ae52f6d6547787961932fc844f57a",
	/* flip players=3 jokers=2 zilch=0 */
	"3ca7f29ee38f6f842974d578bc56ae3f21a4b6761cb2767b2cff705b50330f35",
	/* flip players=3 jokers=2 zilch=1 */
	"2d27ee840b57734d0da4ebe13ee642e4e9f971e742d40f2929f47348389bac43",
	/* flip players=4 jokers=1 zilch=0 */
	"efe5a94f30f99008bb736a2e75a3577403f0a3a892c4eeece509307fa93e10b9",
	/* flip players=4 jokers=1 zilch=1 */
	"58b05b198549d4be023730f75677dbb0761abe86650c39dc8dfc603e000b413d",
	/* flip players=4 jokers=2 zilch=0 */
	"e8ac7151d614ff7508bfb0e755f7c8c6b8584b028179fab900b1dc7d530ff123",
	/* flip players=4 jokers=2 zilch=1 */
	"ac4a140a591cdb7521fabc586b4dd3bb37e24e1e7598da37b772f50abcd455f8",
	/* flip players=5 jokers=1 zilch=0 */
	"e2c8803db792b8771117ea25186aca14f8a1aef0a299a50961a0bd089cbc708f",
	/* flip players=5 jokers=1 zilch=1 */
	"fbff7159e3f13d0a34730066880702dc6997fa67913b4eb33aded2c211a500f9",
	/* flip players=5 jokers=2 zilch=0 */
	"84837cc08084080c4b760aa078eb1276569ed634667d79ff371f8985608a8a05",
	/* flip players=5 jokers=2 zilch=1 */
	"cf905cf65ce99ad1727525a7b0d0003e84f653eaffc795e84f10b363487f3558",
	/* flip players=6 jokers=1 zilch=0 */
	"fd60f8ca1062607f1761eaae06e1be5c44914669bea2de3ef618b9755b56371c",
	/* flip players=6 jokers=1 zilch=1 */
	"eb127e923ff267d9bb60fd1b12d520f6e2d2b89b91ec666afc7f679059b75889",
	/* flip players=6 jokers=2 zilch=0 */
	"fc53be07286977482e5db7d1f07db88d657e3b23613c3368c59a471d99093cea",
	/* flip players=6 jokers=2 zilch=1 */
	"8637c7c65bad97c36088090970f630db4405cbb607c5c5a04820704e39f6a692",
	/* flip players=7 jokers=1 zilch=0 */
	"815a2116d124df2411a25e77cf851b4de8e35e53bc5f997c0cd1afe045e534cc",
	/* flip players=7 jokers=1 zilch=1 */
	"724887e00aa1f14c7274b0d85076fde82ce2b0474f90fab27c644872d719556f",
	/* flip players=7 jokers=2 zilch=0 */
	"08a410fba911b0a75cea35fdcbf2335392c986dc4c610e39793258619b6d541d",
	/* flip players=7 jokers=2 zilch=1 */
	"c181c7407333eb1b43a6235b62b1d81528daf493f9632768340b8c5595a61b1f",
	/* flip players=8 jokers=1 zilch=0 */
	"0dba6e86470cd12ed9ae022f329c6bc3df13b6daaa9106ad520820fc3c4a1fc1",
	/* flip players=8 jokers=1 zilch=1 */
	"913f8ff34275f057c2acb6cdac4759f2625646f7324d6eec9aa1d40e5089ef86",
	/* flip players=8 jokers=2 zilch=0 */
	"6f158b8de6cae7dc7ffdc0367cc498261226911c878397cde303cb7d976bec0d",
	/* flip players=8 jokers=2 zilch=1 */
	"dfcefa107fdf962d942c63c512f8666d6cf768e103f9a879b4397f23890ba52d",
	/* flip players=9 jokers=1 zilch=0 */
	"f321ed0fb7b715a59c747e611a908b085abd32c46a3ca7d69c4bfc5d198e1321",
	/* flip players=9 jokers=2 zilch=0 */
	"8bde450bd3232d6a9cf202b74472663c8e73ef06e44d8453f6a8e1223c5428d5",
	/* flip players=10 jokers=1 zilch=0 */
	"0cd3f389989a5fcf4921b88fd4fa2e0a3082f3e14f78956bbc8416de61afe98b",
	/* flip players=10 jokers=2 zilch=0 */
	"75c3f6a8dec6e435b7769fa78aeeeed96ebfa7cb1abacabfabb501b6e526a776",
};

int main(void)
{
	static const char *none[1][2];
	char hex[2 * crypto_generichash_BYTES + 1];
	size_t set = 0, npinned = sizeof(pinned) / sizeof(pinned[0]);

	CHECK(sodium_init() >= 0);
	/* every digest is printed in the table's form: a new set's lines are pasted from here */
#define SET(label, variant, opts, nopts, games)                                              \
	do {                                                                                 \
		play_set(variant, opts, nopts, games, hex);                                  \
		printf("\t/* %s */\n\t\"%s\",\n", label, hex);                              \
		if (set < npinned)                                                           \
			CHECK_STR(hex, pinned[set]);                                         \
		else                                                                         \
			CHECK(!"no digest pinned for this set");                             \
		set++;                                                                       \
	} while (0)
	SET("hammerwalt", "hammerwalt", none, 0, 2000);
	SET("hammerwalt target=32", "hammerwalt", ((const char *[][2]){ { "target", "32" } }), 1,
	    2000);
	SET("indiana", "indiana", none, 0, 2000);
	SET("indiana all_pass=redeal", "indiana",
	    ((const char *[][2]){ { "all_pass", "redeal" } }), 1, 2000);
	SET("bloomington", "bloomington", none, 0, 2000);
	SET("bloomington all_pass=redeal", "bloomington",
	    ((const char *[][2]){ { "all_pass", "redeal" } }), 1, 2000);
	SET("fivehand", "fivehand", none, 0, 2000);
	SET("fivehand end=first", "fivehand", ((const char *[][2]){ { "end", "first" } }), 1, 2000);
	/* from 9 players on, 4 cards each: zilch whatever the option says */
	for (int p = 2; p <= 10; p++) {
		for (int j = 1; j <= 2; j++) {
			for (int z = 0; z <= (p < 9); z++) {
				char pl[4], label[64];
				const char *o[3][2] = { { "players", pl }, { "jokers", j == 1 ? "1" : "2" },
							{ "zilch", z ? "true" : "false" } };

				snprintf(pl, sizeof(pl), "%d", p);
				snprintf(label, sizeof(label), "flip players=%d jokers=%d zilch=%d", p,
					 j, z);
				SET(label, "flip", o, 3, 250);
			}
		}
	}
#undef SET
	CHECK_INT(set, npinned);
	return TEST_REPORT();
}
