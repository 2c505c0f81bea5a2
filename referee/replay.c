/*
 * replay.c - replays a game record and verifies it (see replay.h).
 */
#include "replay.h"

#include <errno.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deal.h"
#include "match.h"
#include "protocol.h"
#include "seat.h"
#include "view.h"

struct replay {
	const char *path;
	struct strbuf *report;
	int lineno;
	/* the game being replayed */
	int active;
	struct rules rules;
	unsigned long long seed;
	char *specs[MAX_SEATS];
	uint64_t bot_seed[MAX_SEATS];
	unsigned bot_seed_seen;  /* mask of seats with a "botseed" line */
	struct strbuf deal_text;
	struct deal deal;
	struct game *g;
	struct match_result res;
	unsigned faulted;
	int sent;             /* events already turned into lines */
	struct strbuf expect; /* recorded "| " lines not yet matched */
	int games, moves;
	const struct replay_watch *watch; /* NULL: nobody watches */
	char *comment;        /* a "comment" line waiting for its move, or NULL */
	int comment_seat;
};

#ifdef __GNUC__
__attribute__((format(printf, 3, 4)))
#endif
static int fail(struct replay *r, int code, const char *fmt, ...)
{
	va_list ap;

	strbuf_addf(r->report, "%s:%d: ", r->path, r->lineno);
	va_start(ap, fmt);
	strbuf_vaddf(r->report, fmt, ap);
	va_end(ap);
	strbuf_addch(r->report, '\n');
	return code;
}

/* The next blank-separated word of *s (NUL-terminated in place), or NULL. */
static char *next_word(char **s)
{
	char *w = *s;

	while (*w == ' ')
		w++;
	if (!*w)
		return NULL;
	*s = w + strcspn(w, " ");
	if (**s)
		*(*s)++ = '\0';
	return w;
}

static void reset_game(struct replay *r)
{
	for (int s = 0; s < MAX_SEATS; s++) {
		free(r->specs[s]);
		r->specs[s] = NULL;
	}
	strbuf_reset(&r->deal_text);
	strbuf_reset(&r->expect);
	free(r->g);
	r->g = NULL;
	memset(&r->res, 0, sizeof(r->res));
	memset(r->bot_seed, 0, sizeof(r->bot_seed));
	r->bot_seed_seen = 0;
	r->faulted = 0;
	r->sent = 0;
	r->active = 0;
	free(r->comment);
	r->comment = NULL;
}

/* "game VARIANT seed N key=value..." */
static int parse_game(struct replay *r, char *line)
{
	char *tok, *rest = line, err[256];
	int v;

	reset_game(r);
	next_word(&rest); /* "game" */
	tok = next_word(&rest);
	if (!tok || (v = variant_parse(tok)) < 0)
		return fail(r, 2, "unknown variant '%s'", tok ? tok : "");
	rules_init(&r->rules, (enum variant)v);
	tok = next_word(&rest);
	if (!tok || strcmp(tok, "seed") || !(tok = next_word(&rest)))
		return fail(r, 2, "expected 'seed N' after the variant");
	/* the range of --seed */
	if (parse_u64(tok, &r->seed) < 0 || r->seed > 0x7fffffffffffffffULL)
		return fail(r, 2, "seed '%s' is not a number from 0 to 2^63-1", tok);
	while ((tok = next_word(&rest))) {
		char *eq = strchr(tok, '=');

		if (!eq)
			return fail(r, 2, "option '%s' is not KEY=VALUE", tok);
		*eq = '\0';
		if (rules_set_option(&r->rules, tok, eq + 1, err, sizeof(err)) < 0)
			return fail(r, 2, "%s", err);
	}
	if (rules_finish(&r->rules, err, sizeof(err)) < 0)
		return fail(r, 2, "%s", err);
	r->active = 1;
	r->games++;
	return 0;
}

