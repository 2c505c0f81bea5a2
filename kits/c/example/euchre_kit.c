/*
 * euchre_kit.c - the C starter kit (see euchre_kit.h): card rules, trick
 * rules and the reader of the referee's lines.
 */
#include "euchre_kit.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

static const char *const rank_names[7] = { "8", "9", "10", "J", "Q", "K", "A" };
static const char suit_names[] = "CDHS";
static const char *const trump_names[] = { "C", "D", "H", "S", "high", "low", "none", "-" };

int kit_card_parse(const char *s)
{
	static const char *const jokers[3] = { "JOKER", "BENNY", "CHARLIE" };
	static const char ranks[] = "89TJQKA";
	size_t n = strlen(s);
	const char *sp, *rp;

	for (int j = 0; j < 3; j++)
		if (!strcasecmp(s, jokers[j]))
			return KIT_JOKER + j;
	if (n == 3 && s[0] == '1' && s[1] == '0')
		rp = ranks + 2;
	else if (n == 2 && s[0])
		rp = strchr(ranks, toupper((unsigned char)s[0]));
	else
		return KIT_NOCARD;
	sp = s[n - 1] ? strchr(suit_names, toupper((unsigned char)s[n - 1])) : NULL;
	if (!rp || !sp)
		return KIT_NOCARD;
	return (int)(sp - suit_names) * 7 + (int)(rp - ranks);
}

const char *kit_card_name(int c)
{
	static char names[KIT_NCARDS][8];

	if (c == KIT_JOKER)
		return "JOKER";
	if (c == KIT_BENNY)
		return "BENNY";
	if (c == KIT_CHARLIE)
		return "CHARLIE";
	if (c < 0 || c >= KIT_JOKER)
		return "?";
	if (!names[c][0])
		snprintf(names[c], sizeof(names[c]), "%s%c", rank_names[c % 7], suit_names[c / 7]);
	return names[c];
}

int kit_trump_parse(const char *s)
{
	for (int t = KIT_TC; t < KIT_TUNSET; t++)
		if (!strcasecmp(s, trump_names[t]))
			return t;
	return KIT_TUNSET;
}

const char *kit_trump_name(int t)
{
	return t >= 0 && t <= KIT_TUNSET ? trump_names[t] : "-";
}

int kit_card_suit(int c) { return c >= 0 && c < KIT_JOKER ? c / 7 : -1; }
int kit_card_rank(int c) { return c >= 0 && c < KIT_JOKER ? c % 7 : -1; }
int kit_same_colour(int s) { return s == 0 ? 3 : s == 3 ? 0 : s == 1 ? 2 : 1; }

int kit_trump_of_calling(int c)
{
	return c >= 0 && c < KIT_JOKER ? c / 7 : KIT_TNONE;
}

static int is_suit_trump(int t) { return t >= KIT_TC && t <= KIT_TS; }
static int is_flip_joker(int c) { return c == KIT_BENNY || c == KIT_CHARLIE; }

int kit_effective_suit(int c, int t)
{
	if (c == KIT_JOKER)
		return is_suit_trump(t) ? t : -1;
	if (c < 0 || c >= KIT_JOKER)
		return -1;
	if (is_suit_trump(t) && c % 7 == 3 && c / 7 == kit_same_colour(t))
		return t;
	return c / 7;
}

int kit_is_trump(int c, int t)
{
	return is_suit_trump(t) && kit_effective_suit(c, t) == t;
}

int kit_power(int c, int t)
{
	static const int trump_order[7] = { 1, 2, 3, 0, 4, 5, 6 };
	int rank, suit;

	if (c >= KIT_JOKER || c < 0)
		return c == KIT_JOKER && is_suit_trump(t) ? KIT_TRUMP_POWER + 9 : 0;
	rank = c % 7;
	suit = c / 7;
	if (is_suit_trump(t)) {
		if (rank == 3 && suit == t)
			return KIT_TRUMP_POWER + 8; /* right bower */
		if (rank == 3 && suit == kit_same_colour(t))
			return KIT_TRUMP_POWER + 7; /* left bower */
		if (suit == t)
			return KIT_TRUMP_POWER + trump_order[rank];
	}
	return t == KIT_LOW ? 7 - rank : rank + 1;
}

