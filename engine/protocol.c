/*
 * protocol.c - handshake and request blocks (see protocol.h, protocol.md).
 *
 * A request is self-contained on purpose: a beginner's bot can ignore
 * every event line and still play legally from the "legal" line, while an
 * expert's bot tracks the events and uses the request only as a check.
 */
#include "protocol.h"

#include <stdio.h>
#include <string.h>

#include "view.h"

void protocol_hello(const struct game *g, int seat, const struct time_limits *t,
		    unsigned long long seed, struct strbuf *out)
{
	const struct rules *r = &g->rules;
	char value[64];

	strbuf_addf(out, "euchre-arena %d\n", PROTOCOL_VERSION);
	strbuf_addf(out, "variant %s\n", variant_name(r->variant));
	for (int i = 0; i < rules_option_count(r->variant); i++)
		strbuf_addf(out, "option %s %s\n", rules_option(r->variant, i)->name,
			    rules_option_text(r, i, value, sizeof(value)));
	strbuf_addf(out, "players %d\n", r->players);
	strbuf_addf(out, "seat %d\n", seat);
	if (r->teams) {
		strbuf_addstr(out, "teams");
		for (int team = 0; team < r->teams; team++) {
			strbuf_addch(out, team ? ',' : ' ');
			for (int s = team; s < r->seats; s += r->teams)
				strbuf_addf(out, "%s%d", s == team ? "" : " ", s);
		}
		strbuf_addch(out, '\n');
	} else {
		strbuf_addstr(out, "teams -\n");
	}
	if (r->dead_seat >= 0)
		strbuf_addf(out, "deadhand %d\n", r->dead_seat);
	strbuf_addf(out, "seed %llu\n", seed);
	strbuf_addf(out, "time startup %ld move %ld bank %ld clock %s\n", t->startup_ms,
		    t->move_ms, t->bank_ms, t->cpu ? "cpu" : "wall");
	strbuf_addf(out, "budget %ld\n", time_limits_budget(t));
	strbuf_addstr(out, "request ready\n");
	strbuf_addf(out, "time %ld -\n", t->startup_ms);
	strbuf_addstr(out, "legal ready\n");
}

/*
 * The common case, when every legal move is one card: game_card_moves()
 * gives them, in game_legal()'s order, without the list of moves.
 */
void protocol_legal(const struct game *g, struct strbuf *out)
{
	struct move mv[MAX_MOVES];
	uint32_t cards = game_card_moves(g);
	int n;

	if (cards) {
		for (uint32_t b = cards; b; b &= b - 1) {
			if (b != cards)
				strbuf_addch(out, ',');
			view_card(mask_first(b), out);
		}
		return;
	}
	n = game_legal(g, mv);
	for (int i = 0; i < n; i++) {
		if (i)
			strbuf_addch(out, ',');
		if (mv[i].type == MOVE_CARD && mv[i].swap == CARD_NONE)
			view_card(mv[i].card, out);
		else
			view_move(&mv[i], out);
	}
}

/* "auction 1 pass,2 7 H": every bid of this hand so far, or "-". */
static void add_auction(const struct game *g, const char *key, struct strbuf *out)
{
	int n = 0;

	strbuf_addstr(out, key);
	for (int i = 0; i < g->nev; i++) {
		const struct event *e = &g->ev[i];

		if (e->type != EV_BID)
			continue;
		strbuf_addch(out, n++ ? ',' : ' ');
		strbuf_addint(out, e->seat);
		strbuf_addch(out, ' ');
		view_move(&e->move, out);
	}
	strbuf_addstr(out, n ? "\n" : " -\n");
}

static void add_contract(const struct game *g, struct strbuf *out)
{
	if (g->bidder < 0) {
		strbuf_addstr(out, "contract -\n");
		return;
	}
	strbuf_addstr(out, "contract ");
	strbuf_addint(out, g->bidder);
	strbuf_addch(out, ' ');
	view_move(&g->contract, out);
	strbuf_addch(out, '\n');
}

