#ifndef PROOFSHEET_CWEBP_SHIM_H
#define PROOFSHEET_CWEBP_SHIM_H
#include <webp/encode.h>
#include <webp/mux.h>
#endif