/* Starts the engine once the header (seats, deal) is complete. */
static int start(struct replay *r)
{
	char err[256];

	if (r->g)
		return 0;
	for (int s = 0; s < r->rules.players; s++) {
		if (!r->specs[s])
			return fail(r, 2, "no 'seat %d' line before the game starts", s);
		if (r->specs[s][0] != '@' && !(r->bot_seed_seen & (1u << s)))
			return fail(r, 2, "no 'botseed %d' line for the bot program in seat %d", s, s);
	}
	if (r->deal_text.len &&
	    deal_parse(r->deal_text.buf, r->deal_text.len, &r->rules, &r->deal, err,
		       sizeof(err)) < 0)
		return fail(r, 2, "recorded deal: %s", err);
	r->g = xmalloc(sizeof(*r->g));
	if (game_init(r->g, &r->rules, r->seed, r->deal_text.len ? &r->deal : NULL, err,
		      sizeof(err)) < 0)
		return fail(r, 2, "%s", err);
	if (r->watch && r->watch->game)
		r->watch->game(r->watch->ctx, r->g, (const char *const *)r->specs);
	return 0;
}

/*
 * "time startup=N move=N bank=N game=N clock=wall|cpu": the limits the
 * game was played with, in the ranges the command line accepts (game=
 * may be missing). Replay does not need them, but a record that is out of
 * range is not one the referee wrote.
 */
static int parse_time(struct replay *r, char *line)
{
	static const struct {
		const char *key;
		long min, max;
	} keys[] = {
		{ "startup", 1, 3600000 }, { "move", 1, 3600000 }, { "bank", 0, 36000000 },
		{ "game", 1, 1000000000 },
	};
	char *tok, *rest = line;
	unsigned seen = 0;

	next_word(&rest); /* "time" */
	while ((tok = next_word(&rest))) {
		char *eq = strchr(tok, '=');
		size_t k;
		long v;

		if (!eq)
			return fail(r, 2, "time limit '%s' is not KEY=VALUE", tok);
		*eq = '\0';
		if (!strcmp(tok, "clock")) {
			if (strcmp(eq + 1, "wall") && strcmp(eq + 1, "cpu"))
				return fail(r, 2, "clock '%s' is not wall or cpu", eq + 1);
			continue;
		}
		for (k = 0; k < sizeof(keys) / sizeof(keys[0]) && strcmp(keys[k].key, tok); k++)
			;
		if (k == sizeof(keys) / sizeof(keys[0]))
			return fail(r, 2, "unknown time limit '%s'", tok);
		if (parse_long(eq + 1, keys[k].min, keys[k].max, &v) < 0)
			return fail(r, 2, "time limit %s '%s' is not a number from %ld to %ld", tok,
				    eq + 1, keys[k].min, keys[k].max);
		seen |= 1u << k;
	}
	if ((seen & 7) != 7)
		return fail(r, 2, "the time line lacks startup=, move= or bank=");
	return 0;
}

/* "botseed SEAT N": the handshake seed of the bot program in SEAT. */
static int parse_botseed(struct replay *r, char *line)
{
	char *rest = line, *tok;
	unsigned long long v;
	long s;

	next_word(&rest); /* "botseed" */
	tok = next_word(&rest);
	if (!tok || parse_long(tok, 0, r->rules.players - 1, &s) < 0)
		return fail(r, 2, "botseed: '%s' is not a seat from 0 to %d", tok ? tok : "",
			    r->rules.players - 1);
	tok = next_word(&rest);
	if (!tok || next_word(&rest) || parse_u64(tok, &v) < 0 || v > 0x7fffffffffffffffULL)
		return fail(r, 2, "botseed: '%s' is not a number from 0 to 2^63-1", tok ? tok : "");
	if (!r->specs[s] || !seat_takes_seed(r->specs[s]))
		return fail(r, 2, "botseed for seat %ld, which takes no seed (not a bot program "
			    "nor @random)", s);
	if (r->bot_seed_seen & (1u << s))
		return fail(r, 2, "a second botseed for seat %ld", s);
	r->bot_seed[s] = v;
	r->bot_seed_seen |= 1u << s;
	return 0;
}

/* Produces the event lines the engine made since last time, into out. */
static void new_events(struct replay *r, struct strbuf *out)
{
	for (; r->sent < r->g->nev; r->sent++)
		view_event(r->g, &r->g->ev[r->sent], VIEW_ALL, out);
}

