/*
 * human.c - the @human seat (see human.h).
 *
 * The person is shown the engine's own text for the seat, reworded: each
 * line of view_event() and protocol_request() is split into words and
 * told again in plain words, and a line this file does not know is shown
 * as it is. Working from that text, and never from the game's fields,
 * keeps the rule of view.c: whatever this file draws, a bot in the seat
 * would have been sent too.
 */
#include "human.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "protocol.h"
#include "util.h"
#include "view.h"

#define MAX_WORDS 64

/* ANSI colours: suits, headings, the prompt and refusals. */
#define C_RED "\033[31m"
#define C_BLUE "\033[34m"
#define C_MAGENTA "\033[35m"
#define C_BOLD "\033[1m"
#define C_DIM "\033[2m"
#define C_OFF "\033[0m"

struct human {
	FILE *in, *out;
	int colour;
	int seat;
	int asked;            /* decisions asked so far: numbers the prompts */
	struct game *scratch; /* a copy the engine tries a refused entry on */
	struct strbuf sb;     /* the text being drawn */
	char *line;           /* the last line read (getline's buffer) */
	size_t line_cap;
};

struct human *human_new(FILE *in, FILE *out, int colour)
{
	struct human *h = xcalloc(1, sizeof(*h));

	h->in = in;
	h->out = out;
	h->colour = colour;
	h->scratch = xmalloc(sizeof(*h->scratch));
	strbuf_init(&h->sb);
	return h;
}

void human_free(struct human *h)
{
	if (!h)
		return;
	strbuf_release(&h->sb);
	free(h->scratch);
	free(h->line);
	free(h);
}

int human_colour_wanted(int fd)
{
	const char *term = getenv("TERM"), *no = getenv("NO_COLOR");

	if (no && *no)
		return 0;
	return isatty(fd) && term && *term && strcmp(term, "dumb") != 0;
}

/* ---- words ------------------------------------------------------------ */

/*
 * The next piece of *s up to sep (ended in place), skipping empty pieces,
 * and *s moved past it; NULL at the end.
 */
static char *cut(char **s, int sep)
{
	char *t, *e;

	while (**s == sep)
		(*s)++;
	if (!**s)
		return NULL;
	t = *s;
	e = strchr(t, sep);
	if (e) {
		*e = '\0';
		*s = e + 1;
	} else {
		*s = t + strlen(t);
	}
	return t;
}

/* Splits s (changed in place) at blanks; returns the count, at most max. */
static int split(char *s, char **w, int max)
{
	int n = 0;
	char *t;

	while (n < max && (t = cut(&s, ' ')))
		w[n++] = t;
	return n;
}

static void colour_on(struct human *h, const char *c)
{
	if (h->colour)
		strbuf_addstr(&h->sb, c);
}

static void colour_off(struct human *h)
{
	if (h->colour)
		strbuf_addstr(&h->sb, C_OFF);
}

/* A word, coloured by suit when it is a card (red hearts and diamonds, blue jokers). */
static void add_word(struct human *h, const char *w)
{
	size_t n = strlen(w);
	card_t c;

	if (!h->colour || card_parse(w, n, &c) != (int)n) {
		strbuf_addstr(&h->sb, w);
		return;
	}
	colour_on(h, card_is_joker(c) ? C_MAGENTA :
		  card_suit(c) == SUIT_H || card_suit(c) == SUIT_D ? C_RED : C_BOLD);
	strbuf_addstr(&h->sb, w);
	colour_off(h);
}

/* Words w[0..n) joined by spaces, each card coloured. */
static void add_words(struct human *h, char **w, int n)
{
	for (int i = 0; i < n; i++) {
		if (i)
			strbuf_addch(&h->sb, ' ');
		add_word(h, w[i]);
	}
}

/* The text of one move, its cards coloured. */
static void add_move_text(struct human *h, const char *text)
{
	char buf[64], *w[8];
	int n;

	snprintf(buf, sizeof(buf), "%s", text);
	n = split(buf, w, 8);
	add_words(h, w, n);
}