int kit_led_suit(const int *cards, int n, int t)
{
	if (n <= 0 || cards[0] == KIT_BENNY)
		return -1;
	for (int i = 0; i < n; i++)
		if (!is_flip_joker(cards[i]))
			return kit_effective_suit(cards[i], t);
	return -1;
}

int kit_trick_key(int c, int led, int t)
{
	if (is_flip_joker(c))
		return 0;
	return kit_is_trump(c, t) || kit_effective_suit(c, t) == led ? kit_power(c, t) : 0;
}

int kit_trick_winner(const int *cards, int n, int t)
{
	int led, best = 0, best_key = -1;

	if (n <= 0)
		return -1;
	for (int i = 0; i < n; i++)
		if (cards[i] == KIT_BENNY)
			return i;
	led = kit_led_suit(cards, n, t);
	if (led < 0)
		return 0;
	for (int i = 0; i < n; i++) {
		int k = kit_trick_key(cards[i], led, t);

		if (k > best_key) {
			best_key = k;
			best = i;
		}
	}
	return best;
}

int kit_would_win(const int *cards, int n, int c, int t)
{
	int all[KIT_MAX_SEATS + 1];

	if (n < 0 || n > KIT_MAX_SEATS)
		return 0;
	memcpy(all, cards, (size_t)n * sizeof(*all));
	all[n] = c;
	return kit_trick_winner(all, n + 1, t) == n;
}

int kit_legal_plays(const int *hand, int nhand, const int *trick, int n, int t, int *out)
{
	int led = kit_led_suit(trick, n, t), follow = 0, m = 0;

	if (led >= 0)
		for (int i = 0; i < nhand; i++)
			if (!is_flip_joker(hand[i]) && kit_effective_suit(hand[i], t) == led)
				follow = 1;
	for (int i = 0; i < nhand; i++) {
		int c = hand[i], dup = 0;

		for (int j = 0; j < m; j++)
			dup |= out[j] == c;
		if (dup)
			continue;
		if (!follow || is_flip_joker(c) || kit_effective_suit(c, t) == led)
			out[m++] = c;
	}
	return m;
}

/* --- the state ---------------------------------------------------------- */

static void new_hand(struct kit_state *st, int number, int dealer)
{
	st->hand_no = number;
	st->dealer = dealer;
	st->ndealt = st->nheld = st->nauction = 0;
	st->upcard = st->calling = st->pickup = KIT_NOCARD;
	st->trump = KIT_TUNSET;
	st->bidder = -1;
	st->bid[0] = '\0';
	st->declared = st->declared_partner = -1;
	memset(st->sitting_out, 0, sizeof(st->sitting_out));
	memset(&st->trick, 0, sizeof(st->trick));
	st->trick.winner = -1;
	st->ntricks = 0;
	memset(st->won, 0, sizeof(st->won));
	st->nplayed = 0;
	memset(st->voids, 0, sizeof(st->voids));
	st->ngave = st->nreceived = st->ndiscarded = st->nswitches = 0;
}

void kit_state_init(struct kit_state *st)
{
	memset(st, 0, sizeof(*st));
	st->seat = st->deadhand = -1;
	st->time_bank = -1;
	new_hand(st, 0, -1);
}

/* Splits s in place at sep into at most max words; returns how many. */
static int split(char *s, int sep, char **w, int max)
{
	int n = 0;

	while (n < max) {
		w[n++] = s;
		s = strchr(s, sep);
		if (!s)
			break;
		*s++ = '\0';
	}
	return n;
}

static int num(const char *s)
{
	return s ? (int)strtol(s, NULL, 10) : 0;
}

