/*
 * player.c - the seat interface over built-in strategies and bot programs.
 *
 * A bot player keeps a queue of event lines for its seat and writes it
 * together with the next request, so the bot wakes once per decision and
 * not once per event. It measures every decision on the monotonic clock
 * (or on the bot's CPU clock with --cpu-time), charges time over the
 * per-move limit to the game's bank, and charges all of it (startup,
 * decisions, the writes of events) to the bot's game budget
 * (time_limits_budget()). The wall clock bounds every wait in either clock
 * mode: per move (with --cpu-time, ten times the limit plus a second) and
 * per game (the budget, plus TIME_WALL_MARGIN_MS with --cpu-time), so no
 * bot can stretch a game much past what its budget allows.
 */
#include "player.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bot.h"
#include "builtin.h"
#include "clock.h"
#include "human.h"
#include "seat.h"
#include "util.h"
#include "view.h"
#include "sandbox.h"
#include "protocol.h"
#include "search.h"

enum player_kind { PLAYER_RANDOM, PLAYER_GREEDY, PLAYER_SEARCH, PLAYER_SCRIPT, PLAYER_HUMAN, PLAYER_BOT };

struct player {
	enum player_kind kind;
	char *spec;
	struct rng rng;
	struct human *human;  /* @human: the person at the terminal */
	struct seat_view *view; /* @search: its seat's view, remade before each move */
	int effort;           /* @search: deals a decision, 0: the variant's default */

	/* a scripted seat: its moves, the next one, and whether they come from the deal */
	struct move *script;
	int nscript, script_pos, script_from_deal;

	/* bot programs */
	struct seat prog;     /* argv, and the bot's own directory */
	const struct player_env *env; /* &own_env */
	struct player_env own_env; /* the game's, copied: a bot kept up outlives its game */
	int seat;
	struct bot *bot;
	int slot, slot_lock;  /* the sandbox slot held while the bot lives */
	char scratch[4096];
	double launched;      /* clock_ms() at launch */
	double bank_left;     /* ms; negative: no bank */
	long budget;          /* ms for the whole game (time_limits_budget()) */
	double used_ms;       /* charged to the budget so far, in the game's clock */
	double wall_ms;       /* wall-clock time the referee waited on the bot */
	/*
	 * the referee's time spent on the bot's account this game outside
	 * every wait: emptying its scratch before the game (renew()); no
	 * budget's, but the stop policy's (player_time_used())
	 */
	double held_ms;
	char file_err[320];   /* the bot's stderr file could not be written, or "" */
	struct strbuf queue;  /* event lines not yet sent */
	struct strbuf line;   /* the last answer */
	struct strbuf comment; /* its comment (protocol.md, "Comments"), as sent, capped */
	char name[64];
	char request[200];    /* the last request sent: "request play | legal KD,JH" */
	double mem_peak_mb;   /* of the last bot stopped; -1 unknown */
	/* matches (protocol version 2) */
	int matches;          /* the running bot answered "ready2": it may stay up */
	int renewed;          /* this game's handshake goes to a bot kept up: "game" first */
	double cpu_base;      /* the bot's CPU time when this game began (ms) */
	int ended_quietly;    /* kept up, it ended before answering the 'game' block, having
			       * written nothing after 'gameover' (player_ended_between_games()) */
};

/* The moves of "@script:MOVES"; a bare "@script" waits for player_set_script(). */
static int script_parse(struct player *p, char *err, size_t len)
{
	const char *text = p->prog.script;
	char bad[80];
	int n;

	if (!*text) {
		p->script_from_deal = 1;
		return 0;
	}
	p->script = xcalloc(PLAYER_MAX_SCRIPT, sizeof(*p->script));
	n = move_list_parse(text, strlen(text), p->script, PLAYER_MAX_SCRIPT, bad, sizeof(bad));
	if (n < 0) {
		snprintf(err, len, "@script: %s", bad);
		return -1;
	}
	p->nscript = n;
	return 0;
}

struct player *player_new(const char *spec, uint64_t seed, char *err, size_t len)
{
	return player_new_in(spec, NULL, seed, err, len);
}

struct player *player_new_in(const char *spec, const char *dir, uint64_t seed, char *err,
			     size_t len)
{
	struct player *p = xcalloc(1, sizeof(*p));

	p->spec = xstrdup(spec);
	p->bank_left = -1;
	p->slot = p->slot_lock = -1;
	strbuf_init(&p->queue);
	strbuf_init(&p->line);
	strbuf_init(&p->comment);
	rng_seed(&p->rng, seed);
	if (seat_parse(&p->prog, spec, dir, err, len) < 0) {
		player_free(p);
		return NULL;
	}
	p->kind = p->prog.kind == SEAT_RANDOM ? PLAYER_RANDOM :
		  p->prog.kind == SEAT_GREEDY ? PLAYER_GREEDY :
		  p->prog.kind == SEAT_SEARCH ? PLAYER_SEARCH :
		  p->prog.kind == SEAT_SCRIPT ? PLAYER_SCRIPT :
		  p->prog.kind == SEAT_HUMAN ? PLAYER_HUMAN : PLAYER_BOT;
	if (p->kind == PLAYER_SCRIPT && script_parse(p, err, len) < 0) {
		player_free(p);
		return NULL;
	}
	if (p->kind == PLAYER_SEARCH) {
		p->view = xmalloc(sizeof(*p->view));
		p->effort = p->prog.effort;
	}
	/* a person answers on standard input and sees the game on standard error */
	if (p->kind == PLAYER_HUMAN)
		p->human = human_new(stdin, stderr, human_colour_wanted(STDERR_FILENO));
	return p;
}

