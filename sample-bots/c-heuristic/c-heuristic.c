/*
 * c-heuristic - a euchre-arena bot with simple, sound card sense.
 *
 * It plays every variant. Bidding: it values its hand for every possible
 * trump (bowers, aces, length) and bids what the hand is worth. Play: when
 * a partner already holds the trick it throws its weakest card, otherwise
 * it wins as cheaply as it can, and when it cannot win it throws its
 * weakest card; in zilch, or once a flip bid is made, it tries to lose.
 *
 * It reads three kinds of lines (protocol.md): the handshake (its seat and
 * the teams), a few events (who deals, five-hand partners), and request
 * blocks, which carry everything a decision needs ("held", "trump",
 * "table", ...) and end with "legal". It always answers with a move taken
 * from the legal list, so it can never play an illegal move.
 *
 * Build: cc -O2 -o c-heuristic c-heuristic.c (make does it).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CARDS 16
#define MAX_MOVES 256

enum { C, D, H, S, NOSUIT = -1 };
enum { T_HIGH = 4, T_LOW = 5, T_NONE = 6, T_UNKNOWN = -1 };

/* A card: suit 0-3 and rank 8..14 (J = 11, A = 14); jokers have their own kinds. */
struct card {
	int suit, rank;
	int joker; /* 0, or 'J' (five-hand joker), 'B' (Benny), 'C' (Charlie) */
};

static struct {
	char variant[16];
	int seat, players, team_of[10], teams;
	int dealer, partner_of_bidder, bidder;
	/* the request being read */
	char kind[16];
	struct card held[MAX_CARDS];
	int nheld;
	int trump;
	int contract_seat;
	char upcard[16];
	struct card table[10];
	int table_seat[10], ntable;
	int won[10];
	int my_bid;
	int to;
	char *legal[MAX_MOVES];
	int nlegal;
} st;

static int parse_card(const char *s, struct card *c)
{
	static const char suits[] = "CDHS";
	const char *p;

	memset(c, 0, sizeof(*c));
	c->suit = NOSUIT;
	if (!strcmp(s, "JOKER") || !strcmp(s, "BENNY") || !strcmp(s, "CHARLIE")) {
		c->joker = s[0] == 'J' ? 'J' : s[0];
		return 0;
	}
	if (!strncmp(s, "10", 2)) {
		c->rank = 10;
		s += 2;
	} else {
		switch (s[0]) {
		case '8': c->rank = 8; break;
		case '9': c->rank = 9; break;
		case 'J': c->rank = 11; break;
		case 'Q': c->rank = 12; break;
		case 'K': c->rank = 13; break;
		case 'A': c->rank = 14; break;
		default: return -1;
		}
		s++;
	}
	if (!*s || !(p = strchr(suits, *s)))
		return -1;
	c->suit = (int)(p - suits);
	return 0;
}

static int parse_trump(const char *s)
{
	if (!strcmp(s, "high"))
		return T_HIGH;
	if (!strcmp(s, "low"))
		return T_LOW;
	if (!strcmp(s, "none"))
		return T_NONE;
	if (strlen(s) == 1 && strchr("CDHS", s[0]))
		return (int)(strchr("CDHS", s[0]) - "CDHS");
	return T_UNKNOWN;
}

/* The suit a card belongs to under trump t (the left bower is a trump). */
static int eff_suit(const struct card *c, int t)
{
	if (c->joker)
		return c->joker == 'J' ? t : NOSUIT;
	if (t >= C && t <= S && c->rank == 11 && c->suit == (t ^ 3))
		return t; /* the other jack of the colour: C<->S, D<->H */
	return c->suit;
}

/* Strength of a card in its own suit under trump t; trumps get 100 more. */
static int power(const struct card *c, int t)
{
	int trump = t >= C && t <= S;

	if (c->joker == 'J' || c->joker == 'B')
		return 200;
	if (c->joker == 'C')
		return 0;
	if (trump && c->rank == 11 && c->suit == t)
		return 160; /* right bower */
	if (trump && eff_suit(c, t) == t && c->rank == 11)
		return 150; /* left bower */
	if (trump && c->suit == t)
		return 100 + c->rank;
	if (t == T_LOW)
		return 20 - c->rank; /* nine best, ace worst */
	return c->rank;
}

