#ifndef PROOFSHEET_CVPX_SHIM_H
#define PROOFSHEET_CVPX_SHIM_H
#include <vpx/vpx_encoder.h>
#include <vpx/vp8cx.h>

// libvpx's entry points that are macros (or variadic) in its headers, as plain functions Swift
// can call: a VP9 encoder set up for WebM video of user-interface frames.

/// The default VP9 encoder configuration.
static inline vpx_codec_err_t proofsheet_vp9_config(vpx_codec_enc_cfg_t *cfg) {
    return vpx_codec_enc_config_default(vpx_codec_vp9_cx(), cfg, 0);
}

/// Starts a VP9 encoder with `cfg`.
static inline vpx_codec_err_t proofsheet_vp9_init(vpx_codec_ctx_t *ctx, const vpx_codec_enc_cfg_t *cfg) {
    return vpx_codec_enc_init(ctx, vpx_codec_vp9_cx(), cfg, 0);
}

/// Sets the encoder's speed (`cpu-used`), its quality level in constant-quality mode, and
/// BT.709 studio-range colour as the frames are converted.
static inline vpx_codec_err_t proofsheet_vp9_controls(vpx_codec_ctx_t *ctx, int cpu_used, int cq_level) {
    vpx_codec_err_t e;
    if ((e = vpx_codec_control(ctx, VP8E_SET_CPUUSED, cpu_used)) != VPX_CODEC_OK) return e;
    if ((e = vpx_codec_control(ctx, VP8E_SET_CQ_LEVEL, (unsigned int)cq_level)) != VPX_CODEC_OK) return e;
    if ((e = vpx_codec_control(ctx, VP9E_SET_COLOR_SPACE, VPX_CS_BT_709)) != VPX_CODEC_OK) return e;
    if ((e = vpx_codec_control(ctx, VP9E_SET_COLOR_RANGE, VPX_CR_STUDIO_RANGE)) != VPX_CODEC_OK) return e;
    return vpx_codec_control(ctx, VP9E_SET_TILE_COLUMNS, 0);
}

#endif