/* Compares the engine's new event lines with the recorded ones so far. */
static int match_events(struct replay *r)
{
	struct strbuf mine = STRBUF_INIT;
	int ret = 0;

	strbuf_init(&mine);
	new_events(r, &mine);
	if (mine.len > r->expect.len || memcmp(mine.buf, r->expect.buf, mine.len)) {
		const char *a = r->expect.buf, *b = mine.buf;
		size_t na, nb;

		/* the first line that differs, not the first of the block */
		for (;;) {
			na = strcspn(a, "\n");
			nb = strcspn(b, "\n");
			if (na != nb || memcmp(a, b, na) || !a[na] || !b[nb])
				break;
			a += na + 1;
			b += nb + 1;
		}
		if (!*a)
			ret = fail(r, 1, "the record has no more events but the engine says '%.*s'",
				   (int)(nb < 200 ? nb : 200), b);
		else
			ret = fail(r, 1, "recorded event '%.*s' but the engine says '%.*s'",
				   (int)(na < 200 ? na : 200), a, (int)(nb < 200 ? nb : 200), b);
	} else {
		memmove(r->expect.buf, r->expect.buf + mine.len, r->expect.len - mine.len + 1);
		r->expect.len -= mine.len;
	}
	strbuf_release(&mine);
	return ret;
}

/*
 * Whether the record holds all the engine's events of the hand that is
 * over (and maybe more). match.c logs them only just before it deals the
 * next hand, so once they are all there, whatever comes next is the next
 * hand's. Matches nothing yet.
 */
static int hand_end_recorded(struct replay *r)
{
	struct strbuf mine;
	int sent = r->sent, all;

	strbuf_init(&mine);
	new_events(r, &mine);
	r->sent = sent;
	all = r->expect.len >= mine.len && !memcmp(mine.buf, r->expect.buf, mine.len);
	strbuf_release(&mine);
	return all;
}

/* Goes on to the next hand, the ended one's last events matched. */
static int next_hand(struct replay *r)
{
	int ret = match_events(r);

	if (ret == 0) {
		game_next_hand(r->g);
		r->sent = 0;
	}
	return ret;
}

/* "move S TEXT" or "fallback S TEXT" */
static int apply_move(struct replay *r, char *line, int fallback)
{
	char *rest = strchr(line, ' '), *end, err[256];
	long seat;
	struct move m;
	int ret;

	if ((ret = start(r)) != 0)
		return ret;
	if (game_hand_over(r->g) && (ret = next_hand(r)) != 0)
		return ret;
	if ((ret = match_events(r)) != 0)
		return ret;
	seat = rest ? strtol(rest + 1, &end, 10) : -1;
	if (!rest || end == rest + 1 || *end != ' ')
		return fail(r, 2, "malformed move line");
	if (seat != game_to_move(r->g))
		return fail(r, 1, "move by seat %ld, but seat %d is to move", seat,
			    game_to_move(r->g));
	if (move_parse(end + 1, strlen(end + 1), &m) < 0)
		return fail(r, 1, "'%s' is not a move", end + 1);
	if (r->comment) {
		if (fallback || seat != r->comment_seat)
			return fail(r, 2, "a comment of seat %d before a move of seat %ld",
				    r->comment_seat, seat);
		if (r->watch && r->watch->comment)
			r->watch->comment(r->watch->ctx, r->g, (int)seat, &m, r->comment);
		free(r->comment);
		r->comment = NULL;
	}
	if (game_apply(r->g, &m, err, sizeof(err)) < 0)
		return fail(r, 1, "illegal move '%s': %s", end + 1, err);
	if (!fallback && !(r->faulted & (1u << seat)))
		r->res.seat[seat].decisions++;
	r->moves++;
	if (r->watch && r->watch->moved)
		r->watch->moved(r->watch->ctx, r->g);
	return 0;
}

/*
 * "comment S \"TEXT\"": the comment of the move on the next line, a JSON
 * string (match.c writes it escaped to printable ASCII first).
 */
static int add_comment(struct replay *r, const char *line)
{
	char *end;
	long seat = strtol(line + 8, &end, 10);
	json_error_t je;
	json_t *j;

	if (r->comment)
		return fail(r, 2, "two comment lines for one move");
	if (end == line + 8 || *end != ' ' || seat < 0 || seat >= r->rules.players)
		return fail(r, 2, "malformed comment line");
	j = json_loads(end + 1, JSON_DECODE_ANY, &je);
	if (!j || !json_is_string(j) || json_string_length(j) > 4 * PROTOCOL_MAX_COMMENT) {
		json_decref(j);
		return fail(r, 2, "malformed comment line: not a JSON string");
	}
	r->comment = xstrdup(json_string_value(j));
	r->comment_seat = (int)seat;
	json_decref(j);
	return 0;
}

