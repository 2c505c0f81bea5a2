/*
 * match.c - runs one game between players and reports it.
 *
 * Penalty policy (protocol.md, "Faults"): the first fault of a seat is
 * recorded, the seat's player is replaced by @greedy for the rest of the
 * game, and at the end the faulting player forfeits: in the partnership
 * games its team loses whatever the score; where every player scores for
 * himself it ranks last (tied with any other faulting player).
 */
#include "match.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "view.h"

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static void log_header(const struct match_config *mc, struct player **players, FILE *log)
{
	const struct rules *r = mc->rules;
	char value[64];

	fprintf(log, "game %s seed %llu", variant_name(r->variant), (unsigned long long)mc->seed);
	for (int i = 0; i < rules_option_count(r->variant); i++) {
		const char *name, *help;
		enum option_kind kind;

		rules_option_describe(r, i, &name, value, sizeof(value), &help, &kind);
		fprintf(log, " %s=%s", name, value);
	}
	fputc('\n', log);
	for (int s = 0; s < r->players; s++)
		fprintf(log, "seat %d %s\n", s, player_spec(players[s]));
}

/* Writes the events from *upto on in the omniscient view. */
static void log_events(const struct game *g, int *upto, FILE *log)
{
	struct strbuf sb = STRBUF_INIT;

	if (!log)
		return;
	strbuf_init(&sb);
	for (; *upto < g->nev; (*upto)++)
		view_event(g, &g->ev[*upto], VIEW_ALL, &sb);
	fwrite(sb.buf, 1, sb.len, log);
	strbuf_release(&sb);
}

/* The forfeit policy: faulting players (mask) lose. */
static void apply_forfeits(const struct game *g, unsigned faulted, int *ranks)
{
	const struct rules *r = &g->rules;

	memcpy(ranks, g->ranks, sizeof(g->ranks));
	if (!faulted)
		return;
	if (r->teams) {
		int bad[2] = { 0, 0 };

		for (int p = 0; p < r->players; p++)
			if (faulted & (1u << p))
				bad[p % 2] = 1;
		if (bad[0] != bad[1])
			for (int p = 0; p < r->players; p++)
				ranks[p] = bad[p % 2] ? 2 : 1;
		else
			for (int p = 0; p < r->players; p++)
				ranks[p] = 1; /* both teams faulted: nobody wins */
		return;
	}
	/* the others keep their order; the faulted share the last place */
	int nbad = __builtin_popcount(faulted);

	for (int p = 0; p < r->players; p++) {
		int above = 0;

		if (faulted & (1u << p)) {
			ranks[p] = r->players - nbad + 1;
			continue;
		}
		for (int q = 0; q < r->players; q++)
			if (!(faulted & (1u << q)) && g->ranks[q] < g->ranks[p])
				above++;
		ranks[p] = 1 + above;
	}
}

int match_run(const struct match_config *mc, struct player **players,
	      struct match_result *res, char *err, size_t len)
{
	const struct rules *r = mc->rules;
	struct player *fallback[MAX_SEATS] = { NULL };
	unsigned faulted = 0;
	struct game *g;
	int logged = 0;

