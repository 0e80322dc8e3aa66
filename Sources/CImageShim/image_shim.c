#include "image_shim.h"
int pf_shim_placeholder(void) { return 0; }