/* A list "1 JD,2 KD" (or "-") into seats and cards. */
static int parse_seat_cards(char *rest, int *seat, int *card, int max)
{
	char *item[KIT_MAX_SEATS];
	int n;

	if (!strcmp(rest, "-"))
		return 0;
	n = split(rest, ',', item, max);
	for (int i = 0; i < n; i++) {
		char *sp = strchr(item[i], ' ');

		seat[i] = num(item[i]);
		card[i] = sp ? kit_card_parse(sp + 1) : KIT_NOCARD;
	}
	return n;
}

static void add_bid(struct kit_state *st, int seat, const char *text)
{
	if (st->nauction >= KIT_MAX_AUCTION)
		return;
	st->auction[st->nauction].seat = seat;
	snprintf(st->auction[st->nauction].text, sizeof(st->auction[0].text), "%s", text);
	st->nauction++;
}

static void remove_held(struct kit_state *st, int c)
{
	for (int i = 0; i < st->nheld; i++) {
		if (st->held[i] == c) {
			memmove(st->held + i, st->held + i + 1, (size_t)(st->nheld - i - 1) * sizeof(int));
			st->nheld--;
			return;
		}
	}
}

static void play(struct kit_state *st, int seat, int c)
{
	int led = kit_led_suit(st->trick.card, st->trick.n, st->trump);

	if (led >= 0 && seat != st->deadhand && !is_flip_joker(c) &&
	    kit_effective_suit(c, st->trump) != led && seat >= 0 && seat < KIT_MAX_SEATS)
		st->voids[seat] |= 1u << led;
	if (st->trick.n < KIT_MAX_SEATS) {
		st->trick.seat[st->trick.n] = seat;
		st->trick.card[st->trick.n++] = c;
	}
	if (st->nplayed < KIT_MAX_PLAYED) {
		st->played_seat[st->nplayed] = seat;
		st->played[st->nplayed++] = c;
	}
	if (seat == st->seat)
		remove_held(st, c);
}

static void set_calling(struct kit_state *st, const char *tok)
{
	st->calling = kit_card_parse(tok);
	st->trump = kit_trump_of_calling(st->calling);
}

/*
 * The handshake's lines, and a request's time line. Returns 1 if the
 * line was one of them.
 */
static int feed_game(struct kit_state *st, const char *k, char **w, int n, char *rest)
{
	if (!strcmp(k, "variant") && n > 1) {
		snprintf(st->variant, sizeof(st->variant), "%s", w[1]);
	} else if (!strcmp(k, "option") && n > 2) {
		size_t used = strlen(st->options);

		snprintf(st->options + used, sizeof(st->options) - used, "%s%s=%s",
			 used ? " " : "", w[1], w[2]);
	} else if (!strcmp(k, "players") && n > 1) {
		st->players = num(w[1]);
	} else if (!strcmp(k, "seat") && n > 1) {
		st->seat = num(w[1]);
	} else if (!strcmp(k, "teams") && n > 1) {
		char *team[KIT_MAX_SEATS], *p;

		st->nteams = strcmp(rest, "-") ? split(rest, ',', team, KIT_MAX_SEATS) : 0;
		for (int t = 0; t < st->nteams; t++)
			for (p = team[t]; *p; p += strcspn(p, " "), p += !!*p)
				st->team_of[num(p) % KIT_MAX_SEATS] = t;
	} else if (!strcmp(k, "deadhand") && n > 1) {
		st->deadhand = num(w[1]);
	} else if (!strcmp(k, "seed") && n > 1) {
		st->seed = strtoull(w[1], NULL, 10);
	} else if (!strcmp(k, "time") && n > 2 && !strcmp(w[1], "startup")) {
		for (int i = 1; i + 1 < n; i += 2) {
			if (!strcmp(w[i], "startup"))
				st->startup_ms = num(w[i + 1]);
			else if (!strcmp(w[i], "move"))
				st->move_ms = num(w[i + 1]);
			else if (!strcmp(w[i], "bank"))
				st->bank_ms = num(w[i + 1]);
		}
	} else if (!strcmp(k, "time") && n > 2) {
		st->time_move = num(w[1]);
		st->time_bank = strcmp(w[2], "-") ? num(w[2]) : -1;
	} else if (!strcmp(k, "budget") && n > 1) {
		st->budget_ms = num(w[1]);
	} else {
		return 0;
	}
	return 1;
}

