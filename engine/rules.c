/*
 * rules.c - variant table and option handling.
 *
 * Each option is one row: its name, the variants that have it, its kind
 * and range, and where it lives in struct rules. Defaults that differ per
 * variant (the targets) are set in rules_init(); everything else reads the
 * table, so adding an option is one row and one field.
 */
#include "rules.h"

#include <stdio.h>
#include <string.h>

#define V(x) (1u << (x))
#define TEAM_VARIANTS (V(VAR_HAMMERWALT) | V(VAR_INDIANA) | V(VAR_BLOOMINGTON))
#define ALL_VARIANTS (TEAM_VARIANTS | V(VAR_FIVEHAND) | V(VAR_FLIP))

static const char *const variant_names[NVARIANTS] = {
	"hammerwalt", "indiana", "bloomington", "fivehand", "flip",
};

static const char *const all_pass_names[] = { "stick", "redeal", NULL };
static const char *const end_names[] = { "lead", "first", NULL };
static const char *const bool_names[] = { "false", "true", NULL };

struct option_def {
	struct rules_option pub; /* name, kind, help */
	unsigned variants;
	int min, max;
	const char *const *values; /* OPT_ENUM, OPT_BOOL: NULL-terminated names */
	size_t offset;
};

static const struct option_def options[] = {
	{ { "target", OPT_INT, "score that wins the game" },
	  ALL_VARIANTS, 1, 100000, NULL, offsetof(struct rules, target) },
	{ { "hole", OPT_INT, "a team at or below minus this loses (default: the target)" },
	  TEAM_VARIANTS, 1, 100000, NULL, offsetof(struct rules, hole) },
	{ { "max_hands", OPT_INT, "the game ends after this many hands, highest score winning" },
	  ALL_VARIANTS, 1, 1000000, NULL, offsetof(struct rules, max_hands) },
	{ { "all_pass", OPT_ENUM,
	    "stick: the dealer may not pass when all others have; redeal: throw the hand in" },
	  V(VAR_INDIANA) | V(VAR_BLOOMINGTON), 0, 1, all_pass_names,
	  offsetof(struct rules, all_pass) },
	{ { "end", OPT_ENUM, "lead: 10+ and ahead of everyone by 1+; first: anyone at 10+ ends it" },
	  V(VAR_FIVEHAND), 0, 1, end_names, offsetof(struct rules, end) },
	{ { "players", OPT_INT, "number of players, 2 to 10 (a dead hand joins when odd)" },
	  V(VAR_FLIP), 2, 10, NULL, offsetof(struct rules, players) },
	{ { "jokers", OPT_INT, "copies of each joker (Benny and Charlie): 1 or 2" },
	  V(VAR_FLIP), 1, 2, NULL, offsetof(struct rules, jokers) },
	{ { "zilch", OPT_BOOL, "play zilch (no bids, fewest tricks) at any hand size" },
	  V(VAR_FLIP), 0, 1, bool_names, offsetof(struct rules, zilch) },
};
#define NOPTIONS ((int)(sizeof(options) / sizeof(options[0])))

const char *variant_name(enum variant v)
{
	return (unsigned)v < NVARIANTS ? variant_names[v] : "?";
}

int variant_parse(const char *name)
{
	for (int v = 0; v < NVARIANTS; v++)
		if (!strcmp(name, variant_names[v]))
			return v;
	return -1;
}

static int *field(struct rules *r, const struct option_def *o)
{
	return (int *)((char *)r + o->offset);
}

static int field_value(const struct rules *r, const struct option_def *o)
{
	return *(const int *)((const char *)r + o->offset);
}

/* Was the named option given explicitly? */
static int option_set(const struct rules *r, const char *name)
{
	for (int i = 0; i < NOPTIONS; i++)
		if (!strcmp(options[i].pub.name, name))
			return !!(r->set_mask & (1 << i));
	return 0;
}

void rules_init(struct rules *r, enum variant v)
{
	static const int targets[NVARIANTS] = { 64, 42, 54, 10, 100 };

	memset(r, 0, sizeof(*r));
	r->variant = v;
	r->target = targets[v];
	r->max_hands = 200;
	r->all_pass = ALL_PASS_STICK;
	r->end = END_LEAD;
	r->players = v == VAR_BLOOMINGTON ? 6 : v == VAR_FIVEHAND ? 5 : 4;
	r->jokers = 1;
	r->dead_seat = -1;
}

static int parse_enum(const char *const *names, const char *value)
{
	for (int i = 0; names[i]; i++)
		if (!strcmp(names[i], value))
			return i;
	return -1;
}

static void list_names(const struct option_def *o, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int i = 0; o->values[i] && used < len; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s", i ? ", " : "",
					 o->values[i]);
}