/* Roughly how many tricks this card takes by itself under trump t. */
static double worth(const struct card *c, int t)
{
	int p = power(c, t);

	if (c->joker)
		return c->joker == 'C' ? 0.0 : 1.0;
	if (p >= 150)
		return p == 160 ? 0.95 : 0.85;
	if (p >= 100)
		return p >= 114 ? 0.7 : p >= 113 ? 0.55 : 0.4;
	if (t == T_LOW)
		return c->rank == 9 ? 0.8 : c->rank == 10 ? 0.4 : 0.0;
	if (t == T_HIGH || t == T_NONE)
		return c->rank == 14 ? 0.8 : c->rank == 13 ? 0.4 : 0.0;
	return c->rank == 14 ? 0.55 : c->rank == 13 ? 0.15 : 0.0;
}

static double hand_worth(int t)
{
	double w = 0;

	for (int i = 0; i < st.nheld; i++)
		w += worth(&st.held[i], t);
	return w;
}

static int best_trump(int ntrumps, double *w)
{
	int best = 0;

	*w = -1;
	for (int t = 0; t < ntrumps; t++) {
		double x = hand_worth(t);

		if (x > *w) {
			*w = x;
			best = t;
		}
	}
	return best;
}

static const char *trump_word(int t)
{
	static const char *const words[] = { "C", "D", "H", "S", "high", "low" };

	return t >= 0 && t < 6 ? words[t] : "?";
}

static int legal_index(const char *move)
{
	for (int i = 0; i < st.nlegal; i++)
		if (!strcmp(st.legal[i], move))
			return i;
	return -1;
}

/* The cheapest legal "N" or "N T" bid up to n, else the first legal move. */
static const char *bid_up_to(int n, int t, int stuck)
{
	for (int i = 0; i < st.nlegal; i++) {
		char *end;
		long b = strtol(st.legal[i], &end, 10);

		if (end == st.legal[i])
			continue;
		if (t >= 0 && (*end != ' ' || parse_trump(end + 1) != t))
			continue;
		if (b <= n || stuck)
			return st.legal[i];
	}
	return legal_index("pass") >= 0 ? "pass" : st.legal[0];
}

static const char *decide_bid(void)
{
	char move[32];
	double w;
	int t, stuck = legal_index("pass") < 0;

	if (!strcmp(st.variant, "hammerwalt")) {
		t = best_trump(T_NONE, &w);
		if (w >= 10.5)
			return "alone";
		return bid_up_to((int)(w + 2.5), -1, stuck);
	}
	if (!strcmp(st.variant, "indiana") || !strcmp(st.variant, "bloomington")) {
		int indiana = st.variant[0] == 'i';
		static char top[32];

		t = best_trump(T_NONE, &w);
		snprintf(top, sizeof(top), "%s %s", indiana ? "moon" : "best", trump_word(t));
		if (w >= (indiana ? 10.5 : 7.0) && legal_index(top) >= 0)
			return top;
		return bid_up_to((int)(w + (indiana ? 2.5 : 1.8)), t, stuck);
	}
	if (!strcmp(st.variant, "fivehand")) {
		static char answer[32];
		struct card up;

		if (legal_index("order") >= 0 || legal_index("order C") >= 0) {
			if (parse_card(st.upcard, &up) == 0 && !up.joker) {
				w = hand_worth(up.suit) + (st.seat == st.dealer ? worth(&up, up.suit) : 0);
				return w >= 2.3 ? "order" : "pass";
			}
			t = best_trump(4, &w);
			snprintf(answer, sizeof(answer), "order %s", trump_word(t));
			return w + 1.0 >= 2.3 ? answer : "pass";
		}
		/* round 2: the best suit that may be named */
		double bw = -1;

		answer[0] = '\0';
		for (int s = 0; s < 4; s++) {
			if (legal_index(trump_word(s)) >= 0 && hand_worth(s) > bw) {
				bw = hand_worth(s);
				snprintf(answer, sizeof(answer), "%s", trump_word(s));
			}
		}
		return bw >= 2.3 || stuck ? answer : "pass";
	}
	/* flip: bid the tricks the hand is worth under the calling card's trump */
	snprintf(move, sizeof(move), "%d", (int)(hand_worth(st.trump) + 0.5));
	if (legal_index(move) >= 0) {
		static char answer[32];

		snprintf(answer, sizeof(answer), "%s", move);
		return answer;
	}
	return st.legal[0]; /* the minimum */
}

