/*
 * plan_fingerprint.c - what a bot is made of, as a hash (see plan_fingerprint.h):
 * its seat, its build command and its directory's tree (plan_tree.c) or the
 * files its command names; the code of a bot (the same without its
 * place); and the setup of a config, bots aside.
 */
#include "plan_fingerprint.h"

#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "path.h"
#include "seat.h"
#include "plan_tree.h"
#include "util.h"

/*
 * Hashes path, a place a bot is made of (its directory, a file its
 * command names), as seen from the config's directory when it lies
 * there ("bots/alice", "." for that directory itself), else as it is
 * (/usr/bin/python3, /srv/shared/alice): a tournament's directory moved
 * or copied with its bots keeps their fingerprints, while a place outside
 * it, which does not move with it, still counts by its name. Both are
 * taken as the arena resolves them: c->dir with every link followed
 * (config_load()), path with the links of its directory followed
 * (path_resolve_dir()); the comparison is by whole components (/a/cfg2 is
 * not below /a/cfg; below / is every path). A relative path (a bare
 * program found in c->dir) is hashed as it is. A text seen from c->dir
 * never starts with '/', an absolute one always does. A bot with a build
 * (b->build) counts by its absolute place wherever it lies: a build may
 * write where it ran into what it makes (a script's path, an rpath, a
 * virtual environment), so a moved tournament builds such a bot again.
 */
static void hash_path(crypto_generichash_state *h, const struct config *c,
		      const struct entrant *b, const char *path)
{
	char *full;
	const char *rel;

	if (path[0] != '/') {
		tree_hash_text(h, path);
		return;
	}
	full = path_resolve_dir(path);
	rel = c->dir && !b->build ? path_below(full, c->dir) : NULL;
	tree_hash_text(h, rel ? rel : full);
	free(full);
}

/*
 * The path of the file word i of a command names, relative to the
 * config's directory (malloc'd), or NULL: a regular file that a word with
 * a slash, a later word, or a program in that directory names.
 */
static char *command_file(const struct config *c, const char *w, int i)
{
	char *path = w[0] == '/' ? xstrdup(w) : path_join(c->dir, w);
	struct stat sb;

	if ((strchr(w, '/') || i > 0 || access(path, F_OK) == 0) && stat(path, &sb) == 0 &&
	    S_ISREG(sb.st_mode))
		return path;
	free(path);
	return NULL;
}

/* The files a command without a directory names (see plan_fingerprint.h). 0, or -2. */
static int hash_command_files(crypto_generichash_state *h, const struct config *c,
			      const struct entrant *b)
{
	struct seat st;
	char err[256];
	int ret = 0;

	if (seat_parse(&st, b->seat, c->dir, err, sizeof(err)) == 0 && st.argv) {
		for (int i = 0; i < st.argc && !ret; i++) {
			const char *w = st.argv[i];
			char *path = command_file(c, w, i), *real;

			if (!path)
				continue;
			/*
			 * a link (seat_parse() keeps a program's own name): where it
			 * leads, and what is there, which tree_tree_hash_file() would not open
			 */
			real = realpath(path, NULL);
			hash_path(h, c, b, w);
			if (real && strcmp(real, path)) {
				tree_hash_text(h, "resolved");
				hash_path(h, c, b, real);
			}
			ret = tree_hash_file(h, real ? real : path);
			free(real);
			free(path);
		}
	}
	seat_release(&st);
	return ret;
}

