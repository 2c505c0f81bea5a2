/*
 * viewer.c - collects a replayed game's steps and writes its page (see
 * viewer.h).
 *
 * The hooks turn the engine's events into steps as the replay applies
 * each recorded move: every step carries the state it shows in full (each
 * seat's cards, the trick with its notes, trump, scores), taken from the
 * engine, so the page's script only draws and never plays. The data are
 * JSON made of engine tokens and numbers alone; everything a bot or a
 * config wrote (SEAT texts, fault details, bots' comments) goes into the
 * page's HTML, escaped, where the script reads it back as text.
 *
 * Cards travel as one character each ('A' + kind, then 'a' for kinds
 * from 26 on), the token table in the data saying which card a code is:
 * that keeps a page of a typical game well under 100 KB.
 */
#include "viewer.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fault.h"
#include "file.h"
#include "html.h"
#include "view.h"

/* the page's template: referee/viewer.html, made into its lines by the build */
extern const char *const viewer_html[];

/* a card played to the trick in progress, with what came with it (flip) */
struct play {
	int seat;
	card_t card;
	card_t laid, took; /* a switch: laid as the calling card, took the old one */
	card_t flipped;    /* a Charlie turned this card up */
};

struct viewer {
	struct strbuf steps;  /* JSON objects, comma-separated */
	struct strbuf games;  /* JSON objects, one per game */
	struct strbuf head;   /* HTML: each game's facts, seats, result, faults */
	int ngames, nsteps;
	/* the game being watched */
	struct rules rules;
	int hand_no, seen;    /* events of this hand already turned into steps */
	struct hand before[MAX_SEATS]; /* each seat's cards before the last move */
	int dead_played;
	card_t calling;       /* flip's calling card, five-hand's turned card */
	int trump;            /* -1 until there is one */
	unsigned out;         /* seats sitting out */
	struct strbuf contract, auction, declare, exch, faults;
	int bid_done, exch_done, nfaults;
	/* faults not yet shown: their numbers and the step order (kind_order) they belong to */
	int npend, pend_no[MAX_SEATS], pend_order[MAX_SEATS];
	struct play trick[MAX_SEATS + 1];
	int ntrick;
	char last_id[32];     /* the last step, where late faults go */
	/* bots' comments: the game's list (HTML), how many, and those not yet
	 * shown, as JSON [seat,number,"MOVE"] items by step order (kind_order) */
	struct strbuf comments, pend_cm[3];
	int ncomments;
};

/* Calls fn on each of v's buffers. */
static void each_buf(struct viewer *v, void (*fn)(struct strbuf *))
{
	struct strbuf *bufs[] = { &v->steps, &v->games, &v->head, &v->contract, &v->auction,
				  &v->declare, &v->exch, &v->faults, &v->comments, &v->pend_cm[0],
				  &v->pend_cm[1], &v->pend_cm[2] };

	for (size_t i = 0; i < sizeof(bufs) / sizeof(bufs[0]); i++)
		fn(bufs[i]);
}

struct viewer *viewer_new(void)
{
	struct viewer *v = xcalloc(1, sizeof(*v));

	each_buf(v, strbuf_init);
	return v;
}

void viewer_free(struct viewer *v)
{
	if (!v)
		return;
	each_buf(v, strbuf_release);
	free(v);
}

/* A card's one-character code (see the top of the file). */
static char code(card_t c)
{
	return c < 26 ? (char)('A' + c) : (char)('a' + c - 26);
}

/* Appends a JSON string of a hand's cards as codes, in the order hand_format sorts them. */
static void add_hand(struct strbuf *sb, const struct hand *h)
{
	strbuf_addch(sb, '"');
	for (card_t c = 0; c < NCARDS; c++)
		for (int k = hand_count_of(h, c); k > 0; k--)
			strbuf_addch(sb, code(c));
	strbuf_addch(sb, '"');
}

