#ifndef CWebP_SHIM_H
#define CWebP_SHIM_H
#include <webp/decode.h>
#include <webp/demux.h>
#include <webp/encode.h>
#endif
