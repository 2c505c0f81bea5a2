/*
 * plan_config.h - the tournament description read from an INI file.
 *
 * config_load() reads CONFIG.ini with inih and checks every section, key
 * and value, so that a typo is reported before a single game is played,
 * with the file and line, the key and what was expected:
 *
 *   config.ini:12: unknown key 'tiem_ms' in [arena]
 *
 * It also lists a submissions directory (one bot per subdirectory), where
 * a broken submission rejects that bot alone. The result is plain data
 * that the schedule is built from; nothing here starts a process.
 * docs/arena.md documents every key.
 */
#ifndef CONFIG_H
#define CONFIG_H

#include <stddef.h>
#include <stdint.h>

#include "botlimits.h"
#include "rules.h"

/* Per-seat sandbox limits (botlimits.h), passed to the referee as --limit SEAT:KEY=VALUE. */

#define BOT_NAME_MAX 32
#define VARIANT_OPTS_MAX 16

/*
 * One entrant of the tournament: a [bot NAME] section or a submission,
 * whatever plays it (the referee's players are something else).
 */
struct entrant {
	char *name;
	char *seat;   /* the SEAT given to the referee: "@greedy", a command line or a directory */
	char *dir;    /* absolute directory where the command's relative paths start, or NULL */
	char *build;  /* build command run once on a copy of dir (or the config's directory), or NULL */
	char *origin; /* where it was defined: "config.ini:7" or "subs/alice" */
	long limits[NLIMITS]; /* 0: the [arena] value */
	int builtin;  /* seat is a built-in player (@...) */
	/*
	 * Bots with the same author never share a game (plan_schedule.h): its own
	 * index, or the first bot's whose code is byte-identical
	 * (run_assign_authors(), cmd_run.h). config_load() sets its own index.
	 */
	int author;
};

/*
 * Who partners a submission in team variants, and who fills the seats of
 * an individual table that distinct submissions cannot: house players
 * (the default), or copies of the submission itself. docs/arena.md,
 * "Partners and house seats".
 */
enum partners { PARTNERS_HOUSE, PARTNERS_COPIES };

/* A seat of a fixture that holds the house player (config->house), not a bot. */
#define SEAT_HOUSE (-1)

/* A submission that could not become a bot, and why. */
struct rejected {
	char *name;
	char *reason;
};

struct variant_cfg {
	char *name;          /* as listed in 'variants' ("flip", "progressive", "flip6") */
	enum variant base;   /* the referee's variant */
	int progressive;     /* the indiana progressive format */
	long deals;          /* deals per pairing (table, event) */
	long tables;         /* individual variants: tables per deal, 0: automatic */
	long hands_per_round;/* progressive: hands per round */
	int seats;           /* seats per game (the referee's players) */
	int teams;           /* 2 for partnership games, else 0 */
	long decisions;      /* the most decisions one seat makes in a game (time budgets) */
	int nopts;           /* referee options, in the order given */
	char *opt_key[VARIANT_OPTS_MAX];
	char *opt_value[VARIANT_OPTS_MAX];
};

/*
 * [slurm]: how 'arena slurm' runs the tournament as a Slurm job array
 * (cmd_slurm.h, docs/cluster.md). 0 or NULL: not set. Not part of the
 * schedule: a plain run ignores them.
 */
struct slurm_cfg {
	long shards;        /* array tasks, one shard each */
	long cpus_per_task; /* each task's CPUs: the shard's --jobs */
	char *time;         /* each task's time limit, as sbatch --time takes it */
	char *partition;
	char *sbatch_args;  /* more sbatch options, one '#SBATCH' line for both jobs */
};

/* Which per-game logs a run keeps. */
enum log_policy { LOGS_ALL, LOGS_FAULTS, LOGS_NONE };

