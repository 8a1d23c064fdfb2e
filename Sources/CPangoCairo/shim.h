#ifndef PROOFSHEET_CPANGOCAIRO_SHIM_H
#define PROOFSHEET_CPANGOCAIRO_SHIM_H
#include <fontconfig/fontconfig.h>
#include <ft2build.h>
#include FT_FREETYPE_H
#include <fontconfig/fcfreetype.h>
#include <pango/pangocairo.h>
#include <pango/pangofc-fontmap.h>
#endif