/*
 * @search's move: it is given its seat's view, never the game. A view no
 * deal agrees with cannot come from a real game; @greedy's move then.
 */
static int search_decide(struct player *p, const struct game *g, struct move *out)
{
	int seat = game_to_move(g);

	if (seat < 0)
		return -1;
	view_seat(g, seat, p->view);
	if (search_move(p->view, p->effort ? p->effort : search_default_effort(g->rules.variant),
			&p->rng, out) == 0)
		return 0;
	return builtin_greedy(g, out);
}

int player_quick_move(struct player *p, const struct game *g, struct move *out)
{
	if (p->kind == PLAYER_RANDOM)
		return builtin_random(g, &p->rng, out);
	if (p->kind == PLAYER_GREEDY)
		return builtin_greedy(g, out);
	if (p->kind == PLAYER_SEARCH)
		return search_decide(p, g, out);
	return 1;
}

struct rng *player_random_stream(struct player *p)
{
	return p->kind == PLAYER_RANDOM ? &p->rng : NULL;
}

int player_renewable(const struct player *p)
{
	return p->kind == PLAYER_RANDOM || p->kind == PLAYER_GREEDY || p->kind == PLAYER_SEARCH;
}

int player_renew(struct player *p, uint64_t seed)
{
	if (!player_renewable(p))
		return -1;
	rng_seed(&p->rng, seed);
	return 0;
}

void player_set_script(struct player *p, const struct move *moves, int n)
{
	free(p->script);
	p->script = xcalloc(n > 0 ? (size_t)n : 1, sizeof(*p->script));
	if (n > 0)
		memcpy(p->script, moves, (size_t)n * sizeof(*moves));
	p->nscript = n;
	p->script_pos = 0;
	p->script_from_deal = 0;
}

int player_wants_script(const struct player *p)
{
	return p->kind == PLAYER_SCRIPT && p->script_from_deal;
}

void player_stop(struct player *p)
{
	if (!p)
		return;
	if (p->bot) {
		bot_stop(p->bot, 0, 0);
		p->mem_peak_mb = bot_mem_peak_mb(p->bot);
		if (!p->file_err[0])
			snprintf(p->file_err, sizeof(p->file_err), "%s", bot_log_error(p->bot));
	}
	bot_free(p->bot);
	p->bot = NULL;
	/* a kept scratch becomes the referee user's: nothing setuid of a bot's stays */
	if (p->scratch[0] && p->env->keep_scratch)
		sandbox_tree_own(p->scratch, geteuid(), getegid(), SANDBOX_OWN_KEEP);
	else if (p->scratch[0])
		sandbox_scratch_remove(p->scratch);
	p->scratch[0] = '\0';
	sandbox_slot_release(p->slot, p->slot_lock);
	p->slot = p->slot_lock = -1;
}

int player_stderr_path(const struct player_env *env, int seat, char *buf, size_t len)
{
	size_t n;

	if (!env->stderr_prefix)
		return 0;
	n = strlen(env->stderr_prefix);
	/* "DIR/" gives DIR/seatN.stderr; "game" gives game.seatN.stderr */
	snprintf(buf, len, "%s%sseat%d.stderr", env->stderr_prefix,
		 n && env->stderr_prefix[n - 1] == '/' ? "" : ".", seat);
	return 1;
}

/*
 * Renames from to to unless to exists (-1 with EEXIST), in one step, so
 * that a file another process makes at to meanwhile (a second referee
 * with the same --bot-logs) is never replaced. Where the file system
 * lacks RENAME_NOREPLACE (NFS) a link and an unlink do the same: link()
 * refuses an existing name too. 0, or -1 with errno.
 */
