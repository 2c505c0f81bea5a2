/*
 * viewer.h - the game viewer: one self-contained HTML page (inline CSS,
 * a small inline script, no external asset) that steps through a game
 * record hand by hand and trick by trick (docs/viewer.md).
 *
 * The page is drawn from the replay that verifies the record, never from
 * a second reading of it: viewer_watch() gives the hooks (replay.h) that
 * collect, as each recorded move is checked, the engine's own state
 * (every seat's cards, the trick, the trump, the scores) at each step.
 * A record that does not verify gives no page: the caller writes the page
 * only when the replay returned 0.
 *
 *	struct viewer *v = viewer_new();
 *	struct replay_watch w;
 *	viewer_watch(v, &w);
 *	if (replay_file_watch(path, &report, &w) == 0)
 *		viewer_page(v, path, &html, err, sizeof(err));
 *	viewer_free(v);
 *
 * Steps, for each hand: the deal and the auction ("h1b"), the exchanges
 * when there are any ("h1x"), then one step per trick ("h1t1" ...);
 * games after the first add "gN" in front ("g2h1t1"). The page selects
 * the step named by its URL fragment (page.html#h1t2).
 */
#ifndef VIEWER_H
#define VIEWER_H

#include <stddef.h>

#include "replay.h"
#include "util.h"

struct viewer;

/* A viewer with nothing collected yet; viewer_free(NULL) does nothing. */
struct viewer *viewer_new(void);
void viewer_free(struct viewer *v);

/* Fills w with the hooks that feed v; v must outlive the replay. */
void viewer_watch(struct viewer *v, struct replay_watch *w);

/*
 * Appends the page of everything collected to out; title (the record's
 * name) is escaped. 0, or -1 with err when nothing was collected.
 */
int viewer_page(const struct viewer *v, const char *title, struct strbuf *out, char *err,
		size_t len);

/*
 * The page of the record 'title' written to 'path' as a new file of the
 * referee's user only (0600; a link or another user's file is refused).
 * 0, or -1 with the reason in err.
 */
int viewer_write_page(const struct viewer *v, const char *title, const char *path, char *err,
		      size_t len);

#endif