/*
 * The events of a hand. Returns 1 if the
 * line was one of them.
 */
static int feed_hand(struct kit_state *st, const char *k, char **w, int n, char *rest)
{
	if (!strcmp(k, "hand") && n > 3) {
		new_hand(st, num(w[1]), num(w[3]));
	} else if (!strcmp(k, "cards") || !strcmp(k, "held")) {
		st->nheld = 0;
		for (int i = 1; i < n && st->nheld < KIT_MAX_HELD; i++)
			if (strcmp(w[i], "-"))
				st->held[st->nheld++] = kit_card_parse(w[i]);
		if (!strcmp(k, "cards")) {
			st->ndealt = st->nheld;
			memcpy(st->dealt, st->held, sizeof(st->held));
		}
	} else if ((!strcmp(k, "turnup") || !strcmp(k, "upcard")) && n > 1) {
		st->upcard = kit_card_parse(w[1]);
	} else if (!strcmp(k, "calling") && n > 1) {
		set_calling(st, w[1]);
	} else if (!strcmp(k, "bid") && n > 2) {
		char text[32];

		snprintf(text, sizeof(text), "%s%s%s", w[2], n > 3 ? " " : "", n > 3 ? w[3] : "");
		add_bid(st, num(w[1]), text);
	} else if ((!strcmp(k, "auction") || !strcmp(k, "bids")) && n > 1) {
		char *item[KIT_MAX_AUCTION];
		int m;

		st->nauction = 0;
		if (strcmp(rest, "-")) {
			m = split(rest, ',', item, KIT_MAX_AUCTION);
			for (int i = 0; i < m; i++) {
				char *sp = strchr(item[i], ' ');

				add_bid(st, num(item[i]), sp ? sp + 1 : "");
			}
		}
	} else if (!strcmp(k, "contract") && n > 1) {
		st->bidder = strcmp(w[1], "-") ? num(w[1]) : -1;
		snprintf(st->bid, sizeof(st->bid), "%s%s%s", n > 2 ? w[2] : "", n > 3 ? " " : "",
			 n > 3 ? w[3] : "");
	} else if (!strcmp(k, "trump") && n > 1) {
		st->trump = kit_trump_parse(w[1]);
	} else if (!strcmp(k, "declare") && n > 2) {
		st->declared = num(w[1]);
		st->declared_partner = !strcmp(w[2], "partner") && n > 3 ? num(w[3]) : -1;
	} else if (!strcmp(k, "pickup") && n > 2) {
		st->pickup = kit_card_parse(w[2]);
	} else if (!strcmp(k, "give") && n > 3) {
		int from = num(w[1]), to = num(w[2]), c = kit_card_parse(w[3]);

		if (from == st->seat && st->ngave < 4) {
			st->gave_to[st->ngave] = to;
			st->gave[st->ngave++] = c;
		}
		if (to == st->seat && st->nreceived < 4) {
			st->received_from[st->nreceived] = from;
			st->received[st->nreceived++] = c;
		}
	} else if (!strcmp(k, "discard") && n > 2) {
		if (num(w[1]) == st->seat && st->ndiscarded < 4)
			st->discarded[st->ndiscarded++] = kit_card_parse(w[2]);
	} else if (!strcmp(k, "sitout") && n > 1) {
		st->sitting_out[num(w[1]) % KIT_MAX_SEATS] = 1;
	} else if (!strcmp(k, "play") && n > 2) {
		play(st, num(w[1]), kit_card_parse(w[2]));
	} else if (!strcmp(k, "switch") && n > 3) {
		st->nswitches++;
		set_calling(st, w[2]);
		if (num(w[1]) == st->seat && st->nheld < KIT_MAX_HELD) {
			remove_held(st, st->calling);
			st->held[st->nheld++] = kit_card_parse(w[3]);
		}
	} else if (!strcmp(k, "flip") && n > 2) {
		st->nswitches++;
		set_calling(st, w[2]);
	} else if (!strcmp(k, "trick") && n > 3) {
		int win = num(w[3]);

		st->trick.trump = st->trump;
		st->trick.winner = win;
		if (st->ntricks < 16)
			st->tricks[st->ntricks++] = st->trick;
		if (win >= 0 && win < KIT_MAX_SEATS)
			st->won[win]++;
		memset(&st->trick, 0, sizeof(st->trick));
		st->trick.winner = -1;
	} else if (!strcmp(k, "handend") || !strcmp(k, "gameover")) {
		int i = 1, s = 0;

		while (i < n && strcmp(w[i], "score"))
			i++;
		if (!strcmp(k, "gameover"))
			for (int j = 2; j < i && j - 2 < KIT_MAX_SEATS; j++)
				st->ranks[j - 2] = num(w[j]);
		for (i++; i < n && s < KIT_MAX_SEATS; i++)
			st->score[s++] = num(w[i]);
		st->nscore = s;
	} else {
		return 0;
	}
	return 1;
}