/* The dead hand's cards from position from on, top card first. */
static void add_dead(struct strbuf *sb, const struct game *g, int from)
{
	strbuf_addch(sb, '"');
	for (int i = from; i < g->rules.cards_each; i++)
		strbuf_addch(sb, code(g->dead[i]));
	strbuf_addch(sb, '"');
}

static void add_ints(struct strbuf *sb, const char *key, const int *x, int n)
{
	strbuf_addf(sb, ",\"%s\":[", key);
	for (int i = 0; i < n; i++)
		strbuf_addf(sb, "%s%d", i ? "," : "", x[i]);
	strbuf_addch(sb, ']');
}

static int nscores(const struct game *g)
{
	return g->rules.teams ? g->rules.teams : g->rules.players;
}

/* The order of a hand's steps: the auction, the exchanges, the tricks. */
static int kind_order(char kind)
{
	return kind == 'b' ? 0 : kind == 'x' ? 1 : 2;
}

/* Adds the faults waiting for a step of this kind or an earlier one ("f": their numbers). */
static void add_faults(struct viewer *v, char kind)
{
	int kept = 0, shown = 0;

	for (int i = 0; i < v->npend; i++) {
		if (v->pend_order[i] > kind_order(kind)) {
			v->pend_no[kept] = v->pend_no[i];
			v->pend_order[kept++] = v->pend_order[i];
			continue;
		}
		strbuf_addstr(&v->steps, shown++ ? "," : ",\"f\":[");
		strbuf_addint(&v->steps, v->pend_no[i]);
	}
	if (shown)
		strbuf_addch(&v->steps, ']');
	v->npend = kept;
}

/* Adds the comments waiting for a step of this kind or an earlier one ("cm"). */
static void add_comments(struct viewer *v, char kind)
{
	int shown = 0;

	for (int o = 0; o <= kind_order(kind); o++) {
		if (!v->pend_cm[o].len)
			continue;
		strbuf_addstr(&v->steps, shown++ ? "," : ",\"cm\":[");
		strbuf_add(&v->steps, v->pend_cm[o].buf, v->pend_cm[o].len);
		strbuf_reset(&v->pend_cm[o]);
	}
	if (shown)
		strbuf_addch(&v->steps, ']');
}

/*
 * Starts a step object: its id, game, hand, kind ('b' the deal and
 * auction, 'x' the exchanges, 't' a trick, with its number), and what
 * every step shows: dealer, trump, calling card, contract, who sits out,
 * the scores and tricks so far, and the faults that came since the last
 * step.
 */
static void step_begin(struct viewer *v, const struct game *g, char kind, int trick)
{
	char id[32];

	if (v->ngames > 1)
		snprintf(id, sizeof(id), "g%dh%d%c", v->ngames, g->hand_no, kind);
	else
		snprintf(id, sizeof(id), "h%d%c", g->hand_no, kind);
	if (kind == 't')
		snprintf(id + strlen(id), sizeof(id) - strlen(id), "%d", trick);
	snprintf(v->last_id, sizeof(v->last_id), "%s", id);
	strbuf_addf(&v->steps, "%s{\"i\":\"%s\",\"g\":%d,\"h\":%d,\"k\":\"%c\",\"d\":%d",
		    v->nsteps++ ? ",\n" : "", id, v->ngames - 1, g->hand_no, kind, g->dealer);
	if (kind == 't')
		strbuf_addf(&v->steps, ",\"t\":%d", trick);
	if (v->trump >= 0)
		strbuf_addf(&v->steps, ",\"tr\":\"%s\"", trump_name(v->trump));
	if (v->calling != CARD_NONE)
		strbuf_addf(&v->steps, ",\"c\":\"%c\"", code(v->calling));
	if (v->contract.len)
		strbuf_addf(&v->steps, ",\"b\":\"%s\"", v->contract.buf);
	if (v->declare.len)
		strbuf_addf(&v->steps, ",\"dc\":\"%s\"", v->declare.buf);
	strbuf_addf(&v->steps, ",\"o\":%u", v->out);
	add_ints(&v->steps, "s", g->score, nscores(g));
	if (g->rules.variant == VAR_FLIP && !g->rules.zilch && v->bid_done)
		add_ints(&v->steps, "bd", g->bids, g->rules.players);
	add_faults(v, kind);
	add_comments(v, kind);
}

