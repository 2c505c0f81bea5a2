/*
 * test_arena_config.c - reading the tournament config: every documented
 * error message, exactly, with its file and line (docs/arena.md lists
 * them); the values of a valid file; bot programs that are missing or not
 * executable; submissions directories where a broken submission rejects
 * only itself (a 'run' without its exec bit says how to fix it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plan_config.h"
#include "testhelp.h"

#define BOTS "[bot a]\ncommand = @greedy\n[bot b]\ncommand = @random\n"

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	fputs(text, f);
	fclose(f);
}

/* Loads text as c.ini (in the scratch directory); returns the error text or "ok". */
static const char *load_text(struct config *c, const char *text)
{
	static char err[8192];

	write_file("c.ini", text);
	if (config_load(c, "c.ini", err, sizeof(err)) == 0)
		snprintf(err, sizeof(err), "ok");
	return err;
}

static void test_error_messages_name_file_line_key_and_expectation(void)
{
	static const struct {
		const char *ini, *message;
	} cases[] = {
		{ "[arena]\nvariants = flip\ntiem_ms = 5\n" BOTS,
		  "c.ini:3: unknown key 'tiem_ms' in [arena]" },
		{ "[arena]\nvariants = flip\njobs = lots\n" BOTS,
		  "c.ini:3: bad value 'lots' for 'jobs' in [arena] (expected a number from 0 to 1024)" },
		{ "[arena]\nvariants = flip\ndeals = 0\n" BOTS,
		  "c.ini:3: bad value '0' for 'deals' in [arena] (expected a number from 1 to 1000000)" },
		{ "[arena]\nvariants = flip\nseed = -4\n" BOTS,
		  "c.ini:3: bad value '-4' for 'seed' in [arena] (expected a number from 0 to 2^63-1)" },
		{ "[arena]\nvariants = flip\nlogs = some\n" BOTS,
		  "c.ini:3: bad value 'some' for 'logs' in [arena] (expected all, faults or none)" },
		{ "[arena]\nvariants = flip\ncpu_time = maybe\n" BOTS,
		  "c.ini:3: bad value 'maybe' for 'cpu_time' in [arena] (expected true or false)" },
		{ "[arena]\nvariants = flip\n[varient flip]\nplayers = 4\n" BOTS,
		  "c.ini:3: unknown section [varient flip] (expected [arena], [slurm], [bot NAME] or "
		  "[variant NAME])" },
		{ "[arena]\nvariants = flip\n[slurm]\nshards = 0\n" BOTS,
		  "c.ini:4: bad value '0' for 'shards' in [slurm] (expected a number from 1 to "
		  "10000)" },
		{ "[arena]\nvariants = flip\n[slurm]\ncpus_per_task = 2000\n" BOTS,
		  "c.ini:4: bad value '2000' for 'cpus_per_task' in [slurm] (expected a number from "
		  "1 to 1024)" },
		{ "[arena]\nvariants = flip\n[slurm]\ntime = 12 hours\n" BOTS,
		  "c.ini:4: bad value '12 hours' for 'time' in [slurm] (expected a time limit as "
		  "sbatch --time takes it, such as 90, 12:00:00 or 2-00:00:00)" },
		{ "[arena]\nvariants = flip\n[slurm]\npartition = a;b\n" BOTS,
		  "c.ini:4: bad value 'a;b' for 'partition' in [slurm] (expected partition names: "
		  "letters, digits, '_', '.', '-', separated by ',')" },
		{ "[arena]\nvariants = flip\n[slurm]\nsbatch_args = account=x\n" BOTS,
		  "c.ini:4: bad value 'account=x' for 'sbatch_args' in [slurm] (expected sbatch "
		  "options, such as --account=NAME)" },
		{ "[arena]\nvariants = flip\n[slurm]\nnodes = 4\n" BOTS,
		  "c.ini:4: unknown key 'nodes' in [slurm] (expected shards, cpus_per_task, time, "
		  "partition or sbatch_args)" },
		{ "[arena]\nvariants = flip\n" BOTS "[bot c]\ncommand = @random\n; d\xe9j\xe0 vu\n",
		  "c.ini:9: not valid UTF-8 (the results are JSON lines: names, commands and paths "
		  "must be UTF-8)" },
		{ "[arena]\nvariants = flip\njobs = 1\njobs = 2\n" BOTS,
		  "c.ini:4: duplicate key 'jobs' in [arena] (first set at line 3)" },
		{ "[arena]\nvariants = flip\n" BOTS "[bot a]\ncommand = @random\n",
		  "c.ini:7: duplicate section [bot a] (first at line 3)" },
		{ "[arena]\ndeals = 2\n" BOTS, "c.ini:1: missing 'variants' in [arena]" },
		{ BOTS, "c.ini: missing section [arena]" },
		{ "[arena]\nvariants = hammerwalt, flp\n" BOTS,
		  "c.ini:2: unknown variant 'flp' in 'variants' (expected hammerwalt, indiana, "
		  "bloomington, fivehand, flip, progressive or a [variant flp] section with "
		  "'variant = BASE')" },
		{ "[arena]\nvariants = flip, flip\n" BOTS,
		  "c.ini:2: variant 'flip' is listed twice in 'variants'" },
		{ "[arena]\nvariants = fivehand\n[variant fivehand]\nplayers = 5\n" BOTS,
		  "c.ini:4: unknown key 'players' in [variant fivehand]" },
		{ "[arena]\nvariants = flip\n[variant flip]\nplayers = 11\n" BOTS,
		  /* the reason in brackets is the referee's own: only its start is ours */
		  "c.ini:4: bad value '11' for 'players' in [variant flip] (..." },
		{ "[arena]\nvariants = hammerwalt\n[variant hammerwalt]\ntables = 2\n" BOTS,
		  "c.ini:4: unknown key 'tables' in [variant hammerwalt]" },
		{ "[arena]\nvariants = progressive\n[variant progressive]\ntarget = 10\n" BOTS,
		  "c.ini:4: 'target' is set by the progressive format in [variant progressive] "
		  "(use hands_per_round)" },
		{ "[arena]\nvariants = flip6\n[variant flip6]\nplayers = 6\n" BOTS,
		  "c.ini:3: missing 'variant' in [variant flip6] (a new variant name needs "
		  "'variant = BASE')" },
		{ "[arena]\nvariants = flip6\n[variant flip6]\nvariant = flap\n" BOTS,
		  "c.ini:4: bad value 'flap' for 'variant' in [variant flip6] (expected hammerwalt, "
		  "indiana, bloomington, fivehand, flip or progressive)" },
		{ "[arena]\nvariants = flip\n[bot a]\ncommand = @greedy\n[bot b]\ncommand = @gredy\n",
		  "c.ini:6: bad value '@gredy' for 'command' in [bot b] (..." },
		{ "[arena]\nvariants = flip\n" BOTS "[bot c]\nbuild = make\n",
		  "c.ini:7: missing 'command' or 'dir' in [bot c]" },
		{ "[arena]\nvariants = flip\n" BOTS "[bot c]\ndir = nowhere\n",
		  "c.ini:8: bad value 'nowhere' for 'dir' in [bot c] (no such directory)" },
		{ "[arena]\nvariants = flip\n" BOTS "[bot c]\ndir = norun\n",
		  "c.ini:8: bad value 'norun' for 'dir' in [bot c] (no executable 'run' file in it; "
		  "give 'command' too)" },
		{ "[arena]\nvariants = flip\n" BOTS "[bot c]\ncommand = cat\nmem_mb = 0\n",
		  "c.ini:9: bad value '0' for 'mem_mb' in [bot c] (expected a number from 1 to "
		  "1048576)" },
		{ "[arena]\nvariants = flip\n" BOTS "[bot bad name]\ncommand = x\n",
		  "c.ini:7: bad bot name 'bad name' in [bot bad name] (expected 1-32 letters, digits, "
		  "'_', '.' or '-', starting with a letter or digit, not ending in .log)" },
		{ "[arena]\nvariants = flip\n" BOTS "[bot x.log]\ncommand = x\n",
		  "c.ini:7: bad bot name 'x.log' in [bot x.log] (expected 1-32 letters, digits, "
		  "'_', '.' or '-', starting with a letter or digit, not ending in .log)" },
		{ "jobs = 2\n[arena]\nvariants = flip\n" BOTS,
		  "c.ini:1: key 'jobs' outside any section (put it under [arena])" },
		{ "[arena]\nvariants = flip\nthis line has no equals sign\n" BOTS,
		  "c.ini:3: syntax error (expected [section], key = value or a ; comment)" },
		/*
		 * a header without its "]": that line only, not a cascade of the
		 * pairs under it blamed on [bot b], nor a bot named "c<newline>"
		 */
		{ "[arena]\nvariants = flip\n" BOTS "[bot c\ncommand = @random\nmem_mb = 5\n",
		  "c.ini:7: syntax error (expected [section], key = value or a ; comment)" },
		{ "[arena\nvariants = flip\n" BOTS,
		  "c.ini:1: syntax error (expected [section], key = value or a ; comment)\n"
		  "c.ini: missing section [arena]" },
		/* ... as inih sees one: not in an inline comment, not indented after a pair */
		{ "[arena]\nvariants = flip\n" BOTS "[bot c ; the new one]\ncommand = @random\n",
		  "c.ini:7: syntax error (expected [section], key = value or a ; comment)" },
		{ "[arena]\nvariants = flip\n  [hammerwalt\njobs = x\n" BOTS,
		  "c.ini:2: unknown variant '[hammerwalt' in 'variants' (expected hammerwalt, "
		  "indiana, bloomington, fivehand, flip, progressive or a [variant [hammerwalt] "
		  "section with 'variant = BASE')\n"
		  "c.ini:4: bad value 'x' for 'jobs' in [arena] (expected a number from 0 to 1024)" },
		/* a byte-order mark (Notepad) is not part of the first header */
		{ "\xef\xbb\xbf[arena]\nvariants = flip\n" BOTS, "ok" },
		{ "\xef\xbb\xbf[arena]\nvariants = flip\njobs = x\n" BOTS,
		  "c.ini:3: bad value 'x' for 'jobs' in [arena] (expected a number from 0 to 1024)" },
		{ "[arena]\nvariants = flip\n[bot a]\ncommand = @greedy\n",
		  "c.ini: need at least 2 bots, found 1 (add [bot NAME] sections or 'submissions')" },
		{ "[arena]\nvariants = flip\nsubmissions = nothere\n" BOTS,
		  "c.ini:3: bad value 'nothere' for 'submissions' in [arena] (no such directory)" },
		{ "[arena]\nvariants = flip\n" BOTS "[bot c]\ncommand = python3 'bot.py\n",
		  "c.ini:8: bad value 'python3 'bot.py' for 'command' in [bot c] (..." },
		/* a bot program that cannot be started is a config error */
		{ "[arena]\nvariants = flip\n" BOTS "[bot c]\ncommand = /nowhere/run\n",
		  "c.ini:8: bad value '/nowhere/run' for 'command' in [bot c] (cannot run "
		  "'/nowhere/run': No such file or directory)" },
		{ "[arena]\nvariants = flip\n" BOTS "[bot c]\ncommand = no-such-program-here -v\n",
		  "c.ini:8: bad value 'no-such-program-here -v' for 'command' in [bot c] (no program "
		  "'no-such-program-here' in the bots' PATH, /usr/local/bin:/usr/bin:/bin)" },
		{ "[arena]\nvariants = flip\n" BOTS "[bot c]\ncommand = ./plain --fast\n",
		  "c.ini:8: bad value './plain --fast' for 'command' in [bot c] ('SCRATCH/plain' is "
		  "not executable (fix: chmod +x SCRATCH/plain))" },
		{ "[arena]\nvariants = flip\n" BOTS "[bot c]\ncommand = ./norun\n",
		  "c.ini:8: bad value './norun' for 'command' in [bot c] ('./norun' is a directory "
		  "without an executable 'run' file)" },
		{ "[arena]\nvariants = flip\n" BOTS "[bot c]\ncommand = bin/run\ndir = norun\n",
		  "c.ini:8: bad value 'bin/run' for 'command' in [bot c] (cannot run "
		  "'SCRATCH/norun/bin/run': No such file or directory)" },
		{ "[arena]\nvariants = flip\n" BOTS "[bot c]\ndir = noexec\n",
		  "c.ini:8: bad value 'noexec' for 'dir' in [bot c] (its 'run' file is not "
		  "executable (fix: chmod +x SCRATCH/noexec/run))" },
		/* with a build, the program may come out of the build: checked after it */
		{ "[arena]\nvariants = flip\n" BOTS "[bot c]\ncommand = ./made\nbuild = make\n",
		  "ok" },
		{ "[arena]\nvariants = flip\nreferee = nothere\n" BOTS,
		  "c.ini:3: bad value 'nothere' for 'referee' in [arena] (no executable file "
		  "'SCRATCH/nothere')" },
		/* several problems: all of them, in line order */
		{ "[arena]\nvariants = flip\njobs = x\ncolour = red\n[bot a]\ncommand = @greedy\n"
		  "[bot b]\nflavour = 1\ncommand = @random\n",
		  "c.ini:3: bad value 'x' for 'jobs' in [arena] (expected a number from 0 to 1024)\n"
		  "c.ini:4: unknown key 'colour' in [arena]\n"
		  "c.ini:8: unknown key 'flavour' in [bot b]" },
	};
	char scratch[4096];

	CHECK(getcwd(scratch, sizeof(scratch)) != NULL);
	mkdir("norun", 0755);
	write_file("plain", "#!/bin/sh\n");
	chmod("plain", 0644);
	mkdir("noexec", 0755);
	write_file("noexec/run", "#!/bin/sh\n");
	chmod("noexec/run", 0644);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct config c;
		char expect[8192];
		const char *from = cases[i].message, *at, *got;
		size_t n = 0;

		/* every SCRATCH stands for the scratch directory */
		expect[0] = '\0';
		while ((at = strstr(from, "SCRATCH"))) {
			n += (size_t)snprintf(expect + n, sizeof(expect) - n, "%.*s%s",
					      (int)(at - from), from, scratch);
			from = at + 7;
		}
		snprintf(expect + n, sizeof(expect) - n, "%s", from);
		got = load_text(&c, cases[i].ini);
		n = strlen(expect);
		if (n > 3 && !strcmp(expect + n - 3, "...")) {
			expect[n - 3] = '\0';
			CHECK_STR(strncmp(got, expect, n - 3) ? got : expect, expect);
			CHECK(got[strlen(got) - 1] == ')' && !strchr(got, '\n'));
		} else {
			CHECK_STR(got, expect);
		}
		config_release(&c);
	}
}

