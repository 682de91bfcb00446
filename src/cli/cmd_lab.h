/*
 * cmd_lab.h - what `lab run` (cmd_lab.c) and `lab sweep` (cmd_lab_sweep.c)
 * share on the command line: the options both take, declared once as rows
 * of their option tables (cli.h), and the struct they are read into.
 */
#ifndef CMD_LAB_H
#define CMD_LAB_H

#include "cli.h"
#include "lab.h"
#include "lab_remote.h"

typedef struct lab_cli {
    cli_game_opts go;          /* --rules, --scenario, --variant, --option */
    lab_exp e;                 /* --players, --games, --seed, --max-steps, --alpha, --beta */
    const char *out;           /* --out */
    int jobs;                  /* --jobs */
    bool progress, no_progress, quiet;
    const lab_remote *remote;  /* the transport installed, or NULL */
    char players_help[512];
} lab_cli;

void lab_cli_init(lab_cli *c);
void lab_cli_free(lab_cli *c);
/* The rows of the experiment both commands take (--players, --games,
 * --seed, --max-steps, --alpha, --beta), into rows; their number. */
int lab_cli_experiment_rows(lab_cli *c, cli_opt *rows);
/* The rows of running it (--out, --jobs, --progress, --no-progress,
 * --quiet), into rows; their number. */
int lab_cli_running_rows(lab_cli *c, cli_opt *rows);
/* After parsing: the game options into the experiment (rules, scenario,
 * options shared by every arm). */
void lab_cli_experiment(lab_cli *c);
/* Whether to draw the progress bar. */
bool lab_cli_progress(const lab_cli *c);

#endif
