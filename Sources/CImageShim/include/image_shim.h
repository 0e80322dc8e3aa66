#ifndef IMAGE_SHIM_H
#define IMAGE_SHIM_H
int pf_shim_placeholder(void);
#endif