static void test_long_lines_are_reported_not_split(void)
{
	struct config c;
	char text[1024];

	snprintf(text, sizeof(text), "[arena]\nvariants = flip\nname = %0300d\n" BOTS, 7);
	CHECK_STR(load_text(&c, text), "c.ini:3: line too long (at most 197 characters)");
	config_release(&c);
}

/*
 * config_from_pairs(): values reach the config as they are, bytes an INI
 * file would cut or split included, checked as a file's are, with no
 * line numbers in the messages.
 */
static void test_pairs_are_values_not_text(void)
{
	static const struct config_pair ok[] = {
		{ "arena", "name", "x;y#z[w] " },
		{ "arena", "variants", "indiana" },
		{ "variant indiana", "target", "11" },
		{ "bot A", "command", "@random" },
		{ "bot B", "command", "@greedy" },
	};
	static const struct config_pair bad[] = {
		{ "arena", "variants", "indiana" },
		{ "arena", "logs", "some" },
		{ "variant indiana", "targte", "11" },
		{ "bot A", "command", "@random" },
	};
	struct config c;
	char err[1024];

	CHECK_INT(config_from_pairs(&c, "compare", ok, 5, err, sizeof(err)), 0);
	CHECK_STR(c.name, "x;y#z[w] ");
	CHECK_STR(c.path, "compare");
	CHECK_INT(c.nvariants, 1);
	CHECK_INT(c.variants[0].nopts, 1);
	CHECK_STR(c.variants[0].opt_value[0], "11");
	CHECK_INT(c.nbots, 2);
	CHECK_STR(c.bots[1].seat, "@greedy");
	config_release(&c);
	CHECK_INT(config_from_pairs(&c, "compare", bad, 4, err, sizeof(err)), -1);
	CHECK_STR(err, "compare: bad value 'some' for 'logs' in [arena] (expected all, faults or "
		       "none)\n"
		       "compare: unknown key 'targte' in [variant indiana]\n"
		       "compare: need at least 2 bots, found 1 (add [bot NAME] sections or "
		       "'submissions')");
	config_release(&c);
}

