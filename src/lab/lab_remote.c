/*
 * lab_remote.c - which transport of games played elsewhere this process
 * has (lab_remote.h): none in the ordinary program.
 */
#include <stddef.h>
#include "lab_remote.h"

static const lab_remote *installed;

void lab_remote_install(const lab_remote *r)
{
    installed = r;
}

const lab_remote *lab_remote_installed(void)
{
    return installed;
}