/* Ends a step with the seats' cards (hands) and, at the hand's end, its points and the ranks. */
static void step_end(struct viewer *v, const struct game *g, const struct hand *hands,
		     int dead_from, int from_ev)
{
	strbuf_addstr(&v->steps, ",\"hs\":[");
	for (int s = 0; s < g->rules.seats; s++) {
		if (s)
			strbuf_addch(&v->steps, ',');
		if (s == g->rules.dead_seat)
			add_dead(&v->steps, g, dead_from);
		else
			add_hand(&v->steps, &hands[s]);
	}
	strbuf_addch(&v->steps, ']');
	for (int i = from_ev; i < g->nev; i++) {
		if (g->ev[i].type == EV_HAND_END)
			add_ints(&v->steps, "e", g->hand_points, nscores(g));
		if (g->ev[i].type == EV_GAME_END)
			add_ints(&v->steps, "z", g->ranks, g->rules.players);
	}
	strbuf_addch(&v->steps, '}');
}

/* The deal and the auction, once it is over (or thrown in: redeal). */
static void bid_step(struct viewer *v, const struct game *g, int redeal, int from_ev)
{
	v->bid_done = 1;
	step_begin(v, g, 'b', 0);
	strbuf_addf(&v->steps, ",\"a\":[%s]", v->auction.buf);
	if (redeal)
		strbuf_addstr(&v->steps, ",\"r\":1");
	if (g->rules.variant == VAR_FIVEHAND) {
		strbuf_addstr(&v->steps, ",\"kt\":\"");
		for (int i = 0; i < 4; i++)
			strbuf_addch(&v->steps, code(g->kitty[i]));
		strbuf_addch(&v->steps, '"');
	}
	if (g->rules.variant == VAR_FLIP)
		strbuf_addf(&v->steps, ",\"bn\":\"%c\"", code(g->burn));
	step_end(v, g, g->dealt, 0, redeal ? from_ev : g->nev);
}

/* The exchanges, before the first card is played: the cards are those before that move. */
static void exch_step(struct viewer *v, const struct game *g)
{
	v->exch_done = 1;
	if (!v->exch.len)
		return;
	step_begin(v, g, 'x', 0);
	strbuf_addf(&v->steps, ",\"x\":[%s]", v->exch.buf);
	step_end(v, g, v->before, 0, g->nev);
}

/* A trick is over: its cards in play order with their notes, its winner, the cards left. */
static void trick_step(struct viewer *v, const struct game *g, const struct event *e, int at)
{
	step_begin(v, g, 't', e->to);
	add_ints(&v->steps, "n", g->tricks, g->rules.seats);
	strbuf_addf(&v->steps, ",\"w\":%d,\"p\":[", e->seat);
	for (int i = 0; i < v->ntrick; i++) {
		const struct play *p = &v->trick[i];

		strbuf_addf(&v->steps, "%s[%d,\"%c\"", i ? "," : "", p->seat, code(p->card));
		if (p->laid != CARD_NONE)
			strbuf_addf(&v->steps, ",\"s%c%c\"", code(p->laid), code(p->took));
		else if (p->flipped != CARD_NONE)
			strbuf_addf(&v->steps, ",\"f%c\"", code(p->flipped));
		strbuf_addch(&v->steps, ']');
	}
	strbuf_addch(&v->steps, ']');
	v->ntrick = 0;
	/* the dead hand may already have led the next trick in the same move */
	step_end(v, g, g->hand, v->dead_played, at + 1);
}