static void test_missing_file(void)
{
	struct config c;
	char err[256];

	CHECK(config_load(&c, "absent.ini", err, sizeof(err)) < 0);
	CHECK_STR(err, "cannot read config 'absent.ini': No such file or directory");
	config_release(&c);
}

static void test_valid_config_values(void)
{
	struct config c;

	CHECK_STR(load_text(&c, "; comment\n[arena]\nname = cup\nvariants = hammerwalt flip6,\n"
				"  progressive\ndeals = 3\nseed = 42\njobs = 2\nmove_ms = 50\n"
				"nproc = 4\nresults = out/cup\n"
				"[variant flip6]\nvariant = flip\nplayers = 6\nzilch = true\n"
				"[variant progressive]\nhands_per_round = 2\n"
				"[variant indiana]\nall_pass = redeal\n" /* not listed: checked, unused */
				BOTS "[bot c]\ncommand = python3 c.py\nnproc = 8\n"),
		  "ok");
	CHECK_STR(c.name, "cup");
	CHECK_STR(c.results, "out/cup");
	CHECK_INT(c.deals, 3);
	CHECK(c.seed == 42);
	CHECK_INT(c.seed_line, 7);
	CHECK_INT(c.jobs, 2);
	CHECK_INT(c.move_ms, 50);
	CHECK_INT(c.startup_ms, 0);
	CHECK_INT(c.nvariants, 3);
	CHECK_STR(c.variants[1].name, "flip6");
	CHECK_INT(c.variants[1].base, VAR_FLIP);
	CHECK_INT(c.variants[1].seats, 6);
	CHECK_INT(c.variants[1].nopts, 2);
	CHECK_STR(c.variants[1].opt_key[1], "zilch");
	CHECK_INT(c.variants[2].progressive, 1);
	CHECK_INT(c.variants[2].hands_per_round, 2);
	CHECK_INT(c.variants[0].teams, 2);
	CHECK_INT(c.nbots, 3);
	CHECK_STR(c.bots[2].seat, "python3 c.py");
	CHECK_INT(c.bots[0].builtin, 1);
	CHECK_INT(config_bot_limit(&c, &c.bots[2], LIMIT_NPROC), 8);
	CHECK_INT(config_bot_limit(&c, &c.bots[0], LIMIT_NPROC), 4);
	CHECK_INT(config_bot_limit(&c, &c.bots[0], LIMIT_MEM_MB), 0);
	CHECK_INT(c.slurm.shards, 0); /* no [slurm]: nothing set */
	CHECK(c.slurm.time == NULL);
	config_release(&c);
	CHECK_STR(load_text(&c, "[slurm]\nshards = 16\ncpus_per_task = 8\ntime = 1-12:00\n"
				"partition = long,short\nsbatch_args = --account=cls --qos=x\n"
				"[arena]\nvariants = flip\n" BOTS),
		  "ok");
	CHECK_INT(c.slurm.shards, 16);
	CHECK_INT(c.slurm.cpus_per_task, 8);
	CHECK_STR(c.slurm.time, "1-12:00");
	CHECK_STR(c.slurm.partition, "long,short");
	CHECK_STR(c.slurm.sbatch_args, "--account=cls --qos=x");
	config_release(&c);
	/* defaults */
	CHECK_STR(load_text(&c, "[arena]\nvariants = flip\n" BOTS), "ok");
	CHECK_STR(c.name, "c");
	CHECK_STR(c.results, "results/c");
	CHECK_INT(c.deals, 1);
	CHECK_INT(c.seed_line, 0); /* no seed: the deals come from a secret key */
	CHECK_INT(c.game_timeout_s, -1); /* derived from the time limits (play.c) */
	CHECK_INT(c.game_ms, 0);
	CHECK_INT(c.variants[0].seats, 4);
	config_release(&c);
}

