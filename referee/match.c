/*
 * match.c - runs one game between players and reports it.
 *
 * Penalty policy (protocol.md, "Faults"): the first fault of a seat is
 * recorded, the bot is stopped at once, @greedy plays the seat for the
 * rest of the game so that the other seats' results stand, and at the end
 * the faulting player forfeits: in the partnership games its team loses
 * whatever the score (both teams faulting: nobody wins); where every
 * player scores for himself it ranks last, tied with any other faulting
 * player, the others keeping their order.
 *
 * Stop policy: when the game must end at once (bot_interrupt(), from
 * SIGUSR1: the arena's game timeout), the bot program that used the most
 * time (its decisions' wall-clock time, whatever its clock, and the time
 * the referee spent emptying its scratch before the game: a kept bot that
 * keeps writing there holds the referee, player_time_used()) is charged a
 * timeout, every bot still playing is stopped and
 * @greedy finishes the game in its seat (the others without a fault), so
 * a game is never lost to a bot that stretches it.
 *
 * A fault's hand is the hand being played when it happened: hand 1 from
 * the first decision on (the engine deals hand 1 before it), 0 for a
 * startup fault (before any hand).
 *
 * The game record (--log) holds the omniscient event lines ("| ..."),
 * every line sent to and received from each bot with a timestamp (a bot's
 * bytes escaped), every move applied ("move SEAT TEXT", "fallback SEAT
 * TEXT"; a bot's comment on its move just before it, "comment SEAT
 * \"TEXT\"", capped, escaped and a JSON string), every fault, and the result; replay.c replays it without the
 * bots. Its header holds the seed, the options, the limits, the seats and
 * each bot program's handshake seed ("botseed SEAT N").
 */
#include "match.h"

#include <jansson.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bot.h"
#include "builtin.h"
#include "seat.h"
#include "view.h"
#include "protocol.h"

static void log_header(const struct match_config *mc, struct player **players, FILE *log)
{
	const struct rules *r = mc->rules;
	const struct time_limits *t = &mc->env.time;
	char value[64];

	fprintf(log, "# euchre-arena game record, protocol %d; check it with: referee --replay FILE\n",
		PROTOCOL_VERSION);
	fprintf(log, "game %s seed %llu", variant_name(r->variant), (unsigned long long)mc->seed);
	for (int i = 0; i < rules_option_count(r->variant); i++)
		fprintf(log, " %s=%s", rules_option(r->variant, i)->name,
			rules_option_text(r, i, value, sizeof(value)));
	fputc('\n', log);
	fprintf(log, "time startup=%ld move=%ld bank=%ld game=%ld clock=%s\n", t->startup_ms,
		t->move_ms, t->bank_ms, time_limits_budget(t), t->cpu ? "cpu" : "wall");
	for (int s = 0; s < r->players; s++)
		fprintf(log, "seat %d %s\n", s, player_spec(players[s]));
	for (int s = 0; s < r->players; s++)
		if (seat_takes_seed(player_spec(players[s])))
			fprintf(log, "botseed %d %llu\n", s, (unsigned long long)mc->bot_seed[s]);
	if (mc->deal_text) {
		const char *p = mc->deal_text;

		while (*p) {
			size_t n = strcspn(p, "\n");

			fprintf(log, "deal %.*s\n", (int)n, p);
			p += n + (p[n] == '\n');
		}
	}
}

/* Writes the omniscient lines of events from..to to the record. */
static void log_events(const struct game *g, int from, int to, FILE *log)
{
	struct strbuf sb = STRBUF_INIT;
	const char *p;

	strbuf_init(&sb);
	for (int i = from; i < to; i++)
		view_event(g, &g->ev[i], VIEW_ALL, &sb);
	for (p = sb.buf; *p;) {
		size_t n = strcspn(p, "\n");

		fprintf(log, "| %.*s\n", (int)n, p);
		p += n + (p[n] == '\n');
	}
	strbuf_release(&sb);
}