/*
 * "fault S KIND DETAIL". Its hand is match.c's: the hand being played (the
 * engine deals hand 1 before the first decision), 0 for a startup fault.
 */
static int add_fault(struct replay *r, char *line)
{
	char kind[32], *detail;
	int seat, n = 0, ret, k;
	struct fault *f;

	if (sscanf(line, "fault %d %31s %n", &seat, kind, &n) < 2 || seat < 0 ||
	    seat >= r->rules.players || r->res.nfaults >= MAX_SEATS)
		return fail(r, 2, "malformed fault line");
	if (r->faulted & (1u << seat))
		return fail(r, 1, "a second fault for seat %d (only the first is recorded)", seat);
	if ((ret = start(r)) != 0)
		return ret;
	detail = line + n;
	f = &r->res.faults[r->res.nfaults++];
	f->seat = seat;
	k = fault_kind_parse(kind);
	if (k <= FAULT_NONE)
		return fail(r, 2, "unknown fault kind '%s'", kind);
	f->kind = (enum fault_kind)k;
	/*
	 * The next hand starts at its first move here, but match.c deals it
	 * as soon as the ended hand's last events are logged: a fault from
	 * then on (at the next hand's first decision, or the stop policy's
	 * just after the deal) is the next hand's. A fault before them (the
	 * stop policy's just after the last card) is the ended hand's.
	 */
	if (game_hand_over(r->g) && hand_end_recorded(r) && (ret = next_hand(r)) != 0)
		return ret;
	f->hand = f->kind == FAULT_STARTUP ? 0 : r->g->hand_no;
	snprintf(f->detail, sizeof(f->detail), "%s", detail);
	/*
	 * An illegal move was still an answer: match.c's decide() counts it
	 * among the seat's decisions, though no move line follows. A script's
	 * illegal move is the script's, not an answer, and is not counted.
	 */
	if (f->kind == FAULT_ILLEGAL && f->hand &&
	    (!r->specs[seat] || !seat_is_script(r->specs[seat])))
		r->res.seat[seat].decisions++;
	r->faulted |= 1u << seat;
	if (r->watch && r->watch->fault)
		r->watch->fault(r->watch->ctx, r->g, f);
	return 0;
}

/*
 * The result without what was measured, not decided: times and memory,
 * and "stopped" (when the arena's stop landed, which a game stopped
 * after its last move, stop_game() never applied, does not show).
 */
static json_t *without_measures(json_t *o)
{
	json_t *c = json_deep_copy(o);

	json_object_del(c, "time_ms");
	json_object_del(c, "mem_peak_mb");
	json_object_del(c, "stopped");
	return c;
}

/* "result {json}": the end of a game. */
static int check_result(struct replay *r, const char *json)
{
	struct match_config mc;
	struct strbuf mine = STRBUF_INIT;
	json_t *want, *got, *a, *b;
	json_error_t jerr;
	char err[256];
	int ret = 0;

	if ((ret = start(r)) != 0)
		return ret;
	if ((ret = match_events(r)) != 0)
		return ret;
	if (!game_over(r->g))
		return fail(r, 1, "the record ends before the game does (in hand %d)",
			    r->g->hand_no);
	if (r->expect.len)
		return fail(r, 1, "recorded events after the end of the game: '%.60s'",
			    r->expect.buf);
	memset(&mc, 0, sizeof(mc));
	mc.rules = &r->rules;
	mc.seed = r->seed;
	/* not measured in a replay: null, and left out of the comparison */
	for (int s = 0; s < MAX_SEATS; s++)
		r->res.seat[s].mem_peak_mb = -1;
	memcpy(mc.bot_seed, r->bot_seed, sizeof(mc.bot_seed));
	/* a record older than @random's own seed: its result says null */
	for (int s = 0; s < r->rules.players; s++)
		if (seat_is_builtin(r->specs[s]) && !(r->bot_seed_seen & (1u << s)))
			mc.bot_seed_unknown |= 1u << s;
	r->res.game = r->g;
	match_forfeit_ranks(r->g, r->faulted, r->res.ranks);
	strbuf_init(&mine);
	if (match_result_json(&mc, (const char *const *)r->specs, &r->res, &mine, err,
			      sizeof(err)) < 0) {
		strbuf_release(&mine);
		r->res.game = NULL;
		return fail(r, 2, "%s", err);
	}
	want = json_loads(json, 0, &jerr);
	got = json_loads(mine.buf, 0, &jerr);
	if (!want) {
		ret = fail(r, 2, "the result line is not JSON: %s", jerr.text);
	} else {
		a = without_measures(want);
		b = without_measures(got);
		if (!json_equal(a, b))
			ret = fail(r, 1, "recorded result differs from the replay:\n  %s\n  %s", json,
				   mine.buf);
		json_decref(a);
		json_decref(b);
	}
	if (!ret && r->watch && r->watch->result)
		r->watch->result(r->watch->ctx, r->g, &r->res);
	json_decref(want);
	json_decref(got);
	strbuf_release(&mine);
	r->res.game = NULL;
	r->active = 0;
	return ret;
}

