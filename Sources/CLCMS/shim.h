#ifndef CLCMS_SHIM_H
#define CLCMS_SHIM_H
#include <lcms2.h>
#endif