void match_forfeit_ranks(const struct game *g, unsigned faulted, int *ranks)
{
	const struct rules *r = &g->rules;
	int nbad = __builtin_popcount(faulted);

	memcpy(ranks, g->ranks, sizeof(g->ranks));
	if (!faulted)
		return;
	if (r->teams) {
		int bad[2] = { 0, 0 };

		for (int p = 0; p < r->players; p++)
			if (faulted & (1u << p))
				bad[p % 2] = 1;
		for (int p = 0; p < r->players; p++)
			ranks[p] = bad[0] == bad[1] ? 2 : bad[p % 2] ? 2 : 1;
		return;
	}
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

struct run {
	const struct match_config *mc;
	struct player_env env;     /* mc->env with the transcript going to the record */
	struct match_result *res;
	struct player **players;
	struct player *fallback[MAX_SEATS];
	/*
	 * Seats whose own player reads events: a bot or @human, not (yet)
	 * replaced by the fallback. Kept as a mask so a built-in game's every
	 * move does not ask each seat.
	 */
	unsigned text_seats;
	unsigned faulted;
	int had_files;             /* a seat was a bot or @human: it has a stderr file to check */
	int stopped;               /* the stop policy has been applied */
	struct game *g;
};

/*
 * Keeps a fault's detail printable ASCII whatever it quotes: bots' bytes
 * are escaped where they are quoted; this catches anything else (a
 * program path from the command line) the same way.
 */
static void detail_printable(char *d, size_t size)
{
	struct strbuf sb = STRBUF_INIT;
	size_t i, n = strlen(d);

	for (i = 0; i < n && (unsigned char)d[i] >= 0x20 && (unsigned char)d[i] < 0x7f; i++)
		;
	if (i == n)
		return;
	strbuf_init(&sb);
	for (i = 0; i < n; i++) {
		unsigned char c = (unsigned char)d[i];

		if (c >= 0x20 && c < 0x7f)
			strbuf_addch(&sb, c);
		else
			strbuf_addf(&sb, "\\x%02x", c);
	}
	snprintf(d, size, "%s", sb.buf);
	strbuf_release(&sb);
}

/* @greedy, which takes over a seat whose bot faulted or was stopped. */
static struct player *greedy_fallback(void)
{
	char err[64];
	struct player *p = player_new("@greedy", 0, err, sizeof(err));

	if (!p)
		abort(); /* "@greedy" always parses: the seat must never be left empty */
	return p;
}

/* Records a seat's first fault, stops its bot and seats @greedy instead. */
static void fault(struct run *r, struct fault *f)
{
	int s = f->seat;

	if (r->faulted & (1u << s))
		return;
	f->hand = f->kind == FAULT_STARTUP ? 0 : r->g->hand_no;
	player_fault_context(r->players[s], f);
	detail_printable(f->detail, sizeof(f->detail));
	r->res->faults[r->res->nfaults++] = *f;
	r->faulted |= 1u << s;
	if (r->mc->log)
		fprintf(r->mc->log, "fault %d %s %s\n", s, fault_kind_name(f->kind), f->detail);
	player_stop(r->players[s]);
	r->fallback[s] = greedy_fallback();
	r->text_seats &= ~(1u << s);
}

static struct player *seat_player(struct run *r, int s)
{
	return r->fallback[s] ? r->fallback[s] : r->players[s];
}

/* Hands the events from..to to every seat still played by its own player. */
static void queue_events(struct run *r, int from, int to)
{
	if (r->mc->log && to > from)
		log_events(r->g, from, to, r->mc->log);
	for (unsigned m = r->text_seats; m; m &= m - 1)
		player_queue(r->players[__builtin_ctz(m)], r->g, from, to);
}

/*
 * The stop policy (see the top of the file): charges the bot that used the
 * most time, then replaces every bot still playing by @greedy.
 */
static void stop_game(struct run *r)
{
	int worst = -1;

	r->stopped = 1;
	for (int s = 0; s < r->g->rules.players; s++)
		if (!r->fallback[s] && player_is_running(r->players[s]) &&
		    (worst < 0 ||
		     player_time_used(r->players[s]) > player_time_used(r->players[worst])))
			worst = s;
	if (r->mc->log)
		fprintf(r->mc->log, "# stopped (SIGUSR1): @greedy finishes every bot's seat\n");
	if (worst >= 0) {
		struct fault f;

		memset(&f, 0, sizeof(f));
		f.seat = worst;
		f.kind = FAULT_TIMEOUT;
		snprintf(f.detail, sizeof(f.detail),
			 "the game was stopped for running too long (SIGUSR1: the arena's "
			 "game_timeout_s) and this bot had used the most time: %.0f ms",
			 player_time_used(r->players[worst]));
		fault(r, &f);
	}
	for (int s = 0; s < r->g->rules.players; s++) {
		if (r->fallback[s] || !player_is_running(r->players[s]))
			continue;
		player_stop(r->players[s]);
		r->fallback[s] = greedy_fallback();
		r->text_seats &= ~(1u << s);
	}
}

/* A fault, or the stop policy when the failure was the wait's interruption. */
static void fault_or_stop(struct run *r, struct fault *f)
{
	if (bot_interrupted()) {
		if (!r->stopped)
			stop_game(r);
		return;
	}
	fault(r, f);
}

/*
 * The comment p's bot sent with the move it is about to be recorded for
 * (protocol.md, "Comments"): "comment SEAT \"TEXT\"", its bytes escaped
 * to printable ASCII, then a JSON string. Nothing for a move without one.
 */
static void record_comment(FILE *log, int seat, const struct player *p)
{
	struct strbuf esc = STRBUF_INIT;
	size_t len;
	const char *c = player_comment(p, &len);

	if (!len)
		return;
	strbuf_init(&esc);
	strbuf_add_escaped(&esc, c, len);
	fprintf(log, "comment %d \"", seat);
	for (size_t i = 0; i < esc.len; i++) {
		if (esc.buf[i] == '"' || esc.buf[i] == '\\')
			fputc('\\', log);
		fputc(esc.buf[i], log);
	}
	fputs("\"\n", log);
	strbuf_release(&esc);
}

/* One decision of the seat to act, with faults handled. */
static void decide(struct run *r)
{
	struct game *g = r->g;
	int seat = game_to_move(g);
	struct player *p = seat_player(r, seat);
	struct seat_record *rec = &r->res->seat[seat];
	struct fault f;
	struct move m;
	char why[256], text[64], q[360];
	double ms;

	/* the header only: clearing the 512-byte detail cost more than a built-in's move */
	f.seat = seat;
	f.kind = FAULT_NONE;
	f.hand = f.no_answer = f.stderr_at = f.request_at = f.request_len = 0;
	f.detail[0] = '\0';
	if (player_decide(p, g, &m, &ms, &f) == 0) {
		if (!r->fallback[seat]) {
			rec->decisions++;
			rec->time_ms += ms;
			if (ms > rec->max_ms)
				rec->max_ms = ms;
		}
		/* the move's text only where it is written: built-ins play at engine speed */
		if (r->mc->log)
			move_format(&m, text, sizeof(text));
		if (game_apply(g, &m, why, sizeof(why)) == 0) {
			if (r->mc->log) {
				record_comment(r->mc->log, seat, p);
				fprintf(r->mc->log, "%s %d %s\n", r->fallback[seat] ? "fallback" : "move",
					seat, text);
			}
			return;
		}
		move_format(&m, text, sizeof(text));
		escape_text(player_last_line(p), strlen(player_last_line(p)), 80, q, sizeof(q));
		f.kind = FAULT_ILLEGAL;
		snprintf(f.detail, sizeof(f.detail), "'%s': %.140s", q[0] ? q : text, why);
	}
	fault_or_stop(r, &f); /* the next turn of the loop asks the fallback */
}

/*
 * Moves of @random and @greedy seats until the hand ends or another kind
 * of player is to move. With no seat reading events and no record kept,
 * nothing happens between such moves but the moves, so they are made here
 * without decide()'s bookkeeping (no time, no text): a game of built-ins
 * runs at nearly the engine's own speed. They choose among the engine's
 * legal moves, so the engine refusing one is a bug in the referee, not a
 * fault of a player; a seat with no move goes to decide(), which reports
 * it as for any player.
 */
static void quick_moves(struct run *r)
{
	struct game *g = r->g;
	struct player *who[MAX_SEATS];
	struct rng *stream[MAX_SEATS];
	int counted[MAX_SEATS] = { 0 }, seat;
	struct move m;
	char why[256];
	int got;

	/*
	 * the seats' players stay as they are until a fault, which ends the
	 * loop; @random's moves are drawn here directly (the commonest seat)
	 */
	for (int s = 0; s < g->rules.players; s++) {
		who[s] = seat_player(r, s);
		stream[s] = player_random_stream(who[s]);
	}
	while ((seat = game_to_move(g)) >= 0) {
		got = stream[seat] ? builtin_random(g, stream[seat], &m) :
				     player_quick_move(who[seat], g, &m);
		if (got != 0)
			break; /* another kind of player, or no move: decide() asks the seat */
		if (game_apply(g, &m, why, sizeof(why)) < 0)
			abort(); /* the engine refused a move it listed: a bug, never a result */
		counted[seat]++;
	}
	/* decisions are the seat's own player's: a fallback's moves do not count */
	for (int s = 0; s < g->rules.players; s++)
		if (who[s] != r->fallback[s])
			r->res->seat[s].decisions += counted[s];
}

/*
 * Starts every bot of the game (a bot kept up from the last game is
 * renewed: its scratch emptied), the bots kept up first of all: emptying
 * a scratch takes as long as its bot keeps writing to it (up to the
 * walk's limit, sandbox_scratch_clear()), which must not eat into the
 * start of a fresh bot launched before it (a kept bot's clock starts at
 * its own 'game' line, player_hello()). Start faults are recorded in
 * seat order. 0, or -1 with err (the referee's failure).
 */
static int launch_bots(struct run *r, char *err, size_t len)
{
	struct player **players = r->players;
	int n = r->g->rules.players, kept[MAX_SEATS];
	struct fault lf[MAX_SEATS];

	memset(lf, 0, sizeof(lf));
	for (int s = 0; s < n; s++)
		kept[s] = player_plays_matches(players[s]);
	for (int pass = 1; pass >= 0; pass--)
		for (int s = 0; s < n; s++) {
			if (player_is_builtin(players[s]) || kept[s] != pass)
				continue; /* nothing to start, greet or wait for */
			if (player_launch(players[s], &r->env, s, &lf[s], err, len) < 0)
				return -1;
		}
	for (int s = 0; s < n; s++)
		if (!player_is_builtin(players[s]) && lf[s].kind != FAULT_NONE)
			fault(r, &lf[s]);
	return 0;
}

/*
 * Seat s's bot, kept up from the last game, ended before answering this
 * game's 'game' block, having written nothing after 'gameover' (end, the
 * failure player_ready() saw): a fresh process plays the game without a
 * fault, its start clock from its own start (protocol.md, Matches). The
 * record says so in a comment. 0, or -1 with err (the referee's failure).
 */
static int restart_ended(struct run *r, int s, const struct fault *end, uint64_t bot_seed,
			 char *err, size_t len)
{
	struct player *p = r->players[s];
	struct fault f;
	char why[sizeof(end->detail)];

	if (r->mc->log) {
		/* how it ended, without its stderr's tail (that is in its stderr file) */
		snprintf(why, sizeof(why), "%.*s", end->stderr_at > 0 ? end->stderr_at - 1 :
			 (int)sizeof(why) - 1, end->detail);
		detail_printable(why, sizeof(why));
		fprintf(r->mc->log, "# seat %d: the process kept from the last game ended before "
			"answering the 'game' line (%s): a fresh one plays this game\n", s, why);
	}
	memset(&f, 0, sizeof(f));
	if (player_relaunch(p, &f, err, len) < 0)
		return -1;
	if (f.kind != FAULT_NONE) {
		fault(r, &f);
		return 0;
	}
	memset(&f, 0, sizeof(f));
	f.seat = s;
	if (player_hello(p, r->g, bot_seed, &f) < 0) {
		fault_or_stop(r, &f);
		return 0;
	}
	memset(&f, 0, sizeof(f));
	f.seat = s;
	if (player_ready(p, &f) < 0)
		fault_or_stop(r, &f);
	return 0;
}

/*
 * The referee's own writes so far: every bot's stderr file and the record.
 * 0, or -1 with err.
 */
static int check_files(struct run *r, char *err, size_t len)
{
	for (int s = 0; s < r->g->rules.players; s++) {
		const char *e = player_file_error(r->players[s]);

		if (*e) {
			snprintf(err, len, "%s", e);
			return -1;
		}
	}
	if (r->mc->log && ferror(r->mc->log))
		return stream_check(r->mc->log, r->mc->log_path ? r->mc->log_path : "the record",
				    err, len);
	return 0;
}

int match_run(const struct match_config *mc, struct player **players,
	      struct match_result *res, char *err, size_t len)
{
	const struct rules *rules = mc->rules;
	struct run r;
	int sent = 0, ret = -1;

	/* not the faults' details: a game of built-ins costs less than clearing them */
	res->game = NULL;
	res->nfaults = 0;
	memset(res->ranks, 0, sizeof(res->ranks));
	memset(res->seat, 0, sizeof(res->seat));
	res->stopped = 0;
	memset(&r, 0, sizeof(r));
	r.mc = mc;
	r.res = res;
	r.players = players;
	r.env = mc->env;
	r.env.transcript = mc->log;
	r.g = res->game = xmalloc(sizeof(*r.g));
	if (game_init(r.g, rules, mc->seed, mc->deal, err, len) < 0)
		goto out;
	if (mc->log)
		log_header(mc, players, mc->log);
	for (int s = 0; s < rules->players; s++)
		if (!player_is_builtin(players[s]))
			r.text_seats |= 1u << s;
	r.had_files = r.text_seats != 0;
	/* start every bot first, so slow starters (JVMs) start in parallel */
	if (launch_bots(&r, err, len) < 0)
		goto out;
	for (int s = 0; s < rules->players; s++) {
		struct fault f;

		if (player_is_builtin(players[s]))
			continue;
		memset(&f, 0, sizeof(f));
		f.seat = s;
		if (!r.fallback[s] && player_hello(players[s], r.g, mc->bot_seed[s], &f) < 0)
			fault_or_stop(&r, &f);
	}
	for (int s = 0; s < rules->players; s++) {
		struct fault f;

		if (player_is_builtin(players[s]))
			continue;
		memset(&f, 0, sizeof(f));
		f.seat = s;
		if (r.fallback[s] || player_ready(players[s], &f) == 0)
			continue;
		if (!player_ended_between_games(players[s]))
			fault_or_stop(&r, &f);
		else if (restart_ended(&r, s, &f, mc->bot_seed[s], err, len) < 0)
			goto out;
	}
	while (!game_over(r.g)) {
		if (bot_interrupted() && !r.stopped)
			stop_game(&r);
		if (sent < r.g->nev) {
			if (r.text_seats || mc->log)
				queue_events(&r, sent, r.g->nev);
			sent = r.g->nev;
		}
		if (game_hand_over(r.g)) {
			/*
			 * The hand's last events wait in each bot's queue for its
			 * next request, which saves every bot a write and a
			 * wake-up a hand. The files are the bots' and the
			 * record's: a game of built-ins has none.
			 */
			if (((r.had_files || mc->log) && check_files(&r, err, len) < 0) ||
			    (mc->hand_end && mc->hand_end(err, len) < 0))
				goto out;
			game_next_hand(r.g);
			sent = 0;
			continue;
		}
		if (!r.text_seats && !mc->log) {
			quick_moves(&r);
			if (game_to_move(r.g) < 0)
				continue;
		}
		decide(&r);
	}
	queue_events(&r, sent, r.g->nev);
	/* bots that play matches stay up when another game of the run follows */
	for (int s = 0; s < rules->players; s++) {
		if (r.fallback[s])
			continue;
		if (mc->keep_bots && !bot_interrupted())
			player_pause(players[s]);
		else
			player_finish(players[s]);
	}
	if (check_files(&r, err, len) < 0)
		goto out;
	for (int s = 0; s < rules->players; s++)
		res->seat[s].mem_peak_mb = player_mem_peak_mb(players[s]);
	res->stopped = bot_interrupted();
	match_forfeit_ranks(r.g, r.faulted, res->ranks);
	ret = 0;
out:
	for (int s = 0; s < MAX_SEATS; s++)
		player_free(r.fallback[s]);
	if (ret < 0) {
		/* no result: stop what runs, forget the game */
		for (int s = 0; s < rules->players; s++)
			player_stop(players[s]);
		free(r.g);
		res->game = NULL;
	}
	return ret;
}

void match_result_release(struct match_result *res)
{
	free(res->game);
	res->game = NULL;
}

/*
 * The result line is written here directly rather than built as a jansson
 * tree: with built-in players a game costs a few microseconds, and the
 * tree cost more than the game. The text is byte for byte what
 * json_dumps(JSON_COMPACT | JSON_REAL_PRECISION(12)) writes for the same
 * values: plain strings and integers are written here; a string that
 * needs escaping or checking (not printable ASCII, or holding '"' or
 * '\\') and a real other than 0 go through jansson itself, so its rules
 * (UTF-8, escapes, the digits of a real) stay the only ones.
 */
struct jw {
	struct strbuf *out;
	int bad;              /* a value jansson refused: the whole result fails */
};

/* A value jansson encodes for us (owned: released here). */
static void jw_jansson(struct jw *w, json_t *v)
{
	char *text = v ? json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY |
				    JSON_REAL_PRECISION(12)) : NULL;

	if (text)
		strbuf_addstr(w->out, text);
	else
		w->bad = 1;
	free(text);
	json_decref(v);
}