static void test_submissions_reject_only_the_broken_ones(void)
{
	struct config c;

	mkdir("subs", 0755);
	mkdir("subs/alice", 0755);
	write_file("subs/alice/bot.ini", "command = @greedy\nbuild = true\n");
	mkdir("subs/bob", 0755);
	write_file("subs/bob/run", "#!/bin/sh\n");
	chmod("subs/bob/run", 0755);
	mkdir("subs/carol", 0755);
	write_file("subs/carol/notes.txt", "no bot here\n");
	mkdir("subs/dave", 0755);
	write_file("subs/dave/bot.ini", "command = @random\ncolour = blue\n");
	mkdir("subs/erin", 0755);
	write_file("subs/erin/bot.ini", "command = ./bot --level \"3\n");
	mkdir("subs/fay", 0755);
	write_file("subs/fay/bot.ini", "command = python3 main.py\n");
	mkdir("subs/a", 0755); /* same name as [bot a] */
	write_file("subs/a/bot.ini", "command = @random\n");
	mkdir("subs/gus", 0755); /* unpacked from a zip: 'run' lost its exec bit */
	write_file("subs/gus/run", "#!/bin/sh\n");
	chmod("subs/gus/run", 0644);
	mkdir("subs/hal", 0755);
	write_file("subs/hal/bot.ini", "command = ./bot\n");
	mkdir("subs/.hidden", 0755);
	CHECK_STR(load_text(&c, "[arena]\nvariants = flip\nsubmissions = subs\n" BOTS), "ok");
	CHECK_STR(c.bots[2].name, "alice");
	CHECK_STR(c.bots[2].seat, "@greedy");
	CHECK_STR(c.bots[2].build, "true");
	CHECK_STR(c.bots[3].name, "bob");
	CHECK(strstr(c.bots[3].seat, "/subs/bob") != NULL);
	CHECK_INT(c.nbots, 5);
	CHECK_STR(c.bots[4].name, "fay");
	{
		char expect[4200];

		/* the command as given; its relative paths start in the submission */
		CHECK_STR(c.bots[4].seat, "python3 main.py");
		snprintf(expect, sizeof(expect), "%s/subs/fay", c.dir);
		CHECK_STR(c.bots[4].dir, expect);
	}
	CHECK_INT(c.nrejected, 6);
	CHECK_STR(c.rejected[0].name, "a");
	CHECK_STR(c.rejected[0].reason, "a bot named 'a' is defined at c.ini:4");
	CHECK_STR(c.rejected[1].name, "carol");
	CHECK_STR(c.rejected[1].reason, "no executable 'run' file and no bot.ini");
	CHECK_STR(c.rejected[2].name, "dave");
	CHECK_STR(c.rejected[2].reason, "bot.ini:2: unknown key 'colour' in bot.ini");
	CHECK_STR(c.rejected[3].name, "erin");
	CHECK(!strncmp(c.rejected[3].reason, "bot.ini: bot erin: ", 19));
	CHECK_STR(c.rejected[4].name, "gus");
	{
		char expect[4200];

		snprintf(expect, sizeof(expect), "its 'run' file is not executable (fix: chmod +x "
			 "%s/subs/gus/run)", c.dir);
		CHECK_STR(c.rejected[4].reason, expect);
		snprintf(expect, sizeof(expect), "bot.ini: bot hal: cannot run '%s/subs/hal/bot': No "
			 "such file or directory", c.dir);
		CHECK_STR(c.rejected[5].name, "hal");
		CHECK_STR(c.rejected[5].reason, expect);
	}
	config_release(&c);
}

