/*
 * test_result_json.c - the result line match_result_json() writes by hand
 * is byte for byte what jansson writes for the same values (the encoding
 * the referee used before, kept here as the reference): finished games of
 * every variant, nonzero times, faults whose details need escaping, SEAT
 * texts with quotes, tabs and non-ASCII letters, stopped games, and a
 * SEAT that is not UTF-8 (refused by both). A stopped game's line ends
 * in "stopped":true, and no other line has the key.
 */
#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "match.h"
#include "seat.h"
#include "testhelp.h"

static json_t *int_array(const int *v, int n)
{
	json_t *a = json_array();
	int bad = !a;

	for (int i = 0; i < n && !bad; i++)
		bad |= json_array_append_new(a, json_integer(v[i])) < 0;
	if (bad) {
		json_decref(a);
		return NULL;
	}
	return a;
}

/*
 * The encoding the referee used before it wrote the line itself: every
 * jansson call checked: a value that cannot be made (NULL) makes
 * the *_new() call that takes it fail, and one failure fails the whole
 * result, never a silently shorter array.
 */
static int reference_json(const struct match_config *mc, const char *const *specs,
		      const struct match_result *res, struct strbuf *out, char *err, size_t len)
{
	const struct rules *r = mc->rules;
	const struct game *g = res->game;
	json_t *o = json_object(), *opts = json_object(), *seats = json_array();
	json_t *faults = json_array(), *dec = json_array(), *tms = json_array();
	json_t *seeds = json_array(), *mem = json_array();
	int scores[MAX_SEATS], bad = !o || !opts || !seats || !faults || !dec || !tms || !seeds ||
				     !mem;
	char value[64], *text = NULL;

	for (int i = 0; i < rules_option_count(r->variant) && !bad; i++) {
		const struct rules_option *opt = rules_option(r->variant, i);
		int n = rules_option_value(r, i);

		if (opt->kind == OPT_INT)
			bad |= json_object_set_new(opts, opt->name, json_integer(n)) < 0;
		else if (opt->kind == OPT_BOOL)
			bad |= json_object_set_new(opts, opt->name, json_boolean(n)) < 0;
		else
			bad |= json_object_set_new(opts, opt->name,
						   json_string(rules_option_text(r, i, value,
										 sizeof(value)))) < 0;
	}
	for (int p = 0; p < r->players && !bad; p++) {
		scores[p] = game_seat_score(g, p);
		bad |= json_array_append_new(seats, json_string(specs[p])) < 0;
		bad |= json_array_append_new(seeds, !seat_takes_seed(specs[p]) ? json_null() :
					     json_integer((json_int_t)mc->bot_seed[p])) < 0;
		bad |= json_array_append_new(dec, json_integer(res->seat[p].decisions)) < 0;
		bad |= json_array_append_new(tms, json_real(round(res->seat[p].time_ms * 1000) /
							    1000)) < 0;
		bad |= json_array_append_new(mem, res->seat[p].mem_peak_mb < 0 ? json_null() :
					     json_real(round(res->seat[p].mem_peak_mb * 10) / 10)) < 0;
	}
	for (int i = 0; i < res->nfaults && !bad; i++)
		bad |= json_array_append_new(faults, json_pack("{s:i, s:s, s:i, s:s}",
							       "seat", res->faults[i].seat,
							       "kind", fault_kind_name(res->faults[i].kind),
							       "hand", res->faults[i].hand,
							       "detail", res->faults[i].detail)) < 0;
	if (!bad) {
		bad |= json_object_set_new(o, "variant", json_string(variant_name(r->variant))) < 0;
		bad |= json_object_set_new(o, "seed", json_integer((json_int_t)mc->seed)) < 0;
		bad |= json_object_set_new(o, "bot_seeds", seeds) < 0;
		bad |= json_object_set_new(o, "options", opts) < 0;
		bad |= json_object_set_new(o, "seats", seats) < 0;
		bad |= json_object_set_new(o, "hands", json_integer(g->hand_no)) < 0;
		bad |= json_object_set_new(o, "seat_scores", int_array(scores, r->players)) < 0;
		bad |= json_object_set_new(o, "team_scores", r->teams ? int_array(g->score, 2)
					   : json_null()) < 0;
		bad |= json_object_set_new(o, "ranks", int_array(res->ranks, r->players)) < 0;
		bad |= json_object_set_new(o, "faults", faults) < 0;
		bad |= json_object_set_new(o, "decisions", dec) < 0;
		bad |= json_object_set_new(o, "time_ms", tms) < 0;
		bad |= json_object_set_new(o, "mem_peak_mb", mem) < 0;
		if (r->variant == VAR_FLIP)
			bad |= json_object_set_new(o, "euchred",
						   int_array(g->euchred, r->players)) < 0;
		if (res->stopped)
			bad |= json_object_set_new(o, "stopped", json_true()) < 0;
		seeds = opts = seats = faults = dec = tms = mem = NULL; /* o owns them now */
	}
	if (!bad && !(text = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(12))))
		bad = 1;
	if (!bad)
		strbuf_addstr(out, text);
	else
		snprintf(err, len, "cannot encode the result as JSON (is every SEAT UTF-8?)");
	free(text);
	json_decref(o);
	json_decref(opts);
	json_decref(seats);
	json_decref(faults);
	json_decref(dec);
	json_decref(tms);
	json_decref(seeds);
	json_decref(mem);
	return bad ? -1 : 0;
}