static void jw_str(struct jw *w, const char *s)
{
	size_t n = 0;

	for (; s[n]; n++)
		if ((unsigned char)s[n] < 0x20 || (unsigned char)s[n] >= 0x7f || s[n] == '"' ||
		    s[n] == '\\')
			break;
	if (s[n]) {
		jw_jansson(w, json_string(s));
		return;
	}
	strbuf_grow(w->out, n + 2);
	strbuf_addch(w->out, '"');
	strbuf_add(w->out, s, n);
	strbuf_addch(w->out, '"');
}

/* "key": the keys written here are the result's own, plain ASCII. */
static void jw_key(struct jw *w, const char *key)
{
	jw_str(w, key);
	strbuf_addch(w->out, ':');
}

static void jw_ints(struct jw *w, const int *v, int n)
{
	strbuf_addch(w->out, '[');
	for (int i = 0; i < n; i++) {
		if (i)
			strbuf_addch(w->out, ',');
		strbuf_addint(w->out, v[i]);
	}
	strbuf_addch(w->out, ']');
}

/* A real as jansson writes it with 12 digits; 0 is "0.0", the rest is jansson's. */
static void jw_real(struct jw *w, double x)
{
	if (x == 0 && !signbit(x))
		strbuf_add(w->out, "0.0", 3);
	else
		jw_jansson(w, json_real(x));
}