static int replay_line(struct replay *r, char *line)
{
	if (!*line || line[0] == '#')
		return 0;
	if (!strncmp(line, "game ", 5))
		return parse_game(r, line);
	if (!r->active)
		return fail(r, 2, "'%.40s' outside a game", line);
	if (!strncmp(line, "| ", 2)) {
		strbuf_addstr(&r->expect, line + 2);
		strbuf_addch(&r->expect, '\n');
		return 0;
	}
	if (!strncmp(line, "seat ", 5)) {
		char *end;
		long s = strtol(line + 5, &end, 10);

		if (end == line + 5 || *end != ' ' || s < 0 || s >= r->rules.players)
			return fail(r, 2, "malformed seat line");
		if (r->g || r->specs[s])
			return fail(r, 2, "a second 'seat %ld' line, or one after the game started", s);
		r->specs[s] = xstrdup(end + 1);
		return 0;
	}
	if (!strncmp(line, "botseed ", 8))
		return r->g ? fail(r, 2, "a botseed line after the game started")
			    : parse_botseed(r, line);
	if (!strncmp(line, "time ", 5))
		return parse_time(r, line);
	if (!strncmp(line, "deal ", 5) || !strcmp(line, "deal")) {
		strbuf_addstr(&r->deal_text, line[4] ? line + 5 : "");
		strbuf_addch(&r->deal_text, '\n');
		return 0;
	}
	if (r->comment && strncmp(line, "move ", 5))
		return fail(r, 2, "a comment line not followed by its move");
	if (!strncmp(line, "comment ", 8))
		return add_comment(r, line);
	if (!strncmp(line, "move ", 5))
		return apply_move(r, line, 0);
	if (!strncmp(line, "fallback ", 9))
		return apply_move(r, line, 1);
	if (!strncmp(line, "fault ", 6))
		return add_fault(r, line);
	if (!strncmp(line, "result ", 7))
		return check_result(r, line + 7);
	if (line[0] >= '0' && line[0] <= '9')
		return 0; /* the bots' transcript: not needed to replay */
	return fail(r, 2, "unknown record line '%.40s'", line);
}

int replay_file(const char *path, struct strbuf *report)
{
	return replay_file_watch(path, report, NULL);
}

int replay_file_watch(const char *path, struct strbuf *report,
		      const struct replay_watch *watch)
{
	struct replay r;
	FILE *f = fopen(path, "r");
	char *line = NULL;
	size_t cap = 0;
	ssize_t n;
	int ret = 0;

	if (!f) {
		strbuf_addf(report, "referee: cannot read '%s': %s\n", path, strerror(errno));
		return 2;
	}
	memset(&r, 0, sizeof(r));
	r.path = path;
	r.report = report;
	r.watch = watch;
	strbuf_init(&r.deal_text);
	strbuf_init(&r.expect);
	while (!ret && (n = getline(&line, &cap, f)) >= 0) {
		r.lineno++;
		if (n && line[n - 1] == '\n')
			line[n - 1] = '\0';
		ret = replay_line(&r, line);
	}
	if (!ret && r.active)
		ret = fail(&r, 1, "the record ends without a result line");
	if (!ret && !r.games)
		ret = fail(&r, 2, "no game in the record");
	if (!ret)
		strbuf_addf(report, "%s: %d game%s, %d moves replayed; every move, event and result matches\n",
			    path, r.games, r.games == 1 ? "" : "s", r.moves);
	free(line);
	fclose(f);
	reset_game(&r);
	strbuf_release(&r.deal_text);
	strbuf_release(&r.expect);
	return ret;
}
