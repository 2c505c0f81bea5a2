/*
 * hostile_bot.c - a bot that plays legally until its Nth decision, then
 * turns hostile from inside a real game, for tests/sh/t_hostile.sh.
 *
 *   hostile_bot MARKER N child MODE ARGS...  runs "sbx_attack MODE ARGS" as a
 *                                            child (its output to our stderr),
 *                                            waits for it, then plays on
 *   hostile_bot MARKER N exec MODE ARGS...   becomes "sbx_attack MODE ARGS"
 *                                            (its stdout is the referee's pipe)
 *   hostile_bot MARKER N sh SCRIPT           runs "/bin/sh -c SCRIPT" as a child
 *                                            (output to stderr), waits, plays on
 *   hostile_bot MARKER N execsh SCRIPT       becomes "/bin/sh -c SCRIPT" (its
 *                                            stdout is the referee's pipe)
 *   hostile_bot MARKER N stop                stops itself with SIGSTOP, forever
 *
 * Every process it starts has argv[0] "hostile-MARKER", so the test can
 * look for survivors with pgrep -f MARKER. sbx_attack is found beside
 * this program.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char attack_path[4096];
static char marker_name[256];

static void attack(int argc, char **argv)
{
	const char *how = argv[3];
	char *args[64];
	int n = 0;
	pid_t pid;

	if (!strcmp(how, "stop")) {
		for (;;)
			raise(SIGSTOP);
	}
	args[n++] = marker_name;
	if (!strcmp(how, "execsh")) {
		args[n++] = "-c";
		args[n++] = argv[4];
		args[n] = NULL;
		execv("/bin/sh", args);
		_exit(127);
	}
	if (!strcmp(how, "sh")) {
		args[n++] = "-c";
		args[n++] = argv[4];
	} else {
		for (int i = 4; i < argc && n < 62; i++)
			args[n++] = argv[i];
	}
	args[n] = NULL;
	if (!strcmp(how, "exec")) {
		execv(attack_path, args);
		_exit(127);
	}
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		dup2(2, 1); /* the attack reports on our stderr */
		execv(!strcmp(how, "sh") ? "/bin/sh" : attack_path, args);
		_exit(127);
	}
	while (pid > 0 && waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	fprintf(stderr, "attack over\n");
}

int main(int argc, char **argv)
{
	static char line[1 << 16];
	char *slash;
	int decisions = 0, at;

	if (argc < 4) {
		fprintf(stderr, "usage: hostile_bot MARKER N HOW [ARGS...]\n");
		return 2;
	}
	snprintf(marker_name, sizeof(marker_name), "hostile-%s", argv[1]);
	at = atoi(argv[2]);
	snprintf(attack_path, sizeof(attack_path), "%s", argv[0]);
	slash = strrchr(attack_path, '/');
	snprintf(slash ? slash + 1 : attack_path,
		 sizeof(attack_path) - (size_t)(slash ? slash + 1 - attack_path : 0), "sbx_attack");
	setvbuf(stdout, NULL, _IOLBF, 0);
	while (fgets(line, sizeof(line), stdin)) {
		char *comma;

		line[strcspn(line, "\r\n")] = '\0';
		if (strncmp(line, "legal ", 6))
			continue;
		if (!strcmp(line + 6, "ready")) {
			printf("ready hostile\n");
			continue;
		}
		if (++decisions == at)
			attack(argc, argv);
		comma = strchr(line + 6, ',');
		if (comma)
			*comma = '\0';
		printf("%s\n", line + 6);
	}
	return 0;
}
