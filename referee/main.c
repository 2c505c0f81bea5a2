/*
 * main.c - bin/referee: plays games of one variant between seated players
 * and prints one JSON result line per game.
 *
 * Only this file prints to the terminal and exits; everything it calls
 * reports through return values and error buffers.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "deal.h"
#include "match.h"
#include "rules.h"
#include "util.h"

#define EXIT_USAGE 2

static const char usage_text[] =
	"usage: referee --variant NAME [options] SEAT...\n"
	"       referee --list-variants\n"
	"\n"
	"Plays games of one euchre variant and prints one line of JSON per game.\n"
	"A SEAT is a built-in player: @random (uniform legal moves) or @greedy (a\n"
	"simple sound heuristic). Give one SEAT per player, seat 0 first.\n"
	"\n"
	"options:\n"
	"  --variant NAME      hammerwalt, indiana, bloomington, fivehand or flip\n"
	"  --option KEY=VALUE  a variant option, repeatable (see --list-variants);\n"
	"                      flip's players defaults to the number of SEATs\n"
	"  --seed N            seed of the first game, 0 to 2^63-1 (default 1)\n"
	"  --games N           play N games with seeds N, N+1, ... (default 1) and\n"
	"                      print a summary line on stderr\n"
	"  --deal FILE         start from an explicit deal (docs/deal-format.md)\n"
	"  --log FILE          write a human-readable record of every hand\n"
	"  --list-variants     list the variants, player counts and options\n"
	"  -h, --help          show this text\n"
	"\n"
	"exit status: 0 when every game was played, 1 when something failed while\n"
	"playing (a log that cannot be written), 2 for bad arguments.\n";

static void usage_error(const char *fmt, const char *arg)
{
	fprintf(stderr, "referee: ");
	fprintf(stderr, fmt, arg);
	fprintf(stderr, " (see referee --help)\n");
	exit(EXIT_USAGE);
}

struct options {
	const char *variant;
	unsigned long long seed;
	long games;
	const char *deal_file;
	const char *log_file;
	int nopts;
	char *opt_key[64];
	char *opt_value[64];
};

static void parse_args(int argc, char **argv, struct options *o)
{
	enum { OPT_VARIANT = 256, OPT_OPTION, OPT_SEED, OPT_GAMES, OPT_DEAL, OPT_LOG, OPT_LIST };
	static const struct option longopts[] = {
		{ "variant", required_argument, NULL, OPT_VARIANT },
		{ "option", required_argument, NULL, OPT_OPTION },
		{ "seed", required_argument, NULL, OPT_SEED },
		{ "games", required_argument, NULL, OPT_GAMES },
		{ "deal", required_argument, NULL, OPT_DEAL },
		{ "log", required_argument, NULL, OPT_LOG },
		{ "list-variants", no_argument, NULL, OPT_LIST },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	memset(o, 0, sizeof(*o));
	o->seed = 1;
	o->games = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, "+h", longopts, NULL)) != -1) {
		char *eq;

		switch (c) {
		case OPT_VARIANT:
			o->variant = optarg;
			break;
		case OPT_OPTION:
			eq = strchr(optarg, '=');
			if (!eq || eq == optarg)
				usage_error("--option '%s' is not KEY=VALUE", optarg);
			if (o->nopts == 64)
				usage_error("too many --option%s", "");
			o->opt_key[o->nopts] = xstrndup(optarg, (size_t)(eq - optarg));
			o->opt_value[o->nopts++] = eq + 1;
			break;
		case OPT_SEED:
			if (parse_u64(optarg, &o->seed) < 0 || o->seed > 0x7fffffffffffffffULL)
				usage_error("--seed '%s' is not a number from 0 to 2^63-1", optarg);
			break;
		case OPT_GAMES:
			if (parse_long(optarg, 1, 100000000, &o->games) < 0)
				usage_error("--games '%s' is not a number from 1 to 100000000", optarg);
			break;
		case OPT_DEAL:
			o->deal_file = optarg;
			break;
		case OPT_LOG:
			o->log_file = optarg;
			break;
		case OPT_LIST: {
			struct strbuf sb = STRBUF_INIT;

			strbuf_init(&sb);
			rules_list_variants(&sb);
			fputs(sb.buf, stdout);
			strbuf_release(&sb);
			exit(0);
		}
		case 'h':
			fputs(usage_text, stdout);
			exit(0);
		default:
			if (optopt)
				usage_error("unknown option '-%c'", (char[]){ (char)optopt, 0 });
			usage_error("unknown or incomplete option '%s'", argv[optind - 1]);
		}
	}
}

/* Applies --option values and completes the rules; flip's players from the seat count. */
static void make_rules(const struct options *o, int nseats, struct rules *r)
{
	char err[256];
	int v = variant_parse(o->variant);
	int players_given = 0;

	if (v < 0)
		usage_error("unknown variant '%s' (see --list-variants)", o->variant);
	rules_init(r, (enum variant)v);
	for (int i = 0; i < o->nopts; i++) {
		if (rules_set_option(r, o->opt_key[i], o->opt_value[i], err, sizeof(err)) < 0)
			usage_error("%s", err);
		players_given |= !strcmp(o->opt_key[i], "players");
	}
	if (r->variant == VAR_FLIP && !players_given) {
		char n[16];

		snprintf(n, sizeof(n), "%d", nseats);
		if (rules_set_option(r, "players", n, err, sizeof(err)) < 0)
			usage_error("flip needs 2 to 10 SEATs, got %s", n);
	}
	if (rules_finish(r, err, sizeof(err)) < 0)
		usage_error("%s", err);
	if (nseats != r->players) {
		snprintf(err, sizeof(err), "%s needs %d SEATs, got %d", variant_name(r->variant),
			 r->players, nseats);
		usage_error("%s", err);
	}
}

