#ifndef PROOFSHEET_CDEFLATE_SHIM_H
#define PROOFSHEET_CDEFLATE_SHIM_H
#include <libdeflate.h>
#endif
