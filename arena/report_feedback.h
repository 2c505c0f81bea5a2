/*
 * report_feedback.h - one file per bot that its author can read alone.
 *
 * After each run the arena writes RESULTS/feedback/NAME.txt for every bot
 * of the config and every rejected submission: its standing and record,
 * its build (the verdict and the end of the build log), and every fault
 * with its kind, the request block it answered (from the game record),
 * its answer, the end of its stderr, the game's id and the one command
 * that replays that game. A bot without faults is told it is compliant.
 * Then its games to study, as the standings page lists them
 * (report_html_study_games()): the last of those it lost or faulted in,
 * each with the path of its page.
 * Everything a bot or a build wrote is escaped to printable ASCII. The
 * files are private (0600, in feedback/ 0700), like the rest of the
 * results directory: they quote the bots' cards.
 */
#ifndef FEEDBACK_H
#define FEEDBACK_H

#include <stddef.h>

#include "plan_config.h"
#include "store_result_set.h"
#include "store_results.h"
#include "rank_standings.h"

/* Faults described in full per file; the others are counted. */
#define FEEDBACK_FAULTS_MAX 10

/*
 * Writes DIR/feedback/NAME.txt for every bot of c and every rejected
 * submission, from the standings st of set (the run's live result set
 * of dir, result_set_start(): its faults are taken from it, not read
 * again) and the exclusions of meta. 0, or -1 with err.
 */
int feedback_write(const char *dir, const struct config *c, const struct results_meta *meta,
		   const struct standings *st, const struct result_set *set, char *err,
		   size_t len);

#endif
