#ifndef PROOFSHEET_CPNG_SHIM_H
#define PROOFSHEET_CPNG_SHIM_H
#include <png.h>
#endif