/* Who sits in seat s, from the person's side of the table. */
static void add_seat(struct human *h, const struct game *g, const char *s)
{
	char *end;
	long v = strtol(s, &end, 10);

	if (*end || v < 0 || v >= g->rules.seats)
		strbuf_addf(&h->sb, "seat %s", s);
	else if (v == h->seat)
		strbuf_addstr(&h->sb, "you");
	else if (v == g->rules.dead_seat)
		strbuf_addstr(&h->sb, "the dead hand");
	else if (g->rules.teams && v % g->rules.teams == h->seat % g->rules.teams)
		strbuf_addf(&h->sb, "partner (seat %ld)", v);
	else
		strbuf_addf(&h->sb, "seat %ld", v);
}

/*
 * "WHO MOVE,WHO MOVE,...": an auction or the cards on the table, as
 * "seat 1: pass · partner (seat 2): 7 H".
 */
static void add_list(struct human *h, const struct game *g, char *text)
{
	char *item, *rest = text;
	int first = 1;

	if (!strcmp(text, "-")) {
		strbuf_addstr(&h->sb, "(none yet)");
		return;
	}
	while ((item = cut(&rest, ','))) {
		char *sp = strchr(item, ' ');

		if (!first)
			strbuf_addstr(&h->sb, " · ");
		first = 0;
		if (!sp) {
			strbuf_addstr(&h->sb, item);
			continue;
		}
		*sp = '\0';
		add_seat(h, g, item);
		strbuf_addstr(&h->sb, ": ");
		add_move_text(h, sp + 1);
	}
}

/* Numbers w[0..n) per seat (or per team), as "you 2 · seat 1 0 ..." or "us 12 · them 8". */
static void add_per(struct human *h, const struct game *g, char **w, int n, int by_team)
{
	for (int i = 0; i < n; i++) {
		char s[16];

		if (i)
			strbuf_addstr(&h->sb, " · ");
		if (by_team) {
			strbuf_addf(&h->sb, "%s %s", i == h->seat % g->rules.teams ? "us" : "them",
				    w[i]);
			continue;
		}
		snprintf(s, sizeof(s), "%d", i);
		add_seat(h, g, s);
		strbuf_addf(&h->sb, " %s", w[i]);
	}
}

/* The hand's cards, a gap between suits. */
static void add_hand(struct human *h, char **w, int n)
{
	for (int i = 0; i < n; i++) {
		card_t a, b;
		int gap = i && card_parse(w[i - 1], strlen(w[i - 1]), &a) > 0 &&
			  card_parse(w[i], strlen(w[i]), &b) > 0 && card_suit(a) != card_suit(b);

		strbuf_addstr(&h->sb, !i ? "" : gap ? "   " : " ");
		add_word(h, w[i]);
	}
}

/* ---- events ----------------------------------------------------------- */

/* "handend tricks T... points P... score S...", told per seat and per team. */
static void tell_hand_end(struct human *h, const struct game *g, char **w, int n)
{
	int seats = g->rules.seats, per = g->rules.teams ? g->rules.teams : g->rules.players;

	if (n < 2 + seats + 1 + per + 1 + per) {
		add_words(h, w, n);
		return;
	}
	strbuf_addstr(&h->sb, "hand over. tricks: ");
	add_per(h, g, w + 2, seats, 0);
	strbuf_addstr(&h->sb, "\n  points: ");
	add_per(h, g, w + 3 + seats, per, g->rules.teams != 0);
	strbuf_addstr(&h->sb, "\n  score: ");
	add_per(h, g, w + 4 + seats + per, per, g->rules.teams != 0);
}

static void tell_game_end(struct human *h, const struct game *g, char **w, int n)
{
	int players = g->rules.players, per = g->rules.teams ? g->rules.teams : players;

	if (n < 2 + players + 1 + per || h->seat >= players) {
		add_words(h, w, n);
		return;
	}
	colour_on(h, C_BOLD);
	strbuf_addf(&h->sb, "game over: %s", !strcmp(w[2 + h->seat], "1") ? "you won" : "you lost");
	colour_off(h);
	strbuf_addf(&h->sb, " (your place: %s). final score: ", w[2 + h->seat]);
	add_per(h, g, w + 3 + players, per, g->rules.teams != 0);
}