static int rename_noreplace(const char *from, const char *to)
{
	if (renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return -1;
	if (link(from, to) < 0)
		return -1;
	return unlink(from);
}

int player_keep_stderr(const struct player_env *env, int seat, char *err, size_t len)
{
	char path[4096], kept[4200], head[80], seed[24] = "unknown";
	size_t dir;
	unsigned long long n;
	struct stat st;
	FILE *f;

	if (!env->stderr_keep || !player_stderr_path(env, seat, path, sizeof(path)))
		return 0;
	if (lstat(path, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size == 0)
		return 0; /* nothing to keep: the open refuses anything but a file */
	if ((f = fopen(path, "r"))) {
		if (fgets(head, sizeof(head), f) && sscanf(head, "=== game seed %llu,", &n) == 1)
			snprintf(seed, sizeof(seed), "%llu", n);
		fclose(f);
	}
	dir = strlen(path) - strlen(strrchr(path, '/') ? strrchr(path, '/') + 1 : path);
	for (int k = 1; k < 1000; k++) {
		char suffix[16] = "";

		if (k > 1)
			snprintf(suffix, sizeof(suffix), "-%d", k);
		snprintf(kept, sizeof(kept), "%.*sgame-%s%s.seat%d.stderr", (int)dir, path, seed,
			 suffix, seat);
		if (rename_noreplace(path, kept) == 0)
			return 0;
		if (errno != EEXIST)
			break;
	}
	snprintf(err, len, "cannot keep '%s' as '%s': %s", path, kept, strerror(errno));
	return -1;
}

void player_free(struct player *p)
{
	if (!p)
		return;
	player_stop(p);
	human_free(p->human);
	seat_release(&p->prog);
	free(p->script);
	free(p->view);
	strbuf_release(&p->queue);
	strbuf_release(&p->line);
	strbuf_release(&p->comment);
	free(p->spec);
	free(p);
}

const char *player_spec(const struct player *p)
{
	return p->spec;
}

const char *player_program(const struct player *p)
{
	return p->kind == PLAYER_BOT ? p->prog.argv[0] : NULL;
}

const char *player_name(const struct player *p)
{
	return p->name;
}

const char *player_last_line(const struct player *p)
{
	return p->line.buf;
}

const char *player_comment(const struct player *p, size_t *len)
{
	*len = p->comment.len;
	return p->comment.buf;
}

double player_mem_peak_mb(const struct player *p)
{
	return p->kind == PLAYER_BOT ? p->mem_peak_mb : -1;
}

double player_time_used(const struct player *p)
{
	return p->wall_ms + p->held_ms;
}

int player_is_builtin(const struct player *p)
{
	return p->kind != PLAYER_BOT && p->kind != PLAYER_HUMAN;
}

int player_is_running(const struct player *p)
{
	return p->bot != NULL;
}

const char *player_file_error(const struct player *p)
{
	if (!p->file_err[0] && p->bot)
		return bot_log_error(p->bot);
	return p->file_err;
}

/* ---- transcript ------------------------------------------------------- */

/* Logs every line of text sent (dir '<') or received ('>') for the seat. */
static void log_lines(const struct player *p, char dir, const char *text, size_t len)
{
	FILE *t = p->env->transcript;
	double at;
	size_t i = 0;

	if (!t)
		return;
	at = (clock_ms() - p->env->t0) / 1e3;
	while (i < len) {
		size_t j = i;

		while (j < len && text[j] != '\n')
			j++;
		if (dir == '>') {
			/* a bot's bytes are kept, escaped: the record stays printable text */
			struct strbuf sb = STRBUF_INIT;

			strbuf_init(&sb);
			strbuf_add_escaped(&sb, text + i, j - i);
			fprintf(t, "%.3f %d%c %s\n", at, p->seat, dir, sb.buf);
			strbuf_release(&sb);
		} else {
			fprintf(t, "%.3f %d%c %.*s\n", at, p->seat, dir, (int)(j - i), text + i);
		}
		i = j + 1;
	}
}

static int send_text(struct player *p, const char *text, size_t len, double deadline,
		     struct fault *f)
{
	log_lines(p, '<', text, len);
	return bot_write(p->bot, text, len, deadline, f);
}

/* ---- life cycle ------------------------------------------------------- */

/* The line that starts a game's part of a bot's stderr file. */
static void stderr_header(const struct player_env *env, int seat, char *buf, size_t len)
{
	snprintf(buf, len, "=== game seed %llu, seat %d ===\n", env->seed, seat);
}

/*
 * How long a kept bot whose scratch could not be emptied is given to be
 * seen ending (its sandbox's init follows the bot within a few ms).
 */
#define ENDED_GRACE_MS 200

/*
 * A bot kept up from the last game of the match (player_pause()) begins
 * the next: its game's clock, bank and budget start afresh, its scratch
 * is emptied and its stderr file gets the game's header (with --bot-logs,
 * in a file of its own: player_keep_stderr()). 0, or -1 when
 * the bot is not kept (stopped: the caller starts a fresh one).
 */
static int renew(struct player *p, const struct player_env *env, int seat)
{
	char header[64], path[4096], err[320];
	int keep, have, cleared;
	double t0;

	if (!p->matches || seat != p->seat) {
		player_stop(p);
		return -1;
	}
	/*
	 * cpu_s (RLIMIT_CPU) counts over a process's life, and a kept one
	 * was started with twice it: one that has used cpu_s may have less
	 * than a game's left, and a fresh process plays instead (the tree's
	 * CPU time: no process of it has used more)
	 */
	if (env->lim[seat].cpu_s > 0 &&
	    bot_cpu_ms(p->bot) >= (double)env->lim[seat].cpu_s * 1000) {
		player_stop(p);
		return -1;
	}
	/*
	 * A scratch that cannot be emptied stops a bot that runs; one that
	 * ended (its private /tmp went with it) is renewed all the same, so
	 * that its answer's read decides, whenever the end came: a line it
	 * wrote after 'gameover' is a startup fault, none a fresh process
	 * (player_ended_between_games()); with --keep-scratch, a host
	 * directory and the private /tmp beside it
	 */
	t0 = clock_ms();
	cleared = (bot_scratch_clear(p->bot, p->scratch[0] ? p->scratch : NULL) == 0 &&
		   (!p->scratch[0] || !sandbox_private_scratch(env->insecure) ||
		    bot_scratch_clear(p->bot, NULL) == 0));
	/*
	 * a bot that keeps writing into its scratch holds the referee here
	 * (up to the walk's 2 s): no budget's time, as it is not the game's,
	 * but the stop policy's, so that a stop that lands meanwhile charges
	 * that bot, not another that has used next to nothing yet
	 * (tests/sh/t_attack_match_clear_stop.sh)
	 */
	p->held_ms = clock_ms() - t0;
	if (!cleared && !bot_ended(p->bot, ENDED_GRACE_MS)) {
		player_stop(p);
		return -1;
	}
	p->mem_peak_mb = -1;
	stderr_header(env, seat, header, sizeof(header));
	/*
	 * --bot-logs: the last game's file is kept under its own name, as
	 * when a fresh bot starts; where that fails, so would the fresh
	 * start the caller then makes, which says why
	 */
	have = player_stderr_path(env, seat, path, sizeof(path));
	keep = env->stderr_keep && have;
	if (env->stderr_own && !have)
		bot_stderr_drop(p->bot); /* this game keeps no stderr */
	if ((keep && player_keep_stderr(env, seat, err, sizeof(err)) < 0) ||
	    bot_stderr_next_game(p->bot, header, (keep || (env->stderr_own && have)) ? path : NULL,
				 err, sizeof(err)) < 0) {
		player_stop(p);
		return -1;
	}
	p->renewed = 1;
	p->matches = 0; /* until it answers "ready2" again */
	p->launched = clock_ms();
	p->bank_left = env->time.bank_ms > 0 ? (double)env->time.bank_ms : -1;
	p->budget = time_limits_budget(&env->time);
	p->used_ms = p->wall_ms = 0;
	p->cpu_base = bot_cpu_ms(p->bot);
	strbuf_reset(&p->queue);
	return 0;
}

int player_launch(struct player *p, const struct player_env *env, int seat, struct fault *f,
		  char *err, size_t len)
{
	struct bot_spec bs;
	enum bot_start_failure why;
	char path[4096], header[64];

	f->seat = seat;
	f->kind = FAULT_NONE;
	p->renewed = 0;
	p->own_env = *env;
	env = p->env = &p->own_env;
	/* this game's: renew() sets it; a fresh process that replaces a kept one keeps it */
	p->held_ms = 0;
	/* a bot kept up from the last game (player_pause()), in the same seat */
	if (p->bot && renew(p, env, seat) == 0)
		return 0;
	p->seat = seat;
	p->mem_peak_mb = -1;
	if (p->kind != PLAYER_BOT)
		return 0;
	/* no slot, no scratch directory: the referee's failure, never the bot's */
	p->slot = sandbox_slot_acquire(&p->slot_lock, err, len);
	/* a directory on the host only where the sandbox cannot give a private one */
	if (p->slot < 0 ||
	    ((env->keep_scratch || !sandbox_private_scratch(env->insecure)) &&
	     sandbox_scratch_new(env->scratch_root, p->slot, p->scratch, sizeof(p->scratch), err,
				 len) < 0)) {
		p->scratch[0] = '\0';
		player_stop(p);
		return -1;
	}
	memset(&bs, 0, sizeof(bs));
	bs.argv = p->prog.argv;
	bs.scratch = p->scratch[0] ? p->scratch : NULL;
	bs.botdir = p->prog.dir;
	bs.hide = env->hide;
	bs.lim = env->lim[seat];
	/* a process kept for the next game has cpu_s left for it (renew()) */
	if (env->keep_next && bs.lim.cpu_s > 0)
		bs.lim.cpu_s *= 2;
	bs.slot = p->slot;
	bs.insecure = env->insecure;
	bs.stderr_cap = env->stderr_cap;
	if (player_stderr_path(env, seat, path, sizeof(path))) {
		if (player_keep_stderr(env, seat, err, len) < 0) {
			player_stop(p);
			return -1;
		}
		stderr_header(env, seat, header, sizeof(header));
		bs.stderr_path = path;
		bs.stderr_append = env->stderr_append;
		bs.stderr_header = header;
	}
	p->launched = clock_ms();
	p->bank_left = env->time.bank_ms > 0 ? (double)env->time.bank_ms : -1;
	p->budget = time_limits_budget(&env->time);
	p->used_ms = p->wall_ms = 0;
	p->cpu_base = 0;
	p->matches = 0;
	p->bot = bot_start(&bs, &why, f->detail, sizeof(f->detail));
	if (!p->bot) {
		player_stop(p);
		if (why == BOT_START_REFEREE) {
			snprintf(err, len, "%s", f->detail);
			f->detail[0] = '\0';
			return -1;
		}
		f->kind = FAULT_STARTUP;
	}
	return 0;
}

/* What is left of the bot's game budget, in the game's clock. */
static double budget_left(const struct player *p)
{
	return (double)p->budget - p->used_ms;
}

/* What is left of the wall-clock time the bot may keep the referee waiting. */
static double wall_left(const struct player *p)
{
	return (double)p->budget + (p->env->time.cpu ? TIME_WALL_MARGIN_MS : 0) - p->wall_ms;
}

/*
 * In the CPU clock every CPU millisecond of the bot's tree counts against
 * its budget, whenever it was used: a bot that thinks while others decide
 * (a thread spinning all game) pays for it. Only the decision's own limit
 * counts just the time while the referee waits for its answer.
 */
static void charge_all_cpu(struct player *p)
{
	double total;

	if (p->env->time.cpu && p->bot && (total = bot_cpu_ms(p->bot) - p->cpu_base) > p->used_ms)
		p->used_ms = total;
}

/* Charges what a wait since t0 (cpu0 on the bot's CPU clock) cost. */
static double charge(struct player *p, double t0, double cpu0)
{
	double wall = clock_ms() - t0;
	double used = p->env->time.cpu && p->bot ? bot_cpu_ms(p->bot) - cpu0 : wall;

	p->wall_ms += wall;
	p->used_ms += used;
	charge_all_cpu(p);
	return used;
}

/* The startup limit, cut by the game budget when that is shorter. */
static long startup_limit(const struct player *p)
{
	return p->env->time.startup_ms < p->budget ? p->env->time.startup_ms : p->budget;
}

/*
 * Remembers a request block (what a fault quotes): its first ("request")
 * line and its last ("legal") line. A request starts the block, which
 * then holds it alone, not the events queued before it; in the hello it
 * comes after the settings.
 */
static void note_request(struct player *p, const char *req, size_t len)
{
	const char *end = req + len, *last, *nl;
	/* "REQUEST | LAST", cut to fit; by hand, as this is every decision's */
	size_t room = sizeof(p->request) - 1, n, at;

	if (len < 8 || memcmp(req, "request ", 8)) {
		/* the hello: its request comes after the settings */
		nl = memmem(req, len, "\nrequest ", 9);
		if (!nl) {
			p->request[0] = '\0';
			return;
		}
		len -= (size_t)(nl + 1 - req);
		req = nl + 1;
	}
	while (end > req && end[-1] == '\n')
		end--;
	last = memrchr(req, '\n', (size_t)(end - req));
	last = last ? last + 1 : req;
	nl = memchr(req, '\n', len);
	n = nl ? (size_t)(nl - req) : len;
	at = n < room ? n : room;
	memcpy(p->request, req, at);
	n = room - at < 3 ? room - at : 3;
	memcpy(p->request + at, " | ", n);
	at += n;
	n = (size_t)(end - last);
	n = n < room - at ? n : room - at;
	memcpy(p->request + at, last, n);
	p->request[at + n] = '\0';
}

void player_fault_context(struct player *p, struct fault *f)
{
	char add[sizeof(f->detail)], tail[280];
	size_t n = strlen(f->detail), at, m;

	if (p->kind != PLAYER_BOT)
		return;
	/* the request goes before the stderr tail a bot that ended already has */
	at = f->stderr_at > 0 && (size_t)f->stderr_at - 1 < n ? (size_t)f->stderr_at - 1 : n;
	m = p->request[0] ? (size_t)snprintf(add, sizeof(add), "; request: %s", p->request) : 0;
	if (m > sizeof(f->detail) - 1 - n)
		m = sizeof(f->detail) - 1 - n; /* cut the request, keep what is there */
	memmove(f->detail + at + m, f->detail + at, n - at + 1);
	memcpy(f->detail + at, add, m);
	n += m;
	if (m) {
		f->request_at = (int)at + 1;
		f->request_len = (int)m;
		if (f->stderr_at > 0 && (size_t)f->stderr_at - 1 >= at)
			f->stderr_at += (int)m;
	}
	if (f->stderr_at || !p->bot || n + 1 >= sizeof(f->detail))
		return;
	bot_stderr_tail(p->bot, tail, sizeof(tail));
	if (*tail)
		snprintf(f->detail + n, sizeof(f->detail) - n, "; stderr: %s", tail);
	f->stderr_at = (int)n + 1;
}

int player_hello(struct player *p, const struct game *g, uint64_t bot_seed, struct fault *f)
{
	struct strbuf hello = STRBUF_INIT;
	int ret;

	if (p->kind == PLAYER_HUMAN)
		human_start(p->human, g, p->seat);
	if (p->kind != PLAYER_BOT)
		return 0;
	strbuf_init(&hello);
	/*
	 * a bot kept up from the last game learns that another follows; its
	 * start is this 'game' line, not its renewal: the seats renewed or
	 * started after it (a scratch that its bot keeps writing to takes up
	 * to the walk's limit to empty) are no time of its own
	 */
	if (p->renewed) {
		strbuf_addstr(&hello, "game\n");
		p->launched = clock_ms();
	}
	protocol_hello(g, p->seat, &p->env->time, (unsigned long long)bot_seed, &hello);
	bot_watch_output(p->bot);
	note_request(p, hello.buf, hello.len);
	ret = send_text(p, hello.buf, hello.len, p->launched + (double)startup_limit(p), f);
	/*
	 * a kept bot that cannot be written to has ended, or closed its
	 * input: what it wrote after 'gameover', or its end, is read by
	 * player_ready() (whether the end came before this write or after
	 * must not matter: protocol.md, Matches)
	 */
	if (ret < 0 && p->renewed && !bot_interrupted() && f->kind != FAULT_TIMEOUT)
		ret = 0;
	if (ret < 0 && !bot_interrupted() && f->kind != FAULT_MEMORY)
		f->kind = FAULT_STARTUP;
	strbuf_release(&hello);
	return ret;
}

/*
 * Did the read of a kept bot's answer to its 'game' block fail (fault f,
 * its kind as the read gave it) because the bot ended, having written
 * nothing after 'gameover'? Its output closed, it is given until its
 * startup limit to end.
 */
static int ended_quietly(struct player *p, const struct fault *f)
{
	double left;

	if (!p->renewed || bot_interrupted())
		return 0;
	if (f->kind != FAULT_EOF && f->kind != FAULT_CRASH && f->kind != FAULT_SANDBOX &&
	    f->kind != FAULT_MEMORY)
		return 0;
	/* anything written after 'gameover', even part of a line, answers the handshake */
	if (bot_has_output(p->bot))
		return 0;
	/* its output closed: has it ended, or does it hang until the startup limit? */
	left = p->launched + (double)startup_limit(p) - clock_ms();
	return bot_ended(p->bot, left > 0 ? left : 0);
}

int player_ready(struct player *p, struct fault *f)
{
	long limit;
	double arrived;
	char why[128];
	int ret = -1;

	if (p->kind != PLAYER_BOT)
		return 0;
	limit = startup_limit(p);
	p->ended_quietly = 0;
	if (bot_read_line(p->bot, p->launched + (double)limit, &p->line, f) < 0) {
		p->ended_quietly = ended_quietly(p, f);
		if (f->no_answer)
			snprintf(f->detail, sizeof(f->detail), "no 'ready' within %ld ms%s%s", limit,
				 limit < p->env->time.startup_ms ? " (its game time budget)" : "",
				 p->renewed ? " of the 'game' line (between the games of a match)" : "");
		/* a bot its memory limit killed has that fault, whenever it came */
		if (!bot_interrupted() && f->kind != FAULT_MEMORY)
			f->kind = FAULT_STARTUP;
		goto out;
	}
	log_lines(p, '>', p->line.buf, p->line.len);
	if (protocol_parse_ready(p->line.buf, p->line.len, p->name, sizeof(p->name), &p->matches,
				 why, sizeof(why)) < 0) {
		char q[260];

		escape_text(p->line.buf, p->line.len, 60, q, sizeof(q));
		f->kind = FAULT_STARTUP;
		int n = snprintf(f->detail, sizeof(f->detail), "answered '%s' to the handshake: %s",
				 q, why);

		if (p->renewed && n > 0 && (size_t)n < sizeof(f->detail))
			snprintf(f->detail + n, sizeof(f->detail) - (size_t)n, " (in a match, a line "
				 "written after the last game's 'gameover' answers the next game's "
				 "handshake)");
		goto out;
	}
	ret = 0;
out:
	/*
	 * The start counts against the budget, up to the arrival of the answer
	 * (the bots start side by side: waiting on another is not its time).
	 */
	arrived = clock_ms();
	if (ret == 0 && bot_output_time(p->bot) > 0 && bot_output_time(p->bot) < arrived)
		arrived = bot_output_time(p->bot);
	p->wall_ms += arrived - p->launched;
	p->used_ms += p->env->time.cpu ? bot_cpu_ms(p->bot) - p->cpu_base : arrived - p->launched;
	return ret;
}

int player_ended_between_games(const struct player *p)
{
	return p->kind == PLAYER_BOT && p->ended_quietly;
}

int player_relaunch(struct player *p, struct fault *f, char *err, size_t len)
{
	struct player_env env = p->own_env;
	int seat = p->seat;
	double held = p->held_ms;
	int ret;

	player_stop(p);
	/* the game's stderr file, already begun, goes on: the fresh process's follows */
	env.stderr_append = 1;
	env.stderr_keep = 0;
	ret = player_launch(p, &env, seat, f, err, len);
	p->held_ms = held; /* the same game: what it held the referee still counts */
	return ret;
}

void player_queue(struct player *p, const struct game *g, int from, int to)
{
	p->request[0] = '\0'; /* the request was answered: a later fault quotes none */
	if (p->kind == PLAYER_HUMAN)
		human_events(p->human, g, from, to);
	if (p->kind != PLAYER_BOT || !p->bot)
		return;
	for (int i = from; i < to; i++)
		view_event(g, &g->ev[i], p->seat, &p->queue);
}

/* Sends what is queued: the game's last events, before the quit. */
static int player_flush(struct player *p, struct fault *f)
{
	double t0, left, limit, cpu0;
	int ret;

	if (p->kind != PLAYER_BOT || !p->bot || !p->queue.len)
		return 0;
	/* a bot that does not read its events uses its own time */
	t0 = clock_ms();
	left = wall_left(p);
	limit = (double)p->env->time.move_ms < left ? (double)p->env->time.move_ms : left;
	cpu0 = p->env->time.cpu ? bot_cpu_ms(p->bot) : 0;
	ret = send_text(p, p->queue.buf, p->queue.len, t0 + (limit > 0 ? limit : 0), f);
	charge(p, t0, cpu0);
	strbuf_reset(&p->queue);
	return ret;
}

/* A FAULT_TIMEOUT with the budget's words: "WHAT: its game time budget of N ms is used up". */
static void budget_fault(const struct player *p, struct fault *f, const char *what)
{
	f->kind = FAULT_TIMEOUT;
	if (p->env->time.cpu)
		snprintf(f->detail, sizeof(f->detail), "%s: its game time budget of %ld ms (CPU "
			 "time, and the budget + %d ms of wall-clock time) is used up", what,
			 p->budget, TIME_WALL_MARGIN_MS);
	else
		snprintf(f->detail, sizeof(f->detail), "%s: its game time budget of %ld ms is used up",
			 what, p->budget);
}

/*
 * Reads the answer to a request sent at t0. limit is what the decision
 * may take by its move limit and the bank; the game budget may cut it
 * shorter. Enforced on the wall clock, or on the bot's CPU clock with a
 * wall-clock backstop per move and per game.
 */
static int read_answer(struct player *p, double t0, double cpu0, double limit, struct fault *f)
{
	double left = budget_left(p), wleft = wall_left(p);
	int budget_binds = left < limit;
	double eff = budget_binds ? left : limit;
	char what[96];

	if (!p->env->time.cpu) {
		if (bot_read_line(p->bot, t0 + eff, &p->line, f) == 0)
			return 0;
		if (f->no_answer && budget_binds) {
			snprintf(what, sizeof(what), "no answer within %.0f ms", eff);
			budget_fault(p, f, what);
		} else if (f->no_answer) {
			snprintf(f->detail, sizeof(f->detail), "no answer within %.0f ms", eff);
		}
		return -1;
	}
	/* CPU time: wait in slices; a bot that sleeps still meets a wall backstop */
	double move_backstop = t0 + TIME_WALL_FACTOR * limit + TIME_WALL_MARGIN_MS;
	double game_backstop = t0 + wleft;
	double backstop = move_backstop < game_backstop ? move_backstop : game_backstop;

	for (;;) {
		double used = bot_cpu_ms(p->bot) - cpu0;
		double slice = clock_ms() + (eff - used > 5 ? eff - used : 5);
		int got = bot_read_line(p->bot, slice < backstop ? slice : backstop, &p->line, f);

		if (got < 0 && !f->no_answer)
			return -1;
		/*
		 * An answer counts only within the CPU time: a slice is wall-clock
		 * time, in which several threads (or processes) on several CPUs use
		 * more CPU than that, so the answer is looked at too.
		 */
		if (bot_cpu_ms(p->bot) - cpu0 > eff) {
			f->kind = FAULT_TIMEOUT;
			f->no_answer = 1;
			snprintf(what, sizeof(what), "used more than %.0f ms of CPU time", eff);
			if (budget_binds)
				budget_fault(p, f, what);
			else
				snprintf(f->detail, sizeof(f->detail), "%s", what);
			return -1;
		}
		if (got == 0)
			return 0;
		if (clock_ms() >= backstop) {
			snprintf(what, sizeof(what), "no answer within %.0f ms of wall-clock time",
				 backstop - t0);
			if (backstop == game_backstop)
				budget_fault(p, f, what);
			else
				snprintf(f->detail, sizeof(f->detail),
					 "no answer within the wall-clock backstop of %.0f ms",
					 backstop - t0);
			return -1;
		}
		f->no_answer = 0;
	}
}

static int bot_decide(struct player *p, const struct game *g, struct move *out, double *ms,
		      struct fault *f)
{
	const struct time_limits *t = &p->env->time;
	double limit = (double)t->move_ms + (p->bank_left > 0 ? p->bank_left : 0);
	double left, t0, cpu0, used;
	long show_move, show_bank;
	size_t at, mlen, clen;
	const char *comment;
	int ret;
	char q[360];

	charge_all_cpu(p);
	left = budget_left(p);
	strbuf_reset(&p->line);
	if (bot_has_output(p->bot) && bot_read_line(p->bot, clock_ms(), &p->line, f) == 0) {
		escape_text(p->line.buf, p->line.len, 80, q, sizeof(q));
		f->kind = FAULT_OVERFLOW;
		snprintf(f->detail, sizeof(f->detail),
			 "output flood: '%s' arrived with no request pending "
			 "(answer each request with exactly one line; debug output goes to stderr)", q);
		return -1;
	}
	if (left < 1 || wall_left(p) < 1) {
		strbuf_reset(&p->queue);
		budget_fault(p, f, "no time left for a decision");
		return -1;
	}
	/* the request shows what the bot may really use: the budget may cut it */
	show_move = (double)t->move_ms < left ? t->move_ms : (long)left;
	show_bank = p->bank_left < 0 ? -1 : p->bank_left < left - (double)show_move
		    ? (long)p->bank_left : (long)(left - (double)show_move);
	at = p->queue.len; /* the events queued since the last request come first */
	protocol_request(g, show_move, show_bank, &p->queue);
	note_request(p, p->queue.buf + at, p->queue.len - at);
	t0 = clock_ms();
	cpu0 = t->cpu ? bot_cpu_ms(p->bot) : 0;
	ret = send_text(p, p->queue.buf, p->queue.len,
			t0 + (limit < wall_left(p) ? limit : wall_left(p)), f);
	strbuf_reset(&p->queue);
	if (ret == 0)
		ret = read_answer(p, t0, cpu0, limit, f);
	used = charge(p, t0, cpu0);
	if (ret < 0)
		return -1;
	*ms = used;
	log_lines(p, '>', p->line.buf, p->line.len);
	if (p->bank_left >= 0 && used > (double)t->move_ms)
		p->bank_left -= used - (double)t->move_ms;
	/* the move is what comes before a '#'; the comment is kept, capped, for the record */
	mlen = protocol_split_comment(p->line.buf, p->line.len, &comment, &clen);
	strbuf_add(&p->comment, comment, clen < PROTOCOL_MAX_COMMENT ? clen : PROTOCOL_MAX_COMMENT);
	if (move_parse(p->line.buf, mlen, out) < 0) {
		struct strbuf legal = STRBUF_INIT, d = STRBUF_INIT;

		strbuf_init(&legal);
		strbuf_init(&d);
		protocol_legal(g, &legal);
		escape_text(p->line.buf, p->line.len, 80, q, sizeof(q));
		f->kind = FAULT_MALFORMED;
		strbuf_addf(&d, "'%s' is not a move; legal: %.300s%s", q, legal.buf,
			    legal.len > 300 ? "..." : "");
		snprintf(f->detail, sizeof(f->detail), "%s", d.buf);
		strbuf_release(&legal);
		strbuf_release(&d);
		return -1;
	}
	return 0;
}

/*
 * A scripted seat: its next move; once the list is used up, @greedy's.
 * A move that is not legal now is an illegal-move fault naming the
 * script's move and the engine's reason (the seat then gets the fallback
 * of every faulted seat, @greedy).
 */
static int script_decide(struct player *p, const struct game *g, struct move *out,
			 struct fault *f)
{
	struct game *copy;
	char text[64], why[160];

	switch (builtin_script(g, p->script, p->nscript, &p->script_pos, out)) {
	case SCRIPT_MOVE:
	case SCRIPT_DONE:
		return 0;
	case SCRIPT_ILLEGAL:
		break;
	default:
		return -1;
	}
	copy = xmalloc(sizeof(*copy));
	*copy = *g;
	why[0] = '\0';
	game_apply(copy, out, why, sizeof(why));
	free(copy);
	move_format(out, text, sizeof(text));
	f->kind = FAULT_ILLEGAL;
	snprintf(f->detail, sizeof(f->detail), "script move %d '%s' is not legal now: %s (a %s "
		 "decision)", p->script_pos + 1, text, why, decision_name(game_decision(g)));
	return -1;
}

/*
 * A person's decision, without a time limit. A person who leaves ("quit",
 * the end of input) faults with FAULT_EOF, like a bot that closed its
 * output: @greedy finishes the seat and the person's side forfeits.
 */
static int human_turn(struct player *p, const struct game *g, struct move *out, struct fault *f)
{
	enum human_end end;

	if (human_decide(p->human, g, out, &end) == 0)
		return 0;
	f->kind = FAULT_EOF;
	snprintf(f->detail, sizeof(f->detail), "%s",
		 end == HUMAN_QUIT ? "the person typed 'quit'" : "the person's input ended (Ctrl-D)");
	return -1;
}

int player_decide(struct player *p, const struct game *g, struct move *out, double *ms,
		  struct fault *f)
{
	*ms = 0;
	f->seat = game_to_move(g);
	strbuf_reset(&p->comment);
	switch (p->kind) {
	case PLAYER_RANDOM:
		return builtin_random(g, &p->rng, out);
	case PLAYER_GREEDY:
		return builtin_greedy(g, out);
	case PLAYER_SEARCH:
		return search_decide(p, g, out);
	case PLAYER_SCRIPT:
		return script_decide(p, g, out, f);
	case PLAYER_HUMAN:
		return human_turn(p, g, out, f);
	default:
		if (!p->bot) {
			f->kind = FAULT_CRASH;
			snprintf(f->detail, sizeof(f->detail), "the bot is not running");
			return -1;
		}
		return bot_decide(p, g, out, ms, f);
	}
}

int player_plays_matches(const struct player *p)
{
	return p->kind == PLAYER_BOT && p->bot && p->matches;
}

int player_pause(struct player *p)
{
	struct fault f;

	if (!player_plays_matches(p)) {
		player_finish(p);
		return 0;
	}
	memset(&f, 0, sizeof(f));
	if (player_flush(p, &f) < 0) {
		/* it did not read its last events: the next game gets a fresh one */
		player_stop(p);
		return 0;
	}
	p->mem_peak_mb = bot_mem_peak_mb(p->bot);
	return 1;
}

void player_finish(struct player *p)
{
	struct fault f;

	if (p->kind != PLAYER_BOT || !p->bot)
		return;
	memset(&f, 0, sizeof(f));
	player_flush(p, &f);
	log_lines(p, '<', "quit\n", 5);
	bot_stop(p->bot, 1, 500);
	player_stop(p);
}
