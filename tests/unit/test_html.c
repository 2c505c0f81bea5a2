/*
 * test_html.c - the HTML helpers every page uses (common/html.c): escaping
 * turns markup and control bytes into text, a template's slots are filled
 * (text slots escaped, writer slots as written) and a slot the code lacks
 * is an error, and a card is drawn with its suit's class and symbol.
 */
#include "html.h"
#include "testhelp.h"

static void escapes_markup_and_bytes(void)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "plain bot 1.0", "plain bot 1.0" },
		{ "<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;" },
		{ "a&b \"q\" 'r'", "a&amp;b &quot;q&quot; &#39;r&#39;" },
		{ "esc\x1b[31m\xff", "esc\\x1b[31m\\xff" },
		{ "back\\slash", "back\\slash" },
	};
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		strbuf_reset(&sb);
		html_text(&sb, cases[i].in);
		CHECK_STR(sb.buf, cases[i].out);
	}
	strbuf_release(&sb);
}

static void write_bold(struct strbuf *sb, void *ctx)
{
	strbuf_addf(sb, "<b>%s</b>", (const char *)ctx);
}

static void fills_slots(void)
{
	static const char *const tmpl[] = { "<title>{{title}}</title>\n", "{{body}}|{{title}}\n", NULL };
	static const char *const bad[] = { "{{nope}}\n", NULL };
	const struct html_slot slots[] = {
		{ "title", NULL, NULL, "a<b" },
		{ "body", write_bold, "x", NULL },
	};
	struct strbuf sb = STRBUF_INIT;
	char err[128];

	strbuf_init(&sb);
	CHECK_INT(html_fill(&sb, tmpl, slots, 2, err, sizeof(err)), 0);
	CHECK_STR(sb.buf, "<title>a&lt;b</title>\n<b>x</b>|a&lt;b\n");
	strbuf_reset(&sb);
	CHECK_INT(html_fill(&sb, bad, slots, 2, err, sizeof(err)), -1);
	CHECK_STR(err, "template line 1: no slot 'nope'");
	strbuf_release(&sb);
}

static void draws_cards(void)
{
	static const struct {
		const char *token, *html;
	} cases[] = {
		{ "10H", "<span class=\"cd H\" data-c=\"10H\">10&#9829;</span>" },
		{ "JS", "<span class=\"cd S\" data-c=\"JS\">J&#9824;</span>" },
		{ "9C", "<span class=\"cd C\" data-c=\"9C\">9&#9827;</span>" },
		{ "AD", "<span class=\"cd D\" data-c=\"AD\">A&#9830;</span>" },
		{ "BENNY", "<span class=\"cd J\" data-c=\"BENNY\">&#9733;Benny</span>" },
		{ "<x>", "<span class=\"cd J\" data-c=\"&lt;x&gt;\">&lt;x&gt;</span>" },
	};
	struct strbuf sb = STRBUF_INIT;

	strbuf_init(&sb);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		strbuf_reset(&sb);
		html_card(&sb, cases[i].token);
		CHECK_STR(sb.buf, cases[i].html);
	}
	strbuf_reset(&sb);
	html_card_css(&sb, NULL);
	CHECK(strstr(sb.buf, ".cd.H{color:#c4122d}") != NULL);
	strbuf_release(&sb);
}

int main(void)
{
	RUN(escapes_markup_and_bytes);
	RUN(fills_slots);
	RUN(draws_cards);
	return TEST_REPORT();
}