/* One event line (view_event()'s words), told in plain words. */
static void tell_event(struct human *h, const struct game *g, char **w, int n)
{
	const char *k = w[0];

	if (!strcmp(k, "hand") && n == 4) {
		colour_on(h, C_BOLD);
		strbuf_addf(&h->sb, "\n=== hand %s, dealer: ", w[1]);
		add_seat(h, g, w[3]);
		strbuf_addstr(&h->sb, " ===");
		colour_off(h);
	} else if (!strcmp(k, "cards")) {
		strbuf_addstr(&h->sb, "you are dealt: ");
		add_hand(h, w + 1, n - 1);
	} else if ((!strcmp(k, "bid") || !strcmp(k, "contract") || !strcmp(k, "play") ||
		    !strcmp(k, "pickup") || !strcmp(k, "discard") || !strcmp(k, "sitout")) && n >= 2) {
		/* the word, then the verb for "you" and for another seat */
		static const char *const verb[][3] = {
			{ "bid", "bid", "bids" }, { "contract", "win the auction with",
						   "wins the auction with" },
			{ "play", "play", "plays" }, { "pickup", "pick up", "picks up" },
			{ "discard", "discard", "discards" },
			{ "sitout", "sit this hand out", "sits this hand out" },
		};
		int other = strtol(w[1], NULL, 10) != h->seat;
		size_t i = 0;

		while (strcmp(verb[i][0], k))
			i++;
		add_seat(h, g, w[1]);
		if (i == 0 && n == 3 && !strcmp(w[2], "pass")) {
			strbuf_addstr(&h->sb, other ? " passes" : " pass");
			n = 2;
		} else {
			strbuf_addf(&h->sb, " %s", verb[i][1 + other]);
		}
		if (n > 2)
			strbuf_addch(&h->sb, ' ');
		add_words(h, w + 2, n - 2);
	} else if (!strcmp(k, "trump") && n == 2) {
		strbuf_addf(&h->sb, "trump is %s", w[1]);
	} else if (!strcmp(k, "give") && n >= 3) {
		add_seat(h, g, w[1]);
		strbuf_addstr(&h->sb, strtol(w[1], NULL, 10) == h->seat ? " give" : " gives");
		strbuf_addstr(&h->sb, n > 3 ? " " : " a card");
		add_words(h, w + 3, n - 3);
		strbuf_addstr(&h->sb, " to ");
		add_seat(h, g, w[2]);
	} else if (!strcmp(k, "trick") && n == 4) {
		strbuf_addf(&h->sb, "trick %s won by ", w[1]);
		add_seat(h, g, w[3]);
	} else if (!strcmp(k, "handend")) {
		tell_hand_end(h, g, w, n);
	} else if (!strcmp(k, "gameover")) {
		tell_game_end(h, g, w, n);
	} else if (!strcmp(k, "turnup") || !strcmp(k, "calling")) {
		strbuf_addstr(&h->sb, !strcmp(k, "turnup") ? "turned up: " : "calling card: ");
		add_words(h, w + 1, n - 1);
	} else if (!strcmp(k, "redeal")) {
		strbuf_addstr(&h->sb, "everybody passed: the hand is dealt again");
	} else {
		/* declare, switch, flip: the protocol's words, seats and cards as they are */
		add_words(h, w, n);
	}
	strbuf_addch(&h->sb, '\n');
}

void human_events(struct human *h, const struct game *g, int from, int to)
{
	struct strbuf lines = STRBUF_INIT;
	char *line, *rest, *w[MAX_WORDS];

	strbuf_init(&lines);
	for (int i = from; i < to; i++)
		view_event(g, &g->ev[i], h->seat, &lines);
	strbuf_reset(&h->sb);
	rest = lines.buf;
	while ((line = cut(&rest, '\n'))) {
		int n = split(line, w, MAX_WORDS);

		if (n)
			tell_event(h, g, w, n);
	}
	fputs(h->sb.buf, h->out);
	fflush(h->out);
	strbuf_release(&lines);
}

void human_start(struct human *h, const struct game *g, int seat)
{
	const struct rules *r = &g->rules;

	h->seat = seat;
	h->asked = 0;
	strbuf_reset(&h->sb);
	colour_on(h, C_BOLD);
	strbuf_addf(&h->sb, "euchre-arena: %s, %d players, you are seat %d", variant_name(r->variant),
		    r->players, seat);
	colour_off(h);
	if (r->teams == 2)
		strbuf_addf(&h->sb, ", your partner is seat %d", (seat + 2) % r->seats);
	if (r->dead_seat >= 0)
		strbuf_addf(&h->sb, ", seat %d is the dead hand", r->dead_seat);
	strbuf_addf(&h->sb, "; the game is to %d points.\n"
		    "Answer with the number of a move or the move itself (JH, 7 H, pass); "
		    "'quit' or Ctrl-D leaves the game to @greedy.\n", r->target);
	fputs(h->sb.buf, h->out);
	fflush(h->out);
}