/*
 * A request's own lines (its time and legal lines aside). Returns 1 if the
 * line was one of them.
 */
static int feed_request(struct kit_state *st, const char *k, char **w, int n, char *rest)
{
	if (!strcmp(k, "request") && n > 1) {
		snprintf(st->request, sizeof(st->request), "%s", w[1]);
		st->to = -1;
		st->table_n = 0;
	} else if (!strcmp(k, "to") && n > 1) {
		st->to = num(w[1]);
	} else if (!strcmp(k, "table") && n > 1) {
		st->table_n = parse_seat_cards(rest, st->table_seat, st->table_card, KIT_MAX_SEATS);
	} else if (!strcmp(k, "won")) {
		for (int i = 1; i < n && i - 1 < KIT_MAX_SEATS; i++)
			st->won[i - 1] = num(w[i]);
	} else {
		return 0;
	}
	return 1;
}

int kit_state_feed(struct kit_state *st, const char *line)
{
	char buf[8192], whole[8192], *w[64], *rest;
	int n;

	snprintf(whole, sizeof(whole), "%s", line);
	whole[strcspn(whole, "\r\n")] = '\0';
	rest = strchr(whole, ' ');
	rest = rest ? rest + 1 : whole + strlen(whole); /* the line after its key, unsplit */
	if (!strncmp(whole, "legal ", 6)) {
		snprintf(st->legal_buf, sizeof(st->legal_buf), "%s", rest);
		st->nlegal = split(st->legal_buf, ',', (char **)st->legal, KIT_MAX_LEGAL);
		return 1;
	}
	memcpy(buf, whole, sizeof(buf));
	n = split(buf, ' ', w, 64);
	if (!feed_game(st, w[0], w, n, rest) && !feed_hand(st, w[0], w, n, rest))
		feed_request(st, w[0], w, n, rest);
	return 0;
}

int kit_state_led_suit(const struct kit_state *st)
{
	return kit_led_suit(st->trick.card, st->trick.n, st->trump);
}

int kit_state_legal_cards(const struct kit_state *st, int *out)
{
	return kit_legal_plays(st->held, st->nheld, st->trick.card, st->trick.n, st->trump, out);
}

int kit_state_winning_seat(const struct kit_state *st)
{
	int i = kit_trick_winner(st->trick.card, st->trick.n, st->trump);

	return i < 0 ? -1 : st->trick.seat[i];
}

int kit_state_would_win(const struct kit_state *st, int c)
{
	return kit_would_win(st->trick.card, st->trick.n, c, st->trump);
}