/* A submission's command must not name a classmate's files (docs/arena.md, Submissions). */
static void test_submissions_naming_others_are_rejected(void)
{
	struct config c;
	char expect[4200];

	mkdir("class", 0755);
	mkdir("class/bob", 0755);
	write_file("class/bob/run", "#!/bin/sh\n");
	chmod("class/bob/run", 0755);
	mkdir("class/ann", 0755);
	write_file("class/ann/run", "#!/bin/sh\n");
	chmod("class/ann/run", 0755);
	write_file("class/ann/bot.ini", "command = ./run ../bob\n");
	mkdir("class/cat", 0755);
	if (symlink("../bob/run", "class/cat/run") < 0)
		CHECK(!"symlink");
	CHECK_STR(load_text(&c, "[arena]\nvariants = flip\nsubmissions = class\n" BOTS), "ok");
	CHECK_INT(c.nrejected, 2);
	CHECK_STR(c.rejected[0].name, "ann");
	snprintf(expect, sizeof(expect), "bot.ini: bot ann: '%s/class/bob' leads outside the "
		 "submission, to '%s/class/bob'", c.dir, c.dir);
	CHECK_STR(c.rejected[0].reason, expect);
	CHECK_STR(c.rejected[1].name, "cat");
	snprintf(expect, sizeof(expect), "bot cat: '%s/class/cat/run' leads outside the "
		 "submission, to '%s/class/bob/run'", c.dir, c.dir);
	CHECK_STR(c.rejected[1].reason, expect);
	config_release(&c);
}

