/*
 * lab_mpi.c - `pocketwar-lab-mpi`: one lab experiment spread over the
 * processes of an MPI job (Open MPI's mpirun), one shard each, merged by
 * the first when all are done (docs/lab.md). Each process runs
 * `pocketwar lab run ARGS --shard R/N --out OUT.shards/R`; then rank 0 runs
 * `lab merge OUT OUT.shards/1 ... OUT.shards/N`, which gives the same
 * summary.json, byte for byte, as the experiment run whole.
 *
 *   mpirun -n 4 build/pocketwar-lab-mpi OUT --rules pocket-battles --arm a --arm b ...
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "cli.h"
#include "lab.h"

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    int rank, size, rc = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (argc < 3 || !strcmp(argv[1], "--help")) {
        if (rank == 0)
            fprintf(argc < 3 ? stderr : stdout,
                    "usage: mpirun -n N pocketwar-lab-mpi OUT LAB-RUN-OPTIONS...\n\n"
                    "Plays the experiment `pocketwar lab run LAB-RUN-OPTIONS` in N shards,\n"
                    "one per process, into OUT.shards/, and merges them into OUT.\n");
        MPI_Finalize();
        return argc < 3 ? 2 : 0;
    }
    const char *out = argv[1];
    char shards[4096], dir[4200], shard[64], jobs[16];
    snprintf(shards, sizeof shards, "%s.shards", out);
    if (rank == 0)
        mkdir(shards, 0777);
    MPI_Barrier(MPI_COMM_WORLD);
    snprintf(dir, sizeof dir, "%s/%d", shards, rank + 1);
    snprintf(shard, sizeof shard, "%d/%d", rank + 1, size);
    snprintf(jobs, sizeof jobs, "1");
    /* lab run ARGS... --shard R/N --out DIR --jobs 1 --quiet --no-progress */
    int n = argc - 2;
    char **args = calloc((size_t)n + 12, sizeof *args);
    if (!args)
        abort();
    int k = 0;
    args[k++] = "lab";
    args[k++] = "run";
    for (int i = 2; i < argc; i++)
        args[k++] = argv[i];
    char *tail[] = {"--shard", shard, "--out", dir, "--jobs", jobs, "--quiet",
                    "--no-progress"};
    for (size_t i = 0; i < sizeof tail / sizeof *tail; i++)
        args[k++] = tail[i];
    int mine = cmd_lab(k, args);
    free(args);
    int worst = 0;
    MPI_Allreduce(&mine, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (rank == 0) {
        if (worst != 0) {
            fprintf(stderr, "pocketwar-lab-mpi: a shard failed; the shards are in %s\n",
                    shards);
            rc = 1;
        } else {
            char **margs = calloc((size_t)size + 4, sizeof *margs);
            char (*dirs)[4200] = calloc((size_t)size, sizeof *dirs);
            if (!margs || !dirs)
                abort();
            margs[0] = "lab";
            margs[1] = "merge";
            margs[2] = (char *)out;
            for (int r = 0; r < size; r++) {
                snprintf(dirs[r], sizeof dirs[r], "%s/%d", shards, r + 1);
                margs[3 + r] = dirs[r];
            }
            rc = cmd_lab(3 + size, margs);
            free(margs);
            free(dirs);
        }
    }
    MPI_Bcast(&rc, 1, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Finalize();
    return rc;
}
