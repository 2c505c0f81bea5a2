/*
 * move.c - the text of moves (see game.h): move_format() writes the
 * canonical form, move_parse() reads exactly one move, move_list_parse()
 * a comma-separated list of them (a scripted seat's moves, deal.h); and
 * the names of decisions. Legality is the engine's (game_apply); these
 * only read and write text.
 */
#include "game.h"

#include <stdio.h>
#include <string.h>

static const struct token decision_tokens[DEC_PLAY + 2] = {
	TOKEN_INIT("none"), TOKEN_INIT("bid"), TOKEN_INIT("trump"), TOKEN_INIT("declare"),
	TOKEN_INIT("give"), TOKEN_INIT("discard"), TOKEN_INIT("play"), TOKEN_INIT("?"),
};

const struct token *decision_token(enum decision d)
{
	return &decision_tokens[(unsigned)d <= DEC_PLAY ? d : DEC_PLAY + 1];
}

const char *decision_name(enum decision d)
{
	return decision_token(d)->text;
}

int move_equal(const struct move *a, const struct move *b)
{
	return a->type == b->type && a->num == b->num && a->trump == b->trump &&
	       a->card == b->card && a->swap == b->swap;
}

/* Appends the literal or short word w to t at n; the new length. */
static inline size_t put(char *t, size_t n, const char *w)
{
	size_t k = strlen(w); /* inline: a constant for every literal */

	memcpy(t + n, w, k);
	return n + k;
}

/* Appends a token with its fixed-size copy (its padding lands past the end). */
static inline size_t put_token(char *t, size_t n, const struct token *w)
{
	memcpy(t + n, w->text, TOKEN_ROOM);
	return n + w->len;
}

static size_t put_int(char *t, size_t n, int v)
{
	char d[12];
	int k = 0;
	unsigned u = v < 0 ? 0U - (unsigned)v : (unsigned)v;

	if (v < 0)
		t[n++] = '-';
	do {
		d[k++] = (char)('0' + u % 10);
		u /= 10;
	} while (u);
	while (k)
		t[n++] = d[--k];
	return n;
}

/*
 * Written by hand, not with snprintf(): every request lists the legal
 * moves, and the bids and trump choices among them come through here.
 * The longest text, "CHARLIE switch CHARLIE", is 22 bytes, and the copy
 * of its last token writes 8 from byte 15.
 */
size_t move_text(const struct move *m, char *t)
{
	size_t n = 0;

	switch (m->type) {
	case MOVE_PASS: n = put(t, n, "pass"); break;
	case MOVE_BID:
		n = put_int(t, n, m->num);
		if (m->trump >= 0)
			n = put_token(t, put(t, n, " "), trump_token(m->trump));
		break;
	case MOVE_ALONE: n = put(t, n, "alone"); break;
	case MOVE_MOON: n = put_token(t, put(t, n, "moon "), trump_token(m->trump)); break;
	case MOVE_BEST: n = put_token(t, put(t, n, "best "), trump_token(m->trump)); break;
	case MOVE_TRUMP: n = put_token(t, n, trump_token(m->trump)); break;
	case MOVE_ORDER:
		n = put(t, n, "order");
		if (m->trump >= 0)
			n = put_token(t, put(t, n, " "), trump_token(m->trump));
		break;
	case MOVE_PARTNER: n = put(t, n, "partner"); break;
	case MOVE_CARD:
		n = put_token(t, n, card_token(m->card));
		if (m->swap != CARD_NONE)
			n = put_token(t, put(t, n, " switch "), card_token(m->swap));
		break;
	default: n = put(t, n, "?"); break;
	}
	return n;
}

int move_format(const struct move *m, char *buf, size_t len)
{
	char t[MOVE_TEXT_ROOM];
	size_t n = move_text(m, t);

	/* as snprintf(): cut to fit, ended by a NUL, the whole length returned */
	if (len) {
		size_t k = n < len - 1 ? n : len - 1;

		memcpy(buf, t, k);
		buf[k] = '\0';
	}
	return (int)n;
}

static int word_is(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w);

	if (n != k)
		return 0;
	for (size_t i = 0; i < k; i++)
		if ((s[i] | 0x20) != w[i])
			return 0;
	return 1;
}

/* A trick count: 1 or 2 digits, no sign, no leading zero. */
static int parse_count(const char *s, size_t n, int *out)
{
	if (n < 1 || n > 2 || s[0] < '1' || s[0] > '9' || (n == 2 && (s[1] < '0' || s[1] > '9')))
		return -1;
	*out = n == 1 ? s[0] - '0' : (s[0] - '0') * 10 + (s[1] - '0');
	return 0;
}

