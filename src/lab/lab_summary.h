/*
 * lab_summary.h - what a run of the lab comes to (lab_summary.c): the
 * summary as JSON (from the counted games alone, so the same games give
 * the same bytes), summary.csv, the verdict lines and the terminal table;
 * and the output folder's files written together (report.html by
 * lab_report.c).
 */
#ifndef LAB_SUMMARY_H
#define LAB_SUMMARY_H

#include <stdio.h>
#include "lab.h"

/* The summary of the games of res (sorted); the caller owns it. */
json_t *lab_summary_json(const lab_exp *e, const lab_result *res);
/* The verdict lines of a summary, one per comparison, to out. */
void lab_verdicts_print(const json_t *summary, FILE *out);
/* A compact table of the arms, to out. */
void lab_table_print(const json_t *summary, FILE *out);
/* summary.csv: one row per arm (or comparison) and quantity. */
bool lab_csv_write(const json_t *summary, const char *path, eng_error *err);
/* summary.json, summary.csv and report.html into dir. */
bool lab_outputs_write(const lab_exp *e, const lab_result *res, const char *dir,
                       json_t **summary, eng_error *err);

/* ---- lab_report.c ---------------------------------------------------------------- */

/* report.html: one self-contained page (inline SVG, no script) from the
 * summary and the games. */
bool lab_report_write(const lab_exp *e, const lab_result *res, const json_t *summary,
                      const char *path, eng_error *err);
/* A metric of summary.json (key "side1_score") in the report's words
 * ("side 1's score, %") and the factor to its unit there (100 for a share
 * shown in %); the key itself and 1 if the report has no name for it. */
const char *lab_metric_name(const char *key, double *scale);

#endif