/* Index of the card winning the table so far under trump t. */
static int table_winner(const struct card *cards, int n, int t)
{
	int led = NOSUIT, best = 0, best_key = -1;

	for (int i = 0; i < n; i++)
		if (cards[i].joker == 'B')
			return i;
	for (int i = 0; i < n && led == NOSUIT; i++) {
		if (i == 0 && cards[0].joker == 'B')
			break;
		if (!cards[i].joker || cards[i].joker == 'J')
			led = eff_suit(&cards[i], t);
	}
	for (int i = 0; i < n; i++) {
		int s = eff_suit(&cards[i], t), key = 0;

		if (cards[i].joker == 'C')
			key = 0;
		else if ((t >= C && t <= S && s == t) || s == led)
			key = power(&cards[i], t);
		if (key > best_key) {
			best_key = key;
			best = i;
		}
	}
	return best;
}

static int same_side(int a, int b)
{
	if (a == b)
		return 1;
	if (st.teams)
		return st.team_of[a] == st.team_of[b];
	if (!strcmp(st.variant, "fivehand") && st.bidder >= 0) {
		int off_a = a == st.bidder || a == st.partner_of_bidder;
		int off_b = b == st.bidder || b == st.partner_of_bidder;

		return off_a == off_b;
	}
	return 0;
}

static const char *decide_play(void)
{
	int want = 1, best = -1, best_win = -1;
	int t = st.trump < 0 ? T_HIGH : st.trump;

	if (!strcmp(st.variant, "flip"))
		want = st.my_bid > 0 && st.won[st.seat] < st.my_bid;
	for (int i = 0; i < st.nlegal; i++) {
		struct card c, cards[11];
		int wins;

		if (strchr(st.legal[i], ' ') || parse_card(st.legal[i], &c) < 0)
			continue; /* a flip switch: this bot never switches */
		memcpy(cards, st.table, sizeof(struct card) * (size_t)st.ntable);
		cards[st.ntable] = c;
		wins = table_winner(cards, st.ntable + 1, t) == st.ntable;
		if (!st.ntable)
			wins = power(&c, t) >= 114; /* leading: an ace or better may hold */
		if (wins && (best_win < 0 || power(&c, t) < best_win)) {
			best_win = power(&c, t);
			best = i;
		}
	}
	if (st.ntable && same_side(st.seat, st.table_seat[table_winner(st.table, st.ntable, t)]))
		want = 0; /* a partner holds the trick */
	if (want && best >= 0)
		return st.legal[best];
	/* throw the weakest card (in zilch: the strongest card that loses) */
	int pick = -1, pick_power = 0;

	for (int i = 0; i < st.nlegal; i++) {
		struct card c;
		int p;

		if (strchr(st.legal[i], ' ') || parse_card(st.legal[i], &c) < 0)
			continue;
		p = power(&c, t);
		if (pick < 0 || p < pick_power) {
			pick = i;
			pick_power = p;
		}
	}
	return pick >= 0 ? st.legal[pick] : st.legal[0];
}

/* Gives and discards: keep strength; hand the bidder our best. */
static const char *decide_exchange(void)
{
	int to_bidder = !strcmp(st.kind, "give") && st.to == st.contract_seat;
	int pick = 0, pick_power = 0;

	for (int i = 0; i < st.nlegal; i++) {
		struct card c;
		int p;

		if (parse_card(st.legal[i], &c) < 0)
			continue;
		p = power(&c, st.trump < 0 ? T_HIGH : st.trump);
		if (i == 0 || (to_bidder ? p > pick_power : p < pick_power)) {
			pick = i;
			pick_power = p;
		}
	}
	return st.legal[pick];
}

static const char *decide(void)
{
	double w;

	if (!strcmp(st.kind, "ready"))
		return "ready2 c-heuristic"; /* ready2: it plays matches (a "game" line) */
	if (!strcmp(st.kind, "bid"))
		return decide_bid();
	if (!strcmp(st.kind, "trump"))
		return trump_word(best_trump(T_NONE, &w));
	if (!strcmp(st.kind, "declare"))
		return hand_worth(st.trump) >= 4.5 ? "alone" : "partner";
	if (!strcmp(st.kind, "give") || !strcmp(st.kind, "discard"))
		return decide_exchange();
	return decide_play();
}