int fingerprint_bot(const struct config *c, const struct entrant *b, char *out)
{
	crypto_generichash_state h;
	unsigned char d[16];

	tree_unmatched_clear();
	crypto_generichash_init(&h, NULL, 0, sizeof(d));
	/*
	 * 2: a file's size before its bytes (with "euchre-arena bot", after
	 * them), and paths in the config's directory seen from it (no arena
	 * was released with the absolute paths and version 2)
	 */
	tree_hash_text(&h, "euchre-arena bot 2");
	if (b->dir && !strcmp(b->seat, b->dir))
		hash_path(&h, c, b, b->seat); /* the directory is the seat */
	else
		tree_hash_text(&h, b->seat); /* a command as the config gives it */
	tree_hash_text(&h, b->build ? b->build : "");
	if (!b->builtin && b->dir) {
		tree_hash_dir(&h, b->dir);
	} else if (!b->builtin) {
		hash_command_files(&h, c, b);
	}
	crypto_generichash_final(&h, d, sizeof(d));
	for (int i = 0; i < FINGERPRINT_LEN / 2; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
	if (tree_stopped())
		return -1;
	if (tree_unmatched()[0])
		message_printf(stderr, "arena", "warning: %s: %s, so it counts as changed and its "
			       "games are played again at every run until that is fixed", b->name,
			       tree_unmatched());
	return 0;
}

/*
 * The files a command without a directory names, for fingerprint_code():
 * their bytes, whatever the other words (one program with other options
 * is one code); a command that names no file, by its words. 0, or -2.
 */
static int hash_command_code(crypto_generichash_state *h, const struct config *c,
			     const struct entrant *b)
{
	struct seat st;
	char err[256];
	int ret = 0, files = 0;

	if (seat_parse(&st, b->seat, c->dir, err, sizeof(err)) < 0 || !st.argv) {
		tree_hash_text(h, b->seat);
		seat_release(&st);
		return 0;
	}
	for (int i = 0; i < st.argc && !ret; i++) {
		char *path = command_file(c, st.argv[i], i), *real;

		if (!path)
			continue;
		real = realpath(path, NULL);
		tree_hash_text(h, "file");
		ret = tree_hash_file(h, real ? real : path);
		free(real);
		free(path);
		files++;
	}
	if (!files)
		tree_hash_text(h, b->seat);
	seat_release(&st);
	return ret;
}

int fingerprint_code(const struct config *c, const struct entrant *b, char *out)
{
	crypto_generichash_state h;
	unsigned char d[16];

	out[0] = '\0';
	if (b->builtin)
		return 0;
	tree_unmatched_clear();
	crypto_generichash_init(&h, NULL, 0, sizeof(d));
	tree_hash_text(&h, "euchre-arena code 1");
	tree_hash_text(&h, b->build ? b->build : "");
	if (b->dir)
		tree_hash_dir(&h, b->dir);
	else
		hash_command_code(&h, c, b);
	crypto_generichash_final(&h, d, sizeof(d));
	for (int i = 0; i < FINGERPRINT_LEN / 2; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
	tree_unmatched_clear(); /* fingerprint_bot() warns of it */
	return tree_stopped() ? -1 : 0;
}

void fingerprint_setup(const struct config *c, char *out)
{
	crypto_generichash_state h;
	unsigned char d[16];
	char num[96];

	crypto_generichash_init(&h, NULL, 0, sizeof(d));
	tree_hash_text(&h, "euchre-arena setup");
	snprintf(num, sizeof(num), "%d %llu %ld", c->seed_line != 0,
		 (unsigned long long)(c->seed_line ? c->seed : 0), c->deals);
	tree_hash_text(&h, num);
	for (int v = 0; v < c->nvariants; v++) {
		const struct variant_cfg *vc = &c->variants[v];

		tree_hash_text(&h, vc->name);
		snprintf(num, sizeof(num), "%d %d %ld %ld %ld", (int)vc->base, vc->progressive,
			 vc->deals, vc->tables, vc->hands_per_round);
		tree_hash_text(&h, num);
		for (int o = 0; o < vc->nopts; o++) {
			tree_hash_text(&h, vc->opt_key[o]);
			tree_hash_text(&h, vc->opt_value[o]);
		}
	}
	crypto_generichash_final(&h, d, sizeof(d));
	for (int i = 0; i < FINGERPRINT_LEN / 2; i++)
		snprintf(out + 2 * i, 3, "%02x", d[i]);
}

