#ifndef PROOFSHEET_CGIF_SHIM_H
#define PROOFSHEET_CGIF_SHIM_H
#include <gif_lib.h>
#endif
