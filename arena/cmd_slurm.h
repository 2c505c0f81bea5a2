/*
 * cmd_slurm.h - bin/arena slurm: a tournament played as a Slurm job array,
 * one array task per shard, and a merge job that runs when every task
 * succeeded (docs/cluster.md).
 *
 * Nothing here schedules or talks to workers: Slurm does that. This
 * module writes two job scripts into RESULTS/slurm/, submits them with
 * sbatch when asked, and, as the merge job, checks that every shard is
 * complete before it writes the merged standings. Each shard plays in
 * RESULTS/shard-K-of-N with the tournament key RESULTS/key, so that
 * submitting again plays only what is missing.
 */
#ifndef SLURM_H
#define SLURM_H

/*
 * Runs "arena slurm ARGS..." (argv[0] is "slurm"); arena is this program
 * (its absolute path, which the job scripts run). Returns the exit
 * status: 0 done; 1 runtime error (a file cannot be written, sbatch
 * failed, a shard's results are damaged); 2 bad arguments or config; 3
 * with --merge: some shards are incomplete (nothing written).
 */
int slurm_main(int argc, char **argv, const char *arena);

#endif
