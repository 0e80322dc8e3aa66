#ifndef CEXEMPI_SHIM_H
#define CEXEMPI_SHIM_H
#include <exempi/xmp.h>
#include <exempi/xmpconsts.h>
#endif