int kit_state_partners(const struct kit_state *st, int *out)
{
	int m = 0;

	if (st->nteams) {
		for (int s = 0; s < st->players; s++)
			if (s != st->seat && st->team_of[s] == st->team_of[st->seat])
				out[m++] = s;
	} else if (!strcmp(st->variant, "fivehand") && st->declared >= 0) {
		int a = st->declared, b = st->declared_partner;
		int offence = st->seat == a || st->seat == b;

		for (int s = 0; s < st->players; s++) {
			int in = s == a || s == b;

			if (s != st->seat && in == offence)
				out[m++] = s;
		}
	}
	return m;
}

int kit_state_is_partner(const struct kit_state *st, int seat)
{
	int p[KIT_MAX_SEATS], n = kit_state_partners(st, p);

	for (int i = 0; i < n; i++)
		if (p[i] == seat)
			return 1;
	return 0;
}

int kit_state_is_legal(const struct kit_state *st, const char *move)
{
	for (int i = 0; i < st->nlegal; i++)
		if (!strcmp(st->legal[i], move))
			return 1;
	return 0;
}

#define KIT_MOVE_MAX 64 /* longer than any move: "9H switch KS" */

const char *kit_with_comment(const char *move, const char *text)
{
	static char out[KIT_MOVE_MAX + KIT_COMMENT_MAX + 4];
	size_t n = (size_t)snprintf(out, KIT_MOVE_MAX, "%s", move), start;

	if (n >= KIT_MOVE_MAX)
		n = KIT_MOVE_MAX - 1;
	memcpy(out + n, " # ", 4);
	start = n += 3;
	for (; *text && n - start < KIT_COMMENT_MAX; text++) {
		int c = (unsigned char)*text;

		if (c > ' ' && c <= '~')
			out[n++] = (char)c;
		else if (n > start && out[n - 1] != ' ')
			out[n++] = ' '; /* spaces, newlines and other bytes: one space */
	}
	while (n > start && out[n - 1] == ' ')
		n--;
	out[n > start ? n : start - 3] = '\0';
	return out;
}

int kit_run(const char *name, kit_decide_fn *decide)
{
	static struct kit_state st;
	char *line = NULL;
	size_t cap = 0;

	setvbuf(stdout, NULL, _IOLBF, 0);
	kit_state_init(&st);
	while (getline(&line, &cap, stdin) >= 0) {
		const char *move, *answer, *hash;
		char mv[KIT_MOVE_MAX], comment[KIT_COMMENT_MAX + 1];
		size_t n;

		if (!strncmp(line, "quit", 4) && (line[4] == '\n' || line[4] == '\r' || !line[4]))
			break;
		if (!strncmp(line, "game", 4) && (line[4] == '\n' || line[4] == '\r' || !line[4])) {
			kit_state_init(&st); /* the next game of the match: its handshake follows */
			continue;
		}
		if (!kit_state_feed(&st, line))
			continue;
		if (!strcmp(st.request, "ready")) {
			printf("ready2 %s\n", name);
			continue;
		}
		answer = decide(&st);
		/* the move is what comes before a '#', the comment what follows */
		hash = answer ? strchr(answer, '#') : NULL;
		n = answer ? hash ? (size_t)(hash - answer) : strlen(answer) : 0;
		while (n && answer[n - 1] == ' ')
			n--;
		snprintf(mv, sizeof(mv), "%.*s", (int)n, answer ? answer : "");
		move = mv;
		if (!answer || !kit_state_is_legal(&st, move)) {
			fprintf(stderr, "%s: '%s' is not legal, playing %s\n", name,
				answer ? move : "(null)", st.legal[0]);
			move = st.legal[0];
			hash = NULL;
		}
		/* a copy: the answer may be kit_with_comment()'s own buffer */
		snprintf(comment, sizeof(comment), "%s", hash ? hash + 1 : "");
		st.request[0] = '\0';
		printf("%s\n", kit_with_comment(move, comment));
		fflush(stdout);
	}
	free(line);
	return 0;
}