	memset(res, 0, sizeof(*res));
	g = res->game = xmalloc(sizeof(*g));
	if (game_init(g, r, mc->seed, mc->deal, err, len) < 0) {
		free(g);
		res->game = NULL;
		return -1;
	}
	if (mc->log)
		log_header(mc, players, mc->log);
	while (!game_over(g)) {
		struct move m;
		struct fault f;
		char why[256];
		int seat;
		struct player *p;
		double t0;

		log_events(g, &logged, mc->log);
		if (game_hand_over(g)) {
			game_next_hand(g);
			logged = 0;
			continue;
		}
		seat = game_to_move(g);
		p = fallback[seat] ? fallback[seat] : players[seat];
		memset(&f, 0, sizeof(f));
		t0 = now_ms();
		if (player_decide(p, g, &m, &f) == 0 &&
		    game_apply(g, &m, why, sizeof(why)) < 0) {
			f.kind = FAULT_ILLEGAL;
			snprintf(f.detail, sizeof(f.detail), "%s", why);
		}
		if (!fallback[seat]) {
			res->seat[seat].decisions++;
			/* built-ins cost nothing worth reporting; 0 keeps output reproducible */
			if (!player_is_builtin(player_spec(p)))
				res->seat[seat].time_ms += now_ms() - t0;
		}
		if (f.kind == FAULT_NONE)
			continue;
		/* record the fault, seat the fallback, and retry the decision */
		f.seat = seat;
		res->faults[res->nfaults++] = f;
		faulted |= 1u << seat;
		fallback[seat] = player_new("@greedy", 0, why, sizeof(why));
	}
	log_events(g, &logged, mc->log);
	apply_forfeits(g, faulted, res->ranks);
	for (int s = 0; s < MAX_SEATS; s++)
		player_free(fallback[s]);
	return 0;
}

void match_result_release(struct match_result *res)
{
	free(res->game);
	res->game = NULL;
}

static json_t *int_array(const int *v, int n)
{
	json_t *a = json_array();

	for (int i = 0; i < n; i++)
		json_array_append_new(a, json_integer(v[i]));
	return a;
}

void match_result_json(const struct match_config *mc, struct player **players,
		       const struct match_result *res, struct strbuf *out)
{
	const struct rules *r = mc->rules;
	const struct game *g = res->game;
	json_t *o = json_object(), *opts = json_object(), *seats = json_array();
	json_t *faults = json_array(), *dec = json_array(), *tms = json_array();
	int scores[MAX_SEATS];
	char value[64], *text;

	for (int i = 0; i < rules_option_count(r->variant); i++) {
		const char *name, *help;
		enum option_kind kind;
		long n;

		rules_option_describe(r, i, &name, value, sizeof(value), &help, &kind);
		if (kind == OPT_INT && parse_long(value, -1000000, 1000000, &n) == 0)
			json_object_set_new(opts, name, json_integer(n));
		else if (kind == OPT_BOOL)
			json_object_set_new(opts, name, json_boolean(!strcmp(value, "true")));
		else
			json_object_set_new(opts, name, json_string(value));
	}
	for (int p = 0; p < r->players; p++) {
		scores[p] = game_seat_score(g, p);
		json_array_append_new(seats, json_string(player_spec(players[p])));
		json_array_append_new(dec, json_integer(res->seat[p].decisions));
		json_array_append_new(tms, json_real(round(res->seat[p].time_ms * 1000) / 1000));
	}
	for (int i = 0; i < res->nfaults; i++)
		json_array_append_new(faults, json_pack("{s:i, s:s, s:s}", "seat", res->faults[i].seat,
							"kind", fault_kind_name(res->faults[i].kind),
							"detail", res->faults[i].detail));
	json_object_set_new(o, "variant", json_string(variant_name(r->variant)));
	json_object_set_new(o, "seed", json_integer((json_int_t)mc->seed));
	json_object_set_new(o, "options", opts);
	json_object_set_new(o, "seats", seats);
	json_object_set_new(o, "hands", json_integer(g->hand_no));
	json_object_set_new(o, "seat_scores", int_array(scores, r->players));
	json_object_set_new(o, "team_scores", r->teams ? int_array(g->score, 2) : json_null());
	json_object_set_new(o, "ranks", int_array(res->ranks, r->players));
	json_object_set_new(o, "faults", faults);
	json_object_set_new(o, "decisions", dec);
	json_object_set_new(o, "time_ms", tms);
	if (r->variant == VAR_FLIP)
		json_object_set_new(o, "euchred", int_array(g->euchred, r->players));
	text = json_dumps(o, JSON_COMPACT | JSON_REAL_PRECISION(12));
	strbuf_addstr(out, text);
	free(text);
	json_decref(o);
}