/* Plays a whole game with @random from seed; the result gets it. */
static void play(struct match_result *res, const struct rules *rules, uint64_t seed)
{
	struct rng r;
	char err[128];
	struct game *g = malloc(sizeof(*g));

	memset(res, 0, sizeof(*res));
	rng_seed(&r, seed);
	game_init(g, rules, seed, NULL, err, sizeof(err));
	while (!game_over(g)) {
		struct move m;

		if (game_hand_over(g)) {
			game_next_hand(g);
			continue;
		}
		builtin_random(g, &r, &m);
		game_apply(g, &m, err, sizeof(err));
	}
	res->game = g;
	memcpy(res->ranks, g->ranks, sizeof(res->ranks));
}

/* Both encodings of one result: equal text, or both refused. */
static void compare(const struct match_config *mc, const char *const *specs,
		    const struct match_result *res)
{
	struct strbuf mine = STRBUF_INIT, want = STRBUF_INIT;
	char e1[128], e2[128];
	int a, b;

	strbuf_init(&mine);
	strbuf_init(&want);
	a = match_result_json(mc, specs, res, &mine, e1, sizeof(e1));
	b = reference_json(mc, specs, res, &want, e2, sizeof(e2));
	CHECK_INT(a, b);
	if (a == 0 && b == 0)
		CHECK_STR(mine.buf, want.buf);
	strbuf_release(&mine);
	strbuf_release(&want);
}