/*
 * The submissions directory is resolved, as a bot's 'dir' is: each seat
 * names its submission canonically ('sub/../few/ann' would compare as
 * '../few/ann' from the config's directory, the same in every place).
 */
static void test_submissions_path_is_resolved(void)
{
	struct config c;
	char expect[4200];

	mkdir("canon", 0755);
	mkdir("canon/ann", 0755);
	write_file("canon/ann/run", "#!/bin/sh\n");
	chmod("canon/ann/run", 0755);
	mkdir("canon/bob", 0755);
	write_file("canon/bob/run", "#!/bin/sh\n");
	chmod("canon/bob/run", 0755);
	CHECK_STR(load_text(&c, "[arena]\nvariants = flip\nsubmissions = ./canon/../canon\n"),
		  "ok");
	snprintf(expect, sizeof(expect), "%s/canon", c.dir);
	CHECK_STR(c.submissions, expect);
	snprintf(expect, sizeof(expect), "%s/canon/ann", c.dir);
	CHECK_STR(c.bots[0].seat, expect);
	config_release(&c);
}

/* Too few bots because submissions were rejected: the error says which and why. */
static void test_too_few_bots_lists_the_rejected(void)
{
	struct config c;

	mkdir("few", 0755);
	mkdir("few/ann", 0755);
	write_file("few/ann/bot.ini", "command = @random\n");
	mkdir("few/bad name", 0755);
	write_file("few/bad name/bot.ini", "command = @random\n");
	mkdir("few/x.log", 0755);
	write_file("few/x.log/bot.ini", "command = @random\n");
	CHECK_STR(load_text(&c, "[arena]\nvariants = flip\nsubmissions = few\n"),
		  "c.ini: need at least 2 bots, found 1; 2 submissions were rejected:\n"
		  "c.ini: rejected submission bad name: bad bot name (expected 1-32 letters, "
		  "digits, '_', '.' or '-', starting with a letter or digit, not ending in .log)\n"
		  "c.ini: rejected submission x.log: bad bot name (expected 1-32 letters, digits, "
		  "'_', '.' or '-', starting with a letter or digit, not ending in .log)");
	config_release(&c);
}

int main(void)
{
	char dir[4096];

	snprintf(dir, sizeof(dir), "%s/config-%d", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
		 (int)getpid());
	mkdir(dir, 0755);
	if (chdir(dir) < 0)
		return 1;
	RUN(test_error_messages_name_file_line_key_and_expectation);
	RUN(test_too_few_bots_lists_the_rejected);
	RUN(test_submissions_path_is_resolved);
	RUN(test_long_lines_are_reported_not_split);
	RUN(test_missing_file);
	RUN(test_pairs_are_values_not_text);
	RUN(test_valid_config_values);
	RUN(test_submissions_reject_only_the_broken_ones);
	RUN(test_submissions_naming_others_are_rejected);
	return TEST_REPORT();
}
