/*
 * report_index_page.c - the standings page of a results directory and the game
 * pages it links to (see report_index_page.h).
 */
#include "report_index_page.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "file.h"
#include "path.h"
#include "play_interrupt.h"
#include "report_html.h"
#include "store_result_set.h"
#include "play_runner.h"
#include "rank_standings.h"
#include "util.h"

/* A game page's replay is stopped after this long (a record replays in well under a second). */
#define REPLAY_TIMEOUT_MS 60000

/* The local time now, as people read it. */
static void now_text(char *out, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	if (!localtime_r(&t, &tm) || !strftime(out, len, "%Y-%m-%d %H:%M:%S %Z", &tm))
		snprintf(out, len, "%lld seconds after the epoch", (long long)t);
}

int index_page_save(const char *path, const struct standings *st, const struct result_set *set,
		    int refresh_s, char *err, size_t len)
{
	struct strbuf page = STRBUF_INIT, tmp = STRBUF_INIT;
	char when[64], *dir = xstrdup(path), *slash = strrchr(dir, '/');
	struct report_html_opts o;
	int fd = -1, ret = -1;

	if (slash)
		slash[slash == dir] = '\0';
	now_text(when, sizeof(when));
	o.page_dir = slash ? dir : ".";
	o.refresh_s = refresh_s;
	o.when = when;
	strbuf_init(&page);
	strbuf_init(&tmp);
	if (report_html_write(&page, st, set, &o, err, len) < 0)
		goto out;
	/* a new file renamed over the old: a browser never reads half a page */
	strbuf_addf(&tmp, "%s.tmp", path);
	if ((fd = file_open_private(tmp.buf, 0, err, len)) < 0)
		goto out;
	if (file_write_all(fd, page.buf, page.len) < 0) {
		snprintf(err, len, "cannot write '%s': %s", tmp.buf, strerror(errno));
		unlink(tmp.buf);
		goto out;
	}
	ret = close(fd);
	fd = -1;
	if (ret < 0 || rename(tmp.buf, path) < 0) {
		snprintf(err, len, "cannot write '%s': %s", ret < 0 ? tmp.buf : path,
			 strerror(errno));
		unlink(tmp.buf);
		ret = -1;
		goto out;
	}
	ret = 0;
out:
	if (fd >= 0)
		close(fd);
	strbuf_release(&page);
	strbuf_release(&tmp);
	free(dir);
	return ret;
}

/*
 * Runs the referee's replay of each game in games whose
 * record is there and page is not, one at a time. A replay that fails
 * leaves no page (the link then goes to the record); only a referee that
 * cannot be started is an error. The pages are made once the games are
 * all played, so any Ctrl-C (or SIGTERM, SIGHUP) so far stops it, the
 * replay under way killed: the pages made stay, the rest link to records.
 * 0, 1 when so stopped, or -1 with err.
 */
static int make_game_pages(const char *referee, const struct stored_games *games, char *err,
			   size_t len)
{
	struct runner *r = NULL;
	int ret = 0, got;

	for (size_t i = 0; i < games->nr && ret == 0; i++) {
		const char *src = games->items[i].dir, *id = games->items[i].id;
		char *pages = path_join(src, RESULTS_PAGES);
		struct strbuf log = STRBUF_INIT, page = STRBUF_INIT, part = STRBUF_INIT;
		struct runner_job job;
		struct runner_done d;

		strbuf_init(&log);
		strbuf_init(&page);
		strbuf_init(&part);
		strbuf_addf(&log, "%s/" RESULTS_LOGS "/%s.log", src, id);
		strbuf_addf(&page, "%s/%s.html", pages, id);
		/* written aside and renamed once whole: a killed replay leaves no page */
		strbuf_addf(&part, "%s.part", page.buf);
		if (access(page.buf, F_OK) == 0 || access(log.buf, R_OK) < 0)
			goto next;
		if (interrupt_count()) {
			ret = 1;
			goto next;
		}
		if (path_mkdir_p(pages, 0700) < 0) {
			snprintf(err, len, "cannot make '%s': %s", pages, strerror(errno));
			ret = -1;
			goto next;
		}
		if (!r)
			r = runner_new();
		{
			char *argv[] = { (char *)referee, "--replay", log.buf, "--html", part.buf, NULL };

			memset(&job, 0, sizeof(job));
			job.argv = argv;
			job.timeout_ms = REPLAY_TIMEOUT_MS;
			if (runner_start(r, &job, err, len) < 0) {
				ret = -1;
				goto next;
			}
		}
		/* 0: a signal woke it: stop this replay (runner_free() reaps it) */
		while ((got = runner_wait(r, -1, interrupt_fd(), &d, err, len)) == 0) {
			interrupt_drain();
			if (interrupt_count()) {
				runner_kill_all(r);
				ret = 1;
				break;
			}
		}
		if (got == 1) {
			/* a referee that made no page (none is due: ENOENT) leaves the link */
			if (WIFEXITED(d.status) && WEXITSTATUS(d.status) == 0 &&
			    rename(part.buf, page.buf) < 0 && errno != ENOENT) {
				snprintf(err, len, "cannot rename '%s' to '%s': %s", part.buf,
					 page.buf, strerror(errno));
				ret = -1;
			}
			free(d.out);
			free(d.err);
		} else if (got < 0) {
			ret = -1;
		}
		unlink(part.buf);
next:
		strbuf_release(&log);
		strbuf_release(&page);
		strbuf_release(&part);
		free(pages);
	}
	runner_free(r);
	return ret;
}

int index_page_write(const char *dir, struct result_set *set, const char *referee, int running,
		     char *err, size_t len)
{
	struct standings st;
	struct stored_games games;
	char *path = path_join(dir, RESULTS_INDEX);
	int ret = -1, pages = 0;

	stored_games_init(&games);
	result_set_finish(set);
	standings_compute(&st, set);
	report_html_games(set, &games);
	if ((!referee || (pages = make_game_pages(referee, &games, err, len)) >= 0) &&
	    index_page_save(path, &st, set, running ? INDEX_PAGE_EVERY_S : 0, err, len) == 0)
		ret = pages;
	standings_release(&st);
	stored_games_release(&games);
	free(path);
	return ret;
}