static void add_table(const struct game *g, struct strbuf *out)
{
	strbuf_addstr(out, "table");
	for (int i = 0; i < g->ntrick; i++) {
		strbuf_addch(out, i ? ',' : ' ');
		strbuf_addint(out, g->trick_seat[i]);
		strbuf_addch(out, ' ');
		view_card(g->trick_card[i], out);
	}
	strbuf_addstr(out, g->ntrick ? "\n" : " -\n");
	strbuf_addstr(out, "won");
	for (int s = 0; s < g->rules.seats; s++) {
		strbuf_addch(out, ' ');
		strbuf_addint(out, g->tricks[s]);
	}
	strbuf_addch(out, '\n');
}

void protocol_request(const struct game *g, long move_ms, long bank_ms, struct strbuf *out)
{
	const struct rules *r = &g->rules;
	enum decision d = game_decision(g);
	const struct token *name = decision_token(d);
	int seat = game_to_move(g);

	strbuf_addstr(out, "request ");
	strbuf_add8(out, name->text, name->len);
	strbuf_addch(out, '\n');
	strbuf_addstr(out, "held ");
	view_hand(&g->hand[seat], out);
	strbuf_addch(out, '\n');
	if (r->variant == VAR_FLIP) {
		strbuf_addstr(out, "calling ");
		view_card(g->calling, out);
		strbuf_addch(out, '\n');
		add_auction(g, "bids", out);
	} else if (d == DEC_BID) {
		if (r->variant == VAR_FIVEHAND) {
			strbuf_addstr(out, "upcard ");
			view_card(g->kitty[0], out);
			strbuf_addch(out, '\n');
		}
		add_auction(g, "auction", out);
	} else {
		add_contract(g, out);
	}
	if (g->trump >= 0) {
		const struct token *t = trump_token(g->trump);

		strbuf_addstr(out, "trump ");
		strbuf_add8(out, t->text, t->len);
		strbuf_addch(out, '\n');
	}
	if (d == DEC_GIVE) {
		strbuf_addstr(out, "to ");
		strbuf_addint(out, g->script[g->script_pos].to);
		strbuf_addch(out, '\n');
	}
	if (d == DEC_PLAY)
		add_table(g, out);
	strbuf_addstr(out, "time ");
	strbuf_addint(out, move_ms);
	if (bank_ms >= 0) {
		strbuf_addch(out, ' ');
		strbuf_addint(out, bank_ms);
		strbuf_addch(out, '\n');
	} else {
		strbuf_addstr(out, " -\n");
	}
	strbuf_addstr(out, "legal ");
	protocol_legal(g, out);
	strbuf_addch(out, '\n');
}

int protocol_parse_ready(const char *line, size_t len, char *name, size_t nlen,
			 int *matches, char *err, size_t elen)
{
	/* "ready2": the word is six bytes, and declares matches */
	size_t word = len >= 6 && !strncmp(line, "ready2", 6) ? 6 : 5;

	if (len < 5 || strncmp(line, "ready", 5) || (len > word && line[word] != ' ')) {
		snprintf(err, elen, "expected 'ready' or 'ready NAME' ('ready2' for matches)");
		return -1;
	}
	if (matches)
		*matches = word == 6;
	if (len > word + 1)
		escape_text(line + word + 1, len - word - 1, len - word - 1, name, nlen);
	else
		name[0] = '\0';
	return 0;
}

size_t protocol_split_comment(const char *line, size_t len, const char **comment, size_t *clen)
{
	const char *hash = memchr(line, '#', len);
	size_t mlen, at;

	*comment = line + len;
	*clen = 0;
	if (!hash)
		return len;
	mlen = (size_t)(hash - line);
	while (mlen && line[mlen - 1] == ' ')
		mlen--;
	for (at = (size_t)(hash - line) + 1; at < len && line[at] == ' '; at++)
		;
	*comment = line + at;
	*clen = len - at;
	return mlen;
}