/* A trump name that is suit-only or any (allow_nt) and fills s[0..n). */
static int parse_trump_word(const char *s, size_t n, int allow_nt, int *out)
{
	int t;

	if (n == 0 || trump_parse(s, n, &t) != (int)n || t == TRUMP_NONE)
		return -1;
	if (!allow_nt && !trump_is_suit(t))
		return -1;
	*out = t;
	return 0;
}

int move_parse(const char *s, size_t len, struct move *m)
{
	const char *w[3];
	size_t wl[3];
	int nw = 0, num, t;
	card_t c, sw;

	/* one to three words separated by single spaces, nothing else */
	for (size_t j = 0, start = 0; j <= len; j++) {
		if (j < len && s[j] != ' ')
			continue;
		if (j == start || nw == 3)
			return -1;
		w[nw] = s + start;
		wl[nw++] = j - start;
		start = j + 1;
	}
	*m = move_make(-1, -1, -1, CARD_NONE, CARD_NONE);
	/*
	 * A card first: most moves are plays. No card token is a word, a
	 * count or a trump below (card.h), so the order changes no result.
	 */
	if (nw == 1) {
		if (card_parse(w[0], wl[0], &c) == (int)wl[0])
			*m = move_make(MOVE_CARD, -1, -1, c, CARD_NONE);
		else if (word_is(w[0], wl[0], "pass"))
			m->type = MOVE_PASS;
		else if (word_is(w[0], wl[0], "alone"))
			m->type = MOVE_ALONE;
		else if (word_is(w[0], wl[0], "partner"))
			m->type = MOVE_PARTNER;
		else if (word_is(w[0], wl[0], "order"))
			m->type = MOVE_ORDER;
		else if (parse_count(w[0], wl[0], &num) == 0)
			*m = move_make(MOVE_BID, num, -1, CARD_NONE, CARD_NONE);
		else if (parse_trump_word(w[0], wl[0], 1, &t) == 0)
			*m = move_make(MOVE_TRUMP, -1, t, CARD_NONE, CARD_NONE);
		else
			return -1;
		return (int)len;
	}
	if (nw == 2) {
		if (parse_count(w[0], wl[0], &num) == 0 && parse_trump_word(w[1], wl[1], 1, &t) == 0)
			*m = move_make(MOVE_BID, num, t, CARD_NONE, CARD_NONE);
		else if (word_is(w[0], wl[0], "moon") && parse_trump_word(w[1], wl[1], 1, &t) == 0)
			*m = move_make(MOVE_MOON, -1, t, CARD_NONE, CARD_NONE);
		else if (word_is(w[0], wl[0], "best") && parse_trump_word(w[1], wl[1], 1, &t) == 0)
			*m = move_make(MOVE_BEST, -1, t, CARD_NONE, CARD_NONE);
		else if (word_is(w[0], wl[0], "order") && parse_trump_word(w[1], wl[1], 0, &t) == 0)
			*m = move_make(MOVE_ORDER, -1, t, CARD_NONE, CARD_NONE);
		else
			return -1;
		return (int)len;
	}
	if (card_parse(w[0], wl[0], &c) == (int)wl[0] && word_is(w[1], wl[1], "switch") &&
	    card_parse(w[2], wl[2], &sw) == (int)wl[2]) {
		*m = move_make(MOVE_CARD, -1, -1, c, sw);
		return (int)len;
	}
	return -1;
}

int move_list_parse(const char *s, size_t len, struct move *out, int max, char *bad,
		    size_t badlen)
{
	int n = 0;
	size_t i = 0;

	for (;;) {
		size_t j = i, a, b;
		char one[64];
		size_t k = 0;

		while (j < len && s[j] != ',')
			j++;
		/* the item, its blanks trimmed and runs of blanks made one space */
		for (a = i; a < j && (s[a] == ' ' || s[a] == '\t'); a++)
			;
		for (b = j; b > a && (s[b - 1] == ' ' || s[b - 1] == '\t'); b--)
			;
		for (size_t x = a; x < b && k < sizeof(one) - 1; x++) {
			int blank = s[x] == ' ' || s[x] == '\t';

			if (blank && (s[x + 1] == ' ' || s[x + 1] == '\t'))
				continue;
			one[k++] = blank ? ' ' : s[x];
		}
		one[k] = '\0';
		if (n == max) {
			snprintf(bad, badlen, "more than %d moves", max);
			return -1;
		}
		if (!k || b - a >= sizeof(one) || move_parse(one, k, &out[n]) < 0) {
			snprintf(bad, badlen, "'%.*s' is not a move", (int)(b - a < 40 ? b - a : 40),
				 s + a);
			return -1;
		}
		n++;
		if (j >= len)
			return n;
		i = j + 1;
	}
}
