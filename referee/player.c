/*
 * player.c - the seat interface over the built-in strategies.
 */
#include "player.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "util.h"

enum player_kind { PLAYER_RANDOM, PLAYER_GREEDY };

struct player {
	enum player_kind kind;
	char *spec;
	struct rng rng;
};

static const char *const fault_names[] = {
	"none", "timeout", "crash", "eof", "malformed", "illegal", "overflow", "sandbox", "startup",
};

const char *fault_kind_name(enum fault_kind k)
{
	return (unsigned)k <= FAULT_STARTUP ? fault_names[k] : "?";
}

int player_is_builtin(const char *spec)
{
	return spec[0] == '@';
}

struct player *player_new(const char *spec, uint64_t seed, char *err, size_t len)
{
	struct player *p;
	enum player_kind kind;

	if (!strcmp(spec, "@random"))
		kind = PLAYER_RANDOM;
	else if (!strcmp(spec, "@greedy"))
		kind = PLAYER_GREEDY;
	else {
		snprintf(err, len, "unknown built-in player '%s' (known: @random, @greedy)", spec);
		return NULL;
	}
	p = xcalloc(1, sizeof(*p));
	p->kind = kind;
	p->spec = xstrdup(spec);
	rng_seed(&p->rng, seed);
	return p;
}

void player_free(struct player *p)
{
	if (!p)
		return;
	free(p->spec);
	free(p);
}

const char *player_spec(const struct player *p)
{
	return p->spec;
}

int player_decide(struct player *p, const struct game *g, struct move *out, struct fault *f)
{
	int ret = p->kind == PLAYER_RANDOM ? builtin_random(g, &p->rng, out)
					   : builtin_greedy(g, out);

	if (ret < 0) {
		f->kind = FAULT_CRASH;
		snprintf(f->detail, sizeof(f->detail), "built-in player had no move");
	}
	return ret;
}
