/*
 * check.c - the bot compliance check (see check.h).
 *
 * Each game is recorded into memory like a --log record; when the bot
 * faults, the last request sent to its seat and its answer are cut out
 * of that record and printed under the problem. A student runs the check
 * to learn what is wrong, not to watch it go wrong 35 times: a bot that
 * does not start cannot do better in the next game, so the check ends
 * there, and a problem seen twice in a row is not shown a third time.
 */
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "clock.h"
#include "match.h"
#include "protocol.h"
#include "seat.h"

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

/*
 * The usual causes of a fault that is a wait for a line that never came
 * (no_answer): a bot that said nothing in time (startup or a move) has
 * most often written its line into a buffer it did not flush.
 */
static void usual_causes(const struct fault *f, const struct player_env *env,
			 struct strbuf *out)
{
	if (!f->no_answer || (f->kind != FAULT_STARTUP && f->kind != FAULT_TIMEOUT))
		return;
	strbuf_addf(out, "      usual causes:\n"
		    "      - its output is buffered, so its line waits in the buffer: flush after\n"
		    "        every line (Python: python3 -u, PYTHONUNBUFFERED=1 or\n"
		    "        print(..., flush=True); mawk: mawk -W interactive; C: fflush(stdout)\n"
		    "        or setvbuf(stdout, NULL, _IOLBF, 0); Java: System.out.flush();\n"
		    "        Node: process.stdout.write; shell: each echo is written at once)\n");
	if (f->kind == FAULT_STARTUP)
		strbuf_addf(out, "      - it waits for more input: the handshake ends with "
			    "'legal ready'\n"
			    "      - it needs more than %ld ms to start (a JVM on a busy "
			    "machine): try --startup-ms\n", env->time.startup_ms);
	else
		strbuf_addf(out, "      - it waits for more input: every request ends with its "
			    "'legal' line\n"
			    "      - it thinks longer than %ld ms: try it with a larger --move-ms\n",
			    env->time.move_ms);
}

/*
 * Takes the request the referee added to a fault's detail out again: the
 * report quotes the whole request block below the fault, and two faults
 * are "the same problem" whatever request they answered.
 */
static void strip_request(struct fault *f)
{
	size_t n = strlen(f->detail), at = (size_t)f->request_at - 1, m = (size_t)f->request_len;

	if (!f->request_at || at + m > n)
		return;
	memmove(f->detail + at, f->detail + at + m, n - at - m + 1);
	f->request_at = f->request_len = 0;
}

/*
 * Plays the bot in one seat of one game and reports it (the causes of
 * a fault come from the caller, once per check). Returns 1 for a
 * problem (*fault is its fault), 0 for none, -1 (a bad spec) or -2 (the
 * referee failed) after a line in report.
 */
/*
 * Counts the comments (protocol.md, "Comments") of seat in a game record
 * and keeps the first one seen in first ("comment S \"TEXT\"" lines, TEXT
 * as recorded: escaped, a JSON string's body).
 */
static int count_comments(const char *record, int seat, struct strbuf *first)
{
	const char *p = record;
	int n = 0;

	while (*p) {
		size_t len = strcspn(p, "\n");
		int s, off = 0;

		if (sscanf(p, "comment %d \"%n", &s, &off) == 1 && off && s == seat) {
			/* the JSON string's body back to the recorded text: \" and \\ undone */
			int take = !n && !first->len;

			for (size_t i = (size_t)off; take && i + 1 < len; i++) {
				if (p[i] == '\\')
					i++;
				strbuf_addch(first, p[i]);
			}
			n++;
		}
		p += len + (p[len] == '\n');
	}
	return n;
}