static void test_variants_and_values(void)
{
	static const char *const names[] = { "hammerwalt", "indiana", "bloomington", "fivehand",
					     "flip" };
	static const double times[] = { 0.0, 12.3456789, 0.0005, 1e-7, 123456789.123, 1000,
					0.1, 2.5e-4, 99999.9995, 3 };
	const char *specs[MAX_SEATS] = { "@random", "@greedy", "sample-bots/c-random",
					 "python3 \"my bot.py\"", "a\\b\tc", "bot-\xc3\xa9t\xc3\xa9",
					 "./x/run", "@random", "@greedy", "\x7f" };

	for (size_t v = 0; v < sizeof(names) / sizeof(names[0]); v++) {
		for (uint64_t seed = 1; seed <= 20; seed++) {
			struct rules rules;
			struct match_config mc;
			struct match_result res;
			char err[128];

			rules_init(&rules, variant_parse(names[v]));
			rules_finish(&rules, err, sizeof(err));
			memset(&mc, 0, sizeof(mc));
			mc.rules = &rules;
			mc.seed = seed * 0x9e3779b97f4a7c15ULL >> 1;
			for (int s = 0; s < MAX_SEATS; s++)
				mc.bot_seed[s] = seed * 1000003ULL * (uint64_t)(s + 1);
			play(&res, &rules, seed);
			for (int s = 0; s < rules.players; s++) {
				res.seat[s].decisions = (int)(seed * 7) + s;
				res.seat[s].time_ms = times[(seed + (uint64_t)s) % 10] * (double)seed;
				/* built-ins and no cgroup: null; else a peak in MiB */
				res.seat[s].mem_peak_mb = s % 3 == 0 ? -1 :
					times[(seed + (uint64_t)s * 3) % 10] / 7;
			}
			if (seed % 3 == 0) {
				res.nfaults = 2;
				res.faults[0] = (struct fault){ 1, FAULT_MALFORMED, 3, 0, 0, 0, 0,
								"'say \"hi\"' is not a move; legal: 9H,\\x01" };
				res.faults[1] = (struct fault){ 2, FAULT_TIMEOUT, 0, 1, 0, 0, 0,
								"no answer within 1000 ms" };
			}
			res.stopped = seed % 4 == 0;
			compare(&mc, specs, &res);
			match_result_release(&res);
		}
	}
}

static void test_not_utf8(void)
{
	const char *specs[4] = { "@random", "bad\xff", "@random", "@greedy" };
	struct rules rules;
	struct match_config mc;
	struct match_result res;
	struct strbuf out = STRBUF_INIT;
	char err[128];

	rules_init(&rules, VAR_INDIANA);
	rules_finish(&rules, err, sizeof(err));
	memset(&mc, 0, sizeof(mc));
	mc.rules = &rules;
	play(&res, &rules, 5);
	strbuf_init(&out);
	CHECK_INT(match_result_json(&mc, specs, &res, &out, err, sizeof(err)), -1);
	CHECK_INT(out.len, 0);
	compare(&mc, specs, &res);
	strbuf_release(&out);
	match_result_release(&res);
}

/* "stopped":true last (after flip's euchred), on a stopped game's line alone */
static void test_stopped_last_and_only_when_stopped(void)
{
	const char *specs[5] = { "@random", "@random", "@random", "@random", "@random" };
	struct rules rules;
	struct match_config mc;
	struct match_result res;
	struct strbuf out = STRBUF_INIT;
	char err[128];
	const char *tail = ",\"stopped\":true}", *euchred;

	rules_init(&rules, VAR_FLIP);
	rules_finish(&rules, err, sizeof(err));
	memset(&mc, 0, sizeof(mc));
	mc.rules = &rules;
	play(&res, &rules, 3);
	strbuf_init(&out);
	CHECK_INT(match_result_json(&mc, specs, &res, &out, err, sizeof(err)), 0);
	CHECK(strstr(out.buf, "stopped") == NULL);
	CHECK(out.len > 0 && out.buf[out.len - 1] == '}' && out.buf[out.len - 2] == ']');
	strbuf_reset(&out);
	res.stopped = 1;
	CHECK_INT(match_result_json(&mc, specs, &res, &out, err, sizeof(err)), 0);
	CHECK(out.len > strlen(tail));
	CHECK_STR(out.buf + out.len - strlen(tail), tail);
	euchred = strstr(out.buf, "\"euchred\":[");
	CHECK(euchred != NULL && euchred < out.buf + out.len - strlen(tail));
	strbuf_release(&out);
	match_result_release(&res);
}

int main(void)
{
	RUN(test_variants_and_values);
	RUN(test_stopped_last_and_only_when_stopped);
	RUN(test_not_utf8);
	return TEST_REPORT();
}
