/*
 * report_feedback.c - RESULTS/feedback/NAME.txt, one file per bot (see report_feedback.h).
 *
 * The facts come from what the run stored: the standings (computed from
 * results.jsonl), each fault's line in results.jsonl (its detail and the
 * command that replays the game), the game record in logs/ (the request
 * block the bot was answering and its answer), the bot's stderr file, and
 * the build log. A record that was not kept (logs = none) leaves that part
 * out and says so.
 */
#include "report_feedback.h"

#include <errno.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "file.h"
#include "store_jsonl.h"
#include "path.h"
#include "report.h"
#include "report_html.h"
#include "util.h"

#define TAIL_LINES 8

/* Appends text (untrusted) as lines "    | LINE", escaped. */
static void add_quoted(struct strbuf *out, const char *text, size_t n)
{
	size_t i = 0;

	while (i < n) {
		size_t j = i;

		while (j < n && text[j] != '\n')
			j++;
		strbuf_addstr(out, "    | ");
		strbuf_add_escaped(out, text + i, j - i > 300 ? 300 : j - i);
		strbuf_addch(out, '\n');
		i = j + 1;
	}
}

/* Appends the last TAIL_LINES lines of file path, quoted; 0 if it is missing or empty. */
static int add_tail(struct strbuf *out, const char *path)
{
	struct strbuf sb = STRBUF_INIT;
	size_t start, lines = 0;

	strbuf_init(&sb);
	if (jsonl_slurp(path, &sb) < 0 || !sb.len) {
		strbuf_release(&sb);
		return 0;
	}
	while (sb.len && sb.buf[sb.len - 1] == '\n')
		sb.buf[--sb.len] = '\0';
	for (start = sb.len; start > 0; start--)
		if (sb.buf[start - 1] == '\n' && ++lines == TAIL_LINES)
			break;
	add_quoted(out, sb.buf + start, sb.len - start);
	strbuf_release(&sb);
	return 1;
}

/*
 * A transcript line of the record, "TIME N< TEXT" or "TIME N> TEXT": the
 * text after the direction mark of seat, or NULL. The time must be the
 * whole first field and the mark the whole second: a bot's own bytes come
 * only after it (a "ready 1< request play" of another seat is its text).
 */
static const char *transcript(const char *line, const char *mark)
{
	size_t t = strspn(line, "0123456789.");

	if (!t || strncmp(line + t, mark, strlen(mark)))
		return NULL;
	return line + t + strlen(mark);
}

/*
 * From the game record at path: the last request block sent to seat
 * before its fault, and the answer that followed it (if any).
 */
static int read_request(const char *path, int seat, struct strbuf *block, struct strbuf *answer)
{
	FILE *f = fopen(path, "r");
	char line[4096], to[16], from[16], fault[32];
	int collecting = 0;

	if (!f)
		return 0;
	snprintf(to, sizeof(to), " %d< ", seat);
	snprintf(from, sizeof(from), " %d> ", seat);
	snprintf(fault, sizeof(fault), "fault %d ", seat);
	while (fgets(line, sizeof(line), f)) {
		const char *at;

		line[strcspn(line, "\n")] = '\0';
		if (!strncmp(line, fault, strlen(fault)))
			break;
		if ((at = transcript(line, to))) {
			if (!strncmp(at, "request ", 8)) {
				strbuf_reset(block);
				strbuf_reset(answer);
				collecting = 1;
			}
			if (collecting) {
				strbuf_addstr(block, at);
				strbuf_addch(block, '\n');
			}
			if (!strncmp(at, "legal ", 6))
				collecting = 0;
		} else if ((at = transcript(line, from)) && block->len) {
			strbuf_reset(answer);
			strbuf_addstr(answer, at); /* escaped by the referee */
		}
	}
	fclose(f);
	return block->len > 0;
}

