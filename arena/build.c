/*
 * build.c - running bots' build commands (see build.h).
 */
#include "build.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>

#include "runner.h"
#include "util.h"

void build_sandbox_hook(void *arg)
{
	const long *timeout_s = arg;
	struct rlimit core = { 0, 0 }, cpu;

	setrlimit(RLIMIT_CORE, &core);
	cpu.rlim_cur = cpu.rlim_max = (rlim_t)*timeout_s + 1;
	setrlimit(RLIMIT_CPU, &cpu);
}

static void describe(const struct runner_done *d, long timeout_s, const char *log,
		     struct strbuf *why)
{
	if (d->timed_out)
		strbuf_addf(why, "build timed out after %ld s", timeout_s);
	else if (WIFSIGNALED(d->status))
		strbuf_addf(why, "build killed by signal %d (%s)", WTERMSIG(d->status),
			    strsignal(WTERMSIG(d->status)));
	else
		strbuf_addf(why, "build failed (exit status %d)", WEXITSTATUS(d->status));
	strbuf_addf(why, ", see %s", log);
}

int build_all(const struct config *c, const char *builds_dir, int jobs, int *excluded,
	      struct strvec *reasons, void (*note)(void *arg, const char *msg), void *arg,
	      int wake_fd, char *err, size_t len)
{
	struct runner *r = runner_new();
	char **logs = xcalloc((size_t)c->nbots + 1, sizeof(char *));
	struct strvec *argvs = xcalloc((size_t)c->nbots + 1, sizeof(struct strvec));
	long timeout_s = c->build_timeout_s;
	int next = 0, ret = -1;

	if (mkdir(builds_dir, 0755) < 0 && errno != EEXIST) {
		snprintf(err, len, "cannot make directory '%s': %s", builds_dir, strerror(errno));
		goto out;
	}
	for (;;) {
		struct runner_done d;
		struct strbuf msg = STRBUF_INIT;
		int got;

		while (runner_count(r) < jobs && next < c->nbots) {
			const struct bot *b = &c->bots[next];
			struct runner_job job;
			struct strbuf sb = STRBUF_INIT;
			char why[512];
			int i = next++;

			if (!b->build)
				continue;
			strbuf_init(&sb);
			strbuf_addf(&sb, "%s/%s.log", builds_dir, b->name);
			logs[i] = strbuf_detach(&sb);
			strvec_init(&argvs[i]);
			strvec_push(&argvs[i], "/bin/sh");
			strvec_push(&argvs[i], "-c");
			strvec_push(&argvs[i], b->build);
			memset(&job, 0, sizeof(job));
			job.argv = argvs[i].items;
			job.cwd = b->dir ? b->dir : c->dir;
			job.out_path = logs[i];
			job.timeout_ms = timeout_s * 1000;
			job.child_hook = build_sandbox_hook;
			job.hook_arg = &timeout_s;
			job.tag = (void *)(long)i;
			if (runner_start(r, &job, why, sizeof(why)) < 0) {
				excluded[i] = 1;
				strvec_pushf(reasons, "%s\tbuild could not start: %s", b->name, why);
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
			const struct bot *b = &c->bots[i];

			strbuf_init(&msg);
			if (!d.timed_out && WIFEXITED(d.status) && WEXITSTATUS(d.status) == 0) {
				strbuf_addf(&msg, "built %s (%.1f s)", b->name, d.secs);
			} else {
				struct strbuf why = STRBUF_INIT;

				strbuf_init(&why);
				describe(&d, timeout_s, logs[i], &why);
				excluded[i] = 1;
				strvec_pushf(reasons, "%s\t%s", b->name, why.buf);
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
