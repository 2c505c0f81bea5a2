/*
 * plan_config_slurm.c - the [slurm] keys and their one setter (plan_config.h), for
 * the config file and for arena slurm's options alike (cmd_slurm.c): apart
 * from plan_config.c, which reads the file, because arena slurm sets them
 * from its command line too.
 */
#include <stdlib.h>
#include <string.h>

#include "plan_config.h"
#include "util.h"

const char *const config_slurm_keys[] = {
	"shards", "cpus_per_task", "time", "partition", "sbatch_args", NULL,
};

/* Does s hold only bytes of set (and at least one)? */
static int only_of(const char *s, const char *set)
{
	return s[0] && strspn(s, set) == strlen(s);
}

int config_slurm_set(struct slurm_cfg *s, const char *key, const char *value, char *why,
		     size_t len)
{
	char **text = NULL;

	if (!strcmp(key, "shards") || !strcmp(key, "cpus_per_task")) {
		long max = key[0] == 's' ? 10000 : 1024;

		if (parse_long(value, 1, max, key[0] == 's' ? &s->shards : &s->cpus_per_task) < 0) {
			snprintf(why, len, "expected a number from 1 to %ld", max);
			return -1;
		}
		return 0;
	}
	if (!strcmp(key, "time")) {
		/* sbatch's forms: MM, MM:SS, HH:MM:SS, D-HH, D-HH:MM, D-HH:MM:SS */
		if (!only_of(value, "0123456789:-")) {
			snprintf(why, len, "expected a time limit as sbatch --time takes it, such "
				 "as 90, 12:00:00 or 2-00:00:00");
			return -1;
		}
		text = &s->time;
	} else if (!strcmp(key, "partition")) {
		if (!only_of(value, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
				    "0123456789_.-,")) {
			snprintf(why, len, "expected partition names: letters, digits, '_', '.', "
				 "'-', separated by ','");
			return -1;
		}
		text = &s->partition;
	} else if (!strcmp(key, "sbatch_args")) {
		for (const char *q = value; *q; q++)
			if ((unsigned char)*q < 0x20 || *q == 0x7f) {
				snprintf(why, len, "expected printable text");
				return -1;
			}
		if (value[0] != '-') {
			snprintf(why, len, "expected sbatch options, such as --account=NAME");
			return -1;
		}
		text = &s->sbatch_args;
	} else {
		return -2;
	}
	free(*text);
	*text = xstrdup(value);
	return 0;
}

void config_slurm_release(struct slurm_cfg *s)
{
	free(s->time);
	free(s->partition);
	free(s->sbatch_args);
	memset(s, 0, sizeof(*s));
}
