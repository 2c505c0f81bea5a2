/*
 * human.h - the @human seat: a person plays one seat from the terminal.
 *
 * Everything the person is shown is made from the engine's text for that
 * seat: the event lines of view.c (view_event() with the human's seat) and
 * the request block of protocol.c (protocol_request()), reworded for a
 * person (seat numbers become "you", "partner", "seat 3"; card tokens are
 * coloured by suit). So the person sees exactly what a bot in the seat
 * would be sent, never a hidden card. The person answers with the number
 * of a listed move or the move's text ("JH", "7 H", "pass"); an entry that
 * is not a legal move is explained (the engine's reason) and asked again.
 * "quit" or the end of input (Ctrl-D) ends the person's part in the game.
 *
 * The module reads lines from one stream and draws on another (the
 * referee uses its standard input and standard error: standard output
 * carries only the result line). It keeps no clock: time limits do not
 * apply to a person.
 */
#ifndef HUMAN_H
#define HUMAN_H

#include <stddef.h>
#include <stdio.h>

#include "game.h"

/* How a person left the game (human_decide() returned -1). */
enum human_end { HUMAN_QUIT, HUMAN_EOF };

struct human;

/*
 * A person playing seat of the games to come, reading answers from in
 * and drawing on out (both borrowed: they must outlive the struct).
 * colour: draw suits and headings with ANSI colours. human_free(NULL)
 * is a no-op.
 */
struct human *human_new(FILE *in, FILE *out, int colour);
void human_free(struct human *h);

/*
 * Should a person's screen on fd be coloured? Only when fd is a terminal,
 * TERM is set and not "dumb", and NO_COLOR is unset or empty
 * (https://no-color.org).
 */
int human_colour_wanted(int fd);

/* Draws the welcome: the variant, the person's seat, partner and target. */
void human_start(struct human *h, const struct game *g, int seat);

/* Tells the person the events g->ev[from..to) of the current hand, as the seat sees them. */
void human_events(struct human *h, const struct game *g, int from, int to);

/*
 * Shows the table and the numbered legal moves of the seat to act (the
 * person's) and reads answers until one is a legal move: 0 with it in
 * out. -1 when the person typed "quit" or the input ended, with how in
 * *end; the caller then finishes the seat without the person.
 */
int human_decide(struct human *h, const struct game *g, struct move *out, enum human_end *end);

/*
 * Reads one answer (a line without its newline, blanks around it and
 * between words allowed) for the seat to act in g. 0 with the move, 1 for
 * "quit", or -1 with why it is not a legal move in why: not a number of
 * the list, not a move, or a move the engine refuses (its reason).
 */
int human_parse_answer(const struct game *g, const char *line, struct move *out, char *why,
		       size_t len);

#endif