static void jw_options(struct jw *w, const struct rules *r)
{
	char value[64];

	strbuf_addch(w->out, '{');
	for (int i = 0; i < rules_option_count(r->variant); i++) {
		const struct rules_option *opt = rules_option(r->variant, i);
		int n = rules_option_value(r, i);

		if (i)
			strbuf_addch(w->out, ',');
		jw_key(w, opt->name);
		if (opt->kind == OPT_INT)
			strbuf_addint(w->out, n);
		else if (opt->kind == OPT_BOOL)
			strbuf_addstr(w->out, n ? "true" : "false");
		else
			jw_str(w, rules_option_text(r, i, value, sizeof(value)));
	}
	strbuf_addch(w->out, '}');
}

static void jw_faults(struct jw *w, const struct match_result *res)
{
	strbuf_addch(w->out, '[');
	for (int i = 0; i < res->nfaults; i++) {
		const struct fault *f = &res->faults[i];

		strbuf_addstr(w->out, i ? ",{\"seat\":" : "{\"seat\":");
		strbuf_addint(w->out, f->seat);
		strbuf_addstr(w->out, ",\"kind\":");
		jw_str(w, fault_kind_name(f->kind));
		strbuf_addstr(w->out, ",\"hand\":");
		strbuf_addint(w->out, f->hand);
		strbuf_addstr(w->out, ",\"detail\":");
		jw_str(w, f->detail);
		strbuf_addch(w->out, '}');
	}
	strbuf_addch(w->out, ']');
}

