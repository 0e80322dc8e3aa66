#ifndef CJXL_SHIM_H
#define CJXL_SHIM_H
#include <jxl/decode.h>
#endif