/* Appends one fault of bot name: game o (a result line), fault x. */
static void add_fault(struct strbuf *out, const char *dir, const struct result *o,
		      const struct result_fault *x, int number, const char *command)
{
	const char *id = o->game;
	const char *detail = x->detail;
	int seat = x->seat;
	struct strbuf path = STRBUF_INIT, block = STRBUF_INIT, answer = STRBUF_INIT;

	strbuf_init(&path);
	strbuf_init(&block);
	strbuf_init(&answer);
	strbuf_addf(out, "\nfault %d: %s in game %s, seat %d, hand %ld\n", number,
		    x->kind ? x->kind : "(null)", id, seat, x->hand < 0 ? 0 : x->hand);
	strbuf_addstr(out, "  what the referee says:\n");
	add_quoted(out, detail ? detail : "", detail ? strlen(detail) : 0);
	strbuf_addf(&path, "%s/" RESULTS_LOGS "/%s.log", dir, id);
	if (read_request(path.buf, seat, &block, &answer)) {
		strbuf_addstr(out, "  the request it was answering:\n");
		add_quoted(out, block.buf, block.len ? block.len - 1 : 0);
		strbuf_addstr(out, "  its answer:");
		if (answer.len)
			strbuf_addf(out, "\n    | %s\n", answer.buf);
		else
			strbuf_addstr(out, " none\n");
	} else {
		strbuf_addf(out, "  (no request: the fault came before any, or the game record "
			    "%s was not kept)\n", path.buf);
	}
	strbuf_reset(&path);
	strbuf_addf(&path, "%s/" RESULTS_LOGS "/%s.seat%d.stderr", dir, id, seat);
	if (access(path.buf, F_OK) < 0) {
		strbuf_reset(&path);
		strbuf_addf(&path, "%s/" RESULTS_BOT_LOGS "/%s/seat%d.stderr", dir, id, seat);
	}
	strbuf_addstr(out, "  the end of its stderr:");
	strbuf_addch(out, '\n');
	if (!add_tail(out, path.buf))
		strbuf_addstr(out, "    (nothing)\n");
	if (command)
		strbuf_addf(out, "  replay this game:\n    %s\n", command);
	strbuf_release(&path);
	strbuf_release(&block);
	strbuf_release(&answer);
}

/* Appends every fault of bot name in the results l of dir; returns how many. */
static long add_faults(struct strbuf *out, const char *dir, const struct result_list *l,
		       const char *name, const struct results_played *played)
{
	char *path = path_join(dir, RESULTS_FILE);
	struct strbuf list = STRBUF_INIT;
	long n = 0, games = 0;

	strbuf_init(&list);
	for (int k = 0; k < l->n; k++) {
		const struct result *o = &l->r[k];
		int in_game = 0;

		for (int i = 0; i < o->nfaults; i++) {
			const struct result_fault *x = &o->faults[i];
			const char *who = x->seat >= 0 && x->seat < o->bots.n ? o->bots.v[x->seat] : NULL;

			if (!who || strcmp(who, name))
				continue;
			in_game = 1;
			if (++n <= FEEDBACK_FAULTS_MAX)
				add_fault(&list, dir, o, x, (int)n,
					  o->game ? results_played_command(played, o->game) : NULL);
		}
		games += in_game;
	}
	if (!n)
		strbuf_addstr(out, "\nfaults: none. Every answer came in time and was legal: "
			      "the bot is compliant.\n");
	else
		strbuf_addf(out, "\nfaults: %ld, in %ld game%s (it forfeited %s)\n%s", n, games,
			    games == 1 ? "" : "s", games == 1 ? "it" : "each", list.buf);
	if (n > FEEDBACK_FAULTS_MAX)
		strbuf_addf(out, "\n%ld more faults are in %s (the same facts, one game a line)\n",
			    n - FEEDBACK_FAULTS_MAX, path);
	strbuf_release(&list);
	free(path);
	return n;
}

/*
 * The games to study of the bot called name: the last
 * REPORT_HTML_STUDY_GAMES it lost or faulted in (report_html.h, as the
 * standings page lists them), each with its page, made from its record at
 * the end of the run (RESULTS/pages/ID.html), or why there is none.
 */
static void add_study(struct strbuf *out, const char *name,
		      const struct result_set *set)
{
	int idx[REPORT_HTML_STUDY_GAMES], bot = -1;
	long n;

	for (int b = 0; b < (int)set->names.nr && bot < 0; b++)
		if (!strcmp(set->names.items[b], name))
			bot = b;
	n = bot < 0 ? 0 : report_html_study_games(set, bot, idx, REPORT_HTML_STUDY_GAMES);
	if (!n) {
		strbuf_addstr(out, "\ngames to study: none (no game lost or faulted in)\n");
		return;
	}
	strbuf_addf(out, "\ngames to study: %ld lost or faulted in", n);
	if (n > REPORT_HTML_STUDY_GAMES)
		strbuf_addf(out, ", the last %d", REPORT_HTML_STUDY_GAMES);
	strbuf_addstr(out, " (each game's page shows every move; the standings page "
		      "links them too)\n");
	for (long k = 0; k < n && k < REPORT_HTML_STUDY_GAMES; k++) {
		const struct scored_game *res = &set->r[idx[k]];
		const char *src = set->sources.items[res->source];
		struct strbuf path = STRBUF_INIT;
		int first = 1, faulted = 0;

		strbuf_init(&path);
		for (int f = 0; f < res->nfaults; f++)
			faulted |= res->bot[res->faults[f].seat] == bot;
		strbuf_addf(out, "  %s (", res->id);
		for (int s = 0; s < res->nseats; s++)
			if (res->bot[s] == bot) {
				strbuf_addf(out, "%s%d", first ? "seat " : ", ", s);
				first = 0;
			}
		strbuf_addf(out, "): %s\n", faulted ? "faulted" : "lost");
		strbuf_addf(&path, "%s/" RESULTS_LOGS "/%s.log", src, res->id);
		if (access(path.buf, F_OK) == 0)
			strbuf_addf(out, "    %s/" RESULTS_PAGES "/%s.html\n", src, res->id);
		else
			strbuf_addstr(out, "    (no page: its record was not kept; see 'logs' "
				      "in docs/arena.md)\n");
		strbuf_release(&path);
	}
}