/* The per-seat arrays of the result. */
enum seat_array { SA_BOT_SEEDS, SA_SEATS, SA_DECISIONS, SA_TIME_MS, SA_MEM_PEAK };

static void jw_seats(struct jw *w, const struct match_config *mc, const char *const *specs,
		     const struct match_result *res, enum seat_array what)
{
	/* the keys as written, quotes and colon included: plain ASCII, no check needed */
	static const char *const keys[] = { "\"bot_seeds\":", "\"seats\":", "\"decisions\":",
					    "\"time_ms\":", "\"mem_peak_mb\":" };

	strbuf_addstr(w->out, keys[what]);
	strbuf_addch(w->out, '[');
	for (int p = 0; p < mc->rules->players; p++) {
		if (p)
			strbuf_addch(w->out, ',');
		switch (what) {
		case SA_BOT_SEEDS:
			if (!seat_takes_seed(specs[p]) || (mc->bot_seed_unknown & (1u << p)))
				strbuf_add(w->out, "null", 4);
			else
				strbuf_addint(w->out, (long)(json_int_t)mc->bot_seed[p]);
			break;
		case SA_SEATS:
			jw_str(w, specs[p]);
			break;
		case SA_DECISIONS:
			strbuf_addint(w->out, res->seat[p].decisions);
			break;
		case SA_TIME_MS:
			/* a built-in's 0 without the rounding, which is a call into libm */
			if (res->seat[p].time_ms == 0)
				strbuf_add(w->out, "0.0", 3);
			else
				jw_real(w, round(res->seat[p].time_ms * 1000) / 1000);
			break;
		case SA_MEM_PEAK:
			if (res->seat[p].mem_peak_mb < 0)
				strbuf_add(w->out, "null", 4);
			else
				jw_real(w, round(res->seat[p].mem_peak_mb * 10) / 10);
			break;
		}
	}
	strbuf_addch(w->out, ']');
}