/* An auction event: a turn, the contract, trump named, five-hand's declaration. */
static void auction_event(struct viewer *v, const struct game *g, const struct event *e)
{
	struct strbuf *sb = e->type == EV_BID ? &v->auction : &v->contract;

	switch (e->type) {
	case EV_TURNUP:
	case EV_CALLING:
		v->calling = e->card;
		if (g->rules.variant == VAR_FLIP)
			v->trump = game_flip_trump(e->card);
		break;
	case EV_BID:
	case EV_CONTRACT:
		if (e->type == EV_BID && sb->len)
			strbuf_addch(sb, ',');
		strbuf_addf(sb, e->type == EV_BID ? "[%d,\"" : "%d ", e->seat);
		view_move(&e->move, sb);
		if (e->type == EV_BID)
			strbuf_addstr(sb, "\"]");
		break;
	case EV_TRUMP:
		v->trump = e->move.trump;
		break;
	case EV_DECLARE:
		strbuf_reset(&v->declare);
		if (e->to >= 0)
			strbuf_addf(&v->declare, "%d partner %d", e->seat, e->to);
		else
			strbuf_addf(&v->declare, "%d alone", e->seat);
		break;
	}
}

/* An exchange: [kind, seat, to, card] with kind p(ickup) g(ive) d(iscard) o(ut). */
static void exchange_event(struct viewer *v, const struct game *g, const struct event *e)
{
	static const char kinds[] = { [EV_PICKUP] = 'p', [EV_GIVE] = 'g', [EV_DISCARD] = 'd',
				      [EV_SITOUT] = 'o' };

	if (!v->bid_done)
		bid_step(v, g, 0, g->nev);
	if (e->type == EV_SITOUT)
		v->out |= 1u << e->seat;
	strbuf_addf(&v->exch, "%s[\"%c\",%d,%d,\"%c\"]", v->exch.len ? "," : "", kinds[e->type],
		    e->seat, e->to, e->card == CARD_NONE ? '-' : code(e->card));
}

/* A card played, or what came with it: a switch, a Charlie's flip. */
static void play_event(struct viewer *v, const struct game *g, const struct event *e)
{
	struct play *p = v->ntrick ? &v->trick[v->ntrick - 1] : NULL;

	if (!v->bid_done)
		bid_step(v, g, 0, g->nev);
	if (!v->exch_done)
		exch_step(v, g);
	if (e->type == EV_PLAY && v->ntrick <= MAX_SEATS) {
		p = &v->trick[v->ntrick++];
		p->seat = e->seat;
		p->card = e->card;
		p->laid = p->took = p->flipped = CARD_NONE;
		v->dead_played += e->seat == g->rules.dead_seat;
		return;
	}
	if (!p)
		return;
	v->calling = e->card;
	v->trump = game_flip_trump(e->card);
	if (e->type == EV_SWITCH) {
		p->laid = e->card;
		p->took = e->card2;
	} else {
		p->flipped = e->card;
	}
}

static void on_event(struct viewer *v, const struct game *g, int i)
{
	const struct event *e = &g->ev[i];

	switch (e->type) {
	case EV_PICKUP:
	case EV_GIVE:
	case EV_DISCARD:
	case EV_SITOUT:
		exchange_event(v, g, e);
		break;
	case EV_PLAY:
	case EV_SWITCH:
	case EV_FLIP:
		play_event(v, g, e);
		break;
	case EV_TRICK:
		trick_step(v, g, e, i);
		break;
	case EV_REDEAL:
		bid_step(v, g, 1, i + 1);
		break;
	case EV_DEAL:
	case EV_HAND_END:
	case EV_GAME_END:
		break; /* the steps around them say it */
	default:
		auction_event(v, g, e);
	}
}

/* A new hand: nothing of the last one carries over but the scores. */
static void new_hand(struct viewer *v, const struct game *g)
{
	v->hand_no = g->hand_no;
	v->seen = 0;
	v->dead_played = 0;
	v->calling = CARD_NONE;
	v->trump = -1;
	v->out = 0;
	v->bid_done = v->exch_done = 0;
	v->ntrick = 0;
	strbuf_reset(&v->contract);
	strbuf_reset(&v->auction);
	strbuf_reset(&v->declare);
	strbuf_reset(&v->exch);
}

