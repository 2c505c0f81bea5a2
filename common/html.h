/*
 * html.h - what every HTML page of the project shares: escaping, the
 * templates pages are made from, and the look of a card.
 *
 * A page kind is one template file (referee/viewer.html, ...) that the
 * build turns into a NULL-terminated array of its lines; html_fill()
 * copies it, replacing each "{{name}}" by what the caller's slot writes.
 * Every string that comes from a bot or a config goes through
 * html_escape() (or html_text() in a slot), so no bot can add markup or
 * script to a page. Pages are self-contained: no external asset, so they
 * work from file:// and offline.
 */
#ifndef HTML_H
#define HTML_H

#include <stddef.h>

#include "util.h"

/*
 * Appends n bytes of s with the five characters that mean something in
 * HTML text and attribute values (& < > " ') as character references;
 * bytes outside printable ASCII become "\xHH" (strbuf_add_escaped), so a
 * page never holds a raw control byte or broken UTF-8 from a bot.
 */
void html_escape(struct strbuf *sb, const char *s, size_t n);
/* The same for a NUL-terminated string. */
void html_text(struct strbuf *sb, const char *s);

/*
 * A slot of a template: "{{name}}" is replaced by what write() appends
 * (raw HTML: the writer escapes what it takes from outside), or, when
 * write is NULL, by text, escaped.
 */
struct html_slot {
	const char *name;
	void (*write)(struct strbuf *sb, void *ctx);
	void *ctx;
	const char *text;
};

/*
 * Appends the template (lines, NULL-terminated) with every "{{name}}"
 * replaced by its slot. 0, or -1 with err naming the first slot the
 * template uses that slots lacks (a bug: templates and code go together).
 */
int html_fill(struct strbuf *sb, const char *const *lines, const struct html_slot *slots,
	      int nslots, char *err, size_t len);

/*
 * The style sheet of cards (class "cd", a class per suit C D H S, "J" for
 * jokers): a page's template includes it through the slot "card_css".
 */
void html_card_css(struct strbuf *sb, void *ctx);

/*
 * Appends one card drawn as text: rank and suit symbol in the suit's
 * colour, from its token ("10H", "BENNY"; card.h), with the token in a
 * data-c attribute (what tests look for). A token that is not a card is
 * escaped and shown as it is.
 */
void html_card(struct strbuf *sb, const char *token);

#endif