/* ---- decisions -------------------------------------------------------- */

/* What the request asks, in words. */
static const char *ask_text(enum decision d)
{
	switch (d) {
	case DEC_BID: return "your bid";
	case DEC_TRUMP: return "name trump";
	case DEC_DECLARE: return "take a partner or go alone";
	case DEC_GIVE: return "give a card";
	case DEC_DISCARD: return "discard a card";
	case DEC_PLAY: return "play a card";
	default: return "your move";
	}
}

/* One line of the request block (protocol_request()'s words), or nothing for time and legal. */
static void show_request_line(struct human *h, const struct game *g, char **w, int n)
{
	static const char *const label[][2] = {
		{ "held", "your hand:  " }, { "calling", "calling card: " },
		{ "upcard", "turned up: " }, { "trump", "trump: " },
		{ "bids", "bids: " }, { "auction", "auction: " },
		{ "table", "on the table: " }, { "won", "tricks won: " },
		{ "contract", "contract: " }, { "to", "give to: " },
	};
	size_t i, k = sizeof(label) / sizeof(label[0]);
	char joined[PROTOCOL_MAX_LINE * 4];
	size_t len = 0;

	for (i = 0; i < k && strcmp(label[i][0], w[0]); i++)
		;
	if (i == k)
		return; /* request, time, legal: drawn otherwise */
	strbuf_addstr(&h->sb, label[i][1]);
	if (!strcmp(w[0], "held")) {
		add_hand(h, w + 1, n - 1);
	} else if (!strcmp(w[0], "won")) {
		add_per(h, g, w + 1, n - 1, 0);
	} else if (!strcmp(w[0], "to") && n == 2) {
		add_seat(h, g, w[1]);
	} else if (!strcmp(w[0], "contract") && n > 2) {
		add_seat(h, g, w[1]);
		strbuf_addstr(&h->sb, " bid ");
		add_words(h, w + 2, n - 2);
	} else if (!strcmp(w[0], "bids") || !strcmp(w[0], "auction") || !strcmp(w[0], "table")) {
		/* the list was split at blanks: join it again */
		joined[0] = '\0';
		for (int j = 1; j < n && len < sizeof(joined) - 1; j++)
			len += (size_t)snprintf(joined + len, sizeof(joined) - len, "%s%s",
						j > 1 ? " " : "", w[j]);
		add_list(h, g, joined);
	} else {
		add_words(h, w + 1, n - 1);
	}
	strbuf_addch(&h->sb, '\n');
}

/* The legal moves, numbered from 1, several to a line. */
static void show_moves(struct human *h, const struct move *mv, int n)
{
	for (int i = 0; i < n; i++) {
		char text[64];
		int width;

		move_format(&mv[i], text, sizeof(text));
		width = snprintf(NULL, 0, "%3d) %s", i + 1, text);
		strbuf_addf(&h->sb, "%3d) ", i + 1);
		add_move_text(h, text);
		if (i % 6 == 5 || i == n - 1)
			strbuf_addch(&h->sb, '\n');
		else
			strbuf_addf(&h->sb, "%*s", width < 14 ? 14 - width : 1, "");
	}
}

/* Draws the table as the seat to act sees it, the numbered moves and the prompt. */
static void show_turn(struct human *h, const struct game *g, const struct move *mv, int n)
{
	struct strbuf req = STRBUF_INIT;
	char *line, *rest, *w[MAX_WORDS * 4];
	int numeric_bids = 0;

	strbuf_init(&req);
	protocol_request(g, 0, -1, &req);
	strbuf_reset(&h->sb);
	colour_on(h, C_DIM);
	strbuf_addf(&h->sb, "--- hand %d, score: ", g->hand_no);
	view_scores(g, g->score, &h->sb);
	if (g->rules.teams)
		strbuf_addf(&h->sb, " (you are team %d)", h->seat % g->rules.teams);
	strbuf_addstr(&h->sb, " ---\n");
	colour_off(h);
	rest = req.buf;
	while ((line = cut(&rest, '\n'))) {
		int k = split(line, w, MAX_WORDS * 4);

		if (k)
			show_request_line(h, g, w, k);
	}
	for (int i = 0; i < n; i++)
		numeric_bids |= mv[i].type == MOVE_BID && mv[i].trump < 0;
	colour_on(h, C_BOLD);
	strbuf_addf(&h->sb, "%s:\n", ask_text(game_decision(g)));
	colour_off(h);
	show_moves(h, mv, n);
	if (numeric_bids)
		strbuf_addstr(&h->sb, "(a number picks from the list; to bid by its text, "
			      "type 'bid 7')\n");
	strbuf_release(&req);
}