/* Turns the events since the last call into steps. */
static void catch_up(struct viewer *v, const struct game *g)
{
	if (g->hand_no != v->hand_no)
		new_hand(v, g);
	for (; v->seen < g->nev; v->seen++)
		on_event(v, g, v->seen);
	memcpy(v->before, g->hand, sizeof(v->before));
}

static void on_moved(void *ctx, const struct game *g)
{
	catch_up(ctx, g);
}

/* A game starts: its facts in the data, its seats in the page's HTML. */
static void on_game(void *ctx, const struct game *g, const char *const *specs)
{
	struct viewer *v = ctx;
	const struct rules *r = &g->rules;
	char buf[64];

	v->ngames++;
	v->rules = *r;
	v->hand_no = 0;
	v->nfaults = 0;
	strbuf_reset(&v->faults);
	v->npend = 0;
	v->ncomments = 0;
	strbuf_reset(&v->comments);
	for (int o = 0; o < 3; o++)
		strbuf_reset(&v->pend_cm[o]);
	strbuf_addf(&v->games, "%s{\"variant\":\"%s\",\"players\":%d,\"seats\":%d,\"dead\":%d,"
		    "\"teams\":%d}", v->ngames > 1 ? "," : "", variant_name(r->variant), r->players,
		    r->seats, r->dead_seat, r->teams);
	strbuf_addf(&v->head, "<section class=\"game\" id=\"g%d\">\n<h2>Game %d: %s</h2>\n<p class=\"opts\">",
		    v->ngames, v->ngames, variant_name(r->variant));
	for (int i = 0; i < rules_option_count(r->variant); i++) {
		strbuf_addf(&v->head, "%s%s=", i ? " " : "", rules_option(r->variant, i)->name);
		html_text(&v->head, rules_option_text(r, i, buf, sizeof(buf)));
	}
	strbuf_addstr(&v->head, "</p>\n<ol class=\"seats\" start=\"0\">\n");
	for (int s = 0; s < r->players; s++) {
		strbuf_addf(&v->head, "<li>seat %d: <span class=\"nm\" id=\"g%ds%d\">", s, v->ngames, s);
		html_text(&v->head, specs[s]);
		strbuf_addstr(&v->head, "</span></li>\n");
	}
	strbuf_addstr(&v->head, "</ol>\n");
	catch_up(v, g);
}

/*
 * A bot's comment on its move m, about to be applied to g: its text in the
 * game's list in the page's HTML (escaped), its seat, number and move in
 * the step that will show the move (the auction, the exchanges or the
 * trick being played).
 */
static void on_comment(void *ctx, const struct game *g, int seat, const struct move *m,
		       const char *text)
{
	struct viewer *v = ctx;
	char kind = g->phase == PH_SCRIPT ? 'x' : g->phase == PH_PLAY ? 't' : 'b';
	struct strbuf *sb = &v->pend_cm[kind_order(kind)];

	strbuf_addf(sb, "%s[%d,%d,\"", sb->len ? "," : "", seat, v->ncomments);
	view_move(m, sb);
	strbuf_addstr(sb, "\"]");
	strbuf_addf(&v->comments, "<li class=\"cmt\" id=\"g%dc%d\">", v->ngames, v->ncomments);
	html_text(&v->comments, text);
	strbuf_addstr(&v->comments, "</li>\n");
	v->ncomments++;
}

/*
 * A fault: listed under its game, and shown on the step it happened in:
 * the auction, the exchanges or the trick being played; between two hands,
 * the next hand's auction.
 */
static void on_fault(void *ctx, const struct game *g, const struct fault *f)
{
	struct viewer *v = ctx;
	char kind = g->phase == PH_SCRIPT ? 'x' : g->phase == PH_PLAY ? 't' : 'b';

	if (v->npend < MAX_SEATS) {
		v->pend_no[v->npend] = v->nfaults;
		v->pend_order[v->npend++] = kind_order(kind);
	}
	strbuf_addf(&v->faults, "<li class=\"fault\" id=\"g%df%d\">seat %d, %s, hand %d: ", v->ngames,
		    v->nfaults, f->seat, fault_kind_name(f->kind), f->hand);
	html_text(&v->faults, f->detail);
	strbuf_addstr(&v->faults, "</li>\n");
	v->nfaults++;
}

