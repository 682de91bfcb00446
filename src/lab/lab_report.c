/*
 * lab_report.c - report.html (lab_summary.h).
 */
#include <errno.h>
#include <string.h>
#include "lab_summary.h"

bool lab_report_write(const lab_exp *e, const lab_result *res, const json_t *summary,
                      const char *path, eng_error *err)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return eng_error_fail(err, "cannot write %s: %s", path, strerror(errno));
    fprintf(f, "<!DOCTYPE html><html><body></body></html>\n");
    fclose(f);
    return true;
}
