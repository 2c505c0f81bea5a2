/*
 * plan_config_bot.c - whether a bot of the config can be started as it stands:
 * its SEAT well formed and its program there (before the games), and,
 * once built, its built copy running only its own code (plan_config.h). Apart
 * from plan_config.c, which reads the file, because these look at the bots'
 * files through the referee's SEAT parser (seat.h).
 */
#include "plan_config.h"

#include "seat.h"

int config_bot_runnable(const struct entrant *b, char *why, size_t len)
{
	struct seat st;
	int ret;

	if (b->builtin)
		return 0;
	ret = seat_parse(&st, b->seat, b->dir, why, len);
	if (ret == 0)
		ret = seat_check_files(&st, why, len);
	seat_release(&st);
	return ret;
}

int config_bot_inside_build(const struct entrant *b, char *why, size_t len)
{
	struct seat st;
	int ret;

	if (b->builtin)
		return 0;
	if (seat_check_tree(b->dir, why, len) < 0)
		return -1;
	ret = seat_parse(&st, b->seat, b->dir, why, len);
	if (ret == 0 && st.kind == SEAT_PROGRAM)
		ret = seat_check_inside(&st, b->dir, why, len);
	seat_release(&st);
	return ret;
}