/* "3 JD,0 KD" into seats and cards. */
static void parse_table(char *s)
{
	st.ntable = 0;
	if (!strcmp(s, "-"))
		return;
	for (char *p = strtok(s, ","); p && st.ntable < 10; p = strtok(NULL, ",")) {
		char *sp = strchr(p, ' ');

		if (!sp)
			continue;
		st.table_seat[st.ntable] = atoi(p);
		parse_card(sp + 1, &st.table[st.ntable++]);
	}
}

static void read_line(char *line)
{
	char *arg = strchr(line, ' ');

	arg = arg ? arg + 1 : line + strlen(line);
	if (!strncmp(line, "variant ", 8)) {
		snprintf(st.variant, sizeof(st.variant), "%s", arg);
	} else if (!strncmp(line, "seat ", 5)) {
		st.seat = atoi(arg);
	} else if (!strncmp(line, "players ", 8)) {
		st.players = atoi(arg);
	} else if (!strncmp(line, "teams ", 6) && strcmp(arg, "-")) {
		/* "0 2,1 3": the seats of each team */
		int team = 0;

		st.teams = 1;
		for (char *p = arg; *p; p++) {
			if (*p == ',')
				team++;
			else if (*p >= '0' && *p <= '9')
				st.team_of[strtol(p, &p, 10)] = team, p--;
		}
	} else if (!strncmp(line, "hand ", 5)) {
		/* event "hand N dealer D": a new hand */
		char *d = strstr(line, "dealer ");

		st.dealer = d ? atoi(d + 7) : 0;
		st.bidder = st.partner_of_bidder = -1;
		st.my_bid = 0;
	} else if (!strncmp(line, "declare ", 8)) {
		/* event "declare B partner P" or "declare B alone" */
		char *pp = strstr(line, "partner ");

		st.bidder = atoi(arg);
		st.partner_of_bidder = pp ? atoi(pp + 8) : -1;
	} else if (!strncmp(line, "bid ", 4) && atoi(arg) == st.seat && !strcmp(st.variant, "flip")) {
		st.my_bid = atoi(strchr(arg, ' ') + 1);
	} else if (!strncmp(line, "request ", 8)) {
		snprintf(st.kind, sizeof(st.kind), "%s", arg);
		st.nheld = st.ntable = 0;
		st.trump = T_UNKNOWN;
		st.contract_seat = st.to = -1;
	} else if (!strncmp(line, "held ", 5)) {
		st.nheld = 0;
		for (char *p = strtok(arg, " "); p && st.nheld < MAX_CARDS; p = strtok(NULL, " "))
			if (parse_card(p, &st.held[st.nheld]) == 0)
				st.nheld++;
	} else if (!strncmp(line, "trump ", 6)) {
		st.trump = parse_trump(arg);
	} else if (!strncmp(line, "calling ", 8)) {
		struct card c;

		if (parse_card(arg, &c) == 0)
			st.trump = c.joker ? T_NONE : c.suit;
	} else if (!strncmp(line, "contract ", 9) && strcmp(arg, "-")) {
		st.contract_seat = atoi(arg);
	} else if (!strncmp(line, "upcard ", 7)) {
		snprintf(st.upcard, sizeof(st.upcard), "%s", arg);
	} else if (!strncmp(line, "to ", 3)) {
		st.to = atoi(arg);
	} else if (!strncmp(line, "table ", 6)) {
		parse_table(arg);
	} else if (!strncmp(line, "won ", 4)) {
		int i = 0;

		for (char *p = strtok(arg, " "); p && i < 10; p = strtok(NULL, " "))
			st.won[i++] = atoi(p);
	} else if (!strncmp(line, "legal ", 6)) {
		st.nlegal = 0;
		for (char *p = strtok(arg, ","); p && st.nlegal < MAX_MOVES; p = strtok(NULL, ","))
			st.legal[st.nlegal++] = p;
		printf("%s\n", decide());
	}
}

int main(void)
{
	static char line[1 << 16];

	setvbuf(stdout, NULL, _IOLBF, 0);
	st.bidder = st.partner_of_bidder = -1;
	while (fgets(line, sizeof(line), stdin)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!strcmp(line, "quit"))
			break;
		if (!strcmp(line, "game")) {
			/* the next game of a match: its handshake follows; forget this one */
			memset(&st, 0, sizeof(st));
			st.bidder = st.partner_of_bidder = -1;
			continue;
		}
		read_line(line);
	}
	return 0;
}