static int check_one(const char *spec, const struct player_env *env, const struct check_game *cg,
		     int seat, struct strbuf *report, struct fault *fault, int *comments,
		     struct strbuf *first_comment)
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
	/* the opponents' generators: fixed, so every check plays them the same */
	for (int s = 0; s < rules.players; s++)
		mc.bot_seed[s] = 1000 + (uint64_t)s;
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
	*comments += count_comments(record, seat, first_comment);
	strbuf_addf(report, "%s %s%s%s seat %d: ", res.nfaults ? "FAIL" : "ok  ", cg->variant,
		    cg->players ? " players=" : "", cg->players ? cg->players : "", seat);
	if (!res.nfaults) {
		strbuf_addf(report, "%d hands, %d decisions, slowest %.0f ms%s%s%s\n",
			    res.game->hand_no, res.seat[seat].decisions, res.seat[seat].max_ms,
			    *player_name(players[seat]) ? ", name '" : "", player_name(players[seat]),
			    *player_name(players[seat]) ? "'" : "");
	} else {
		strip_request(&res.faults[0]);
		strbuf_addf(report, "%s in hand %d: %s\n", fault_kind_name(res.faults[0].kind),
			    res.faults[0].hand, res.faults[0].detail);
		request_context(record, seat, report);
		*fault = res.faults[0];
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

/*
 * Matches (protocol.md, "Matches (protocol version 2)"): a bot that
 * answers "ready2" plays two one-hand games of hammerwalt in seat 0 in
 * one process, the second begun by a "game" line. Returns 1 for a
 * problem in either game (reported with its request), 0 when both went
 * well or the bot does not play matches (a note says so), -2 when the
 * referee failed; *played gets the games played.
 */
static int check_match(const char *spec, const struct player_env *env, struct strbuf *report,
		       int *played)
{
	struct rules rules;
	struct player *players[MAX_SEATS] = { NULL };
	char err[256];
	int problems = 0;

	*played = 0;
	rules_init(&rules, VAR_HAMMERWALT);
	rules_set_option(&rules, "max_hands", "1", err, sizeof(err));
	rules_finish(&rules, err, sizeof(err));
	for (int s = 0; s < rules.players; s++)
		if (!(players[s] = player_new(s == 0 ? spec : "@random", 2000 + (uint64_t)s, err,
					      sizeof(err)))) {
			strbuf_addf(report, "error: %s\n", err);
			problems = -2;
			goto out;
		}
	for (int game = 0; game < 2 && !problems; game++) {
		struct match_config mc;
		struct match_result res;
		char *record = NULL;
		size_t record_len = 0;

		memset(&mc, 0, sizeof(mc));
		mc.rules = &rules;
		mc.seed = 17 + (uint64_t)game;
		mc.env = *env;
		mc.env.t0 = clock_ms();
		mc.keep_bots = game == 0;
		for (int s = 0; s < rules.players; s++)
			mc.bot_seed[s] = 2000 + (uint64_t)s;
		mc.log = open_memstream(&record, &record_len);
		if (!mc.log || random_seed(&mc.bot_seed[0], err, sizeof(err)) < 0) {
			strbuf_addf(report, "referee: %s\n", mc.log ? err : "cannot record the game");
			if (mc.log)
				fclose(mc.log);
			free(record);
			problems = -2;
			break;
		}
		mc.log_path = "(memory)";
		if (match_run(&mc, players, &res, err, sizeof(err)) < 0) {
			strbuf_addf(report, "referee: %s\n", err);
			fclose(mc.log);
			free(record);
			problems = -2;
			break;
		}
		fflush(mc.log);
		++*played;
		if (res.nfaults) {
			strip_request(&res.faults[0]);
			strbuf_addf(report, "FAIL match: game %d of 2 in one process: %s in hand %d: %s\n",
				    game + 1, fault_kind_name(res.faults[0].kind), res.faults[0].hand,
				    res.faults[0].detail);
			request_context(record, 0, report);
			problems = 1;
		} else if (game == 0 && !player_plays_matches(players[0])) {
			strbuf_addf(report, "note: the bot plays one game per process (it answers "
				    "'ready', not 'ready2': protocol.md, Matches)\n");
			game = 2; /* nothing more to check */
		} else if (game == 1) {
			strbuf_addf(report, "ok   match: hammerwalt seat 0, 2 games in one process "
				    "('ready2', then a 'game' line)\n");
		}
		match_result_release(&res);
		fclose(mc.log);
		free(record);
	}
out:
	for (int s = 0; s < rules.players; s++)
		player_free(players[s]);
	return problems;
}

/*
 * Is spec something that can run at all? A SEAT naming a directory or a
 * program that is not there cannot pass a single game: -1 with why.
 */
static int spec_usable(const char *spec, char *why, size_t len)
{
	struct seat st;
	int ret;

	ret = seat_parse(&st, spec, NULL, why, len);
	if (ret == 0 && st.kind == SEAT_PROGRAM)
		ret = seat_check_files(&st, why, len);
	seat_release(&st);
	return ret;
}

/* The games of the check: every seat of every game in games[]. */
static int count_games(void)
{
	int n = 0;

	for (size_t i = 0; i < sizeof(games) / sizeof(games[0]); i++) {
		struct rules r;
		char err[128];

		rules_init(&r, (enum variant)variant_parse(games[i].variant));
		if (games[i].players)
			rules_set_option(&r, "players", games[i].players, err, sizeof(err));
		rules_finish(&r, err, sizeof(err));
		n += r.players;
	}
	return n;
}

/*
 * Should the check stop after fault f, given the one before it (prev,
 * kind FAULT_NONE when there was none)? A bot that cannot start fails
 * every game the same way; a problem repeated exactly will repeat again.
 */
static const char *stop_reason(const struct fault *f, const struct fault *prev)
{
	if (f->kind == FAULT_STARTUP)
		return "the bot did not start, and would not in any other game";
	if (prev->kind == f->kind && !strcmp(prev->detail, f->detail))
		return "the same problem twice in a row";
	return NULL;
}

int check_bot(const char *spec, const struct player_env *env, struct strbuf *report, char *err,
	      size_t len)
{
	struct fault prev = { .kind = FAULT_NONE };
	struct strbuf first_comment = STRBUF_INIT;
	const char *stop = NULL;
	int problems = 0, ngames = 0, total = count_games(), causes_shown = 0, comments = 0;

	if (spec_usable(spec, err, len) < 0)
		return -1;
	strbuf_init(&first_comment);
	strbuf_addf(report, "checking '%s' against protocol %d (move limit %ld ms)\n", spec,
		    PROTOCOL_VERSION, env->time.move_ms);
	for (size_t i = 0; i < sizeof(games) / sizeof(games[0]) && !stop; i++) {
		struct rules r;
		char e[128];

		rules_init(&r, (enum variant)variant_parse(games[i].variant));
		if (games[i].players)
			rules_set_option(&r, "players", games[i].players, e, sizeof(e));
		rules_finish(&r, e, sizeof(e));
		for (int seat = 0; seat < r.players && !stop; seat++) {
			struct fault f = { .kind = FAULT_NONE };
			int p = check_one(spec, env, &games[i], seat, report, &f, &comments,
					  &first_comment);

			if (p < 0) {
				strbuf_release(&first_comment);
				return p;
			}
			problems += p;
			ngames++;
			if (p && !causes_shown && f.no_answer) {
				usual_causes(&f, env, report);
				causes_shown = 1;
			}
			if (p)
				stop = stop_reason(&f, &prev);
			prev = f;
		}
	}
	if (stop) {
		strbuf_addf(report, "stopped after %d of %d games: %s; fix it and check again\n",
			    ngames, total, stop);
	} else {
		int played, p = check_match(spec, env, report, &played);

		if (p < 0) {
			strbuf_release(&first_comment);
			return p;
		}
		problems += p;
		ngames += played;
	}
	if (comments)
		strbuf_addf(report, "comments: %d seen, kept in the game records and shown beside "
			    "their moves on the game pages (the first: \"%.80s%s\")\n", comments,
			    first_comment.buf, first_comment.len > 80 ? "..." : "");
	else if (problems < ngames) /* a bot that never played a game has more to fix first */
		strbuf_addstr(report, "comments: none (an answer may carry one, shown beside the "
			      "move on the game's page and to no other bot: 'JH # why', see "
			      "protocol.md, Comments)\n");
	strbuf_addf(report, "%d game%s, %d with a problem%s\n", ngames, ngames == 1 ? "" : "s",
		    problems, problems ? "" : ": the bot is compliant");
	strbuf_release(&first_comment);
	return problems;
}