/* The standing of the bot called name in every table of st. */
static void add_standing(struct strbuf *out, const char *name, const struct standings *st,
			 const struct result_set *set)
{
	int found = 0;

	for (int t = 0; t < st->ntables; t++) {
		const struct standings_table *tb = &st->tables[t];

		for (int i = 0; i < tb->n; i++) {
			const struct standing *r = &tb->rows[i];

			if (strcmp(set->names.items[r->bot], name))
				continue;
			if (!found++)
				strbuf_addstr(out, "standing (ranked by rating, highest first):\n");
			strbuf_addf(out, "  %s: %d of %d; %ld games, %.1f wins (%.1f%%), %ld "
				    "forfeited, rating %.0f \u00b1 %.0f\n", tb->variant, i + 1, tb->n,
				    r->games, r->wins, r->games ? 100.0 * r->wins / (double)r->games : 0,
				    r->forfeits, report_rating(r), report_plus_minus(r));
		}
	}
	if (!found)
		strbuf_addstr(out, "standing: no games played\n");
}

/* The build: its verdict (why, NULL: it worked) and the end of its log. */
static void add_build(struct strbuf *out, const char *dir, const struct entrant *b,
		      const char *why)
{
	struct strbuf path = STRBUF_INIT;

	strbuf_init(&path);
	if (b && !b->build) {
		strbuf_addstr(out, "build: none (no build command)\n");
	} else if (b) {
		strbuf_addstr(out, "build: '");
		strbuf_add_escaped(out, b->build, strlen(b->build));
		strbuf_addf(out, "': %s\n", why ? "FAILED" : "built");
		strbuf_addf(&path, "%s/" RESULTS_BUILDS "/%s.log", dir, b->name);
		strbuf_addf(out, "  the end of its log (%s):\n", path.buf);
		if (!add_tail(out, path.buf))
			strbuf_addstr(out, "    (empty)\n");
	}
	if (why) {
		strbuf_addstr(out, b ? "excluded: " : "rejected: ");
		strbuf_add_escaped(out, why, strlen(why));
		strbuf_addstr(out, "\n(the bot played no game; fix this and submit again)\n");
	}
	strbuf_release(&path);
}

/* Writes text to path as a private file. 0, or -1 with err. */
static int write_private(const char *path, const struct strbuf *text, char *err, size_t len)
{
	int fd = file_open_private(path, 0, err, len), ret = 0;

	if (fd < 0)
		return -1;
	if (file_write_all(fd, text->buf, text->len) < 0 || fsync(fd) < 0) {
		snprintf(err, len, "cannot write '%s': %s", path, strerror(errno));
		ret = -1;
	}
	close(fd);
	return ret;
}

int feedback_write(const char *dir, const struct config *c, const struct results_meta *meta,
		   const struct standings *st, const struct result_set *set, char *err,
		   size_t len)
{
	char *fdir = path_join(dir, RESULTS_FEEDBACK);
	const struct result_list *results = &set->lines;
	struct results_played *played = NULL;
	int ret = -1;

	if (!set->live) {
		snprintf(err, len, "feedback needs the result set of a run (result_set_start())");
		goto out;
	}
	played = results_played_of(results);
	if ((mkdir(fdir, 0700) < 0 && errno != EEXIST) || chmod(fdir, 0700) < 0) {
		snprintf(err, len, "cannot make directory '%s': %s", fdir, strerror(errno));
		goto out;
	}
	for (int i = 0; i < c->nbots + c->nrejected; i++) {
		const struct entrant *b = i < c->nbots ? &c->bots[i] : NULL;
		const char *name = b ? b->name : c->rejected[i - c->nbots].name;
		const char *why = b ? excluded_bots_reason(&meta->excluded, name)
				    : c->rejected[i - c->nbots].reason;
		struct strbuf text = STRBUF_INIT, path = STRBUF_INIT;
		int bad;

		strbuf_init(&text);
		strbuf_init(&path);
		strbuf_addstr(&text, "feedback for ");
		strbuf_add_escaped(&text, name, strlen(name));
		strbuf_addf(&text, ", tournament %s (results in %s)\n\n", c->name, dir);
		add_standing(&text, name, st, set);
		add_build(&text, dir, b, why);
		if (!why) {
			add_faults(&text, dir, results, name, played);
			add_study(&text, name, set);
		}
		strbuf_addf(&path, "%s/%s.txt", fdir, name);
		bad = write_private(path.buf, &text, err, len) < 0;
		strbuf_release(&text);
		strbuf_release(&path);
		if (bad)
			goto out;
	}
	ret = 0;
out:
	results_played_free(played);
	free(fdir);
	return ret;
}
