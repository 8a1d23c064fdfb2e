#ifndef PROOFSHEET_CHARFBUZZSUBSET_SHIM_H
#define PROOFSHEET_CHARFBUZZSUBSET_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#include <hb-subset.h>
#endif
