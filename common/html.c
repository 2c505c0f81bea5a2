/*
 * html.c - escaping, templates and cards for the HTML pages (see html.h).
 *
 * The card style lives here, not in a page's template, so that the game
 * viewer and the standings page draw cards alike.
 */
#include "html.h"

#include <stdio.h>
#include <string.h>

void html_escape(struct strbuf *sb, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];

		switch (c) {
		case '&': strbuf_addstr(sb, "&amp;"); break;
		case '<': strbuf_addstr(sb, "&lt;"); break;
		case '>': strbuf_addstr(sb, "&gt;"); break;
		case '"': strbuf_addstr(sb, "&quot;"); break;
		case '\'': strbuf_addstr(sb, "&#39;"); break;
		default:
			if (c >= 0x20 && c < 0x7f)
				strbuf_addch(sb, c);
			else
				strbuf_add_escaped(sb, s + i, 1);
		}
	}
}

void html_text(struct strbuf *sb, const char *s)
{
	html_escape(sb, s, strlen(s));
}

static const struct html_slot *find_slot(const struct html_slot *slots, int nslots,
					 const char *name, size_t n)
{
	for (int i = 0; i < nslots; i++)
		if (strlen(slots[i].name) == n && !memcmp(slots[i].name, name, n))
			return &slots[i];
	return NULL;
}

int html_fill(struct strbuf *sb, const char *const *lines, const struct html_slot *slots,
	      int nslots, char *err, size_t len)
{
	for (int i = 0; lines[i]; i++) {
		const char *p = lines[i], *open, *close;

		while ((open = strstr(p, "{{")) && (close = strstr(open + 2, "}}"))) {
			const struct html_slot *s = find_slot(slots, nslots, open + 2,
							      (size_t)(close - open - 2));

			if (!s) {
				snprintf(err, len, "template line %d: no slot '%.*s'", i + 1,
					 (int)(close - open - 2), open + 2);
				return -1;
			}
			strbuf_add(sb, p, (size_t)(open - p));
			if (s->write)
				s->write(sb, s->ctx);
			else
				html_text(sb, s->text ? s->text : "");
			p = close + 2;
		}
		strbuf_addstr(sb, p);
	}
	return 0;
}

void html_card_css(struct strbuf *sb, void *ctx)
{
	(void)ctx;
	strbuf_addstr(sb,
		".cd{display:inline-block;min-width:1.7em;padding:.1em .2em;margin:.1em;"
		"border:1px solid #888;border-radius:.3em;background:#fff;color:#222;"
		"font:bold 1em/1.25 sans-serif;text-align:center;white-space:nowrap;"
		"box-shadow:0 1px 1px rgba(0,0,0,.25)}\n"
		".cd.C{color:#0b7a2b}.cd.D{color:#1247b8}.cd.H{color:#c4122d}.cd.S{color:#222}"
		".cd.J{color:#7b1fa2;background:#fbf3ff}\n"
		".cd.back{background:repeating-linear-gradient(45deg,#345 0 3px,#678 3px 6px);"
		"color:transparent}\n");
}

void html_card(struct strbuf *sb, const char *token)
{
	static const struct {
		char suit;
		const char *cls, *sym;
	} suits[] = {
		{ 'C', "C", "&#9827;" }, { 'D', "D", "&#9830;" },
		{ 'H', "H", "&#9829;" }, { 'S', "S", "&#9824;" },
	};
	size_t n = strlen(token);

	strbuf_addstr(sb, "<span class=\"cd ");
	for (size_t i = 0; n >= 2 && n <= 3 && i < 4; i++) {
		if (token[n - 1] != suits[i].suit)
			continue;
		strbuf_addf(sb, "%s\" data-c=\"", suits[i].cls);
		html_escape(sb, token, n);
		strbuf_addstr(sb, "\">");
		html_escape(sb, token, n - 1);
		strbuf_addf(sb, "%s</span>", suits[i].sym);
		return;
	}
	strbuf_addstr(sb, "J\" data-c=\"");
	html_escape(sb, token, n);
	strbuf_addstr(sb, "\">");
	if (!strcmp(token, "BENNY") || !strcmp(token, "CHARLIE") || !strcmp(token, "JOKER")) {
		/* "Benny": a star, then the name as a word */
		strbuf_addf(sb, "&#9733;%c", token[0]);
		for (size_t i = 1; i < n; i++)
			strbuf_addch(sb, token[i] - 'A' + 'a');
	} else {
		html_escape(sb, token, n);
	}
	strbuf_addstr(sb, "</span>");
}