static void prompt(struct human *h, int n)
{
	strbuf_reset(&h->sb);
	colour_on(h, C_BOLD);
	strbuf_addf(&h->sb, "[%d] your move (1-%d, a move, or quit): ", h->asked, n);
	colour_off(h);
	fputs(h->sb.buf, h->out);
	fflush(h->out);
}

/* Says what happens once the person leaves. */
static int leave(struct human *h, enum human_end how, enum human_end *end)
{
	*end = how;
	fputs(how == HUMAN_EOF ? "\n" : "", h->out);
	fputs("You left the game: @greedy plays your seat to the end, and you forfeit.\n",
	      h->out);
	fflush(h->out);
	return -1;
}

/* Copies line into buf with blanks trimmed and runs of blanks made one space. */
static void normalize(const char *line, char *buf, size_t len)
{
	size_t o = 0;

	while (*line && isspace((unsigned char)*line))
		line++;
	for (; *line && o + 1 < len; line++) {
		if (isspace((unsigned char)*line)) {
			if (line[1] && !isspace((unsigned char)line[1]) && o)
				buf[o++] = ' ';
			continue;
		}
		buf[o++] = *line;
	}
	buf[o] = '\0';
}

int human_parse_answer(const struct game *g, const char *line, struct move *out, char *why,
		       size_t len)
{
	struct move mv[MAX_MOVES];
	int n = game_legal(g, mv);
	char text[128], err[160];
	const char *t = text;
	long pick;
	struct game *copy;
	int ret;

	normalize(line, text, sizeof(text));
	if (!strcmp(text, "quit"))
		return 1;
	if (!text[0]) {
		snprintf(why, len, "type the number of a move (1 to %d) or the move", n);
		return -1;
	}
	if (strspn(text, "0123456789") == strlen(text)) {
		if (parse_long(text, 1, n, &pick) < 0) {
			snprintf(why, len, "there is no move %.20s: the moves are numbered 1 to %d", text,
				 n);
			return -1;
		}
		*out = mv[pick - 1];
		return 0;
	}
	if (!strncmp(text, "bid ", 4))
		t = text + 4; /* "bid 7": the numeric bid, not move number 7 */
	if (move_parse(t, strlen(t), out) < 0) {
		snprintf(why, len, "'%.40s' is not a move (a card is JH or 10S, a bid 7 H or pass; "
			 "or type a number from the list)", text);
		return -1;
	}
	/* the engine says why a move is refused: try it on a copy */
	copy = xmalloc(sizeof(*copy));
	*copy = *g;
	ret = game_apply(copy, out, err, sizeof(err));
	free(copy);
	if (ret < 0) {
		snprintf(why, len, "'%.40s' is not allowed now: %s", text, err);
		return -1;
	}
	return 0;
}

int human_decide(struct human *h, const struct game *g, struct move *out, enum human_end *end)
{
	struct move mv[MAX_MOVES];
	int n = game_legal(g, mv);
	char why[256];

	h->asked++;
	show_turn(h, g, mv, n);
	fputs(h->sb.buf, h->out);
	for (;;) {
		ssize_t got;
		int r;

		prompt(h, n);
		errno = 0;
		got = getline(&h->line, &h->line_cap, h->in);
		if (got < 0 && errno == EINTR && !feof(h->in)) {
			clearerr(h->in);
			continue;
		}
		if (got < 0)
			return leave(h, HUMAN_EOF, end);
		if (got > 0 && h->line[got - 1] == '\n')
			h->line[got - 1] = '\0';
		r = human_parse_answer(g, h->line, out, why, sizeof(why));
		if (r == 1)
			return leave(h, HUMAN_QUIT, end);
		if (r == 0)
			return 0;
		strbuf_reset(&h->sb);
		colour_on(h, C_RED);
		strbuf_addf(&h->sb, "not accepted: %s\n", why);
		colour_off(h);
		fputs(h->sb.buf, h->out);
	}
}
