/*
 * play_build.c - running bots' build commands (see play_build.h).
 */
#include "play_build.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "play_runner.h"
#include "strvec.h"
#include "util.h"

/*
 * The referee's verdict, from the end of the build log's last line:
 * "build failed: ..." or "build timed out ...". The build's own output may
 * share that line (it need not end in a newline), so the verdict is looked
 * for from the right and escaped: a build's bytes never reach a terminal.
 */
static int verdict(const char *log, char *out, size_t len)
{
	static const char *const starts[] = { "build failed: ", "build timed out after " };
	FILE *f = fopen(log, "r");
	char line[512], last[512] = "";
	const char *from = NULL;

	if (!f)
		return 0;
	while (fgets(line, sizeof(line), f))
		memcpy(last, line, sizeof(line));
	fclose(f);
	last[strcspn(last, "\n")] = '\0';
	for (size_t i = 0; i < sizeof(starts) / sizeof(starts[0]); i++)
		for (const char *p = strstr(last, starts[i]); p; p = strstr(p + 1, starts[i]))
			if (!from || p > from)
				from = p;
	if (!from)
		return 0;
	escape_text(from, strlen(from), len / 4, out, len);
	return 1;
}

static void describe(const struct runner_done *d, long timeout_s, const char *log,
		     struct strbuf *why)
{
	char v[512];

	if (d->timed_out)
		strbuf_addf(why, "build timed out after %ld s", timeout_s);
	else if (WIFEXITED(d->status) && verdict(log, v, sizeof(v)))
		strbuf_addstr(why, v); /* "build failed: exited with status 2", "build timed out ..." */
	else if (WIFSIGNALED(d->status))
		strbuf_addf(why, "build killed by signal %d (%s)", WTERMSIG(d->status),
			    strsignal(WTERMSIG(d->status)));
	else
		strbuf_addf(why, "build failed (exit status %d)", WEXITSTATUS(d->status));
	strbuf_addf(why, ", see %s", log);
}

int build_all(const struct config *c, const int *only, const char *referee,
	      const char *builds_dir, int jobs,
	      int *excluded, struct excluded_bots *reasons, void (*note)(void *arg, const char *msg),
	      void *arg, int wake_fd, char *err, size_t len)
{
	char builds_abs[PATH_MAX];
	struct runner *r = runner_new();
	char **logs = xcalloc((size_t)c->nbots + 1, sizeof(char *));
	struct strvec *argvs = xcalloc((size_t)c->nbots + 1, sizeof(struct strvec));
	long timeout_s = c->build_timeout_s;
	int next = 0, ret = -1;

	if ((mkdir(builds_dir, 0755) < 0 && errno != EEXIST) || !realpath(builds_dir, builds_abs)) {
		snprintf(err, len, "cannot make directory '%s': %s", builds_dir, strerror(errno));
		goto out;
	}
	for (;;) {
		struct runner_done d;
		struct strbuf msg = STRBUF_INIT;
		int got;

		while (runner_count(r) < jobs && next < c->nbots) {
			const struct entrant *b = &c->bots[next];
			struct runner_job job;
			struct strbuf sb = STRBUF_INIT;
			char why[512];
			int i = next++;

			if (!b->build || (only && !only[i]))
				continue;
			strbuf_init(&sb);
			strbuf_addf(&sb, "%s/%s.log", builds_dir, b->name);
			logs[i] = strbuf_detach(&sb);
			/* the referee builds a copy, in the sandbox: see play_build.h */
			strvec_init(&argvs[i]);
			strvec_push(&argvs[i], referee);
			strvec_push(&argvs[i], "--build-timeout");
			strvec_pushf(&argvs[i], "%ld", timeout_s);
			for (int k = 0; k < NLIMITS; k++) {
				long lim = config_bot_limit(c, b, k);

				if (lim) {
					strvec_push(&argvs[i], "--limit");
					strvec_pushf(&argvs[i], "all:%s=%ld", limit_def(k)->name, lim);
				}
			}
			if (c->insecure)
				strvec_push(&argvs[i], "--insecure");
			strvec_push(&argvs[i], "--build");
			strvec_push(&argvs[i], b->dir ? b->dir : c->dir);
			strvec_pushf(&argvs[i], "%s/%s", builds_abs, b->name);
			strvec_push(&argvs[i], "--");
			strvec_push(&argvs[i], "/bin/sh");
			strvec_push(&argvs[i], "-c");
			strvec_push(&argvs[i], b->build);
			memset(&job, 0, sizeof(job));
			job.argv = argvs[i].items;
			job.cwd = c->dir;
			job.out_path = logs[i];
			/* the referee stops the build itself; this only guards the referee */
			job.timeout_ms = (timeout_s + 30) * 1000;
			job.tag = (void *)(long)i;
			if (runner_start(r, &job, why, sizeof(why)) < 0) {
				excluded[i] = 1;
				excluded_bots_add(reasons, b->name, "build could not start: %s", why);
				if (note) {
					strbuf_init(&msg);
					strbuf_addf(&msg, "build of %s could not start: %s", b->name, why);
					note(arg, msg.buf);
					strbuf_release(&msg);
				}
			}
		}
		if (!runner_count(r))
			break;
		got = runner_wait(r, -1, wake_fd, &d, err, len);
		if (got < 0)
			goto out;
		if (got == 0) {
			snprintf(err, len, "interrupted");
			goto out;
		}
		{
			int i = (int)(long)d.tag;
			const struct entrant *b = &c->bots[i];

			strbuf_init(&msg);
			if (!d.timed_out && WIFEXITED(d.status) && WEXITSTATUS(d.status) == 0) {
				strbuf_addf(&msg, "built %s (%.1f s)", b->name, d.secs);
			} else {
				struct strbuf why = STRBUF_INIT;

				strbuf_init(&why);
				describe(&d, timeout_s, logs[i], &why);
				excluded[i] = 1;
				excluded_bots_add(reasons, b->name, "%s", why.buf);
				strbuf_addf(&msg, "excluding %s: %s", b->name, why.buf);
				strbuf_release(&why);
			}
			if (note)
				note(arg, msg.buf);
			strbuf_release(&msg);
			free(d.out);
			free(d.err);
		}
	}
	ret = 0;
out:
	runner_free(r);
	for (int i = 0; i < c->nbots; i++) {
		free(logs[i]);
		if (argvs[i].items)
			strvec_release(&argvs[i]);
	}
	free(logs);
	free(argvs);
	return ret;
}