int main(int argc, char **argv)
{
	struct options o;
	struct rules rules;
	struct deal *deal = NULL;
	struct player *players[MAX_SEATS] = { NULL };
	FILE *log = NULL;
	char err[512];
	int nseats, status = 0;
	long wins[MAX_SEATS] = { 0 };
	double total[MAX_SEATS] = { 0 };

	parse_args(argc, argv, &o);
	if (!o.variant)
		usage_error("--variant is required%s", "");
	nseats = argc - optind;
	if (nseats < 1)
		usage_error("no SEATs given%s", "");
	if (nseats > MAX_SEATS)
		usage_error("too many SEATs (at most 10)%s", "");
	make_rules(&o, nseats, &rules);
	for (int s = 0; s < nseats; s++)
		if (!player_is_builtin(argv[optind + s]))
			usage_error("SEAT '%s' is not a built-in player (@random, @greedy)",
				    argv[optind + s]);
	if (o.deal_file) {
		deal = xmalloc(sizeof(*deal));
		if (deal_load(o.deal_file, &rules, deal, err, sizeof(err)) < 0)
			usage_error("%s", err);
	}
	if (o.log_file && !(log = fopen(o.log_file, "w"))) {
		fprintf(stderr, "referee: cannot write log '%s': %s\n", o.log_file, strerror(errno));
		return 1;
	}

	for (long i = 0; i < o.games; i++) {
		struct match_config mc = { &rules, o.seed + (unsigned long long)i, deal, log };
		struct match_result res;
		struct strbuf line = STRBUF_INIT;

		/* every built-in gets its own stream, fixed by the game seed and seat */
		for (int s = 0; s < nseats; s++) {
			uint64_t x = mc.seed * 16 + (uint64_t)s;

			players[s] = player_new(argv[optind + s], splitmix64(&x), err, sizeof(err));
			if (!players[s])
				usage_error("%s", err);
		}
		if (match_run(&mc, players, &res, err, sizeof(err)) < 0) {
			fprintf(stderr, "referee: %s\n", err);
			return EXIT_USAGE;
		}
		strbuf_init(&line);
		match_result_json(&mc, players, &res, &line);
		puts(line.buf);
		fflush(stdout);
		strbuf_release(&line);
		for (int s = 0; s < nseats; s++) {
			wins[s] += res.ranks[s] == 1;
			total[s] += game_seat_score(res.game, s);
			player_free(players[s]);
		}
		match_result_release(&res);
	}
	if (o.games > 1) {
		fprintf(stderr, "summary: %ld games, wins", o.games);
		for (int s = 0; s < nseats; s++)
			fprintf(stderr, " %ld", wins[s]);
		fprintf(stderr, ", mean score");
		for (int s = 0; s < nseats; s++)
			fprintf(stderr, " %.1f", total[s] / (double)o.games);
		fputc('\n', stderr);
	}
	if (log && fclose(log) != 0) {
		fprintf(stderr, "referee: cannot write log '%s': %s\n", o.log_file, strerror(errno));
		status = 1;
	}
	free(deal);
	for (int i = 0; i < o.nopts; i++)
		free(o.opt_key[i]);
	return status;
}
