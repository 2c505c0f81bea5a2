/*
 * check.c - the bot compliance check (see check.h).
 *
 * Each game is recorded into memory like a --log record; when the bot
 * faults, the last request sent to its seat and its answer are cut out
 * of that record and printed under the problem.
 */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "clock.h"
#include "match.h"
#include "protocol.h"

struct check_game {
	const char *variant;
	const char *players; /* flip's players option, or NULL */
};

static const struct check_game games[] = {
	{ "hammerwalt", NULL }, { "indiana", NULL }, { "bloomington", NULL },
	{ "fivehand", NULL },   { "flip", "2" },     { "flip", "3" }, { "flip", "9" },
};

/*
 * From a game record, the last request block sent to seat before the
 * first fault, and the bot's answer to it. Transcript lines look like
 * "1.234 2< legal 9C,JH" (sent to seat 2) and "1.240 2> JH" (received).
 */
static void request_context(const char *record, int seat, struct strbuf *out)
{
	struct strbuf block = STRBUF_INIT, answer = STRBUF_INIT;
	const char *p = record;
	int collecting = 0;

	strbuf_init(&block);
	strbuf_init(&answer);
	while (*p && strncmp(p, "fault ", 6)) {
		size_t n = strcspn(p, "\n");
		int s, off = 0;
		char dir = 0;

		if (sscanf(p, "%*f %d%c %n", &s, &dir, &off) >= 2 && off && s == seat) {
			const char *text = p + off;
			int tlen = (int)(n - (size_t)off);

			if (dir == '<' && !strncmp(text, "request ", 8)) {
				strbuf_reset(&block);
				strbuf_reset(&answer);
				collecting = 1;
			}
			if (dir == '<' && collecting)
				strbuf_addf(&block, "        %.*s\n", tlen, text);
			if (dir == '<' && !strncmp(text, "legal ", 6))
				collecting = 0;
			if (dir == '>') {
				strbuf_reset(&answer);
				strbuf_add(&answer, text, (size_t)tlen);
			}
		}
		p += n + (p[n] == '\n');
	}
	if (block.len) {
		strbuf_addstr(out, "      the request was:\n");
		strbuf_addstr(out, block.buf);
		strbuf_addf(out, "      the bot answered: %s\n",
			    answer.len ? answer.buf : "(nothing)");
	}
	strbuf_release(&block);
	strbuf_release(&answer);
}

static int check_one(const char *spec, const struct player_env *env, const struct check_game *cg,
		     int seat, struct strbuf *report)
{
	struct rules rules;
	struct player *players[MAX_SEATS] = { NULL };
	struct match_config mc;
	struct match_result res;
	char err[256], *record = NULL;
	size_t record_len = 0;
	int problems = 0;

	rules_init(&rules, (enum variant)variant_parse(cg->variant));
	rules_set_option(&rules, "max_hands", "2", err, sizeof(err));
	if (cg->players)
		rules_set_option(&rules, "players", cg->players, err, sizeof(err));
	rules_finish(&rules, err, sizeof(err));
	for (int s = 0; s < rules.players; s++) {
		players[s] = player_new(s == seat ? spec : "@random", 1000 + (uint64_t)s, err,
					sizeof(err));
		if (!players[s]) {
			strbuf_addf(report, "error: %s\n", err);
			for (int k = 0; k < s; k++)
				player_free(players[k]);
			return -1;
		}
	}
	memset(&mc, 0, sizeof(mc));
	mc.rules = &rules;
	mc.seed = 7 + (uint64_t)seat;
	mc.env = *env;
	mc.env.t0 = clock_ms();
	if (random_seed(&mc.bot_seed[seat], err, sizeof(err)) < 0) {
		strbuf_addf(report, "referee: %s\n", err);
		problems = -2;
		goto out;
	}
	mc.log = open_memstream(&record, &record_len);
	if (!mc.log) {
		strbuf_addf(report, "referee: cannot record the game: out of memory\n");
		problems = -2;
		goto out;
	}
	mc.log_path = "(memory)";
	if (match_run(&mc, players, &res, err, sizeof(err)) < 0) {
		strbuf_addf(report, "referee: %s\n", err);
		problems = -2;
		goto out;
	}
	fflush(mc.log);
	strbuf_addf(report, "%s %s%s%s seat %d: ", res.nfaults ? "FAIL" : "ok  ", cg->variant,
		    cg->players ? " players=" : "", cg->players ? cg->players : "", seat);
	if (!res.nfaults) {
		strbuf_addf(report, "%d hands, %d decisions, slowest %.0f ms%s%s%s\n",
			    res.game->hand_no, res.seat[seat].decisions, res.seat[seat].max_ms,
			    *player_name(players[seat]) ? ", name '" : "", player_name(players[seat]),
			    *player_name(players[seat]) ? "'" : "");
	} else {
		strbuf_addf(report, "%s in hand %d: %s\n", fault_kind_name(res.faults[0].kind),
			    res.faults[0].hand, res.faults[0].detail);
		request_context(record, seat, report);
		problems = 1;
	}
	match_result_release(&res);
out:
	if (mc.log)
		fclose(mc.log);
	free(record);
	for (int s = 0; s < rules.players; s++)
		player_free(players[s]);
	return problems;
}

int check_bot(const char *spec, const struct player_env *env, struct strbuf *report)
{
	int problems = 0, ngames = 0;

	strbuf_addf(report, "checking '%s' against protocol %d (move limit %ld ms)\n", spec,
		    PROTOCOL_VERSION, env->time.move_ms);
	for (size_t i = 0; i < sizeof(games) / sizeof(games[0]); i++) {
		struct rules r;
		char err[128];

		rules_init(&r, (enum variant)variant_parse(games[i].variant));
		if (games[i].players)
			rules_set_option(&r, "players", games[i].players, err, sizeof(err));
		rules_finish(&r, err, sizeof(err));
		for (int seat = 0; seat < r.players; seat++) {
			int p = check_one(spec, env, &games[i], seat, report);

			if (p < 0)
				return p;
			problems += p;
			ngames++;
		}
	}
	strbuf_addf(report, "%d game%s, %d with a problem%s\n", ngames, ngames == 1 ? "" : "s",
		    problems, problems ? "" : ": the bot is compliant");
	return problems;
}