struct config {
	char *path;      /* as given */
	char *dir;       /* absolute directory of the config file */
	char *name;
	char *results;   /* results directory (relative to the current directory) */
	char *referee;   /* referee program, or NULL: next to bin/arena */
	uint64_t seed;   /* 'seed', when seed_line is set */
	int seed_line;   /* the line of 'seed', or 0: deals come from a secret key (plan_key.h) */
	long deals;
	long jobs;       /* 0: one per core */
	long startup_ms, move_ms, bank_ms; /* 0: referee default (flag not passed) */
	long game_ms;                      /* each bot's game budget; 0: referee default */
	long stderr_kb;                    /* kept per bot and game; -1: referee default */
	int cpu_time, insecure, keep_scratch, bot_logs;
	int cpu_affinity;                  /* each game's referee on a CPU of its own (play.c) */
	int matches;                       /* 'matches': a match per referee (plan_match.h) */
	long match_games;                  /* 'match_games': the most games of one match */
	enum log_policy logs;
	long limits[NLIMITS];              /* 0: not set */
	long game_timeout_s; /* -1 (not set): derived from the limits, see play.c; 0: none */
	int game_timeout_line; /* the line of 'game_timeout_s', or 0 */
	long build_timeout_s;
	char *submissions; /* absolute, or NULL */
	int nvariants;
	struct variant_cfg *variants;
	int nbots;
	struct entrant *bots;
	enum partners partners;
	struct entrant house;/* the house player: a built-in, "@greedy" by default; its name is its seat */
	int nrejected;
	struct rejected *rejected;
	struct slurm_cfg slurm;
};

/*
 * Reads and checks path. Returns 0, or -1 with every problem found, one
 * per line, in err (lines start with "path:LINE: "). On -1 the config
 * still needs config_release().
 */
int config_load(struct config *c, const char *path, char *err, size_t len);
void config_release(struct config *c);

/* One "key = value" of a [section], given by a program rather than read from a file. */
struct config_pair {
	const char *section; /* "arena", "bot A", "variant indiana" */
	const char *key;
	const char *value;   /* any bytes but NUL: nothing is cut or split as in a file */
};

/*
 * The config made of pairs[0..n), checked as config_load() checks a file
 * (a section's pairs come together); name stands for the file in c->path
 * and in messages (without line numbers), and relative paths start in
 * the current directory. 0, or -1 with every problem in err; either way
 * the config needs config_release().
 */
int config_from_pairs(struct config *c, const char *name, const struct config_pair *pairs,
		      size_t n, char *err, size_t len);

/* The keys of [slurm], in the order the docs list them; NULL-terminated. */
extern const char *const config_slurm_keys[];

/*
 * The one setter of a [slurm] key, for the config and for arena slurm's
 * options alike. 0; -1 with why ("expected a number from 1 to 10000") for
 * a bad value; -2 when key is not a [slurm] key.
 */
int config_slurm_set(struct slurm_cfg *s, const char *key, const char *value, char *why,
		     size_t len);
void config_slurm_release(struct slurm_cfg *s);

/*
 * The entrant of a fixture's seat: bot i of c, or c->house for SEAT_HOUSE.
 * Valid as long as c.
 */
static inline const struct entrant *config_entrant(const struct config *c, int i)
{
	return i == SEAT_HOUSE ? &c->house : &c->bots[i];
}

/* The value of limit key for bot b: the bot's own, else the [arena] one; 0 when unset. */
long config_bot_limit(const struct config *c, const struct entrant *b, int key);

/*
 * Can bot b be started: for a bot program, is its SEAT well formed and its
 * program (argv[0]) an executable file, or a name in the bots' PATH? 0,
 * or -1 with why ("'/x/run' is not executable (fix: chmod +x /x/run)").
 * config_load() checks every bot without a build command; a built bot is
 * checked on its built copy, after the build.
 */
int config_bot_runnable(const struct entrant *b, char *why, size_t len);

/*
 * Does built bot b (its dir its built copy) run only its own code? No
 * symbolic link in the copy leads out of it (seat_check_tree()), and
 * every path its command names, the program and its directory followed
 * through links, lies inside the copy or a system directory
 * (seat_check_inside()); the check before the build sees the source,
 * where a link the build makes is not there yet. 0, or -1 with why.
 */
int config_bot_inside_build(const struct entrant *b, char *why, size_t len);

/* Is name a valid bot name (1-32 of A-Z a-z 0-9 _ . -, starting with a letter or digit, not ending in .log)? */
int config_valid_bot_name(const char *name);

/*
 * Points a bot at the built copy of its directory: dir becomes the copy,
 * and so does the seat when the seat was the directory itself.
 */
void config_use_build(struct entrant *b, const char *dir);

#endif
