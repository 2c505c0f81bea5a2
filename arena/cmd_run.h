/*
 * cmd_run.h - bin/arena CONFIG: a tournament run (cmd_run.c), and what arena
 * --check shares with it, so that the schedule --check prints is the one
 * the run plays: the results directory, the jobs, the referee, the key,
 * the bots earlier builds excluded and the bots' built copies.
 *
 * cmd_main.c parses the command line into struct options and loads the
 * config; the functions here print their own messages (say()) and return
 * exit statuses.
 */
#ifndef RUN_H
#define RUN_H

#include "plan_config.h"
#include "plan_key.h"
#include "store_records.h"

/* The command line of a run or of --check (cmd_main.c fills it). */
struct options {
	const char *config;
	const char *results;
	const char *referee;
	const char *game;
	const char *key;
	int fresh, check, verbose, quiet, cpu_affinity;
	int no_matches; /* --no-matches: as 'matches = off' */
	long jobs;
	int shard_k, shard_n;
};

/* The referee beside this program (bin/referee beside bin/arena). The caller frees it. */
char *default_referee(void);

/*
 * The results directory: --results, else the config's (with --shard K/N:
 * that plus /shard-K-of-N), without trailing '/'. The caller frees it.
 */
char *results_dir_for(const struct options *o, const struct config *c);

/* Games at once: --jobs, else the config's 'jobs', else one per CPU the arena may use. */
long default_jobs(const struct options *o, const struct config *c);

/*
 * The tournament key of a config without 'seed': --key FILE and DIR/key
 * (the results directory's copy), which must agree. Returns 1 with k
 * filled (*in_dir: DIR/key exists), 0 when there is no key yet, or -1
 * after a message with the exit status in *status.
 */
int find_key(const struct options *o, const char *dir, struct key *k, int *in_dir,
	     int *status);

/*
 * Sets every bot's author (plan_config.h) from its code (fingerprint_code()):
 * bots of byte-identical code share the first one's. Call it before
 * use_builds(), on the bots' own directories. 0; -1 when a signal came.
 */
int run_assign_authors(struct config *c);

/* Marks inactive the bots that earlier builds excluded (recorded in arena.json). */
void apply_excluded(const struct config *c, const struct excluded_bots *excluded, int *active);

/*
 * Points every active bot that has a build at its built copy,
 * ABS_RESULTS/builds/NAME (where the run builds it, before it exists
 * too): the seats --check prints are the seats the run plays.
 */
void use_builds(struct config *c, const char *abs_results, const int *active);

/*
 * A run: the results directory (locked), the bots (built on a first run),
 * the schedule (checked against the directory's), the games not yet
 * played, then the report. Returns the exit status: 0, EXIT_RUNTIME,
 * EXIT_USAGE, EXIT_FAILED_GAMES, or 128 + the signal that stopped it.
 */
int cmd_run(const struct options *o, struct config *c);

#endif