/* The verified result: ranks and scores; faults left over go to the last step. */
static void on_result(void *ctx, const struct game *g, const struct match_result *res)
{
	struct viewer *v = ctx;

	catch_up(v, g);
	if (v->npend && v->steps.len && v->steps.buf[v->steps.len - 1] == '}') {
		v->steps.buf[--v->steps.len] = '\0';
		add_faults(v, 't');
		strbuf_addch(&v->steps, '}');
	}
	v->npend = 0;
	strbuf_addstr(&v->head, "<p class=\"result\">result: ranks");
	for (int s = 0; s < g->rules.players; s++)
		strbuf_addf(&v->head, " %d", res->ranks[s]);
	strbuf_addstr(&v->head, ", score");
	for (int i = 0; i < nscores(g); i++)
		strbuf_addf(&v->head, " %d", g->score[i]);
	strbuf_addf(&v->head, ", %d hand%s</p>\n", g->hand_no, g->hand_no == 1 ? "" : "s");
	if (v->faults.len)
		strbuf_addf(&v->head, "<ul class=\"faults\">\n%s</ul>\n", v->faults.buf);
	/* the steps show them beside their moves; the list is where they read them from */
	if (v->comments.len)
		strbuf_addf(&v->head, "<ul class=\"comments\" hidden>\n%s</ul>\n", v->comments.buf);
	strbuf_addstr(&v->head, "</section>\n");
}

void viewer_watch(struct viewer *v, struct replay_watch *w)
{
	memset(w, 0, sizeof(*w));
	w->ctx = v;
	w->game = on_game;
	w->moved = on_moved;
	w->comment = on_comment;
	w->fault = on_fault;
	w->result = on_result;
}

/* The slot "data": every card's token, the games, the steps. */
static void write_data(struct strbuf *sb, void *ctx)
{
	const struct viewer *v = ctx;

	strbuf_addstr(sb, "{\"cards\":[");
	for (card_t c = 0; c < NCARDS; c++)
		strbuf_addf(sb, "%s\"%s\"", c ? "," : "", card_name(c));
	strbuf_addf(sb, "],\n\"games\":[%s],\n\"steps\":[\n%s]}", v->games.buf, v->steps.buf);
}

static void write_head(struct strbuf *sb, void *ctx)
{
	const struct viewer *v = ctx;

	strbuf_add(sb, v->head.buf, v->head.len);
}

int viewer_page(const struct viewer *v, const char *title, struct strbuf *out, char *err,
		size_t len)
{
	const struct html_slot slots[] = {
		{ "title", NULL, NULL, title },
		{ "card_css", html_card_css, NULL, NULL },
		{ "games", write_head, (void *)v, NULL },
		{ "data", write_data, (void *)v, NULL },
	};

	if (!v->nsteps) {
		snprintf(err, len, "the record has no step to show");
		return -1;
	}
	return html_fill(out, viewer_html, slots, (int)(sizeof(slots) / sizeof(slots[0])), err,
			 len);
}

int viewer_write_page(const struct viewer *v, const char *title, const char *path, char *err,
		      size_t len)
{
	struct strbuf page = STRBUF_INIT;
	int fd, ret = -1;

	strbuf_init(&page);
	if (viewer_page(v, title, &page, err, len) < 0)
		goto out;
	if ((fd = file_open_private(path, 0, err, len)) < 0)
		goto out;
	if (file_write_all(fd, page.buf, page.len) < 0 || close(fd) < 0)
		snprintf(err, len, "cannot write '%s': %s", path, strerror(errno));
	else
		ret = 0;
out:
	strbuf_release(&page);
	return ret;
}