/* ',"options":{...},"seats":[...]': fixed by the rules and the SEATs alone. */
static void jw_fixed(struct jw *w, const struct match_config *mc, const char *const *specs)
{
	strbuf_addstr(w->out, ",\"options\":");
	jw_options(w, mc->rules);
	strbuf_addch(w->out, ',');
	jw_seats(w, mc, specs, NULL, SA_SEATS);
}

int match_result_fixed(const struct rules *rules, const char *const *specs,
		       struct strbuf *out, char *err, size_t len)
{
	struct match_config mc;
	struct jw w = { out, 0 };
	size_t start = out->len;

	memset(&mc, 0, sizeof(mc));
	mc.rules = rules;
	jw_fixed(&w, &mc, specs);
	if (w.bad) {
		out->len = start;
		out->buf[start] = '\0';
		snprintf(err, len, "cannot encode the result as JSON (is every SEAT UTF-8?)");
		return -1;
	}
	return 0;
}

int match_result_json(const struct match_config *mc, const char *const *specs,
		      const struct match_result *res, struct strbuf *out, char *err, size_t len)
{
	const struct rules *r = mc->rules;
	const struct game *g = res->game;
	struct strbuf *sb = out;
	struct jw w = { out, 0 };
	size_t start = out->len;
	int scores[MAX_SEATS];

	for (int p = 0; p < r->players; p++)
		scores[p] = game_seat_score(g, p);
	strbuf_addstr(sb, "{\"variant\":");
	jw_str(&w, variant_name(r->variant));
	strbuf_addstr(sb, ",\"seed\":");
	strbuf_addint(sb, (long)(json_int_t)mc->seed);
	strbuf_addch(sb, ',');
	jw_seats(&w, mc, specs, res, SA_BOT_SEEDS);
	if (mc->result_fixed)
		strbuf_addstr(sb, mc->result_fixed);
	else
		jw_fixed(&w, mc, specs);
	strbuf_addstr(sb, ",\"hands\":");
	strbuf_addint(sb, g->hand_no);
	strbuf_addstr(sb, ",\"seat_scores\":");
	jw_ints(&w, scores, r->players);
	strbuf_addstr(sb, ",\"team_scores\":");
	if (r->teams)
		jw_ints(&w, g->score, 2);
	else
		strbuf_add(sb, "null", 4);
	strbuf_addstr(sb, ",\"ranks\":");
	jw_ints(&w, res->ranks, r->players);
	strbuf_addstr(sb, ",\"faults\":");
	jw_faults(&w, res);
	strbuf_addch(sb, ',');
	jw_seats(&w, mc, specs, res, SA_DECISIONS);
	strbuf_addch(sb, ',');
	jw_seats(&w, mc, specs, res, SA_TIME_MS);
	strbuf_addch(sb, ',');
	jw_seats(&w, mc, specs, res, SA_MEM_PEAK);
	if (r->variant == VAR_FLIP) {
		strbuf_addstr(sb, ",\"euchred\":");
		jw_ints(&w, g->euchred, r->players);
	}
	if (res->stopped)
		strbuf_addstr(sb, ",\"stopped\":true");
	strbuf_addch(sb, '}');
	if (w.bad) {
		/* nothing of a line that failed stays in out */
		out->len = start;
		out->buf[start] = '\0';
		snprintf(err, len, "cannot encode the result as JSON (is every SEAT UTF-8?)");
	}
	return w.bad ? -1 : 0;
}
