/*
 * rules.h - the five variants and their options, as plain const data.
 *
 * struct rules is everything the engine needs to know about a variant
 * once its options are applied: seat count, deck, hand size, targets and
 * the switches that RULINGS.md marks as options. It is filled by
 * rules_init() with the defaults, changed by rules_set_option(), and
 * completed by rules_finish() (which derives what depends on several
 * options, such as flip's hand size from its player count).
 */
#ifndef RULES_H
#define RULES_H

#include <stddef.h>

#include "util.h"

enum variant { VAR_HAMMERWALT, VAR_INDIANA, VAR_BLOOMINGTON, VAR_FIVEHAND, VAR_FLIP, NVARIANTS };

enum { ALL_PASS_STICK, ALL_PASS_REDEAL };
enum { END_LEAD, END_FIRST };

#define MAX_SEATS 10  /* flip: up to 10 hands including the dead hand */
#define MAX_DECK 52
#define MAX_HAND 13   /* 12 cards, plus one during five-hand's pick-up */

struct rules {
	enum variant variant;
	int players;    /* seats that take decisions */
	int seats;      /* players plus flip's dead hand */
	int dead_seat;  /* flip with an odd player count: index of the dead hand, else -1 */
	int teams;      /* 2 for the partnership games, 0 where every player scores alone */
	int cards_each;
	int deck_size;
	int target;
	int hole;       /* partnership games: a team at or below -hole loses */
	int max_hands;
	int all_pass;   /* indiana, bloomington: ALL_PASS_STICK or ALL_PASS_REDEAL */
	int end;        /* fivehand: END_LEAD or END_FIRST */
	int jokers;     /* flip: copies of each joker, 1 or 2 */
	int zilch;      /* flip: the zilch scoring (no bids, fewest tricks) */
	int min_bid;    /* flip: smallest bid for cards_each */
	int set_mask;   /* which options were given explicitly (bit per option index) */
};

const char *variant_name(enum variant v);
/* Returns the variant for a name, or -1. */
int variant_parse(const char *name);

/* Defaults for variant v. Call rules_finish() before use. */
void rules_init(struct rules *r, enum variant v);
/*
 * Sets one option from text. Returns 0, or -1 with a message in err
 * naming the key and the accepted values.
 */
int rules_set_option(struct rules *r, const char *key, const char *value, char *err, size_t len);
/* Derives dependent fields and checks the combination. 0 or -1 with err. */
int rules_finish(struct rules *r, char *err, size_t len);

/*
 * A bound on the decisions one seat can be asked in a game under r
 * (finished): max_hands hands of at most three per card it is dealt (an
 * auction turn, an exchange, a play) and eight more (trump, declaring,
 * redeals). Time budgets are made from it: a bot that keeps to its limit
 * per decision never runs out.
 */
long rules_max_decisions(const struct rules *r);

/*
 * The options of a variant, in a fixed order, for --list-variants, the
 * handshake, the record and the JSON result: option i of variant v
 * (0 <= i < rules_option_count(v)) is rules_option(v, i), or NULL.
 */
enum option_kind { OPT_INT, OPT_ENUM, OPT_BOOL };
struct rules_option {
	const char *name;
	enum option_kind kind;
	const char *help; /* one line on the accepted values */
};
int rules_option_count(enum variant v);
const struct rules_option *rules_option(enum variant v, int i);
/* The index of v's option called name, or -1. */
int rules_option_find(enum variant v, const char *name);
/* Its value in r: the number (OPT_INT), the index of its name (OPT_ENUM), 0 or 1 (OPT_BOOL). */
int rules_option_value(const struct rules *r, int i);
/* Its value as --option spells it ("64", "redeal", "true"), in buf. */
const char *rules_option_text(const struct rules *r, int i, char *buf, size_t len);

/* One line per variant with its player counts and options. */
void rules_list_variants(struct strbuf *out);

/* Team of a seat in the partnership games (seat % 2); -1 elsewhere. */
static inline int rules_team(const struct rules *r, int seat)
{
	return r->teams ? seat % 2 : -1;
}

#endif