int rules_set_option(struct rules *r, const char *key, const char *value, char *err, size_t len)
{
	const struct option_def *o = NULL;
	char names[128];
	int i;
	long n;

	for (i = 0; i < NOPTIONS; i++)
		if (!strcmp(options[i].pub.name, key) && (options[i].variants & V(r->variant)))
			o = &options[i];
	if (!o) {
		snprintf(err, len, "unknown option '%s' for %s (see --list-variants)", key,
			 variant_name(r->variant));
		return -1;
	}
	switch (o->pub.kind) {
	case OPT_INT:
		if (parse_long(value, o->min, o->max, &n) < 0) {
			snprintf(err, len, "option '%s': '%s' is not an integer from %d to %d",
				 key, value, o->min, o->max);
			return -1;
		}
		*field(r, o) = (int)n;
		break;
	case OPT_BOOL:
		if (!strcmp(value, "1") || !strcmp(value, "yes") || !strcmp(value, "on"))
			value = "true";
		else if (!strcmp(value, "0") || !strcmp(value, "no") || !strcmp(value, "off"))
			value = "false";
		/* fall through */
	case OPT_ENUM:
		if ((i = parse_enum(o->values, value)) < 0) {
			list_names(o, names, sizeof(names));
			snprintf(err, len, "option '%s': '%s' is not one of %s", key, value, names);
			return -1;
		}
		*field(r, o) = i;
		break;
	}
	r->set_mask |= 1 << (int)(o - options);
	return 0;
}

/* Flip's cards per hand from the number of hands dealt (RULINGS: flip). */
static int flip_cards_each(int hands)
{
	if (hands <= 2)
		return 12;
	if (hands <= 4)
		return 10;
	if (hands <= 6)
		return 7;
	if (hands <= 8)
		return 5;
	return 4;
}

static int flip_min_bid(int cards)
{
	switch (cards) {
	case 12: return 6;
	case 10: return 3;
	case 7: return 2;
	default: return 1;
	}
}

int rules_finish(struct rules *r, char *err, size_t len)
{
	r->dead_seat = -1;
	r->teams = 0;
	switch (r->variant) {
	case VAR_HAMMERWALT:
	case VAR_INDIANA:
		r->players = r->seats = 4;
		r->teams = 2;
		r->cards_each = 12;
		r->deck_size = 48;
		break;
	case VAR_BLOOMINGTON:
		r->players = r->seats = 6;
		r->teams = 2;
		r->cards_each = 8;
		r->deck_size = 48;
		break;
	case VAR_FIVEHAND:
		r->players = r->seats = 5;
		r->cards_each = 5;
		r->deck_size = 29;
		break;
	case VAR_FLIP:
		r->seats = r->players + (r->players & 1);
		if (r->players & 1)
			r->dead_seat = r->players;
		r->cards_each = flip_cards_each(r->seats);
		r->deck_size = 48 + 2 * r->jokers;
		r->min_bid = flip_min_bid(r->cards_each);
		break;
	default:
		snprintf(err, len, "unknown variant");
		return -1;
	}
	if (r->teams && !option_set(r, "hole"))
		r->hole = r->target;
	return 0;
}

int rules_option_count(enum variant v)
{
	int n = 0;

	for (int i = 0; i < NOPTIONS; i++)
		n += !!(options[i].variants & V(v));
	return n;
}

/* The option definition of v's option i, or NULL. */
static const struct option_def *option_of(enum variant v, int i)
{
	for (int k = 0; k < NOPTIONS; k++)
		if ((options[k].variants & V(v)) && i-- == 0)
			return &options[k];
	return NULL;
}

const struct rules_option *rules_option(enum variant v, int i)
{
	const struct option_def *o = option_of(v, i);

	return o ? &o->pub : NULL;
}

int rules_option_find(enum variant v, const char *name)
{
	for (int i = 0; i < rules_option_count(v); i++)
		if (!strcmp(option_of(v, i)->pub.name, name))
			return i;
	return -1;
}

int rules_option_value(const struct rules *r, int i)
{
	const struct option_def *o = option_of(r->variant, i);

	return o ? field_value(r, o) : 0;
}

const char *rules_option_text(const struct rules *r, int i, char *buf, size_t len)
{
	const struct option_def *o = option_of(r->variant, i);
	int v = o ? field_value(r, o) : 0;

	if (!o)
		snprintf(buf, len, "?");
	else if (o->pub.kind == OPT_INT)
		snprintf(buf, len, "%d", v);
	else
		snprintf(buf, len, "%s", o->values[v]);
	return buf;
}

void rules_list_variants(struct strbuf *out)
{
	static const char *const players[NVARIANTS] = {
		"4 (2 teams of 2)", "4 (2 teams of 2)", "6 (2 teams of 3)",
		"5 (each for themselves, partners change)", "2-10 (each for themselves)",
	};

	for (int v = 0; v < NVARIANTS; v++) {
		struct rules r;
		char err[128];

		rules_init(&r, v);
		rules_finish(&r, err, sizeof(err));
		strbuf_addf(out, "%s: players %s\n", variant_names[v], players[v]);
		for (int i = 0; i < rules_option_count(v); i++) {
			char value[64];

			strbuf_addf(out, "  %s=%s  %s\n", rules_option(v, i)->name,
				    rules_option_text(&r, i, value, sizeof(value)),
				    rules_option(v, i)->help);
		}
	}
}

long rules_max_decisions(const struct rules *r)
{
	return (long)r->max_hands * (3L * r->cards_each + 8);
}
