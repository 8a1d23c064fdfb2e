#ifndef PROOFSHEET_CPANGOCAIRO_SHIM_H
#define PROOFSHEET_CPANGOCAIRO_SHIM_H
#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#endif
