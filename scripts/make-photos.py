#!/usr/bin/env python3
"""Procedurally generate the example travel photos used by Proofsheet mockups.

Every image is painted from scratch with numpy + Pillow: gradient skies,
layered silhouettes, value noise for texture and soft additive light.
Nothing is downloaded or copied.  Each scene uses a fixed random seed, so
running the script again with the same numpy/Pillow versions yields
byte-identical JPEGs.

Usage:
    python3 scripts/make-photos.py            # render all 16 photos and 5 portraits
    python3 scripts/make-photos.py tokyo-japan oia-greece   # just some

Output: Assets/Images/<name>.jpg, 800x1200 (2:3 portrait; the portrait-*
avatars 400x400), JPEG quality 82,
baseline (non-progressive).  Scenes are painted at 2x and downsampled.
"""

import math
import os
import sys

import numpy as np
from PIL import Image, ImageDraw

OUT_W, OUT_H = 800, 1200
SS = 2                      # work-canvas supersampling
W, H = OUT_W * SS, OUT_H * SS
MS = 2                      # extra supersampling for vector masks
QUALITY = 82

F32 = np.float32
XS = (np.arange(W, dtype=F32) + 0.5)[None, :]        # pixel x, shape (1, W)
YS = (np.arange(H, dtype=F32) + 0.5)[:, None]        # pixel y, shape (H, 1)
UX = XS[0] / W                                          # 0..1 across, shape (W,)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT_DIR = os.path.join(ROOT, "Assets", "Images")


# --------------------------------------------------------------------------
# colour + maths helpers
# --------------------------------------------------------------------------

def C(h):
    """'#rrggbb' -> float32 rgb array in 0..1."""
    if not isinstance(h, str):
        return np.asarray(h, F32)
    h = h.lstrip("#")
    return np.array([int(h[i:i + 2], 16) for i in (0, 2, 4)], F32) / 255.0


def mix(a, b, t):
    return a + (b - a) * t


def clamp01(x):
    return np.clip(x, 0.0, 1.0)


def smoothstep(e0, e1, x):
    t = clamp01((x - e0) / (e1 - e0))
    return t * t * (3.0 - 2.0 * t)


def ramp(stops, t):
    """Multi-stop colour ramp. stops: [(pos, colour)], t: array -> t.shape+(3,)."""
    t = np.asarray(t, F32)
    pos = np.array([s[0] for s in stops], F32)
    cols = np.stack([C(s[1]) for s in stops])
    out = np.empty(t.shape + (3,), F32)
    for c in range(3):
        out[..., c] = np.interp(t, pos, cols[:, c])
    return out


def vgrad(stops, y0=0.0, y1=float(H)):
    """Full-canvas vertical gradient between pixel rows y0 and y1."""
    col = ramp(stops, (YS - y0) / (y1 - y0))            # (H,1,3)
    return np.ascontiguousarray(np.broadcast_to(col, (H, W, 3))).astype(F32)


def radial(cx, cy, r, sx=1.0, sy=1.0):
    """Gaussian blob (H,W) centred at pixel (cx,cy) with radius r."""
    dx = (XS - cx) / (r * sx)
    dy = (YS - cy) / (r * sy)
    return np.exp(-(dx * dx + dy * dy)).astype(F32)


def paint(img, col, mask, opacity=1.0):
    """Alpha-composite colour (rgb or HxWx3) over img through mask (HxW)."""
    m = (mask * opacity)[..., None]
    col = C(col) if isinstance(col, str) else col
    img *= (1.0 - m)
    img += col * m
    return img


def add_light(img, col, mask, strength=1.0):
    col = C(col) if isinstance(col, str) else col
    img += col * (mask * strength)[..., None]
    return img


# --------------------------------------------------------------------------
# noise
# --------------------------------------------------------------------------

def value_noise(rng, cx, cy, w=W, h=H):
    """Smooth value noise in 0..1 with cx x cy cells, bicubic interpolated."""
    g = rng.random((cy + 4, cx + 4), dtype=F32)
    im = Image.fromarray(g)
    im = im.resize((w, h), Image.BICUBIC, box=(1.5, 1.5, cx + 1.5, cy + 1.5))
    return np.asarray(im, F32)


def fbm(rng, cx, cy=None, octaves=5, gain=0.5, w=W, h=H):
    """Fractal value noise, roughly zero-mean in about -1..1."""
    if cy is None:
        cy = max(1, int(round(cx * h / w)))
    total = np.zeros((h, w), F32)
    amp, norm = 1.0, 0.0
    for o in range(octaves):
        f = 2 ** o
        total += amp * (value_noise(rng, cx * f, cy * f, w, h) - 0.5)
        norm += amp
        amp *= gain
    return total * (2.5 / norm)


def noise1d(rng, cells, n=W):
    g = rng.random(cells + 4) * 2.0 - 1.0
    x = (np.arange(n) + 0.5) / n * cells + 1.0
    i = np.floor(x).astype(int)
    t = x - i
    p0, p1, p2, p3 = g[i - 1], g[i], g[i + 1], g[i + 2]
    return 0.5 * ((2 * p1) + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t
                  + (-p0 + 3 * p1 - 3 * p2 + p3) * t ** 3)


def fbm1d(rng, cells, octaves=6, gain=0.5, ridged=False, n=W):
    total = np.zeros(n)
    amp, norm = 1.0, 0.0
    for o in range(octaves):
        v = noise1d(rng, cells * 2 ** o, n)
        if ridged:
            v = 1.0 - 2.0 * np.abs(v)
        total += amp * v
        norm += amp
        amp *= gain
    return (total / norm).astype(F32)


def grad_x(a):
    g = np.zeros_like(a)
    g[:, 1:-1] = a[:, 2:] - a[:, :-2]
    return g / (g.std() + 1e-6)


def grad_y(a):
    g = np.zeros_like(a)
    g[1:-1, :] = a[2:, :] - a[:-2, :]
    return g / (g.std() + 1e-6)


# --------------------------------------------------------------------------
# blur / bloom / sampling
# --------------------------------------------------------------------------

def _box(a, r, axis):
    if r < 1:
        return a
    pad = [(0, 0)] * a.ndim
    pad[axis] = (r + 1, r)
    p = np.pad(a, pad, mode="edge")
    c = np.cumsum(p, axis=axis, dtype=np.float64)
    n = a.shape[axis]
    hi = np.take(c, np.arange(2 * r + 1, 2 * r + 1 + n), axis=axis)
    lo = np.take(c, np.arange(0, n), axis=axis)
    return ((hi - lo) / (2 * r + 1)).astype(F32)


def _resize_f(a, w, h, method=Image.BILINEAR):
    if a.ndim == 2:
        return np.asarray(Image.fromarray(a.astype(F32)).resize((w, h), method), F32)
    return np.stack([_resize_f(a[..., c], w, h, method) for c in range(a.shape[2])], -1)


def blur(a, sigma, sx=1.0, sy=1.0):
    """Approximate gaussian blur (3 box passes). Works on HxW or HxWx3."""
    if sigma <= 0.5:
        return a.copy()
    h, w = a.shape[:2]
    f = 1
    while f < 32 and sigma / (f * 2) >= 3 and h % (f * 2) == 0 and w % (f * 2) == 0:
        f *= 2
    small = a
    if f > 1:
        shp = (h // f, f, w // f, f) + a.shape[2:]
        small = a.reshape(shp).mean(axis=(1, 3))
    rx = max(0, int(round(sigma * sx / f)))
    ry = max(0, int(round(sigma * sy / f)))
    for _ in range(3):
        small = _box(small, rx, 1)
        small = _box(small, ry, 0)
    if f > 1:
        small = _resize_f(small, w, h, Image.BICUBIC)
    return small.astype(F32)


def bloom(img, emit, layers=((6, 0.9), (30, 0.55), (110, 0.35))):
    """Add emitted light plus soft halos."""
    img += emit
    for s, k in layers:
        img += blur(emit, s) * k
    return img


def sample(img, sx, sy):
    """Bilinear sample img (HxWx3) at float pixel coords (arrays)."""
    h, w = img.shape[:2]
    sx = np.clip(sx - 0.5, 0, w - 1.001)
    sy = np.clip(sy - 0.5, 0, h - 1.001)
    x0 = sx.astype(np.int32)
    y0 = sy.astype(np.int32)
    fx = (sx - x0)[..., None]
    fy = (sy - y0)[..., None]
    a = img[y0, x0]
    b = img[y0, x0 + 1]
    c = img[y0 + 1, x0]
    d = img[y0 + 1, x0 + 1]
    return ((a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy).astype(F32)


def reflect(img, axis_y, y_start, rng, amp=6.0, cells=40, stretch=1.0, blur_v=0.0):
    """Return an HxWx3 array whose rows >= y_start hold img mirrored about axis_y,
    with gentle horizontal ripple distortion."""
    rows = np.arange(int(y_start), H)
    yy = rows.astype(F32)[:, None] + 0.5
    depth = (yy - axis_y)
    src_y = axis_y - depth / stretch
    wob = value_noise(rng, 8, cells, W, len(rows)) - 0.5
    wob2 = value_noise(rng, 30, cells * 3, W, len(rows)) - 0.5
    k = (0.3 + depth / max(1.0, H - axis_y))
    sx = XS + (wob * 2.0 + wob2) * amp * k
    sy = src_y + (wob2 * amp * 0.4) * k
    out = img.copy()
    out[rows] = sample(img, np.broadcast_to(sx, (len(rows), W)),
                       np.broadcast_to(sy, (len(rows), W)))
    if blur_v > 0:
        out[rows] = blur(out[rows], blur_v, sx=0.25, sy=1.0)
    return out


# --------------------------------------------------------------------------
# vector masks (drawn at W*MS, downsampled => anti-aliased)
# --------------------------------------------------------------------------

class Mask:
    def __init__(self):
        self.im = Image.new("L", (W * MS, H * MS), 0)
        self.d = ImageDraw.Draw(self.im)

    @staticmethod
    def _p(pts):
        return [(float(x) * MS, float(y) * MS) for x, y in pts]

    def poly(self, pts, fill=255):
        if len(pts) >= 3:
            self.d.polygon(self._p(pts), fill=fill)
        return self

    def ellipse(self, cx, cy, rx, ry, fill=255):
        self.d.ellipse([(cx - rx) * MS, (cy - ry) * MS, (cx + rx) * MS, (cy + ry) * MS], fill=fill)
        return self

    def rect(self, x0, y0, x1, y1, fill=255):
        self.d.rectangle([x0 * MS, y0 * MS, x1 * MS - 1, y1 * MS - 1], fill=fill)
        return self

    def line(self, pts, width, fill=255):
        self.d.line(self._p(pts), fill=fill, width=max(1, int(round(width * MS))), joint="curve")
        return self

    def get(self):
        return np.asarray(self.im.resize((W, H), Image.BOX), F32) / 255.0


class Layer:
    """Opaque flat-colour vector layer (painter's order), anti-aliased on composite."""

    def __init__(self):
        self.rgb = Image.new("RGB", (W * MS, H * MS), (0, 0, 0))
        self.a = Image.new("L", (W * MS, H * MS), 0)
        self.dr = ImageDraw.Draw(self.rgb)
        self.da = ImageDraw.Draw(self.a)

    @staticmethod
    def _c(col):
        c = C(col) if isinstance(col, str) else np.asarray(col, F32)
        return tuple(int(round(v)) for v in np.clip(c, 0, 1) * 255)

    def poly(self, pts, col):
        if len(pts) >= 3:
            p = Mask._p(pts)
            self.dr.polygon(p, fill=self._c(col))
            self.da.polygon(p, fill=255)
        return self

    def rect(self, x0, y0, x1, y1, col):
        return self.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], col)

    def ellipse(self, cx, cy, rx, ry, col):
        box = [(cx - rx) * MS, (cy - ry) * MS, (cx + rx) * MS, (cy + ry) * MS]
        self.dr.ellipse(box, fill=self._c(col))
        self.da.ellipse(box, fill=255)
        return self

    def line(self, pts, width, col):
        p = Mask._p(pts)
        wd = max(1, int(round(width * MS)))
        self.dr.line(p, fill=self._c(col), width=wd, joint="curve")
        self.da.line(p, fill=255, width=wd, joint="curve")
        return self

    def arrays(self):
        rgb = np.asarray(self.rgb.resize((W, H), Image.BOX), F32) / 255.0
        a = np.asarray(self.a.resize((W, H), Image.BOX), F32) / 255.0
        return rgb, a

    def over(self, img, tex=None, opacity=1.0):
        """Composite onto img. tex: optional HxW multiplier for texture."""
        rgb, a = self.arrays()
        if tex is not None:
            rgb = rgb * tex[..., None]
        img *= (1.0 - a * opacity)[..., None]
        img += rgb * opacity
        return a


def wobble(img, y0, rng, amp=8.0, cells=(6, 60), fine=0.5):
    """Horizontal ripple displacement of rows below y0, growing towards the viewer."""
    y0 = int(y0)
    n = len(range(y0, H))
    wob = (value_noise(rng, cells[0], cells[1], W, n) - 0.5) * 2
    wob += (value_noise(rng, cells[0] * 4, cells[1] * 3, W, n) - 0.5) * 2 * fine
    k = (np.arange(n, dtype=F32)[:, None] / max(1, H - y0)) * 0.85 + 0.15
    sx = XS + wob * amp * k
    sy = np.broadcast_to(YS[y0:], (n, W))
    img[y0:] = sample(img, np.broadcast_to(sx, (n, W)), sy)
    return img


def below(heights):
    """Mask of everything below a per-column height line (pixels), anti-aliased."""
    return clamp01(YS - heights[None, :] + 0.5).astype(F32)


def profile(points, noise=None, amp=0.0):
    """Piecewise-linear ridge from (u, v) control points -> pixel heights (W,)."""
    pu = np.array([p[0] for p in points])
    pv = np.array([p[1] for p in points])
    v = np.interp(UX, pu, pv)
    if noise is not None:
        v = v + noise * amp
    return (v * H).astype(F32)


# --------------------------------------------------------------------------
# reusable scene elements
# --------------------------------------------------------------------------

def clouds(img, rng, y0, y1, cover=0.5, lit="#ffffff", shade="#c4cfe0", cells=(5, 14),
           opacity=1.0, soft=0.18, light_from=(0.0, -1.0)):
    """Soft cumulus/stratus band between rows y0..y1 (pixels)."""
    n = fbm(rng, cells[0], cells[1], octaves=6, gain=0.55)
    band = smoothstep(y0, y0 + (y1 - y0) * 0.35, YS) * (1 - smoothstep(y0 + (y1 - y0) * 0.6, y1, YS))
    d = n + (band - 1.0) * 1.6
    th = 1.0 - 2.0 * cover
    a = smoothstep(th, th + soft * 2, d)
    lx, ly = light_from
    lightn = clamp01(0.55 + 0.22 * (-grad_y(n) * ly + -grad_x(n) * lx) + 0.25 * (d - th))
    col = mix(C(shade), C(lit), lightn[..., None])
    paint(img, col, a, opacity)
    return a


def pine_points(x, yb, h, w, rng, tiers=None, droop=0.35, trunk=0.06):
    n = tiers or max(4, int(h / (w * 0.32)))
    right, left = [], []
    step = h * 0.9 / n
    for i in range(1, n + 1):
        t = i / n
        yy = yb - h + h * 0.9 * t
        ww = w * 0.5 * (0.12 + 0.88 * t ** 0.9) * (1 + rng.uniform(-0.18, 0.18))
        wl = w * 0.5 * (0.12 + 0.88 * t ** 0.9) * (1 + rng.uniform(-0.18, 0.18))
        right += [(x + ww, yy), (x + ww * 0.3, yy - step * droop)]
        left += [(x - wl, yy), (x - wl * 0.3, yy - step * droop)]
    tw = max(1.0, w * trunk)
    pts = [(x, yb - h)] + right[:-1] + [(x + tw, yb - h * 0.08), (x + tw, yb), (x - tw, yb),
                                        (x - tw, yb - h * 0.08)] + left[::-1][1:]
    return pts


def forest(m, rng, base, hmin, hmax, wratio=0.28, spacing=0.45, x0=0, x1=W):
    """Row of conifers along base(x) (callable or array); draws into Mask m."""
    x = x0 - hmax * 0.2
    while x < x1 + hmax * 0.2:
        h = rng.uniform(hmin, hmax)
        w = h * wratio * rng.uniform(0.8, 1.2)
        xi = int(np.clip(x, 0, W - 1))
        yb = base[xi] if not callable(base) else base(x)
        m.poly(pine_points(x, yb + h * 0.05, h, w, rng))
        x += w * spacing * rng.uniform(0.5, 1.3)
    return m


def canopy_heights(rng, base, rmin, rmax, density=0.7):
    """Bumpy broad-leaf canopy top line: union of half-discs on base (array)."""
    top = base.astype(np.float64).copy()
    x = -rmax
    while x < W + rmax:
        r = rng.uniform(rmin, rmax)
        xi = int(np.clip(x, 0, W - 1))
        cy = base[xi] + r * rng.uniform(0.1, 0.5)
        lo, hi = int(max(0, x - r)), int(min(W, x + r))
        if hi > lo:
            xx = np.arange(lo, hi) + 0.5
            yy = cy - np.sqrt(np.maximum(0, r * r - (xx - x) ** 2))
            top[lo:hi] = np.minimum(top[lo:hi], yy)
        x += r * density * rng.uniform(0.6, 1.4)
    return top.astype(F32)


def bezier(p0, p1, p2, n=24):
    t = np.linspace(0, 1, n)[:, None]
    p0, p1, p2 = map(np.asarray, (p0, p1, p2))
    return (1 - t) ** 2 * p0 + 2 * (1 - t) * t * p1 + t * t * p2


def thick_curve(pts, w0, w1):
    """Polygon outline of a curve with width tapering from w0 to w1."""
    pts = np.asarray(pts, float)
    d = np.gradient(pts, axis=0)
    nrm = np.stack([-d[:, 1], d[:, 0]], 1)
    nrm /= np.linalg.norm(nrm, axis=1, keepdims=True) + 1e-9
    ws = np.linspace(w0, w1, len(pts))[:, None] * 0.5
    a = pts + nrm * ws
    b = pts - nrm * ws
    return [tuple(p) for p in a] + [tuple(p) for p in b[::-1]]


def palm(trunk_m, frond_m, rng, base, top, bend, w0, w1, frond_len, n_fronds=9,
         droop=0.6, start_angle=None):
    """Palm tree: curved trunk + arching pinnate fronds into the two masks."""
    bx, by = base
    tx, ty = top
    ctrl = ((bx + tx) / 2 + bend, (by + ty) / 2)
    pts = bezier(base, ctrl, top, 40)
    trunk_m.poly(thick_curve(pts, w0, w1))
    for i in range(n_fronds):
        ang = (start_angle if start_angle is not None else 0.3) + i / n_fronds * 2 * math.pi
        ang += rng.uniform(-0.2, 0.2)
        dx = math.cos(ang)
        dz = math.sin(ang)           # towards/away from viewer
        L = frond_len * rng.uniform(0.85, 1.1) * (0.6 + 0.4 * abs(dx))
        age = rng.uniform(0, 1)                      # young fronds stand up, old ones hang
        rise = L * (0.45 - 0.4 * age + 0.1 * dz)
        p0 = (tx, ty)
        p1 = (tx + dx * L * 0.5, ty - rise)
        p2 = (tx + dx * L * (0.95 - 0.25 * age), ty - rise + L * droop * (0.4 + 0.9 * age))
        spine = bezier(p0, p1, p2, 32)
        frond_m.poly(thick_curve(spine, L * 0.035, L * 0.008))
        for j in range(2, 31, 2):
            sx, sy = spine[j]
            ddx, ddy = spine[j + 1] - spine[j - 1]
            nl = math.hypot(ddx, ddy) + 1e-9
            ux_, uy_ = ddx / nl, ddy / nl
            ll = L * 0.30 * math.sin(math.pi * (j + 2) / 34) ** 0.6
            for side in (-1, 1):
                nx, ny = -uy_ * side, ux_ * side
                # leaflets hang down, more on the lower side
                tipx = sx + (nx * 0.55 + ux_ * 0.5) * ll
                tipy = sy + (ny * 0.55 + uy_ * 0.5) * ll + ll * 0.55
                midx = (sx + tipx) / 2 + nx * ll * 0.06
                midy = (sy + tipy) / 2 + ny * ll * 0.06
                wdt = L * 0.016
                frond_m.poly([(sx - ux_ * wdt, sy - uy_ * wdt), (midx - ux_ * wdt * 0.8, midy - uy_ * wdt * 0.8),
                              (tipx, tipy), (midx + ux_ * wdt * 0.8, midy + uy_ * wdt * 0.8),
                              (sx + ux_ * wdt, sy + uy_ * wdt)])
    return trunk_m, frond_m


def stars(img, rng, n, y1, bright=0.8):
    m = np.zeros((H, W), F32)
    xs = rng.uniform(0, W, n).astype(int)
    ys = rng.uniform(0, y1, n).astype(int)
    b = rng.uniform(0.2, 1.0, n) ** 3
    m[ys, xs] = b
    m = blur(m, 1.2) * 6
    fade = 1 - smoothstep(0, y1, YS)
    add_light(img, "#ffffff", m * fade, bright)


def sun_glitter(img, rng, cx, y0, y1, width, col, strength=1.0, cells=(60, 220)):
    """Sparkly vertical path of sun reflections on water between rows y0..y1."""
    n = value_noise(rng, cells[0], cells[1])
    n2 = value_noise(rng, cells[0] * 2, cells[1] * 2)
    s = smoothstep(0.62, 0.9, n * 0.6 + n2 * 0.4)
    t = clamp01((YS - y0) / (y1 - y0))
    wdt = width * (0.25 + t)
    path = np.exp(-((XS - cx) / wdt) ** 2)
    inside = smoothstep(y0 - 2, y0 + 8, YS) * (1 - smoothstep(y1 - 40, y1, YS))
    add_light(img, col, s * path * inside, strength)


class Cam:
    """Tiny pinhole camera for one-point-perspective streets and canals."""

    def __init__(self, f, cx, hy, eye):
        self.f, self.cx, self.hy, self.eye = f, cx, hy, eye

    def p(self, x, y, z, mirror=False):
        if mirror:
            y = -y
        return (self.cx + self.f * x / z, self.hy - self.f * (y - self.eye) / z)


# --------------------------------------------------------------------------
# finishing
# --------------------------------------------------------------------------

def finish(img, name, vignette=0.25, grain=0.006, contrast=0.0, warm=0.0, seed=0):
    img = np.nan_to_num(img)
    if contrast:
        x = clamp01(img)
        img = mix(x, x * x * (3 - 2 * x), contrast)
    if warm:
        img = img * (1 + np.array([warm, warm * 0.3, -warm], F32))
    if vignette:
        dx = (XS / W - 0.5) * 1.0
        dy = (YS / H - 0.5) * 1.25
        v = 1 - vignette * smoothstep(0.25, 0.95, np.sqrt(dx * dx + dy * dy) * 1.3)
        img = img * v[..., None]
    small = img.reshape(OUT_H, 2, OUT_W, 2, 3).mean(axis=(1, 3))
    if grain:
        rng = np.random.default_rng(seed + 99991)
        g = rng.normal(0, 1, (OUT_H, OUT_W)).astype(F32)
        small = small + (g * grain)[..., None]
    out = np.clip(small * 255.0 + 0.5, 0, 255).astype(np.uint8)
    path = os.path.join(OUT_DIR, name + ".jpg")
    Image.fromarray(out).save(path, "JPEG", quality=QUALITY, optimize=True,
                              progressive=False, subsampling=2)
    return path


# ==========================================================================
# scenes
# ==========================================================================

SCENES = {}


def scene(name, seed, **finish_kw):
    def deco(fn):
        SCENES[name] = (fn, seed, finish_kw)
        return fn
    return deco


def ridged(rng, cx, cy, octaves=5, gain=0.55):
    """Ridged value noise (sharp creases), roughly 0..1."""
    total = np.zeros((H, W), F32)
    amp, norm = 1.0, 0.0
    for o in range(octaves):
        f = 2 ** o
        v = value_noise(rng, cx * f, cy * f)
        total += amp * (1.0 - np.abs(v * 2.0 - 1.0))
        norm += amp
        amp *= gain
    return total / norm


def rock_face(rng, lit, shadow, cells=(16, 8), light=1.0, streaks=0.0, strata=0.0,
              tint_noise=0.08):
    """Rock texture: faceted ridged-noise relief lit from the side."""
    cx, cy = cells
    cy = max(2, int(round(max(cy, cx * 0.5))))
    h = ridged(rng, cx, cy, octaves=5, gain=0.5)
    big = fbm(rng, max(2, cx // 5), max(2, cy // 4), octaves=2)
    s = clamp01(0.5 + 0.26 * (light * grad_x(h) - 0.5 * grad_y(h)) + 0.2 * light * grad_x(big))
    col = mix(C(shadow), C(lit), s[..., None])
    col *= (1 + tint_noise * fbm(rng, 8, 12, octaves=3))[..., None]
    if streaks:
        st = fbm(rng, 24, 4, octaves=3)
        col *= (1 - streaks * smoothstep(0.1, 0.7, st))[..., None]
    if strata:
        sn = fbm(rng, 3, 70, octaves=3, gain=0.4)
        col *= (1 - strata * smoothstep(-0.2, 0.8, sn))[..., None]
    return col


def ridge_light(heights, light=1.0, falloff=60.0, k=0.35):
    """Shade factor from a ridge line slope (lit where it faces the light)."""
    d = np.gradient(heights.astype(np.float64))
    d = np.clip(d / 3.0, -1, 1).astype(F32)
    below_top = np.exp(-np.maximum(0, YS - heights[None, :]) / falloff)
    return 1 + k * (-light * d)[None, :] * below_top


@scene("yosemite-usa", 101, vignette=0.22, contrast=0.15)
def yosemite(rng):
    img = vgrad([(0, "#2c67b4"), (0.4, "#6fa6dc"), (0.75, "#bcd7ea"), (1, "#efe5d2")], 0, H * 0.6)
    add_light(img, "#fff0d6", radial(W * 0.92, H * 0.08, 520), 0.35)
    clouds(img, rng, H * 0.02, H * 0.26, cover=0.42, lit="#fffdf8", shade="#aebfd8",
           cells=(3, 12), soft=0.25)
    # far ridge with Half Dome
    far = fbm1d(rng, 5) * 0.015 + 0.50
    hd = np.where(UX < 0.80, 0.285 + 0.20 * np.clip((0.80 - UX) / 0.30, 0, 1) ** 1.7, 1.0)
    cut = np.interp(UX, [0.80, 0.815, 1.0], [0.29, 0.46, 0.49])
    hd = np.where(UX >= 0.80, cut, hd)
    farv = np.minimum(far, np.where((UX > 0.44) & (UX < 0.95), hd, 1.0))
    fh = (farv * H + fbm1d(rng, 40, 4) * 4).astype(F32)
    col = rock_face(rng, "#d5cfd8", "#8f95b4", cells=(16, 5), light=-1.0, streaks=0.06)
    col *= ridge_light(fh, light=-1)[..., None]
    col = mix(col, C("#b6cae4"), (0.55 + 0.35 * smoothstep(H * 0.36, H * 0.55, YS))[..., None])
    paint(img, col, below(fh))
    # El Capitan, left
    ec = profile([(0, 0.12), (0.08, 0.115), (0.2, 0.125), (0.3, 0.15), (0.37, 0.19), (0.405, 0.235),
                  (0.43, 0.36), (0.455, 0.52), (0.47, 0.64)], fbm1d(rng, 30, 4), 0.004)
    col = rock_face(rng, "#eadfcb", "#8a8493", cells=(18, 5), light=-1.0, streaks=0.16)
    # face turns away from sun on the right edge of the prow
    side = smoothstep(0.36, 0.46, UX)[None, :]
    col *= (1 - 0.25 * side)[..., None]
    col *= ridge_light(ec, light=-1, k=0.25)[..., None]
    col = mix(col, C("#cbd8e4"), (0.55 * smoothstep(H * 0.42, H * 0.64, YS))[..., None])
    paint(img, col, below(ec))
    # Cathedral rocks on right, in shade
    cr = profile([(0.74, 1.0), (0.77, 0.52), (0.80, 0.40), (0.84, 0.31), (0.9, 0.27), (0.96, 0.25),
                  (1.0, 0.245)], fbm1d(rng, 30, 4), 0.006)
    col = rock_face(rng, "#b3a799", "#5f5f72", cells=(16, 5), light=1.0, streaks=0.15)
    col = mix(col, C("#bfcfe0"), (0.45 * smoothstep(H * 0.45, H * 0.66, YS))[..., None])
    paint(img, col, below(cr))
    # valley mist
    add_light(img, "#ffffff", smoothstep(H * 0.5, H * 0.64, YS) * (1 - smoothstep(H * 0.64, H * 0.7, YS))
              * np.ones((1, W), F32), 0.18)
    # forest layers
    for base, hmin, hmax, colr, sp in ((0.64, 25, 60, "#6b8d88", 0.4), (0.68, 45, 110, "#3f6456", 0.42),
                                       (0.725, 80, 170, "#2a4a3a", 0.45)):
        m = Mask()
        b = (base + fbm1d(rng, 6, 3) * 0.01) * H
        forest(m, rng, b, hmin, hmax, spacing=sp)
        m.rect(0, float(b.min()), W, H)
        paint(img, colr, m.get())
    # meadow
    mead = H * 0.745
    g = vgrad([(0, "#b7b25e"), (0.5, "#8e9e48"), (1, "#5f7f34")], mead, H)
    g = mix(g, C("#c9a85a"), (0.35 * smoothstep(0.0, 0.8, fbm(rng, 4, 30, octaves=4)))[..., None])
    g *= (1 + 0.08 * fbm(rng, 12, 60, octaves=4))[..., None]
    paint(img, g, below(np.full(W, mead, F32)))
    # river winding through the meadow
    ts = np.linspace(0, 1, 80)
    cxs = W * (0.5 + 0.18 * np.sin(ts * 5.5 + 0.6) * (0.4 + ts))
    cys = mead + (H * 0.95 - mead) * ts ** 1.6
    wd = 8 + 160 * ts ** 1.8
    m = Mask()
    m.poly([(x - w, y) for x, y, w in zip(cxs, cys, wd)] + [(x + w, y) for x, y, w in
                                                              zip(cxs[::-1], cys[::-1], wd[::-1])])
    river = vgrad([(0, "#d8e6ee"), (1, "#6f9cc8")], mead, H)
    paint(img, river, m.get())
    # foreground pines framing
    m = Mask()
    for x, h, w in ((-40, 1500, 420), (90, 1150, 300), (1560, 1420, 420), (1440, 1000, 260)):
        m.poly(pine_points(x, H * 1.02, h, w, rng, droop=0.4))
    fm = m.get()
    paint(img, "#16241c", fm)
    # grass at the bottom
    gb = (0.93 + fbm1d(rng, 12, 4) * 0.01) * H
    paint(img, vgrad([(0, "#5d7b35"), (1, "#3c5426")], gb.min(), H), below(gb))
    # warm light
    add_light(img, "#ffdcaa", radial(W * 1.0, H * 0.1, 900), 0.10)
    return img


def arch_pts(z0, z1, y0, y1, n=7):
    """Window with a round-arched top, in facade coords (z, y)."""
    r = (z1 - z0) / 2
    zc = (z0 + z1) / 2
    top = y1 - r
    pts = [(z0, y0), (z1, y0), (z1, top)]
    for i in range(1, n):
        a = math.pi * i / n
        pts.append((zc + r * math.cos(a), top + r * math.sin(a) * 0.9))
    pts.append((z0, top))
    return pts


@scene("venice-italy", 202, vignette=0.25, contrast=0.12)
def venice(rng):
    cam = Cam(f=W * 0.95, cx=W * 0.47, hy=H * 0.50, eye=2.2)
    hy = cam.hy
    sky = vgrad([(0, "#4f86c6"), (0.45, "#9cc2e2"), (0.85, "#f2dcc0"), (1, "#f7d2a8")], 0, hy)
    add_light(sky, "#fff2d8", radial(W * 0.75, hy * 0.8, 500), 0.3)
    clouds(sky, rng, H * 0.04, H * 0.28, cover=0.38, lit="#fff8ee", shade="#b8c4d8", cells=(3, 14))
    img = sky.copy()
    # mirrored sky for the water
    rows = np.arange(H)
    src = np.clip(2 * hy - rows - 1, 0, H - 1).astype(int)
    water = sky[src].copy()

    pal = ["#d99a55", "#c8603e", "#e3a493", "#ead6ad", "#b34a34", "#e8c27a", "#d77f5b",
           "#f0c9a6", "#c98a6a", "#e0b35a", "#9c5a48", "#efdcc6"]
    shutter = ["#3d6b4f", "#4a7a60", "#6b4a3a", "#35584a"]
    blds = []
    for side in (-1, 1):
        z = 2.5
        while z < 135:
            dz = rng.uniform(6, 12)
            blds.append(dict(side=side, z0=z, z1=z + dz, h=rng.uniform(10, 17),
                             x=side * (6.0 + rng.uniform(-0.4, 0.6)),
                             col=C(pal[rng.integers(len(pal))]),
                             sh=shutter[rng.integers(len(shutter))],
                             arch=rng.random() < 0.5, bal=rng.random() < 0.4,
                             flo=rng.uniform(3.1, 3.6)))
            z += dz
    poles = [(s_, rng.uniform(4, 60)) for s_ in (-1, 1) for _ in range(5)]

    def world(mirror):
        L = Layer()
        P = lambda x, y, z: cam.p(x, y, z, mirror)
        # far end: bridge-like building and a campanile
        L.poly([P(-7, 0, 140), P(-7, 14, 140), P(7, 14, 140), P(7, 0, 140)], mix(C("#e9c9a8"), C("#f3dcc2"), 0.5))
        for wz in np.arange(-6, 6, 1.6):
            L.poly([P(wz, 4, 139.9), P(wz + 0.7, 4, 139.9), P(wz + 0.7, 6, 139.9), P(wz, 6, 139.9)], "#b89a86")
        L.poly([P(2, 0, 220), P(2, 62, 220), P(6, 62, 220), P(6, 0, 220)], "#e0b89a")
        L.poly([P(1.6, 62, 220), P(4, 74, 220), P(6.4, 62, 220)], "#9fb09a")
        L.poly([P(2.3, 50, 219.9), P(5.7, 50, 219.9), P(5.7, 56, 219.9), P(2.3, 56, 219.9)], "#a88a78")
        for b in sorted(blds, key=lambda b: -b["z0"]):
            side, z0, z1, h, x = b["side"], b["z0"], b["z1"], b["h"], b["x"]
            lit = 1.0 if side < 0 else 0.68
            base = b["col"] * lit
            if side > 0:
                base = mix(base, C("#6f86a8"), 0.18)
            # side face towards the canal (end wall) if this building sticks out
            L.poly([P(x, 0, z0), P(x, h, z0), P(side * 9, h, z0), P(side * 9, 0, z0)], base * 0.8)
            L.poly([P(x, 0, z0), P(x, h, z0), P(x, h, z1), P(x, 0, z1)], base)
            # cornice + waterline stain
            L.poly([P(x, h - 0.5, z0), P(x, h, z0), P(x, h, z1), P(x, h - 0.5, z1)], base * 0.75)
            L.poly([P(x, 0, z0), P(x, 1.0, z0), P(x, 1.0, z1), P(x, 0, z1)],
                   mix(base, C("#3f4a3c"), 0.45))
            # windows
            nwin = max(1, int((z1 - z0 - 1.0) / 2.3))
            gap = (z1 - z0) / nwin
            y = b["flo"]
            while y + 2.2 < h - 0.6:
                for i in range(nwin):
                    wz0 = z0 + gap * i + gap * 0.3
                    wz1 = wz0 + min(1.1, gap * 0.4)
                    wy1 = y + 2.0
                    shape = arch_pts(wz0, wz1, y, wy1) if b["arch"] else [(wz0, y), (wz1, y), (wz1, wy1), (wz0, wy1)]
                    sw = (wz1 - wz0) * 0.5
                    sc = C(b["sh"]) * lit
                    L.poly([P(x, y, wz0 - sw), P(x, wy1, wz0 - sw), P(x, wy1, wz0), P(x, y, wz0)], sc)
                    L.poly([P(x, y, wz1), P(x, wy1, wz1), P(x, wy1, wz1 + sw), P(x, y, wz1 + sw)], sc)
                    L.poly([P(x, yy, zz) for zz, yy in shape], mix(C("#2c2220"), base, 0.12))
                    L.poly([P(x, y - 0.15, wz0 - 0.1), P(x, y, wz0 - 0.1), P(x, y, wz1 + 0.1), P(x, y - 0.15, wz1 + 0.1)],
                           mix(base, C("#ffffff"), 0.35))
                if b["bal"] and y < 8:
                    bz0, bz1 = z0 + (z1 - z0) * 0.3, z0 + (z1 - z0) * 0.7
                    xo = x - side * 0.8
                    L.poly([P(x, y, bz0), P(xo, y, bz0), P(xo, y, bz1), P(x, y, bz1)], base * 0.55)
                    for zz in np.linspace(bz0, bz1, 9):
                        L.poly([P(xo, y, zz), P(xo, y + 1.0, zz), P(xo, y + 1.0, zz + 0.08), P(xo, y, zz + 0.08)], "#2a2622")
                    L.poly([P(xo, y + 0.95, bz0), P(xo, y + 1.05, bz0), P(xo, y + 1.05, bz1), P(xo, y + 0.95, bz1)], "#2a2622")
                y += b["flo"]
            # water door
            dz0 = z0 + (z1 - z0) * 0.45
            L.poly([P(x, yy, zz) for zz, yy in arch_pts(dz0, dz0 + 1.6, 0, 2.6)], "#1f1a18")
        # mooring poles
        for side, pz in sorted(poles, key=lambda p: -p[1]):
            px = side * 5.3
            for k in range(6):
                c = "#f4f0e8" if k % 2 == 0 else ("#2d4f8c" if side < 0 else "#b3392f")
                L.poly([P(px - 0.12, -0.6 + k * 0.7, pz), P(px - 0.12, 0.1 + k * 0.7, pz),
                        P(px + 0.12, 0.1 + k * 0.7, pz), P(px + 0.12, -0.6 + k * 0.7, pz)], c)
        return L

    tex = 1 + 0.07 * fbm(rng, 30, 45, octaves=4)
    world(True).over(water, tex)
    water = wobble(water, hy, rng, amp=14, cells=(5, 70))
    wcol = vgrad([(0, "#5d9a90"), (1, "#1f5a5a")], hy, H)
    water = mix(water * 0.85, wcol, 0.45)
    # glints
    g = smoothstep(0.55, 0.8, value_noise(rng, 50, 300)) * smoothstep(hy, H, YS)
    add_light(water, "#fff2d0", g, 0.12)
    img[int(hy):] = water[int(hy):]
    world(False).over(img, tex)
    # gondola crossing the canal
    gx, gy, gl = W * 0.52, H * 0.745, W * 0.52
    L = Layer()
    xs = np.linspace(-0.5, 0.5, 40)
    top = gy - 8 - (np.abs(xs) * 2) ** 4 * 60 - xs * 30
    bot = gy + 26 - (np.abs(xs) * 2) ** 3 * 20
    L.poly([(gx + x * gl, t) for x, t in zip(xs, top)] + [(gx + x * gl, b_) for x, b_ in zip(xs[::-1], bot[::-1])], "#141414")
    L.poly([(gx + gl * 0.47, gy - 55), (gx + gl * 0.53, gy - 66), (gx + gl * 0.5, gy - 30), (gx + gl * 0.47, gy - 20)], "#c9b27a")
    # gondolier
    bx = gx - gl * 0.33
    L.poly([(bx - 14, gy - 10), (bx - 16, gy - 80), (bx + 16, gy - 80), (bx + 14, gy - 10)], "#1d1d2a")
    for k in range(4):
        L.rect(bx - 18, gy - 150 + k * 16, bx + 18, gy - 142 + k * 16, "#f2efe8")
        L.rect(bx - 18, gy - 142 + k * 16, bx + 18, gy - 134 + k * 16, "#1f2a52")
    L.ellipse(bx, gy - 172, 15, 17, "#c89a7a")
    L.poly([(bx - 24, gy - 183), (bx + 24, gy - 183), (bx + 14, gy - 192), (bx - 14, gy - 192)], "#e8d8a8")
    L.line([(bx + 10, gy - 130), (bx + 120, gy + 30)], 5, "#3a2a1a")
    L.rect(gx - gl * 0.1, gy - 20, gx + gl * 0.15, gy - 4, "#6b1f2a")
    L.over(img)
    # gondola reflection (dark smear)
    refl = Mask()
    refl.ellipse(gx, gy + 40, gl * 0.42, 18)
    paint(img, "#10201f", blur(refl.get(), 6), 0.45)
    add_light(img, "#ffe3b8", radial(W * 0.8, H * 0.3, 800), 0.12)
    return img


def rect_mask(x0, x1, y0, y1):
    mx = clamp01(XS - x0 + 0.5) * clamp01(x1 - XS + 0.5)
    my = clamp01(YS - y0 + 0.5) * clamp01(y1 - YS + 0.5)
    return (my * mx).astype(F32)


def window_grid(img, emit, rng, x0, x1, y0, y1, cw, ch, fill=0.6, p=0.5, cols=("#ffd9a0",),
                glow=0.35, dim="#20243a", jitter=0.35):
    """Grid of windows inside a rectangle; lit ones also go to the emit buffer."""
    xa, xb = int(max(0, x0)), int(min(W, x1))
    ya, yb = int(max(0, y0)), int(min(H, y1))
    if xb <= xa or yb <= ya:
        return
    xx = np.arange(xa, xb, dtype=F32)[None, :] + 0.5 - x0
    yy = np.arange(ya, yb, dtype=F32)[:, None] + 0.5 - y0
    ix = (xx // cw).astype(int)
    iy = (yy // ch).astype(int)
    fx = (xx % cw) / cw
    fy = (yy % ch) / ch
    inside = ((fx > (1 - fill) / 2) & (fx < (1 + fill) / 2) & (fy > 0.2) & (fy < 0.8)).astype(F32)
    nx, ny = int(ix.max()) + 1, int(iy.max()) + 1
    lit = rng.random((ny, nx)) < p
    # runs of lit floors look more real
    lit |= (rng.random((ny, 1)) < p * 0.25)
    ci = rng.integers(0, len(cols), (ny, nx))
    br = rng.uniform(1 - jitter, 1.0, (ny, nx)).astype(F32)
    palette = np.stack([C(c) for c in cols])
    colr = palette[ci[iy, ix]] * br[iy, ix][..., None]
    on = (lit[iy, ix] * inside)[..., None]
    off = inside[..., None] * (1 - lit[iy, ix])[..., None]
    reg = img[ya:yb, xa:xb]
    reg[:] = reg * (1 - on) + colr * on
    reg[:] = reg * (1 - off * 0.6) + C(dim) * off * 0.6
    if emit is not None:
        emit[ya:yb, xa:xb] += colr * on[..., 0:1] * glow


def hong_kong_tower(L, x, w, top, base, col, kind):
    if kind == "ifc":
        steps = [(0, 0), (0.08, 0.012), (0.16, 0.026), (0.24, 0.045)]
        L.rect(x - w / 2, top + 90, x + w / 2, base, col)
        for i, (f, dy) in enumerate(steps):
            ww = w / 2 * (1 - f)
            L.rect(x - ww, top + dy * H, x + ww, top + 90, col)
        L.poly([(x - w * 0.2, top), (x - w * 0.05, top - 60), (x + w * 0.05, top - 60), (x + w * 0.2, top)], col)
    elif kind == "boc":
        L.poly([(x - w / 2, base), (x - w / 2, top + 300), (x, top), (x + w / 2, top + 160), (x + w / 2, base)], col)
        L.line([(x + w * 0.1, top - 10), (x + w * 0.1, top - 110)], 5, col)
        L.line([(x - w * 0.15, top + 120), (x - w * 0.15, top - 40)], 4, col)
    elif kind == "plaza":
        L.rect(x - w / 2, top + 60, x + w / 2, base, col)
        L.poly([(x - w / 2, top + 60), (x, top), (x + w / 2, top + 60)], col)
        L.line([(x, top), (x, top - 140)], 5, col)
    else:
        L.rect(x - w / 2, top, x + w / 2, base, col)


@scene("hong-kong", 303, vignette=0.3, contrast=0.1, grain=0.008)
def hong_kong(rng):
    wl = H * 0.64
    img = vgrad([(0, "#050820"), (0.45, "#17194a"), (0.8, "#43306e"), (1, "#8a4f7e")], 0, wl)
    stars(img, rng, 220, H * 0.3, 0.7)
    add_light(img, "#ff9ab8", radial(W * 0.5, wl, 700, sx=1.6, sy=0.5), 0.18)
    emit = np.zeros((H, W, 3), F32)
    # Victoria Peak
    pk = profile([(0, 0.35), (0.18, 0.30), (0.38, 0.255), (0.5, 0.27), (0.68, 0.31), (0.85, 0.33), (1, 0.36)],
                 fbm1d(rng, 10, 5), 0.012)
    hill = vgrad([(0, "#2a2858"), (1, "#121330")], H * 0.25, wl)
    paint(img, hill, below(pk))
    # scattered lights on the hillside
    m = np.zeros((H, W), F32)
    n = 900
    hx = rng.uniform(0, W, n).astype(int)
    hy_ = (pk[hx] + 15 + rng.uniform(0, 1, n) ** 0.7 * (wl - pk[hx] - 15)).astype(int)
    m[np.clip(hy_, 0, H - 1), hx] = rng.uniform(0.3, 1, n)
    m = blur(m, 1.5) * 5
    add_light(emit, "#ffd7a0", m, 0.8)

    warm = ("#e8b878", "#f0cc98", "#e0a868", "#f4dcb8")
    cool = ("#b8cdea", "#9fbde8", "#e8dcc8")
    # three rows of towers, far to near
    rows = [(0.07, 0.21, "#2c2f5e", 0.16, 0.5, (52, 72)),
            (0.10, 0.30, "#1e2148", 0.24, 0.7, (70, 110)),
            (0.04, 0.13, "#131530", 0.32, 0.9, (80, 150))]
    for ri, (hmin, hmax, body, p, glow, wrange) in enumerate(rows):
        x = -40.0
        base = wl - ri * 6
        while x < W + 40:
            w = rng.uniform(*wrange)
            top = wl - rng.uniform(hmin, hmax) * H
            if ri == 1 and rng.random() < 0.2:
                top -= 0.06 * H
            bc = mix(C(body), C("#3a3f7a"), rng.uniform(0, 0.4))
            grad = vgrad([(0, bc * 1.25), (1, bc * 0.8)], top, base)
            paint(img, grad, rect_mask(x, x + w, top, base))
            cols = warm if rng.random() < 0.6 else cool
            cw = rng.uniform(9, 14) * (0.8 + 0.2 * ri)
            window_grid(img, emit, rng, x + 3, x + w - 3, top + 8, base - 4, cw, cw * rng.uniform(1.2, 1.6),
                        fill=rng.uniform(0.5, 0.75), p=p * rng.uniform(0.5, 1.2), cols=cols, glow=glow * 0.5)
            if rng.random() < 0.18:
                lc = C(["#ff4fb8", "#3fe0ff", "#8d6bff", "#ffb347"][rng.integers(4)])
                add_light(emit, lc, rect_mask(x, x + 3, top, base) + rect_mask(x + w - 3, x + w, top, base)
                          + rect_mask(x, x + w, top, top + 4), 0.9)
            x += w + rng.uniform(-10, 12)
        if ri == 1:
            # landmark towers between mid and front rows
            L = Layer()
            lm = [(0.30, 120, 0.10, "ifc"), (0.62, 130, 0.16, "boc"), (0.80, 110, 0.19, "plaza")]
            for ux, w, tv, kind in lm:
                hong_kong_tower(L, ux * W, w, tv * H, wl, C("#171a3c"), kind)
            a = L.over(img)
            for ux, w, tv, kind in lm:
                x = ux * W
                window_grid(img, emit, rng, x - w / 2 + 6, x + w / 2 - 6, tv * H + 140, wl - 4, 12, 16,
                            fill=0.55, p=0.3, cols=cool if kind != "ifc" else warm, glow=0.4)
            # Bank of China diagonal bracing lights
            x, w, t = 0.62 * W, 130, 0.16 * H
            lines = Mask()
            for k in range(5):
                y0 = t + 300 + k * 180
                lines.line([(x - w / 2, y0), (x + w / 2, y0 + 180)], 3)
                lines.line([(x + w / 2, y0), (x - w / 2, y0 + 180)], 3)
            lm_ = lines.get() * a
            paint(img, "#e8f2ff", lm_, 0.8)
            add_light(emit, "#bfe0ff", lm_, 0.6)
            add_light(emit, "#ff3355", radial(x + w * 0.1, t - 112, 6), 1.5)
            add_light(emit, "#ffffff", radial(0.8 * W, 0.19 * H - 140, 6), 1.5)
            # ifc crown glow
            add_light(emit, "#ffd9a8", rect_mask(0.3 * W - 48, 0.3 * W + 48, 0.1 * H + 40, 0.1 * H + 52), 0.35)
    # waterfront promenade lights
    pm = np.zeros((H, W), F32)
    xs_ = np.arange(8, W, 22)
    pm[int(wl - 3), xs_] = 1
    add_light(emit, "#ffd59a", blur(pm, 2) * 12, 1.0)
    # water: reflection of everything above
    full = img + emit
    r = reflect(full, wl, wl, rng, amp=10, cells=50, blur_v=26)
    water = r[int(wl):] * 0.85
    water = mix(water, C("#0b0f2a"), 0.2)
    img[int(wl):] = water
    emit[int(wl):] = 0
    # glints
    g = smoothstep(0.6, 0.85, value_noise(rng, 80, 400)) * smoothstep(wl, wl + 200, YS)
    add_light(img, "#ffc9a0", g * (1 - smoothstep(wl, H, YS)), 0.10)
    # junk boat with red sails
    L = Layer()
    bx, by = W * 0.30, H * 0.86
    L.poly([(bx - 300, by - 70), (bx - 240, by - 40), (bx + 220, by - 40), (bx + 330, by - 90), (bx + 200, by + 18),
            (bx - 230, by + 18)], "#1a1210")
    sails = [(bx - 150, 280, 200), (bx - 10, 400, 250), (bx + 150, 300, 180)]
    L.over(img)
    for sx, sh, sw in sails:
        y0 = by - 45
        leech = bezier((sx + sw * 0.62, y0 - sh * 1.12), (sx + sw * 1.15, y0 - sh * 0.55), (sx + sw * 0.8, y0 - 10), 20)
        pts = [(sx, y0), (sx - sw * 0.06, y0 - sh)] + [tuple(p_) for p_ in leech]
        sm = Mask().poly(pts).get()
        shade = vgrad([(0, "#d8483a"), (1, "#8e1f22")], y0 - sh * 1.1, y0)
        paint(img, shade, sm)
    bat = Mask()
    for sx, sh, sw in sails:
        y0 = by - 45
        for k in range(1, 7):
            t = k / 7
            y = y0 - sh * t
            bat.line([(sx - sw * 0.06 * t, y), (sx + sw * (0.95 - 0.3 * t ** 2), y0 - 10 - (sh * 1.1) * t ** 1.3)], 3)
        bat.line([(sx, by - 30), (sx - sw * 0.07, y0 - sh * 1.08)], 6)
    paint(img, "#2a0a0a", bat.get(), 0.9)
    add_light(img, "#ff7a55", radial(bx, by - 250, 320), 0.10)
    # boat lights
    add_light(emit, "#ffe1a8", radial(bx - 100, by - 30, 6) + radial(bx + 120, by - 30, 6), 1.4)
    bloom(img, emit, layers=((4, 0.9), (24, 0.5), (90, 0.35)))
    return img


def haze(col, hcol, amount):
    """Mix an HxWx3 colour towards haze colour by an HxW/ scalar amount."""
    a = amount if np.isscalar(amount) else np.asarray(amount)[..., None]
    return mix(col, C(hcol), a)


def spire(img, rng, cx, yb, yt, w, lit="#e2b98c", shadow="#9a7660", hole="#4a3328", finial="#e8c34a"):
    ts = np.linspace(0, 1, 40)
    half = w / 2 * (1 - ts) ** 0.75
    ys = yb - (yb - yt) * ts
    pts = [(cx + h_, y) for h_, y in zip(half, ys)] + [(cx - h_, y) for h_, y in zip(half[::-1], ys[::-1])]
    m = Mask().poly(pts).get()
    s = smoothstep(-0.6, 0.7, (XS - cx) / (w / 2))
    col = mix(C(shadow), C(lit), s[..., None])
    col = col * (1 + 0.06 * fbm(rng, 40, 60, octaves=3))[..., None]
    paint(img, col, m)
    hm = Mask()
    for t in np.arange(0.15, 0.72, 0.045):
        y = yb - (yb - yt) * t
        hw = w / 2 * (1 - t) ** 0.75
        for k in (-0.45, 0, 0.45):
            hm.ellipse(cx + k * hw, y, max(1.5, hw * 0.1), max(3, w * 0.035))
    paint(img, hole, hm.get() * m, 0.85)
    paint(img, finial, Mask().ellipse(cx, yt + w * 0.02, w * 0.09, w * 0.11).get())
    add_light(img, "#fff2c0", radial(cx + w * 0.03, yt, w * 0.05), 0.5)


@scene("barcelona-spain", 404, vignette=0.25, contrast=0.12)
def barcelona(rng):
    img = vgrad([(0, "#3f74b8"), (0.35, "#8fb0d6"), (0.7, "#f2c99a"), (1, "#f8a264")], 0, H * 0.56)
    add_light(img, "#fff0c8", radial(W * 0.82, H * 0.5, 420), 0.55)
    add_light(img, "#ffb070", radial(W * 0.82, H * 0.5, 1100), 0.25)
    clouds(img, rng, H * 0.06, H * 0.3, cover=0.4, lit="#ffe6cc", shade="#b49ab0", cells=(3, 16), soft=0.3,
           light_from=(1.0, 0.2))
    # Collserola hills + Tibidabo
    hl = profile([(0, 0.5), (0.3, 0.475), (0.55, 0.46), (0.7, 0.445), (0.85, 0.46), (1, 0.48)], fbm1d(rng, 8, 4), 0.01)
    paint(img, vgrad([(0, "#a98fae"), (1, "#d7a99a")], H * 0.44, H * 0.56), below(hl))
    L = Layer()
    tx, ty = 0.7 * W, hl[int(0.7 * W)]
    L.rect(tx - 30, ty - 50, tx + 30, ty + 5, "#9a809e")
    L.rect(tx - 8, ty - 120, tx + 8, ty - 50, "#9a809e")
    L.poly([(tx - 14, ty - 120), (tx, ty - 150), (tx + 14, ty - 120)], "#9a809e")
    L.over(img)
    # far city blocks
    for row, (y0, y1, hz) in enumerate([(0.52, 0.56, 0.55), (0.54, 0.6, 0.4), (0.58, 0.66, 0.25)]):
        L = Layer()
        x = -20.0
        while x < W:
            w = rng.uniform(20, 60) * (1 + row * 0.5)
            top = H * rng.uniform(y0, y1 - 0.02)
            base_col = C(["#e6c8a4", "#d9a77f", "#efd9bc", "#c98f6e", "#e3b894"][rng.integers(5)])
            c = mix(base_col, C("#e4b6a4"), hz)
            L.rect(x, top, x + w, H * 0.8, c)
            L.rect(x + w * 0.55, top, x + w, H * 0.8, c * 0.86)
            x += w * rng.uniform(0.6, 1.0)
        tex = 1 + 0.05 * fbm(rng, 60, 60, octaves=2)
        L.over(img, tex)
    # Sagrada Familia
    sx, sb = 0.44 * W, 0.70 * H
    nave = Layer()
    nave.poly([(sx - 330, sb), (sx - 330, H * 0.47), (sx - 200, H * 0.43), (sx + 200, H * 0.43), (sx + 330, H * 0.47),
               (sx + 330, sb)], "#b69272")
    nave.over(img, 1 + 0.06 * fbm(rng, 40, 60, octaves=3))
    wm = Mask()
    for k in range(-4, 5):
        x = sx + k * 62
        wm.poly([(x - 14, H * 0.62), (x - 14, H * 0.52), (x, H * 0.49), (x + 14, H * 0.52), (x + 14, H * 0.62)])
    paint(img, "#5a3f33", wm.get(), 0.8)
    for cx, top, w in [(-300, 0.24, 115), (-205, 0.2, 125), (205, 0.21, 125), (300, 0.25, 115), (-110, 0.28, 100),
                       (110, 0.29, 100)]:
        spire(img, rng, sx + cx, sb - 40, top * H, w)
    spire(img, rng, sx, sb - 40, 0.09 * H, 185, finial="#f2efe6")
    # cross-shaped star on the central tower
    add_light(img, "#ffffff", radial(sx, 0.09 * H - 10, 14), 0.8)
    # construction crane
    cm = Mask()
    cx_ = sx + 420
    cm.line([(cx_, 0.68 * H), (cx_, 0.17 * H)], 10)
    cm.line([(cx_ - 300, 0.18 * H), (cx_ + 160, 0.18 * H)], 8)
    cm.line([(cx_ - 300, 0.18 * H), (cx_, 0.15 * H), (cx_ + 160, 0.18 * H)], 3)
    cm.line([(cx_ - 220, 0.18 * H), (cx_ - 220, 0.27 * H)], 2)
    paint(img, "#d2893a", cm.get(), 0.9)
    # near city with Eixample rooftops
    L = Layer()
    x = -30.0
    while x < W:
        w = rng.uniform(80, 170)
        top = H * rng.uniform(0.64, 0.7)
        base_col = C(["#f0b47a", "#d9805a", "#f5d3a0", "#c8684a", "#e9a070", "#f7c890"][rng.integers(6)])
        L.rect(x, top, x + w, H, base_col)
        L.rect(x + w * 0.7, top, x + w, H, mix(base_col * 0.7, C("#7a5a8a"), 0.2))
        L.rect(x, top - 8, x + w, top, base_col * 0.7)
        for wy in np.arange(top + 30, H * 0.8, 44):
            for wx in np.arange(x + 14, x + w - 20, 30):
                L.rect(wx, wy, wx + 12, wy + 22, mix(base_col, C("#4a3630"), 0.6))
        x += w * rng.uniform(0.85, 1.0)
    L.over(img)
    # foreground terracotta roofs
    rf = Layer()
    rf.poly([(0, 0.88 * H), (0.3 * W, 0.84 * H), (0.58 * W, 0.89 * H), (0.58 * W, H), (0, H)], "#b9552f")
    rf.poly([(0.58 * W, 0.89 * H), (0.3 * W, 0.84 * H), (0.33 * W, 0.835 * H), (0.64 * W, 0.88 * H)], "#e08656")
    rf.poly([(0.5 * W, 0.93 * H), (0.78 * W, 0.9 * H), (1.0 * W, 0.93 * H), (W, H), (0.5 * W, H)], "#c9653a")
    rf.rect(0.16 * W, 0.79 * H, 0.2 * W, 0.85 * H, "#d48a5c")
    rf.rect(0.15 * W, 0.78 * H, 0.21 * W, 0.795 * H, "#a25236")
    tiles = 0.85 + 0.15 * (0.5 + 0.5 * np.sin(YS * 0.35 + 0.6 * np.sin(XS * 0.05)))
    tiles = tiles * (1 + 0.08 * fbm(rng, 50, 50, octaves=3))
    lit = 1 + 0.25 * smoothstep(0.2 * W, 1.0 * W, XS)
    rf.over(img, (tiles * lit).astype(F32))
    # palm tree in warm light
    tm, fm = Mask(), Mask()
    palm(tm, fm, rng, (0.93 * W, H * 1.02), (0.84 * W, 0.56 * H), 50, 40, 24, 300, n_fronds=10, droop=0.55)
    tmask, fmask = tm.get(), fm.get()
    paint(img, "#3a2a1e", tmask)
    fshade = blur(fmask, 12)
    fcol = mix(C("#5a7a2e"), C("#23361a"), smoothstep(0.3, 0.9, fshade)[..., None])
    paint(img, fcol, fmask)
    add_light(img, "#ffae66", radial(W * 0.82, H * 0.5, 1200), 0.08)
    return img


@scene("braies-italy", 505, vignette=0.22, contrast=0.14)
def braies(rng):
    wl = H * 0.56
    img = vgrad([(0, "#3a79c9"), (0.55, "#9fc7ec"), (1, "#e8f0f2")], 0, H * 0.45)
    clouds(img, rng, H * 0.0, H * 0.16, cover=0.35, lit="#ffffff", shade="#b5c6dc", cells=(3, 12))
    # Seekofel
    pk = profile([(0, 0.36), (0.12, 0.30), (0.25, 0.21), (0.36, 0.15), (0.45, 0.115), (0.5, 0.11), (0.55, 0.13),
                  (0.64, 0.16), (0.72, 0.22), (0.86, 0.28), (1, 0.31)], fbm1d(rng, 9, 6, ridged=True), 0.04)
    col = rock_face(rng, "#f6e2c4", "#7a7c9c", cells=(14, 6), light=1.0, strata=0.12, streaks=0.06)
    col *= ridge_light(pk, light=1.0, k=0.3)[..., None]
    # snow in gullies
    sn = fbm(rng, 20, 14, octaves=5)
    snow = smoothstep(0.55, 0.8, sn - smoothstep(0.12 * H, 0.3 * H, YS)) * below(pk)
    col = mix(col, C("#eef2f8"), (snow * 0.25)[..., None])
    # scree fans
    col = mix(col, C("#d7d0c8"), (smoothstep(0.33 * H, 0.45 * H, YS) * 0.5)[..., None])
    col = haze(col, "#c9d9e8", smoothstep(0.2 * H, 0.5 * H, YS) * 0.3)
    paint(img, col, below(pk))
    # wooded slopes on both sides
    for side in (-1, 1):
        if side < 0:
            base = profile([(0, 0.27), (0.15, 0.34), (0.3, 0.45), (0.42, 0.535), (0.5, 0.56), (1, 0.56)],
                           fbm1d(rng, 12, 4), 0.01)
        else:
            base = profile([(0, 0.56), (0.55, 0.56), (0.66, 0.5), (0.8, 0.4), (1, 0.33)], fbm1d(rng, 12, 4), 0.01)
        m = Mask()
        forest(m, rng, base, 40, 120, spacing=0.35)
        pts = [(x, base[min(W - 1, int(x))] - 12) for x in range(0, W + 1, 16)]
        m.poly(pts + [(W, wl + 5), (0, wl + 5)])
        fm = m.get()
        t = smoothstep(0.25 * H, 0.56 * H, YS)
        fc = mix(C("#2f5a46"), C("#17322a"), t[..., None]) * np.ones((1, W, 1), F32)
        fc *= (1 + 0.22 * fbm(rng, 60, 90, octaves=3))[..., None]
        fc = haze(fc, "#9fb8c4", 0.12)
        paint(img, fc, fm)
    # shore line
    paint(img, "#6c6454", rect_mask(0, W, wl - 6, wl + 2), 0.9)
    # boathouse + pier, left
    L = Layer()
    bx, by = 0.08 * W, wl
    L.rect(bx, by - 120, bx + 260, by + 8, "#6a4630")
    L.rect(bx + 130, by - 120, bx + 260, by + 8, "#4e3222")
    L.poly([(bx - 20, by - 115), (bx + 120, by - 200), (bx + 280, by - 115)], "#5a5a5e")
    L.poly([(bx + 120, by - 200), (bx + 280, by - 115), (bx + 270, by - 112), (bx + 120, by - 190)], "#3d3d42")
    for k in range(3):
        L.rect(bx + 30 + k * 70, by - 80, bx + 60 + k * 70, by - 40, "#2a1d16")
    L.rect(bx + 260, by - 14, bx + 700, by, "#8a6a4a")
    for k in range(8):
        L.rect(bx + 270 + k * 55, by - 2, bx + 276 + k * 55, by + 20, "#5a4030")
    L.over(img)
    # reflection
    r = reflect(img, wl, wl, rng, amp=5, cells=60, blur_v=2)
    water = r[int(wl):]
    wc = vgrad([(0, "#3aa896"), (0.5, "#1f8c80"), (1, "#0f5e5a")], wl, H)[int(wl):]
    t = smoothstep(wl, H, YS[int(wl):])
    water = mix(water * 0.9, wc, (0.35 + 0.5 * t)[..., None])
    # shallow pebbles in the foreground
    pb = value_noise(rng, 40, 60) * 0.6 + value_noise(rng, 120, 160) * 0.4
    pebbles = (smoothstep(0.5, 0.75, pb) * smoothstep(0.88 * H, H, YS))[int(wl):]
    water = mix(water, C("#6fb8a4"), (pebbles * 0.3)[..., None])
    img[int(wl):] = water
    # rowboats moored along the pier, seen from the shore slightly above
    L = Layer()
    boats = [(bx + 330 + k * 135 + (i % 2) * 55, wl + 30 + i * 62) for i in range(3) for k in range(4 - i)]
    for x, y in boats:
        ln, wd = 120, 44
        ts = np.linspace(0, math.pi, 20)
        outer = [(x - ln * math.cos(t), y - wd * math.sin(t) * 0.5 + 2) for t in ts] + \
                [(x + ln * math.cos(t) * 0.96, y + wd * math.sin(t) * 0.6) for t in ts]
        inner = [(x - ln * 0.86 * math.cos(t), y - wd * 0.36 * math.sin(t) + 2) for t in ts] + \
                [(x + ln * 0.82 * math.cos(t), y + wd * 0.36 * math.sin(t)) for t in ts]
        L.poly(outer, "#5e341c")
        L.poly(inner, "#c08a56")
        for sx_ in (-0.35, 0.3):
            L.rect(x + ln * sx_ - 7, y - wd * 0.3, x + ln * sx_ + 7, y + wd * 0.3, "#7a4a2a")
        L.poly([(x - ln * 0.95, y + 4), (x + ln * 0.95, y + 4), (x + ln * 0.8, y + wd * 0.45),
                (x - ln * 0.8, y + wd * 0.45)], "#2e4a72")
    L.over(img)
    add_light(img, "#fff6e0", radial(W * 0.7, H * 0.05, 700), 0.10)
    return img


@scene("kanangra-australia", 606, vignette=0.28, contrast=0.14)
def kanangra(rng):
    img = vgrad([(0, "#4f73b0"), (0.4, "#b9a9c6"), (0.78, "#f6c08c"), (1, "#ffac6a")], 0, H * 0.42)
    sunx, suny = W * 0.76, H * 0.40
    add_light(img, "#fff3c8", radial(sunx, suny, 90), 1.0)
    add_light(img, "#ffcf8a", radial(sunx, suny, 500), 0.45)
    clouds(img, rng, H * 0.08, H * 0.3, cover=0.33, lit="#ffd7b0", shade="#9a8fb5", cells=(2, 18), soft=0.3,
           light_from=(1, 0.5))
    # layered blue plateaus
    layers = [(0.40, "#b3a8c6", 0.004), (0.44, "#8f8fb8", 0.006), (0.49, "#6e7aa8", 0.008), (0.55, "#566a98", 0.01)]
    for v, c, a in layers:
        r = (v + fbm1d(rng, 4, 3) * a * 2) * H
        col = vgrad([(0, C(c)), (1, mix(C(c), C("#e9c6b6"), 0.45))], r.min(), r.min() + 0.07 * H)
        paint(img, col, below(r))
    # Kanangra walls: plateau + orange cliff face, right side
    top = profile([(0.0, 0.62), (0.25, 0.60), (0.32, 0.52), (0.36, 0.47), (0.6, 0.465), (1.0, 0.455)],
                  fbm1d(rng, 30, 3), 0.003)
    cliff_bot = profile([(0.3, 0.66), (0.5, 0.6), (0.75, 0.585), (1.0, 0.58)], fbm1d(rng, 10, 3), 0.01)
    col = rock_face(rng, "#ee9a5e", "#9a5040", cells=(14, 4), light=-1.0, strata=0.15, streaks=0.08)
    col = mix(col, C("#f2b07a"), (0.3 * (1 - smoothstep(0, 1, (YS - top[None, :]) / 60)))[..., None])
    paint(img, col, below(top))
    # plateau top scrub
    scrub = canopy_heights(rng, top - 6, 6, 16)
    paint(img, "#4a4d3a", below(scrub) * (1 - below(top + 14)))
    # forested talus slopes
    talus = canopy_heights(rng, cliff_bot, 10, 26)
    fc = vgrad([(0, "#6a8656"), (1, "#3a5a5a")], 0.57 * H, 0.68 * H)
    bumps = fbm(rng, 70, 100, octaves=2)
    fc *= (1 + 0.12 * grad_y(-bumps) * 0.5 + 0.08 * bumps)[..., None]
    paint(img, fc, below(talus))
    # receding forested ridges with mist between them (the blue haze of the Blue Mountains)
    layers = ((0.655, "#7d8cb4", "#e6c8c0", 0.02, 0.03), (0.705, "#5f78a0", "#d2b8bc", 0.025, -0.04),
              (0.765, "#486886", "#a8a8b4", 0.03, 0.05), (0.835, "#2f4e5e", "#62767e", 0.03, -0.03))
    for v, top_c, bot_c, amp, tilt in layers:
        base = (v + fbm1d(rng, 4, 4) * amp + tilt * (UX - 0.5)) * H
        rl = canopy_heights(rng, base.astype(F32), 5, 14)
        col = vgrad([(0, top_c), (0.45, top_c), (1, bot_c)], float(rl.min()), float(rl.max()) + 0.06 * H)
        col *= (1 + 0.05 * fbm(rng, 60, 80, octaves=3))[..., None]
        paint(img, col, below(rl))
    # foreground ledge, left
    ld = profile([(0, 0.70), (0.2, 0.74), (0.45, 0.82), (0.65, 0.9), (0.8, 0.98), (0.9, 1.05)], fbm1d(rng, 20, 5), 0.01)
    col = rock_face(rng, "#a8694a", "#4a3030", cells=(8, 6), light=-1.0, strata=0.15)
    col = mix(col, C("#1a1414"), smoothstep(0.8 * H, H, YS)[..., None] * 0.5)
    paint(img, col, below(ld))
    # eucalyptus on the ledge
    tm, cm = Mask(), Mask()
    tx, ty = 0.16 * W, 0.74 * H
    tm.poly(thick_curve(bezier((tx, ty), (tx + 30, ty - 260), (tx - 40, ty - 520), 30), 28, 10))
    tm.poly(thick_curve(bezier((tx + 5, ty - 250), (tx + 90, ty - 360), (tx + 170, ty - 430), 20), 14, 5))
    tm.poly(thick_curve(bezier((tx - 20, ty - 400), (tx - 90, ty - 470), (tx - 140, ty - 560), 20), 12, 5))
    for cx, cy, r in [(tx - 40, ty - 560, 110), (tx + 170, ty - 450, 90), (tx - 140, ty - 590, 80), (tx + 60, ty - 600, 95),
                      (tx + 230, ty - 480, 60), (tx - 200, ty - 620, 55)]:
        for _ in range(16):
            a_ = rng.uniform(0, 2 * math.pi)
            d = rng.uniform(0, r)
            cm.ellipse(cx + math.cos(a_) * d, cy + math.sin(a_) * d * 0.6, r * rng.uniform(0.15, 0.3), r * rng.uniform(0.1, 0.2))
    paint(img, "#2a2220", tm.get())
    paint(img, "#243a30", cm.get(), 0.95)
    add_light(img, "#ffb070", radial(sunx, suny, 1100), 0.10)
    return img


@scene("mount-currie-canada", 707, vignette=0.22, contrast=0.14)
def mount_currie(rng):
    img = vgrad([(0, "#1b56a6"), (0.55, "#6aa6dc"), (1, "#d2e6f4")], 0, H * 0.5)
    clouds(img, rng, H * 0.22, H * 0.4, cover=0.3, lit="#ffffff", shade="#a9bcd6", cells=(2, 20), soft=0.3)
    pk = profile([(0, 0.42), (0.1, 0.36), (0.25, 0.28), (0.38, 0.2), (0.47, 0.14), (0.53, 0.12), (0.6, 0.145),
                  (0.7, 0.2), (0.84, 0.27), (1, 0.31)], fbm1d(rng, 7, 6, ridged=True), 0.022)
    h = ridged(rng, 14, 10, octaves=6, gain=0.5)
    n = fbm(rng, 6, 6, octaves=4)
    relief = clamp01(0.5 + 0.3 * (grad_x(h) - 0.5 * grad_y(h)) + 0.25 * grad_x(n))
    rock = mix(C("#24242e"), C("#7e7682"), relief[..., None])
    depth = (YS - pk[None, :]) / H
    snowy = smoothstep(0.47, 0.53, 0.3 * n + 0.55 * h + 0.22 - depth * 1.0)
    snowc = mix(C("#8aa0cc"), C("#fffaf2"), relief[..., None] ** 0.8)
    col = mix(rock, snowc, snowy[..., None])
    col *= ridge_light(pk, light=1.0, k=0.2)[..., None]
    col = haze(col, "#b9cfe6", smoothstep(0.2 * H, 0.5 * H, YS) * 0.45)
    paint(img, col, below(pk))
    add_light(img, "#ffe8d8", radial(W * 0.6, H * 0.15, 300), 0.12)
    # lower forested slopes
    fb = profile([(0, 0.45), (0.3, 0.5), (0.6, 0.47), (1, 0.44)], fbm1d(rng, 8, 4), 0.015)
    m = Mask()
    forest(m, rng, fb, 25, 70, spacing=0.35)
    m.poly([(0, float(fb[0]) - 8)] + [(x, float(fb[min(W - 1, x)]) - 8) for x in range(0, W, 20)] + [(W, float(fb[-1]) - 8), (W, H), (0, H)])
    fc = vgrad([(0, "#3e6460"), (1, "#1e3a36")], 0.44 * H, 0.68 * H)
    fc *= (1 + 0.2 * fbm(rng, 60, 80, octaves=3))[..., None]
    paint(img, fc, m.get())
    for off, hmin, hmax, colr in ((90, 40, 90, "#2c504a"), (200, 50, 110, "#21413a"), (320, 60, 130, "#1a352f")):
        m = Mask()
        forest(m, rng, fb + off, hmin, hmax, spacing=0.4)
        m.poly([(0, float(fb[0]) + off - 5)] + [(x, float(fb[min(W - 1, x)]) + off - 5) for x in range(0, W, 20)]
               + [(W, float(fb[-1]) + off - 5), (W, H), (0, H)])
        paint(img, colr, m.get() * (YS < 0.69 * H), 0.9)
    # valley fields
    fy = 0.66 * H
    L = Layer()
    cols = ["#9fbf5a", "#c7c46a", "#7fae4a", "#d8c878", "#8cba58", "#b5c860"]
    y = fy
    k = 0
    while y < H:
        hgt = 14 + (y - fy) * 0.22
        x = -rng.uniform(0, 300)
        while x < W:
            w = rng.uniform(250, 600)
            L.poly([(x, y), (x + w, y - hgt * 0.1), (x + w + 30, y + hgt), (x + 20, y + hgt * 1.05)],
                   cols[rng.integers(len(cols))])
            x += w
        y += hgt
        k += 1
    L.over(img, 1 + 0.06 * fbm(rng, 40, 80, octaves=3))
    # tree lines + barn
    tl = canopy_heights(rng, np.full(W, 0.70 * H, F32), 10, 24)
    paint(img, "#355a2e", below(tl) * (1 - below(np.full(W, 0.705 * H, F32))))
    L = Layer()
    bx, by = 0.62 * W, 0.745 * H
    L.rect(bx, by - 50, bx + 90, by, "#a8332a")
    L.poly([(bx - 10, by - 48), (bx + 45, by - 85), (bx + 100, by - 48)], "#5a3a32")
    L.rect(bx + 90, by - 45, bx + 150, by, "#7e2520")
    L.rect(bx + 35, by - 30, bx + 55, by, "#3a1a18")
    L.over(img)
    tl2 = canopy_heights(rng, np.full(W, 0.81 * H, F32), 16, 40, density=0.6)
    paint(img, "#2e5026", below(tl2) * (1 - below(np.full(W, 0.815 * H, F32))))
    # framing pines + grass
    m = Mask()
    for x, h, w in ((-30, 1300, 380), (110, 900, 250), (1620, 1200, 360), (1500, 820, 230), (1400, 520, 160)):
        m.poly(pine_points(x, H * 1.02, h, w, rng, droop=0.4))
    paint(img, "#142620", m.get())
    gb = (0.94 + fbm1d(rng, 12, 4) * 0.01) * H
    paint(img, vgrad([(0, "#6f8f3a"), (1, "#3f5a26")], gb.min(), H), below(gb))
    return img


@scene("ohrid-macedonia", 808, vignette=0.3, contrast=0.12)
def ohrid(rng):
    wl = H * 0.6
    img = vgrad([(0, "#2b3170"), (0.3, "#6a5596"), (0.6, "#d97a82"), (0.82, "#f6a25e"), (1, "#ffd48a")], 0, wl)
    sunx, suny = W * 0.3, H * 0.565
    clouds(img, rng, H * 0.12, H * 0.42, cover=0.36, lit="#ffb48a", shade="#6a4a7a", cells=(2, 22), soft=0.3,
           light_from=(0, 1))
    add_light(img, "#fff0c0", radial(sunx, suny, 70), 1.2)
    add_light(img, "#ffb060", radial(sunx, suny, 420), 0.5)
    # mountains across the lake
    for v, c, a in ((0.555, "#7a5f92", 0.012), (0.58, "#574a7a", 0.008)):
        r = (v + fbm1d(rng, 5, 4) * a * 2) * H
        paint(img, c, below(r))
    # headland cliff on the right
    top = profile([(0.40, 0.61), (0.45, 0.56), (0.5, 0.49), (0.55, 0.435), (0.7, 0.42), (0.85, 0.40), (1, 0.38)],
                  fbm1d(rng, 25, 5), 0.006)
    top = np.where(UX < 0.42, H * 2, top).astype(F32)
    col = rock_face(rng, "#d0906a", "#4a3044", cells=(9, 10), light=-1.0, strata=0.12)
    col *= (0.55 + 0.6 * smoothstep(0.75 * W, 0.42 * W, XS))[..., None]
    col = mix(col, C("#2a1e2e"), smoothstep(0.45 * H, 0.6 * H, YS)[..., None] * 0.4)
    bush = smoothstep(0.35, 0.6, fbm(rng, 14, 20, octaves=4)) * smoothstep(0.42 * H, 0.5 * H, YS)
    col = mix(col, C("#2c3a26"), (bush * 0.8)[..., None])
    paint(img, col, below(top) * (YS < wl))
    # church of St John at Kaneo
    cx = 0.66 * W
    gy = float(top[int(cx)]) + 4
    L = Layer()
    brick, brick_s = C("#d2885a"), C("#8a4a3e")
    roof, roof_s = C("#a4442e"), C("#5e2a24")
    L.rect(cx - 150, gy - 120, cx + 20, gy, brick)           # nave, lit west face
    L.rect(cx + 20, gy - 120, cx + 130, gy, brick_s)         # shaded side
    L.poly([(cx - 160, gy - 118), (cx - 70, gy - 170), (cx + 20, gy - 118)], roof)
    L.poly([(cx - 70, gy - 170), (cx + 130, gy - 170), (cx + 140, gy - 118), (cx + 20, gy - 118)], roof_s)
    L.rect(cx - 45, gy - 250, cx + 35, gy - 160, brick)      # drum
    L.rect(cx + 10, gy - 250, cx + 35, gy - 160, brick_s)
    L.poly([(cx - 58, gy - 248), (cx - 5, gy - 300), (cx + 48, gy - 248)], roof)
    L.poly([(cx - 5, gy - 300), (cx + 48, gy - 248), (cx + 10, gy - 248)], roof_s)
    L.ellipse(cx + 150, gy - 60, 45, 60, brick_s)            # apse
    L.rect(cx + 105, gy - 60, cx + 195, gy, brick_s)
    L.ellipse(cx + 150, gy - 110, 48, 18, roof_s)
    for k in range(3):
        L.poly([(x_, y_) for x_, y_ in arch_pts(cx - 125 + k * 50, cx - 105 + k * 50, gy - 40, gy - 90)], "#3a2024")
    for k in range(2):
        L.poly([(x_, y_) for x_, y_ in arch_pts(cx - 30 + k * 30, cx - 18 + k * 30, gy - 175, gy - 225)], "#3a2024")
    L.poly([(cx - 5, gy - 300), (cx - 5, gy - 330), (cx - 3, gy - 330), (cx - 3, gy - 300)], "#3a2a2a")
    L.rect(cx - 14, gy - 322, cx + 6, gy - 318, "#3a2a2a")
    bands = 1 - 0.12 * (np.sin(YS * 0.5) > 0.7)
    L.over(img, np.broadcast_to(bands, (H, W)).astype(F32))
    add_light(img, "#ffb070", radial(cx - 140, gy - 100, 120), 0.12)
    # trees on the headland
    tr = canopy_heights(rng, top + 10, 14, 40, density=0.55)
    tr = np.where((UX > 0.57) & (UX < 0.76), np.maximum(tr, top + 2), tr).astype(F32)
    tcol = mix(C("#1f2a22"), C("#5a5a2e"), smoothstep(0.4 * W, 0.9 * W, W - XS)[..., None] * 0.5)
    paint(img, tcol * np.ones((H, 1, 1), F32), below(tr) * (1 - below(top + 40)) * (UX[None, :] > 0.45) * (YS < wl))
    # pine silhouettes
    m = Mask()
    for x in (0.52, 0.55, 0.82, 0.9, 0.95):
        xx = x * W
        m.poly(pine_points(xx, float(top[int(xx)]) + 20, rng.uniform(120, 220), 70, rng))
    paint(img, "#1a201c", m.get())
    # reflection + glitter
    r = reflect(img, wl, wl, rng, amp=8, cells=80, blur_v=6)
    water = mix(r[int(wl):] * 0.85, C("#3b3a6e"), 0.22)
    img[int(wl):] = water
    sun_glitter(img, rng, sunx, wl, H, 120, "#ffd9a0", 0.9)
    # small rowboat
    L = Layer()
    bx, by = 0.2 * W, 0.83 * H
    L.poly([(bx - 110, by - 16), (bx + 120, by - 22), (bx + 90, by + 10), (bx - 90, by + 12)], "#1a1420")
    L.poly([(bx - 10, by - 20), (bx - 20, by - 60), (bx + 10, by - 60), (bx + 10, by - 20)], "#1a1420")
    L.ellipse(bx - 5, by - 72, 12, 13, "#1a1420")
    L.over(img)
    paint(img, "#1a1420", blur(Mask().ellipse(bx, by + 24, 110, 10).get(), 6), 0.5)
    return img


@scene("oia-greece", 909, vignette=0.22, contrast=0.1)
def oia(rng):
    hz = H * 0.37
    img = vgrad([(0, "#6a80c6"), (0.45, "#cfa0bc"), (0.8, "#ffc7a2"), (1, "#ffe2b4")], 0, hz)
    sunx, suny = W * 0.86, hz - 30
    clouds(img, rng, H * 0.05, H * 0.25, cover=0.3, lit="#ffd6c0", shade="#9a88b8", cells=(2, 18), soft=0.3,
           light_from=(1, 0.4))
    add_light(img, "#fff2c8", radial(sunx, suny, 60), 1.1)
    add_light(img, "#ffb080", radial(sunx, suny, 480), 0.45)
    sea = vgrad([(0, "#8a9ccc"), (0.15, "#4a74b4"), (0.6, "#24589c"), (1, "#163f7a")], hz, H)
    img[int(hz):] = sea[int(hz):]
    sun_glitter(img, rng, sunx, hz, H, 90, "#ffd8a8", 0.8)
    # Thirasia on the horizon
    th = profile([(0, 0.35), (0.2, 0.345), (0.45, 0.355), (0.6, 0.372), (1, 0.38)], fbm1d(rng, 8, 4), 0.006)
    th = np.where(UX > 0.62, H * 2, th).astype(F32)
    paint(img, "#8e6a8e", below(th) * (1 - below(np.full(W, hz + 6, F32))))
    # caldera cliff with the village
    cl = profile([(0, 0.40), (0.35, 0.43), (0.6, 0.5), (0.78, 0.62), (0.9, 0.8), (1, 0.86)], fbm1d(rng, 20, 5), 0.006)
    col = rock_face(rng, "#b86a50", "#4a2e3a", cells=(10, 12), light=1.0, strata=0.2)
    paint(img, col, below(cl))
    # houses, top rows first
    wall_cols = ["#f7f2ec"] * 8 + ["#f0c28a", "#eaa7a0", "#f5e2b0"]
    L = Layer()
    y = H * 0.40
    domes = []
    while y < H * 1.05:
        x = -rng.uniform(0, 80)
        edge = np.interp(y / H, [0.4, 0.5, 0.62, 0.8, 0.9, 1.1], [0.38, 0.62, 0.75, 0.88, 0.98, 1.05]) * W
        while x < edge:
            w = rng.uniform(70, 170) * (0.7 + 0.6 * (y / H))
            h = rng.uniform(50, 110) * (0.7 + 0.6 * (y / H))
            d = w * 0.25
            wc = C(wall_cols[rng.integers(len(wall_cols))])
            lit = wc * C("#fff0e6")
            side = mix(wc * 0.75, C("#9a9ad0"), 0.35)
            L.rect(x, y - h, x + w, y + 40, lit)
            L.poly([(x + w, y - h), (x + w + d, y - h - d * 0.5), (x + w + d, y + 40), (x + w, y + 40)], side)
            if rng.random() < 0.35:
                L.ellipse(x + w / 2, y - h, w / 2, h * 0.25, lit)
            else:
                L.poly([(x, y - h), (x + d, y - h - d * 0.5), (x + w + d, y - h - d * 0.5), (x + w, y - h)], mix(lit, side, 0.3))
            # door / window
            dcol = "#2c64b8" if rng.random() < 0.7 else "#3a9a8a"
            dx = x + w * rng.uniform(0.2, 0.6)
            L.rect(dx, y - h * 0.55, dx + w * 0.14, y - h * 0.05, dcol)
            if w > 100:
                L.rect(x + w * 0.7, y - h * 0.6, x + w * 0.82, y - h * 0.38, dcol)
            if rng.random() < 0.08 and y < H * 0.8:
                domes.append((x + w / 2, y - h, w * 0.35))
            x += w * rng.uniform(0.7, 1.05)
        y += rng.uniform(45, 70) * (0.7 + 0.6 * (y / H))
    L.over(img, 1 + 0.03 * fbm(rng, 40, 60, octaves=2))
    # bougainvillea
    bm, gm = Mask(), Mask()
    for _ in range(9):
        bx_, by_ = rng.uniform(0, 0.7 * W), rng.uniform(0.5, 0.95) * H
        for _ in range(40):
            gm.ellipse(bx_ + rng.normal(0, 36), by_ + rng.normal(4, 16), rng.uniform(6, 12), rng.uniform(4, 8))
        for _ in range(70):
            bm.ellipse(bx_ + rng.normal(0, 34), by_ + rng.normal(0, 14), rng.uniform(4, 9), rng.uniform(3, 7))
    paint(img, "#3a6a3a", gm.get(), 0.95)
    paint(img, "#d8367f", bm.get(), 0.95)
    # blue-domed churches + bell tower
    def church(cx, by, r):
        L = Layer()
        L.rect(cx - r * 1.4, by - r * 1.2, cx + r * 1.4, by + r * 2, "#f8f2ea")
        L.rect(cx + r * 0.9, by - r * 1.2, cx + r * 1.4, by + r * 2, "#c4bedc")
        L.rect(cx - r * 0.85, by - r * 1.6, cx + r * 0.85, by - r * 1.1, "#f8f2ea")
        L.poly(arch_pts(cx - r * 0.3, cx + r * 0.3, by + r * 2, by + r * 0.9), "#2c5fb8")
        L.poly(arch_pts(cx - r * 0.15, cx + r * 0.15, by + r * 0.2, by - r * 0.5), "#2c5fb8")
        L.over(img)
        dm = Mask().ellipse(cx, by - r * 1.6, r * 0.95, r * 1.0).rect(0, by - r * 1.6, W, H, fill=0).get()
        dcol = mix(C("#1d4fa8"), C("#4f8ae0"), smoothstep(cx - r, cx + r * 0.6, XS)[..., None]) * np.ones((H, 1, 1), F32)
        paint(img, dcol, dm)
        add_light(img, "#bcd6ff", radial(cx + r * 0.35, by - r * 2.2, r * 0.3), 0.35)
        cm = Mask().rect(cx - 3, by - r * 2.9, cx + 3, by - r * 2.5).rect(cx - 12, by - r * 2.8, cx + 12, by - r * 2.74)
        paint(img, "#f4f0e8", cm.get())
    church(0.30 * W, 0.70 * H, 85)
    church(0.62 * W, 0.58 * H, 60)
    # bell tower
    L = Layer()
    tx, ty = 0.12 * W, 0.8 * H
    L.rect(tx - 60, ty - 300, tx + 60, ty + 60, "#f8f2ea")
    L.rect(tx + 35, ty - 300, tx + 60, ty + 60, "#c4bedc")
    L.rect(tx - 40, ty - 360, tx + 40, ty - 300, "#f8f2ea")
    L.ellipse(tx, ty - 360, 40, 30, "#2c5fb8")
    for ax in (tx - 52, tx - 16, tx + 20):
        ay = ty - 285
        L.poly(arch_pts(ax, ax + 30, ay + 70, ay), "#2a2a3a")
        L.ellipse(ax + 15, ay + 26, 9, 11, "#b88a3a")
    L.rect(tx - 3, ty - 430, tx + 3, ty - 385, "#f4f0e8")
    L.rect(tx - 14, ty - 420, tx + 14, ty - 414, "#f4f0e8")
    L.over(img)
    # windmill on the ridge
    L = Layer()
    wx, wy = 0.05 * W, 0.42 * H
    L.rect(wx - 40, wy - 120, wx + 40, wy + 20, "#f4ece4")
    L.poly([(wx - 46, wy - 118), (wx, wy - 170), (wx + 46, wy - 118)], "#8a5a3a")
    for a_ in range(8):
        ang = a_ * math.pi / 4 + 0.3
        L.line([(wx + 30, wy - 130), (wx + 30 + math.cos(ang) * 130, wy - 130 + math.sin(ang) * 130)], 4, "#5a4030")
    L.over(img)
    add_light(img, "#ffb890", radial(sunx, suny, 1400), 0.08)
    return img


def karst_profile(rng, x0, x1, base, peak, n_towers, jag=0.01):
    """Limestone karst skyline: a few steep towers merged between x0..x1 (fractions)."""
    v = np.full(W, 2.0, F32)
    for i in range(n_towers):
        c = rng.uniform(x0, x1)
        w = rng.uniform(0.04, 0.12)
        hgt = rng.uniform(0.45, 1.0) * (base - peak)
        d = np.abs(UX - c) / w
        prof = base - hgt * np.clip(1 - d ** rng.uniform(1.5, 3.0), 0, 1) ** 0.35
        v = np.minimum(v, np.where(d < 1, prof, 2.0))
    inside = (UX >= x0 - 0.12) & (UX <= x1 + 0.12)
    v = np.where(inside, np.minimum(v, base), 2.0)
    v = v + fbm1d(rng, 30, 5, ridged=True) * jag
    return (v * H).astype(F32)


@scene("palawan-philippines", 1010, vignette=0.2, contrast=0.12)
def palawan(rng):
    wl = H * 0.52
    img = vgrad([(0, "#1a66c8"), (0.55, "#6bb6ec"), (1, "#d2ecf6")], 0, wl)
    clouds(img, rng, H * 0.18, H * 0.44, cover=0.42, lit="#ffffff", shade="#9fb4cc", cells=(3, 8), soft=0.2)
    # distant karst islands
    far = karst_profile(rng, 0.35, 0.95, 0.52, 0.40, 7, 0.006)
    paint(img, vgrad([(0, "#7f9cb0"), (1, "#a9c4cc")], 0.38 * H, wl), below(far) * (YS < wl))
    # mid karsts with vegetation
    mid = karst_profile(rng, 0.55, 1.0, 0.53, 0.22, 6, 0.012)
    rock = rock_face(rng, "#a8a89a", "#4a5450", cells=(18, 10), light=1.0, streaks=0.25)
    veg = smoothstep(0.0, 0.4, fbm(rng, 18, 24, octaves=5) + 0.15)
    vegc = mix(C("#2e5a30"), C("#6f9a48"), clamp01(0.5 + 0.3 * grad_x(fbm(rng, 40, 50, octaves=3)))[..., None])
    col = mix(rock, vegc, (veg * 0.85)[..., None])
    col = haze(col, "#a8c8d4", 0.25)
    paint(img, col, below(mid) * (YS < wl))
    # big near cliff on the left
    near = profile([(0, 0.02), (0.12, 0.03), (0.2, 0.08), (0.26, 0.2), (0.3, 0.36), (0.34, 0.5), (0.36, 0.56)],
                   fbm1d(rng, 20, 6, ridged=True), 0.02)
    near = np.where(UX > 0.36, H * 2, near).astype(F32)
    rock = rock_face(rng, "#8f8f86", "#2a302e", cells=(12, 14), light=1.0, streaks=0.3)
    veg = smoothstep(-0.1, 0.3, fbm(rng, 14, 22, octaves=5))
    vegc = mix(C("#1e3d22"), C("#4f7e3a"), clamp01(0.5 + 0.3 * grad_x(fbm(rng, 30, 45, octaves=3)))[..., None])
    col = mix(rock, vegc, (veg * 0.9)[..., None])
    paint(img, col, below(near) * (YS < wl + 10))
    # lagoon
    lag = reflect(img, wl, wl, rng, amp=6, cells=60, blur_v=4)[int(wl):]
    t = smoothstep(wl, H, YS[int(wl):])
    wc = ramp([(0, "#14788e"), (0.35, "#1fb0b0"), (0.7, "#5fd6c6"), (1, "#a8eadc")], t)
    wc = wc * np.ones((1, W, 1), F32)
    sand = smoothstep(0.2, 0.7, fbm(rng, 6, 20, octaves=5, h=H - int(wl))) * t
    wc = mix(wc, C("#c8eee0"), (sand * 0.45)[..., None])
    deep = smoothstep(0.3, 0.7, fbm(rng, 3, 10, octaves=4, h=H - int(wl))) * (1 - t) * 0.6
    wc = mix(wc, C("#0e6a82"), deep[..., None])
    water = mix(lag, wc, (0.55 + 0.4 * t)[..., None])
    # caustics
    ca = np.abs(fbm(rng, 30, 60, octaves=2, h=H - int(wl)))
    water += (smoothstep(0.08, 0.0, ca) * 0.12 * t)[..., None]
    img[int(wl):] = water
    # bangka boat
    bx, by, ln = 0.58 * W, 0.76 * H, 560
    sh = Mask()
    sh.ellipse(bx + 40, by + 90, ln * 0.5, 24)
    paint(img, "#0f6a72", blur(sh.get(), 14), 0.45)
    L = Layer()
    for dy, dx in ((-40, 0), (60, 30)):
        L.line([(bx - ln * 0.55 + dx, by + dy), (bx + ln * 0.5 + dx, by + dy - 6)], 10, "#d8c8a0")
    for k in (-0.3, 0.05, 0.35):
        L.line([(bx + ln * k, by - 60), (bx + ln * k + 30, by + 60)], 6, "#b89a6a")
    L.poly([(bx - ln * 0.5, by - 40), (bx + ln * 0.55, by - 70), (bx + ln * 0.35, by + 10), (bx - ln * 0.4, by + 12)], "#f6f4ee")
    L.poly([(bx - ln * 0.46, by - 8), (bx + ln * 0.42, by - 14), (bx + ln * 0.35, by + 10), (bx - ln * 0.4, by + 12)], "#2a56b0")
    L.poly([(bx - ln * 0.48, by - 26), (bx + ln * 0.48, by - 40), (bx + ln * 0.46, by - 32), (bx - ln * 0.47, by - 18)], "#d8402e")
    L.poly([(bx - ln * 0.2, by - 110), (bx + ln * 0.25, by - 118), (bx + ln * 0.25, by - 100), (bx - ln * 0.2, by - 92)], "#3a8ad0")
    L.line([(bx - ln * 0.18, by - 95), (bx - ln * 0.18, by - 40)], 5, "#6a4a2a")
    L.line([(bx + ln * 0.23, by - 102), (bx + ln * 0.23, by - 55)], 5, "#6a4a2a")
    L.over(img)
    add_light(img, "#fffbe8", radial(W * 0.9, 0, 900), 0.12)
    return img


@scene("salerno-italy", 1111, vignette=0.22, contrast=0.12)
def salerno(rng):
    img = vgrad([(0, "#3f86d6"), (0.6, "#9fcbef"), (1, "#eef4f2")], 0, H * 0.42)
    clouds(img, rng, H * 0.02, H * 0.2, cover=0.3, lit="#ffffff", shade="#b0c2da", cells=(2, 14), soft=0.3)
    # mountains
    back = profile([(0, 0.22), (0.2, 0.2), (0.45, 0.26), (0.7, 0.19), (1, 0.16)], fbm1d(rng, 6, 5), 0.02)
    paint(img, "#8fa9b8", below(back))
    hill = profile([(0, 0.18), (0.15, 0.22), (0.35, 0.31), (0.55, 0.36), (0.7, 0.3), (0.85, 0.24), (1, 0.22)],
                   fbm1d(rng, 10, 6), 0.02)
    n = fbm(rng, 20, 30, octaves=5)
    col = mix(C("#35553e"), C("#7f9a5a"), clamp01(0.5 + 0.3 * grad_x(n) + 0.2 * n)[..., None])
    rockp = smoothstep(0.3, 0.6, fbm(rng, 10, 16, octaves=4))
    col = mix(col, C("#b8a88e"), (rockp * 0.6)[..., None])
    paint(img, col, below(hill))
    # castle on the ridge
    L = Layer()
    cx = 0.86 * W
    cy = float(hill[int(cx)]) + 6
    L.rect(cx - 90, cy - 60, cx + 70, cy + 10, "#c8b494")
    L.rect(cx - 110, cy - 100, cx - 60, cy + 10, "#b8a284")
    for k in range(5):
        L.rect(cx - 110 + k * 12, cy - 112, cx - 104 + k * 12, cy - 100, "#b8a284")
    L.over(img)
    # town: rows of pastel houses
    pal = ["#f3e4c2", "#f2b88e", "#f3d27a", "#eaa9a0", "#d98560", "#f7f2e8", "#bcd2e2", "#f0c6a0", "#e8dfb0"]
    y = H * 0.37
    while y < H * 0.84:
        L = Layer()
        sc = 0.8 + 0.9 * (y - 0.37 * H) / (0.47 * H)
        left = np.interp(y / H, [0.36, 0.5, 0.84], [0.25, 0.05, 0.0]) * W
        right = np.interp(y / H, [0.36, 0.5, 0.84], [0.8, 0.95, 1.0]) * W
        x = left - rng.uniform(0, 40)
        while x < right:
            w = rng.uniform(110, 200) * sc
            h = rng.uniform(90, 170) * sc
            c = C(pal[rng.integers(len(pal))])
            L.rect(x, y - h, x + w, y + 60 * sc, c)
            L.rect(x + w * 0.82, y - h, x + w, y + 60 * sc, c * 0.85)
            L.rect(x - 3, y - h - 6 * sc, x + w + 3, y - h, c * 0.7)
            cols_ = max(1, int(w / (50 * sc)))
            for fy in np.arange(y - h + 22 * sc, y + 10 * sc, 48 * sc):
                for i in range(cols_):
                    wx = x + (i + 0.5) * w / cols_ - 6 * sc
                    L.rect(wx, fy, wx + 12 * sc, fy + 18 * sc, "#3a5a48" if rng.random() < 0.6 else "#4a3a34")
            x += w * rng.uniform(0.85, 1.0)
        L.over(img)
        y += rng.uniform(75, 110) * sc
    # majolica dome church + campanile
    dx, dy, r = 0.42 * W, 0.60 * H, 95
    L = Layer()
    L.rect(dx - 150, dy - 40, dx + 150, dy + 160, "#f4ead8")
    L.rect(dx + 100, dy - 40, dx + 150, dy + 160, "#d4c8b4")
    L.rect(dx - 70, dy - 90, dx + 70, dy - 40, "#f4ead8")
    L.rect(dx + 200, dy - 260, dx + 270, dy + 120, "#f0dfc0")
    L.rect(dx + 250, dy - 260, dx + 270, dy + 120, "#cfbd9f")
    L.ellipse(dx + 235, dy - 260, 36, 40, "#3f8a5a")
    L.poly(arch_pts(dx + 215, dx + 255, dy - 190, dy - 240), "#3a3030")
    L.over(img)
    dm = Mask().ellipse(dx, dy - 90, r, r * 1.1).rect(0, dy - 90, W, H, fill=0).get()
    ang = np.arctan2(XS - dx, np.maximum(1, (dy - 90) - YS + r * 0.3))
    stripes = (np.sin(ang * 14) > 0).astype(F32)
    dcol = mix(C("#e8b830"), C("#2f8a5a"), stripes[..., None])
    dcol *= (0.7 + 0.45 * smoothstep(dx - r, dx + r * 0.5, XS))[..., None]
    paint(img, dcol, dm)
    # beach with umbrellas + sea
    sea_y = 0.84 * H
    sea = vgrad([(0, "#2f86c8"), (1, "#16508f")], sea_y, H)
    sea *= (1 + 0.03 * fbm(rng, 10, 60, octaves=2))[..., None]
    paint(img, "#e9d2a8", rect_mask(0, W, 0.805 * H, sea_y + 4))
    paint(img, sea, below(np.full(W, sea_y, F32)))
    sun_glitter(img, rng, 0.7 * W, sea_y, H, 300, "#ffffff", 0.35, cells=(40, 120))
    paint(img, "#ffffff", rect_mask(0, W, sea_y - 2, sea_y + 5) * (0.5 + 0.5 * value_noise(rng, 60, 2)), 0.7)
    L = Layer()
    ucols = ["#e84a3a", "#2a6ad0", "#f3c13a", "#2aa88a", "#f08a3a", "#ffffff"]
    for i in range(26):
        ux = rng.uniform(0.02, 0.98) * W
        uy = rng.uniform(0.81, 0.83) * H
        L.line([(ux, uy), (ux, uy + 36)], 3, "#5a4a3a")
        L.poly([(ux - 40, uy + 4), (ux, uy - 16), (ux + 40, uy + 4)], ucols[i % len(ucols)])
    for i in range(4):
        bx_, by_ = rng.uniform(0.1, 0.9) * W, rng.uniform(0.88, 0.97) * H
        L.poly([(bx_ - 60, by_), (bx_ + 60, by_ - 8), (bx_ + 40, by_ + 16), (bx_ - 45, by_ + 16)], "#f8f8f4")
        L.rect(bx_ - 20, by_ - 22, bx_ + 20, by_ - 2, "#dfe6ea")
    L.over(img)
    return img


@scene("tokyo-japan", 1212, vignette=0.3, contrast=0.1, grain=0.008)
def tokyo(rng):
    cam = Cam(f=W * 0.85, cx=W * 0.5, hy=H * 0.62, eye=1.7)
    hy = cam.hy
    sky = vgrad([(0, "#17194a"), (0.35, "#45387a"), (0.65, "#b65a7e"), (0.85, "#f2925e"), (1, "#ffc27c")], 0, hy)
    clouds(sky, rng, H * 0.1, H * 0.4, cover=0.3, lit="#ff9e7e", shade="#4a3a72", cells=(2, 20), soft=0.3,
           light_from=(0, 1))
    img = sky.copy()
    emit = np.zeros((H, W, 3), F32)
    # Tokyo Tower at the end of the street
    tx, tb, tt = 0.5 * W, hy + 10, 0.13 * H
    L = Layer()
    Lm = Mask()
    hgt = tb - tt

    def tw(y):
        t = (tb - y) / hgt
        return 0.5 * 230 * (1 - t) ** 2.2 + 8

    ys = np.linspace(tb, tt, 60)
    L.poly([(tx - tw(y), y) for y in ys] + [(tx + tw(y), y) for y in ys[::-1]], "#e0542e")
    for t_, c in ((0.0, "#f2efe6"), (0.1, "#e0542e"), (0.48, "#f2efe6"), (0.56, "#e0542e"), (0.8, "#f2efe6"),
                  (0.86, "#e0542e")):
        y0 = tb - t_ * hgt
        y1 = y0 - 0.06 * hgt
        L.poly([(tx - tw(y0), y0), (tx - tw(y1), y1), (tx + tw(y1), y1), (tx + tw(y0), y0)], c)
    for t_, wd in ((0.34, 1.25), (0.62, 1.3)):
        y0 = tb - t_ * hgt
        L.rect(tx - tw(y0) * wd, y0 - 26, tx + tw(y0) * wd, y0, "#f6e2c8")
    L.poly([(tx - 90, tb), (tx - 40, tb - 110), (tx + 40, tb - 110), (tx + 90, tb)], "#20182a")
    L.line([(tx, tt), (tx, tt - 90)], 5, "#e0542e")
    a = L.over(img)
    for y in np.arange(tb - 20, tt, -22):
        Lm.line([(tx - tw(y), y), (tx + tw(y - 22), y - 22)], 2)
        Lm.line([(tx + tw(y), y), (tx - tw(y - 22), y - 22)], 2)
    lat = Lm.get() * a
    paint(img, "#6a1e12", lat, 0.75)
    add_light(emit, "#ff7a2a", a * (1 - lat), 0.12)
    for t_ in (0.34, 0.62):
        y0 = tb - t_ * hgt
        add_light(emit, "#fff0c8", rect_mask(tx - tw(y0) * 1.2, tx + tw(y0) * 1.2, y0 - 22, y0 - 6), 0.8)
    add_light(emit, "#ff3030", radial(tx, tt - 92, 5), 2)

    def world(mirror):
        body, lit, sign = Layer(), Layer(), Layer()
        P = lambda x, y, z: cam.p(x, y, z, mirror)
        # sidewalks
        for sd in (-1, 1):
            body.poly([P(sd * 5, 0, 2), P(sd * 9, 0, 2), P(sd * 9, 0, 300), P(sd * 5, 0, 300)], "#2a2634")
        r2 = np.random.default_rng(77)
        for sd in (-1, 1):
            z = 2.5
            blds = []
            while z < 160:
                dz = r2.uniform(7, 14)
                blds.append((z, z + dz, r2.uniform(12, 38)))
                z += dz
            for z0, z1, h in blds[::-1]:
                X = sd * 9
                bc = C(["#2e2a40", "#3a3046", "#262a3e", "#403850"][r2.integers(4)])
                body.poly([P(X, 0, z0), P(X, h, z0), P(X, h, z1), P(X, 0, z1)], bc)
                body.poly([P(X, h - 0.4, z0), P(X, h, z0), P(X, h, z1), P(X, h - 0.4, z1)], bc * 1.4)
                # shop front
                sc = C(["#fff2d0", "#ffe0b0", "#d8f0ff", "#ffd0e0"][r2.integers(4)])
                lit.poly([P(X, 0.2, z0 + 0.5), P(X, 3.0, z0 + 0.5), P(X, 3.0, z1 - 0.5), P(X, 0.2, z1 - 0.5)], sc * 0.6)
                # windows
                nw = max(1, int((z1 - z0) / 2.4))
                for fy in np.arange(4.4, h - 1.5, 3.0):
                    for i in range(nw):
                        wz0 = z0 + (i + 0.2) * (z1 - z0) / nw
                        wz1 = wz0 + 0.6 * (z1 - z0) / nw
                        wz0 += (wz1 - wz0) * 0.15
                        if r2.random() < 0.4:
                            wc = C(["#ffc878", "#ffdcaa", "#b8d4f0"][r2.integers(3)]) * r2.uniform(0.35, 0.65)
                            lit.poly([P(X, fy, wz0), P(X, fy + 1.3, wz0), P(X, fy + 1.3, wz1), P(X, fy, wz1)], wc)
                        else:
                            body.poly([P(X, fy, wz0), P(X, fy + 1.3, wz0), P(X, fy + 1.3, wz1), P(X, fy, wz1)], bc * 0.7)
                # vertical neon sign sticking out over the sidewalk
                if r2.random() < 0.75:
                    zc = z0 + 1.0
                    y0_, y1_ = r2.uniform(4, 6), r2.uniform(10, 16)
                    x0_, x1_ = sd * 9, sd * 7.6
                    nc = C(["#ff3fa4", "#35e0ff", "#ffd23a", "#ff6a3a", "#9a6aff", "#3aff9a"][r2.integers(6)])
                    sign.poly([P(x0_, y0_, zc), P(x0_, y1_, zc), P(x1_, y1_, zc), P(x1_, y0_, zc)], nc * 0.75)
                    ng = int((y1_ - y0_) / 1.3)
                    for g in range(ng):
                        gy = y0_ + 0.35 + g * 1.3
                        gx0 = x0_ + (x1_ - x0_) * 0.25
                        gx1 = x0_ + (x1_ - x0_) * 0.75
                        sign.poly([P(gx0, gy, zc - 0.01), P(gx0, gy + 0.75, zc - 0.01), P(gx1, gy + 0.75, zc - 0.01),
                                   P(gx1, gy, zc - 0.01)], mix(nc, C("#ffffff"), 0.45))
        # street lamps
        for sd in (-1, 1):
            for z in np.arange(6, 120, 14):
                body.poly([P(sd * 5.4, 0, z), P(sd * 5.4, 6, z), P(sd * 5.3, 6, z), P(sd * 5.3, 0, z)], "#15131c")
                lit.poly([P(sd * 5.6, 5.8, z), P(sd * 5.6, 6.1, z), P(sd * 4.6, 6.1, z), P(sd * 4.6, 5.8, z)], "#fff4dc")
        # cars: tail lights (right lane, away) & headlights (left lane, towards)
        for z in (30, 55, 95):
            for sd, col in ((1, "#ff2a2a"), (-1, "#fff6e0")):
                xc = sd * 2.5
                body.poly([P(xc - 0.9, 0.1, z), P(xc - 0.9, 1.4, z), P(xc + 0.9, 1.4, z), P(xc + 0.9, 0.1, z)], "#16141c")
                for lx in (-0.65, 0.65):
                    lit.poly([P(xc + lx - 0.2, 0.7, z - 0.01), P(xc + lx - 0.2, 0.95, z - 0.01),
                              P(xc + lx + 0.2, 0.95, z - 0.01), P(xc + lx + 0.2, 0.7, z - 0.01)], col)
        return body, lit, sign

    def comp(target, em, layers):
        body, lit, sign = layers
        body.over(target)
        rgb, a = lit.arrays()
        target *= (1 - a)[..., None]
        target += rgb
        em += rgb * 0.3
        rgb, a = sign.arrays()
        target *= (1 - a)[..., None]
        target += rgb
        em += rgb * 0.45

    # wet road reflection from a mirrored render
    mir = img.copy()
    rows = np.arange(H)
    mir = mir[np.clip(2 * hy - rows - 1, 0, H - 1).astype(int)]
    mem = np.zeros_like(emit)
    comp(mir, mem, world(True))
    mir = mir + mem + blur(mem, 12) * 0.6
    mir = blur(mir, 10, sx=0.15, sy=1.0)
    ground = vgrad([(0, "#3a2e44"), (1, "#141220")], hy, H)
    ground *= (1 + 0.08 * fbm(rng, 20, 60, octaves=3))[..., None]
    g = mix(ground, mir * 0.75, 0.55)
    img[int(hy):] = g[int(hy):]
    # lane markings
    Lm = Layer()
    for z in np.arange(3, 150, 6):
        p0 = cam.p(-0.12, 0, z)
        p1 = cam.p(0.12, 0, z)
        p2 = cam.p(0.12, 0, z + 3)
        p3 = cam.p(-0.12, 0, z + 3)
        Lm.poly([p0, p1, p2, p3], "#c8c0c8")
    Lm.over(img, None, 0.7)
    comp(img, emit, world(False))
    # overhead wires
    wm = Mask()
    for k, (z, sag) in enumerate(((8, 60), (14, 40), (22, 30), (40, 18))):
        pl = cam.p(-9, 11 - k, z)
        pr = cam.p(9, 11.5 - k, z)
        wm.line([tuple(pt) for pt in bezier(pl, ((pl[0] + pr[0]) / 2, pl[1] + sag), pr, 30)], 2.5)
    paint(img, "#0e0c14", wm.get(), 0.9)
    bloom(img, emit, layers=((5, 0.9), (28, 0.55), (100, 0.35)))
    return img


def boulder(rng, cx, cy, rx, ry, n=18):
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        r = 1 + rng.uniform(-0.14, 0.14)
        pts.append((cx + math.cos(a) * rx * r, cy + math.sin(a) * ry * r * (0.7 if math.sin(a) > 0 else 1)))
    return pts


@scene("west-vancouver-canada", 1313, vignette=0.26, contrast=0.12)
def west_vancouver(rng):
    hz = H * 0.5
    img = vgrad([(0, "#3d5f9c"), (0.4, "#8c86b8"), (0.75, "#f0b29c"), (1, "#ffd9a6")], 0, hz)
    sunx, suny = 0.36 * W, hz - 70
    add_light(img, "#fff0c8", radial(sunx, suny, 80), 0.9)
    add_light(img, "#ffb68a", radial(sunx, suny, 600), 0.4)
    clouds(img, rng, H * 0.1, H * 0.42, cover=0.38, lit="#ffc6a8", shade="#7a74a8", cells=(2, 16), soft=0.3,
           light_from=(-0.3, 1))
    # distant islands / mountains
    for v, c, a, cells in ((0.47, "#a08cb4", 0.02, 4), (0.49, "#7a7aa6", 0.01, 6)):
        r = (v + fbm1d(rng, cells, 5) * a) * H
        paint(img, c, below(r) * (YS < hz))
    # lighthouse point (right) with forest
    pt = profile([(0.5, 0.51), (0.56, 0.495), (0.62, 0.475), (0.75, 0.46), (1, 0.45)], fbm1d(rng, 20, 5), 0.004)
    pt = np.where(UX < 0.5, H * 2, pt).astype(F32)
    rock = rock_face(rng, "#d19a80", "#4a3a4a", cells=(10, 6), light=-1.0)
    paint(img, rock, below(pt) * (YS < hz + 2))
    m = Mask()
    forest(m, rng, pt + 6, 60, 170, spacing=0.4, x0=0.68 * W)
    paint(img, "#1d2a30", m.get() * (YS < hz))
    L = Layer()
    lx = 0.64 * W
    ly = float(pt[int(lx)]) + 2
    L.poly([(lx - 28, ly), (lx - 20, ly - 150), (lx + 20, ly - 150), (lx + 28, ly)], "#f6efe8")
    L.poly([(lx + 6, ly), (lx + 8, ly - 150), (lx + 20, ly - 150), (lx + 28, ly)], "#c8b8c8")
    L.poly([(lx - 50, ly), (lx - 20, ly - 90), (lx - 16, ly - 90), (lx - 40, ly)], "#e8e0e0")
    L.poly([(lx + 50, ly), (lx + 20, ly - 90), (lx + 16, ly - 90), (lx + 40, ly)], "#c8b8c8")
    L.rect(lx - 30, ly - 162, lx + 30, ly - 150, "#3a2a2a")
    L.rect(lx - 18, ly - 192, lx + 18, ly - 162, "#fff2c0")
    L.poly([(lx - 24, ly - 192), (lx, ly - 214), (lx + 24, ly - 192)], "#c0302a")
    L.rect(lx - 40, ly - 30, lx - 26, ly, "#e8e0e0")
    L.over(img)
    # ocean
    r = reflect(img, hz, hz, rng, amp=10, cells=90, blur_v=8)
    sea = mix(r[int(hz):] * 0.85, C("#33507c"), 0.3)
    img[int(hz):] = sea
    sun_glitter(img, rng, sunx, hz, H * 0.85, 110, "#ffd6a8", 0.7)
    waves = smoothstep(0.55, 0.75, value_noise(rng, 8, 220)) * smoothstep(hz, H, YS)
    add_light(img, "#ffe8d0", waves, 0.06)
    # rocky wooded shore on the left
    shore = profile([(0, 0.62), (0.15, 0.64), (0.3, 0.67), (0.4, 0.72), (0.46, 0.78), (0.5, 0.86), (0.52, 1.1)],
                    fbm1d(rng, 14, 4), 0.006)
    shore = np.where(UX > 0.52, H * 2, shore).astype(F32)
    rk = rock_face(rng, "#b07a6a", "#2e2630", cells=(22, 16), light=1.0, strata=0.1)
    rk *= (0.6 + 0.7 * smoothstep(0.1 * W, 0.5 * W, XS))[..., None]
    paint(img, rk, below(shore))
    m = Mask()
    for x, h, w in ((-60, 2000, 420), (140, 1500, 300), (290, 950, 210), (370, 640, 150), (440, 420, 110)):
        xi = int(np.clip(x, 0, W - 1))
        m.poly(pine_points(x, float(shore[xi]) + 30, h, w, rng, droop=0.5))
    forest(m, rng, shore + 10, 80, 200, spacing=0.5, x0=0, x1=0.36 * W)
    fm = m.get()
    fc = mix(C("#0f181c"), C("#3a3440"), (radial(sunx, suny, 900) * 0.6)[..., None])
    paint(img, fc, fm)
    # granite boulders in the foreground, back to front
    bl = [(0.95, 0.86, 300, 160), (0.7, 0.885, 200, 90), (0.55, 0.91, 260, 110), (0.12, 0.93, 420, 190),
          (0.4, 1.0, 500, 150), (0.85, 1.0, 420, 170)]
    tex = 1 + 0.07 * fbm(rng, 20, 30, octaves=4)
    for bx, by, rx, ry in bl:
        cx, cy = bx * W, by * H
        m = Mask().poly(boulder(rng, cx, cy, rx, ry)).get()
        nx = (XS - cx) / rx
        ny = (YS - cy) / ry
        lam = clamp01(0.5 + 0.55 * (-0.35 * nx - 0.9 * ny))
        col = mix(C("#2e2430"), C("#d49c80"), lam[..., None] ** 1.3) * tex[..., None]
        paint(img, col, m)
        # dark contact shadow at the base
        paint(img, "#1a1418", m * smoothstep(cy + ry * 0.2, cy + ry * 0.7, YS), 0.5)
    # tide pool sheen between rocks
    add_light(img, "#ffd0a0", radial(0.5 * W, 0.87 * H, 160, sx=2.5, sy=0.3), 0.12)
    return img


@scene("garden-by-bay-singapore", 1414, vignette=0.32, contrast=0.08, grain=0.008)
def gardens_by_the_bay(rng):
    gy = H * 0.86
    img = vgrad([(0, "#06071c"), (0.45, "#16184a"), (0.8, "#3a2868"), (1, "#6a3a7a")], 0, gy)
    stars(img, rng, 160, H * 0.35, 0.6)
    emit = np.zeros((H, W, 3), F32)
    # distant skyline
    x = 0.0
    while x < W:
        w = rng.uniform(40, 100)
        top = H * rng.uniform(0.58, 0.72)
        paint(img, "#231f4a", rect_mask(x, x + w, top, gy))
        window_grid(img, emit, rng, x + 3, x + w - 3, top + 6, gy, 12, 18, 0.5, 0.12,
                    ("#8a78b8", "#b89a80"), 0.2, dim="#1c1a3a")
        x += w + rng.uniform(0, 20)
    # Marina Bay Sands
    L = Layer()
    for k, tx in enumerate((0.50, 0.60, 0.70)):
        x0 = tx * W
        L.poly([(x0 - 40, gy), (x0 - 50, 0.36 * H), (x0 + 50, 0.36 * H), (x0 + 60, gy)], "#1a1838")
    L.poly([(0.42 * W, 0.35 * H), (0.80 * W, 0.345 * H), (0.81 * W, 0.36 * H), (0.44 * W, 0.37 * H)], "#221e44")
    L.poly([(0.42 * W, 0.35 * H), (0.40 * W, 0.345 * H), (0.44 * W, 0.37 * H)], "#221e44")
    a = L.over(img)
    for tx in (0.50, 0.60, 0.70):
        window_grid(img, emit, rng, tx * W - 44, tx * W + 48, 0.375 * H, gy, 14, 20, 0.55, 0.2,
                    ("#d8b080", "#e0c8a8"), 0.25, dim="#15142c")
    add_light(emit, "#c8b0ff", rect_mask(0.42 * W, 0.81 * W, 0.352 * H, 0.356 * H), 0.6)
    # supertrees
    trees = [(0.45, 0.44, 0.075, 0.7), (0.92, 0.36, 0.095, 0.75), (0.28, 0.31, 0.115, 0.85), (0.09, 0.20, 0.15, 1.0),
             (0.72, 0.11, 0.2, 1.05)]
    cols = [("#c040ff", "#40e0ff"), ("#ff40a0", "#a060ff"), ("#40c0ff", "#ff50c0"), ("#a050ff", "#50ffd0"),
            ("#ff4fb0", "#40b0ff")]
    for i, (tx, ry, R, s) in enumerate(trees):
        cx, rim, Rp = tx * W, ry * H, R * W
        ct = rim + Rp * 1.1     # where the canopy funnel meets the trunk
        tw0, tw1 = Rp * 0.13, Rp * 0.2
        dark = mix(C("#120c26"), C("#2a1e4a"), 0.3 * s)
        c1, c2 = C(cols[i][0]), C(cols[i][1])
        ts = np.linspace(0, 1, 30)
        cw = tw1 + (Rp - tw1) * ts ** 1.8
        cy_ = ct - (ct - rim) * ts
        L = Layer()
        L.poly([(cx - tw0, gy + 20), (cx - tw1, ct)] + [(cx - w_, y_) for w_, y_ in zip(cw, cy_)] +
               [(cx + w_, y_) for w_, y_ in zip(cw[::-1], cy_[::-1])] + [(cx + tw1, ct), (cx + tw0, gy + 20)], dark)
        a = L.over(img)
        # soft inner glow of the canopy, brighter towards the rim
        canopy = a * smoothstep(ct + 10, ct - 20, YS)
        glow_ = canopy * smoothstep(ct, rim, YS) ** 1.5
        add_light(img, mix(c1, c2, 0.5), glow_, 0.35 * s)
        # trunk lattice
        lm = Mask()
        step = Rp * 0.2
        y = gy
        while y > ct:
            t = (gy - y) / (gy - ct)
            wdt = tw0 + (tw1 - tw0) * t
            lm.line([(cx - wdt, y), (cx + wdt, y - step)], max(1.5, Rp * 0.012))
            lm.line([(cx + wdt, y), (cx - wdt, y - step)], max(1.5, Rp * 0.012))
            y -= step
        trunk = lm.get() * a * (1 - canopy)
        add_light(img, c1, trunk, 0.45 * s)
        add_light(emit, c1, trunk, 0.25 * s)
        # canopy ribs following the funnel curve
        rm = Mask()
        nrib = 14
        for k in range(nrib + 1):
            ang = math.pi * k / nrib
            rib = [(cx + math.cos(ang) * w_, y_ + math.sin(ang) * w_ * 0.12) for w_, y_ in zip(cw, cy_)]
            rm.line(rib, max(1.5, Rp * 0.01))
        ribs = rm.get() * a
        add_light(img, c2, ribs, 0.55 * s)
        add_light(emit, c2, ribs, 0.3 * s)
        # rim + top disc
        top = Mask().ellipse(cx, rim, Rp, Rp * 0.12).get()
        paint(img, mix(dark, c2, 0.2), top)
        rimm = clamp01(top - Mask().ellipse(cx, rim - Rp * 0.01, Rp * 0.95, Rp * 0.095).get())
        add_light(img, c1, rimm, 0.9 * s)
        add_light(emit, c1, rimm, 0.6 * s)
    # skyway between the two big trees
    sw = Mask()
    p0 = (0.10 * W + 0.15 * W * 0.3, 0.55 * H)
    p1 = (0.72 * W - 0.21 * W * 0.3, 0.52 * H)
    pts = [tuple(p) for p in bezier(p0, ((p0[0] + p1[0]) / 2, 0.57 * H), p1, 40)]
    sw.line(pts, 10)
    paint(img, "#120c22", sw.get())
    rl = Mask().line([(x_, y_ - 12) for x_, y_ in pts], 3).get()
    add_light(img, "#ffe0a0", rl, 0.9)
    add_light(emit, "#ffc870", rl, 0.8)
    # foliage + fairy lights
    fg = canopy_heights(rng, np.full(W, gy, F32) + fbm1d(rng, 6, 3) * 20, 20, 70, density=0.6)
    fc = vgrad([(0, "#1a2a3a"), (1, "#06080e")], gy - 80, H)
    paint(img, fc, below(fg))
    fl = np.zeros((H, W), F32)
    n = 700
    xs = rng.uniform(0, W, n).astype(int)
    ys = (fg[xs] + rng.uniform(10, 300, n)).clip(0, H - 1).astype(int)
    fl[ys, xs] = rng.uniform(0.4, 1, n)
    fl = blur(fl, 1.5) * 6
    add_light(emit, "#ffd890", fl, 0.9)
    add_light(img, "#7a4aa8", radial(0.5 * W, gy, 900, sy=0.3), 0.15)
    bloom(img, emit, layers=((5, 0.9), (30, 0.6), (110, 0.4)))
    return img


@scene("perhentian-islands-malaysia", 1515, vignette=0.18, contrast=0.12)
def perhentian(rng):
    hz = H * 0.46
    img = vgrad([(0, "#1872d2"), (0.6, "#6fbcee"), (1, "#d8f0f8")], 0, hz)
    clouds(img, rng, H * 0.24, H * 0.45, cover=0.45, lit="#ffffff", shade="#a8bcd4", cells=(3, 8), soft=0.2)
    # jungle island
    isl = profile([(0.42, 0.47), (0.5, 0.42), (0.62, 0.37), (0.78, 0.355), (0.9, 0.37), (1, 0.385)], fbm1d(rng, 6, 4), 0.01)
    isl = np.where(UX < 0.42, H * 2, isl).astype(F32)
    isl = canopy_heights(rng, isl, 8, 22)
    ic = mix(C("#3f7a5a"), C("#8ab0a0"), 0.35) * np.ones((H, W, 1), F32)
    ic *= (1 + 0.1 * fbm(rng, 60, 60, octaves=2))[..., None]
    paint(img, ic, below(isl) * (YS < hz))
    paint(img, "#efe6d0", rect_mask(0.5 * W, W, hz - 5, hz) * (UX[None, :] > 0.5), 0.6)
    # sea
    sh = H * 0.74
    t = clamp01((YS - hz) / (sh - hz))
    sea = ramp([(0, "#1d5fb4"), (0.35, "#1a9ac4"), (0.7, "#36cdc6"), (1, "#a9eee0")], t) * np.ones((1, W, 1), F32)
    sea *= (1 + 0.05 * fbm(rng, 8, 60, octaves=3))[..., None]
    ca = np.abs(fbm(rng, 40, 70, octaves=2))
    sea += (smoothstep(0.08, 0.0, ca) * 0.1 * t ** 2)[..., None]
    img[int(hz):] = sea[int(hz):]
    sun_glitter(img, rng, 0.7 * W, hz, sh, 200, "#ffffff", 0.18, cells=(90, 300))
    # boat
    L = Layer()
    bx, by = 0.34 * W, 0.58 * H
    L.poly([(bx - 120, by - 20), (bx + 140, by - 34), (bx + 100, by + 14), (bx - 100, by + 14)], "#f4f2ea")
    L.poly([(bx - 106, by - 2), (bx + 116, by - 8), (bx + 100, by + 14), (bx - 100, by + 14)], "#2a6ac0")
    L.rect(bx - 40, by - 70, bx + 50, by - 62, "#f0c040")
    L.line([(bx - 34, by - 64), (bx - 34, by - 24)], 4, "#6a5040")
    L.line([(bx + 44, by - 64), (bx + 44, by - 28)], 4, "#6a5040")
    L.over(img)
    # shoreline foam + sand
    shore = (sh + fbm1d(rng, 8, 4) * 12).astype(F32)
    sand = vgrad([(0, "#e8dcc0"), (0.3, "#f4e8cc"), (1, "#ead6ae")], sh, H)
    sand *= (1 + 0.04 * fbm(rng, 40, 60, octaves=3))[..., None]
    wet = smoothstep(shore[None, :] + 60, shore[None, :], YS)
    sand = mix(sand, C("#c8b890"), (wet * 0.5)[..., None])
    paint(img, sand, below(shore))
    foam = below(shore - 10) * (1 - below(shore + 8))
    paint(img, "#ffffff", foam * (0.6 + 0.4 * value_noise(rng, 80, 4)), 0.85)
    foam2 = below(shore - 40) * (1 - below(shore - 32))
    paint(img, "#ffffff", foam2 * smoothstep(0.4, 0.7, value_noise(rng, 40, 4)), 0.6)
    # palm trees
    tm, fm = Mask(), Mask()
    palm(tm, fm, rng, (0.06 * W, H * 1.02), (0.42 * W, 0.16 * H), -260, 70, 36, 520, n_fronds=12, droop=0.55)
    palm(tm, fm, rng, (-0.02 * W, H * 0.95), (0.2 * W, 0.42 * H), -90, 52, 28, 360, n_fronds=10, droop=0.6)
    palm(tm, fm, rng, (0.97 * W, H * 0.78), (0.86 * W, 0.5 * H), 50, 26, 16, 220, n_fronds=9, droop=0.6)
    fmask = fm.get()
    tmask = tm.get()
    # palm shadows on sand
    shadow = blur(np.roll(np.roll(fmask, 80, 0), 160, 1), 10) * (YS > sh)
    paint(img, "#a08a6a", shadow, 0.35)
    rings = 0.88 + 0.12 * np.sin(YS * 0.22 + XS * 0.05)
    trunk = mix(C("#5a4632"), C("#b09478"), clamp01(0.45 + 0.25 * grad_x(blur(tmask, 10)))[..., None]) * rings[..., None]
    paint(img, trunk, tmask)
    fshade = blur(fmask, 14)
    fcol = mix(C("#2f7a34"), C("#1a4a22"), smoothstep(0.3, 0.9, fshade)[..., None])
    fcol = mix(fcol, C("#8ac05a"), (smoothstep(0.12 * H, 0.0, YS - 0.1 * H) * 0.0 + 0.25 * (1 - smoothstep(0.0, 0.4, fshade)))[..., None])
    paint(img, fcol, fmask)
    return img


@scene("cafedeadend", 1616, vignette=0.4, contrast=0.1, warm=0.02)
def cafe(rng):
    # --- background (gets blurred for depth of field) ---
    bg = np.zeros((H, W, 3), F32)
    bh, bw = 44, 130
    row = (YS // bh).astype(int)
    off = (row % 2) * (bw / 2)
    bx = ((XS + off) // bw).astype(int)
    bid = (row * 97 + bx * 31) % 251
    rnd = np.random.default_rng(5).random(251).astype(F32)
    brick = mix(C("#6a2e1e"), C("#a0553a"), rnd[bid][..., None])
    mortar = (((YS % bh) < 5) | (((XS + off) % bw) < 5)).astype(F32)
    bg[:] = mix(brick, C("#3a2a22"), (mortar * 0.8)[..., None])
    bg *= (1 + 0.12 * fbm(rng, 30, 45, octaves=3))[..., None]
    # shelves with jars and cups
    L = Layer()
    for sy in (0.27, 0.41):
        L.rect(0.05 * W, sy * H, 0.62 * W, sy * H + 22, "#3a2418")
        x = 0.07 * W
        while x < 0.58 * W:
            kind = rng.integers(3)
            if kind == 0:
                h = rng.uniform(90, 150)
                L.rect(x, sy * H - h, x + 70, sy * H, "#c88a3a")
                L.rect(x - 4, sy * H - h - 14, x + 74, sy * H - h, "#4a3020")
                x += 90
            elif kind == 1:
                for k in range(4):
                    L.rect(x + k * 6, sy * H - 36 * (k + 1), x + 60 - k * 6, sy * H - 36 * k - 4, "#efe6da")
                x += 80
            else:
                L.ellipse(x + 40, sy * H - 60, 40, 60, "#5a7a4a")
                L.rect(x + 30, sy * H - 150, x + 50, sy * H - 100, "#5a7a4a")
                x += 90
    # chalkboard menu
    L.rect(0.68 * W, 0.16 * H, 0.95 * W, 0.46 * H, "#5a3a22")
    L.rect(0.69 * W, 0.17 * H, 0.94 * W, 0.45 * H, "#1c2220")
    L.over(bg)
    chalk = Mask()
    for i, y in enumerate(np.arange(0.2 * H, 0.44 * H, 46)):
        wl_ = rng.uniform(0.4, 0.8) * 0.2 * W
        chalk.line([(0.71 * W, y), (0.71 * W + wl_, y)], 6)
        chalk.line([(0.9 * W, y), (0.92 * W, y)], 6)
    paint(bg, "#e8e4dc", chalk.get(), 0.7)
    # warm lamp light on the wall
    lamps = [(0.2 * W, 0.2 * H), (0.5 * W, 0.12 * H), (0.8 * W, 0.24 * H), (0.35 * W, 0.05 * H)]
    light = np.zeros((H, W), F32)
    for lx, ly in lamps:
        light += radial(lx, ly + 150, 500)
    bg *= (0.35 + 0.9 * light)[..., None] * C("#ffd8b0")
    bg = blur(bg, 9)
    img = bg
    emit = np.zeros((H, W, 3), F32)
    # background bokeh
    for _ in range(14):
        bx_, by_ = rng.uniform(0, W), rng.uniform(0.05, 0.6) * H
        add_light(emit, "#ffb060", Mask().ellipse(bx_, by_, 26, 26).get(), rng.uniform(0.08, 0.2))
    emit = blur(emit, 3)
    # pendant lamps (in focus)
    for lx, ly in lamps:
        cm = Mask().line([(lx, 0), (lx, ly - 60)], 3).get()
        paint(img, "#1a1410", cm)
        L = Layer()
        L.poly([(lx - 12, ly - 64), (lx + 12, ly - 64), (lx + 70, ly), (lx - 70, ly)], "#1e1a18")
        L.rect(lx - 14, ly - 76, lx + 14, ly - 62, "#3a2e26")
        L.over(img)
        add_light(img, "#b0702a", Mask().poly([(lx - 12, ly - 64), (lx + 12, ly - 64), (lx + 70, ly), (lx - 70, ly)]).get()
                  * smoothstep(ly - 64, ly, YS), 0.25)
        bulb = Mask().ellipse(lx, ly + 26, 26, 32).get()
        paint(img, "#fff0c8", bulb)
        add_light(emit, "#ffb24a", bulb, 1.2)
    # counter
    ct = 0.66 * H
    top = vgrad([(0, "#d8a270"), (1, "#8a5434")], ct, ct + 70)
    top *= (1 + 0.12 * fbm(rng, 3, 40, octaves=4))[..., None]
    paint(img, top, rect_mask(0, W, ct, ct + 70))
    add_light(img, "#ffe0b0", rect_mask(0, W, ct + 64, ct + 70), 0.4)
    front = vgrad([(0, "#4a2a1a"), (1, "#1e120c")], ct + 70, H)
    planks = 1 - 0.25 * (((XS // 160) % 2) * 0.3 + ((XS % 160) < 6))
    front *= (planks * (1 + 0.1 * fbm(rng, 40, 6, octaves=3)))[..., None]
    paint(img, front, rect_mask(0, W, ct + 70, H))
    # espresso machine
    mx, my = 0.18 * W, ct + 8
    L = Layer()
    L.rect(mx - 200, my - 330, mx + 260, my, "#9aa0a8")
    L.rect(mx - 210, my - 350, mx + 270, my - 330, "#5a5e66")
    L.rect(mx - 190, my - 80, mx + 250, my - 60, "#3a3c40")
    for gx in (mx - 90, mx + 150):
        L.rect(gx - 40, my - 230, gx + 40, my - 190, "#c8ccd2")
        L.rect(gx - 30, my - 190, gx + 30, my - 170, "#2a2a2e")
        L.poly([(gx + 20, my - 185), (gx + 130, my - 160), (gx + 125, my - 145), (gx + 15, my - 170)], "#161414")
    for k in range(4):
        L.rect(mx - 160 + k * 90, my - 420, mx - 100 + k * 90, my - 352, "#f2ece4")
    L.over(img)
    chrome = 0.8 + 0.5 * np.sin((XS - mx) / 60) ** 2
    img *= np.where(rect_mask(mx - 200, mx + 260, my - 330, my - 80) > 0.5, chrome * 0.9, 1)[..., None]
    add_light(img, "#ffffff", rect_mask(mx - 195, mx + 255, my - 325, my - 318), 0.3)
    # cups in the foreground
    def cup(cx, cy, r):
        L = Layer()
        L.ellipse(cx, cy + r * 0.55, r * 1.5, r * 0.38, "#e8e0d6")   # saucer
        L.poly([(cx - r, cy - r * 0.2), (cx + r, cy - r * 0.2), (cx + r * 0.8, cy + r * 0.6), (cx - r * 0.8, cy + r * 0.6)],
               "#f6f1ea")
        L.ellipse(cx, cy + r * 0.6, r * 0.8, r * 0.14, "#f6f1ea")
        L.over(img)
        hm = Mask().ellipse(cx + r * 1.08, cy + r * 0.12, r * 0.34, r * 0.28).get() - \
            Mask().ellipse(cx + r * 1.08, cy + r * 0.12, r * 0.18, r * 0.14).get()
        paint(img, "#eee6dc", clamp01(hm))
        sh = smoothstep(cx - r, cx + r, XS)
        body = Mask().poly([(cx - r, cy - r * 0.2), (cx + r, cy - r * 0.2), (cx + r * 0.8, cy + r * 0.6),
                            (cx - r * 0.8, cy + r * 0.6)]).get()
        paint(img, "#a89080", body * sh, 0.35)
        paint(img, "#f8f4ee", Mask().ellipse(cx, cy - r * 0.2, r, r * 0.26).get())
        paint(img, "#6a3a1e", Mask().ellipse(cx, cy - r * 0.19, r * 0.88, r * 0.21).get())
        heart = Mask()
        heart.ellipse(cx - r * 0.14, cy - r * 0.24, r * 0.2, r * 0.09)
        heart.ellipse(cx + r * 0.14, cy - r * 0.24, r * 0.2, r * 0.09)
        heart.poly([(cx - r * 0.33, cy - r * 0.22), (cx + r * 0.33, cy - r * 0.22), (cx, cy - r * 0.08)])
        paint(img, "#e8cfa8", heart.get(), 0.9)
        steam = Mask()
        for k in (-1, 1):
            pts = [(cx + k * r * 0.25 + math.sin(t * 6) * r * 0.15, cy - r * 0.4 - t * r * 2.2) for t in np.linspace(0, 1, 30)]
            steam.line(pts, r * 0.08)
        paint(img, "#ffffff", blur(steam.get(), 10), 0.25)
        paint(img, "#1a0e08", blur(Mask().ellipse(cx, cy + r * 0.75, r * 1.5, r * 0.2).get(), 10), 0.3)
    cup(0.58 * W, ct + 20, 110)
    cup(0.83 * W, ct + 36, 130)
    add_light(img, "#ffb060", radial(0.5 * W, 0.2 * H, 900), 0.12)
    bloom(img, emit, layers=((6, 1.0), (40, 0.7), (160, 0.45)))
    return img


# ==========================================================================
# portraits: placeholder avatars, head and shoulders, 400x400
# ==========================================================================
#
# Stylised people (no likeness of anyone): an oval head with simple features,
# hair, neck and shoulders in a top, on a soft two-colour background with a
# few out-of-focus blobs.  Painted on an 800x800 canvas (masks drawn at
# 1600x1600 and box-filtered), shaded with numpy; its middle 600x600 is
# reduced to 400x400.

P_OUT = 400
P_W = P_OUT * 2
P_MS = 2
PXS = (np.arange(P_W, dtype=F32) + 0.5)[None, :]
PYS = (np.arange(P_W, dtype=F32) + 0.5)[:, None]
P_CROP, P_CROP_X, P_CROP_Y = 600, 100, 45    # the part of the canvas kept


class PMask:
    """A greyscale mask drawn with Pillow at P_MS x the portrait canvas."""

    def __init__(self):
        self.im = Image.new("L", (P_W * P_MS, P_W * P_MS), 0)
        self.d = ImageDraw.Draw(self.im)

    def ellipse(self, cx, cy, rx, ry):
        k = P_MS
        self.d.ellipse([(cx - rx) * k, (cy - ry) * k, (cx + rx) * k, (cy + ry) * k], fill=255)
        return self

    def poly(self, pts):
        self.d.polygon([(x * P_MS, y * P_MS) for x, y in pts], fill=255)
        return self

    def rect(self, x0, y0, x1, y1, r=0):
        k = P_MS
        self.d.rounded_rectangle([x0 * k, y0 * k, x1 * k, y1 * k], radius=r * k, fill=255)
        return self

    def arc(self, cx, cy, rx, ry, a0, a1, width):
        k = P_MS
        self.d.arc([(cx - rx) * k, (cy - ry) * k, (cx + rx) * k, (cy + ry) * k], a0, a1, fill=255,
                   width=int(round(width * k)))
        return self

    def get(self):
        return np.asarray(self.im.resize((P_W, P_W), Image.BOX), F32) / 255.0


def p_radial(cx, cy, r, sx=1.0, sy=1.0):
    dx = (PXS - cx) / (r * sx)
    dy = (PYS - cy) / (r * sy)
    return np.exp(-(dx * dx + dy * dy)).astype(F32)


def p_shade(img, mask, col, lx, ly, r, strength):
    """Darken (strength < 0) or lighten the masked area towards a light at (lx, ly)."""
    light = p_radial(lx, ly, r)
    tone = C(col) * (1 + strength * (1 - light))[..., None]
    paint(img, tone, mask)


def portrait(rng, skin, hair, top, bg, style, beard=False, glasses=False, collar="crew", accent="#ffffff"):
    n = P_W
    t = (PYS / n)[..., 0]
    img = np.ascontiguousarray(np.broadcast_to(ramp([(0, bg[0]), (1, bg[1])], t)[:, None, :] * np.ones((1, n, 1), F32),
                                               (n, n, 3))).astype(F32)
    # out-of-focus blobs
    for _ in range(7):
        cx, cy = rng.uniform(0, n), rng.uniform(0, n * 0.7)
        add_light(img, "#ffffff", p_radial(cx, cy, rng.uniform(40, 110)), rng.uniform(0.04, 0.12))
    cx, head_cy, hr_x, hr_y = n * 0.5, n * 0.41, n * 0.17, n * 0.212
    skin_c = C(skin)
    shadow_skin = skin_c * 0.72
    # long hair falls behind the head and shoulders
    if style in ("long", "curly-long"):
        back = PMask().ellipse(cx, head_cy + n * 0.05, hr_x * 1.45, hr_y * 1.35)
        back.rect(cx - hr_x * 1.42, head_cy, cx + hr_x * 1.42, n * 0.8, r=n * 0.06)
        m = back.get()
        p_shade(img, m, hair, cx - n * 0.1, head_cy - n * 0.2, n * 0.4, -0.35)
    # shoulders and top
    body = PMask().ellipse(cx, n * 0.98, n * 0.44, n * 0.27).rect(cx - n * 0.44, n * 0.98, cx + n * 0.44, n * 1.1)
    p_shade(img, body.get(), top, cx - n * 0.15, n * 0.8, n * 0.5, -0.3)
    # neck, with the chin's shadow
    neck = PMask().rect(cx - n * 0.066, head_cy + hr_y * 0.5, cx + n * 0.066, n * 0.76, r=n * 0.03).get()
    paint(img, skin_c * 0.9, neck)
    paint(img, shadow_skin, neck * p_radial(cx, head_cy + hr_y * 1.05, n * 0.07, 1.6, 0.6), 0.8)
    # neckline
    if collar == "v":
        paint(img, skin_c * 0.88, PMask().poly([(cx - n * 0.075, n * 0.725), (cx + n * 0.075, n * 0.725),
                                                (cx, n * 0.84)]).get())
    elif collar == "shirt":
        m = PMask().poly([(cx - n * 0.07, n * 0.72), (cx, n * 0.79), (cx - n * 0.125, n * 0.82)])
        m.poly([(cx + n * 0.07, n * 0.72), (cx, n * 0.79), (cx + n * 0.125, n * 0.82)])
        paint(img, accent, m.get())
    else:
        paint(img, C(top) * 0.8, PMask().arc(cx, n * 0.715, n * 0.075, n * 0.04, 0, 180, n * 0.012).get())
    # ears, head
    ears = PMask().ellipse(cx - hr_x * 0.98, head_cy + n * 0.01, n * 0.025, n * 0.04)
    ears.ellipse(cx + hr_x * 0.98, head_cy + n * 0.01, n * 0.025, n * 0.04)
    paint(img, skin_c * 0.9, ears.get())
    head = PMask().ellipse(cx, head_cy, hr_x, hr_y).get()
    p_shade(img, head, skin, cx - n * 0.05, head_cy - n * 0.08, n * 0.25, -0.22)
    # cheeks
    for sx in (-1, 1):
        paint(img, "#e0707a", head * p_radial(cx + sx * hr_x * 0.5, head_cy + hr_y * 0.25, n * 0.035), 0.18)
    # eyes and brows
    ey = head_cy + hr_y * 0.02
    eyes = PMask()
    brows = PMask()
    for sx in (-1, 1):
        ex = cx + sx * hr_x * 0.4
        eyes.ellipse(ex, ey, n * 0.012, n * 0.015)
        brows.arc(ex, ey - n * 0.01, n * 0.032, n * 0.03, 200, 340, n * 0.008)
    paint(img, "#2a1d18", eyes.get())
    paint(img, C(hair) * 0.9, brows.get(), 0.9)
    # nose and smile
    paint(img, shadow_skin, PMask().arc(cx, ey + n * 0.06, n * 0.016, n * 0.012, 20, 160, n * 0.006).get(), 0.7)
    paint(img, "#8a3a38", PMask().arc(cx, ey + n * 0.1, n * 0.045, n * 0.03, 25, 155, n * 0.009).get(), 0.85)
    if glasses:
        g = PMask()
        for sx in (-1, 1):
            g.arc(cx + sx * hr_x * 0.4, ey, n * 0.04, n * 0.034, 0, 360, n * 0.006)
        g.rect(cx - n * 0.022, ey - n * 0.004, cx + n * 0.022, ey + n * 0.002)
        paint(img, "#1c1c22", g.get())
    if beard:
        b = PMask().ellipse(cx, head_cy + hr_y * 0.6, hr_x * 0.92, hr_y * 0.48).get() * head
        b = b * smoothstep(head_cy + hr_y * 0.25, head_cy + hr_y * 0.42, PYS)
        mouth = PMask().ellipse(cx, ey + n * 0.1, n * 0.05, n * 0.022).get()
        paint(img, hair, clamp01(b - mouth), 0.92)
        paint(img, "#8a3a38", PMask().arc(cx, ey + n * 0.1, n * 0.045, n * 0.03, 25, 155, n * 0.009).get(), 0.85)
    # hair on top
    top_hair = PMask()
    if style == "short":
        top_hair.ellipse(cx, head_cy - hr_y * 0.35, hr_x * 1.06, hr_y * 0.75)
        cut = PMask().rect(cx - hr_x * 1.2, head_cy - hr_y * 0.25, cx + hr_x * 1.2, n).get()
        m = clamp01(top_hair.get() - cut)
    elif style == "bun":
        top_hair.ellipse(cx, head_cy - hr_y * 0.35, hr_x * 1.05, hr_y * 0.72)
        top_hair.ellipse(cx, head_cy - hr_y * 1.12, hr_x * 0.5, hr_y * 0.36)
        cut = PMask().rect(cx - hr_x * 1.2, head_cy - hr_y * 0.2, cx + hr_x * 1.2, n).get()
        m = clamp01(top_hair.get() - cut)
    elif style == "curly" or style == "curly-long":
        for k in range(26):
            a = math.pi * (1.05 + 0.9 * k / 25)
            r = rng.uniform(0.98, 1.12)
            top_hair.ellipse(cx + math.cos(a) * hr_x * r, head_cy - hr_y * 0.2 + math.sin(a) * hr_y * r,
                             n * 0.05, n * 0.05)
        top_hair.ellipse(cx, head_cy - hr_y * 0.45, hr_x * 0.95, hr_y * 0.55)
        brow_line = smoothstep(head_cy - hr_y * 0.3, head_cy - hr_y * 0.2, PYS)
        face = PMask().ellipse(cx, head_cy + hr_y * 0.1, hr_x * 0.92, hr_y * 0.85).get()
        m = clamp01(top_hair.get() - face * brow_line)
    else:  # long: a parting and two curtains
        top_hair.ellipse(cx, head_cy - hr_y * 0.3, hr_x * 1.08, hr_y * 0.78)
        cut = PMask().ellipse(cx + hr_x * 0.15, head_cy + hr_y * 0.35, hr_x * 0.85, hr_y * 0.8).get()
        m = clamp01(top_hair.get() - cut)
    p_shade(img, m, hair, cx - n * 0.08, head_cy - hr_y, n * 0.3, -0.3)
    add_light(img, "#ffffff", m * p_radial(cx - hr_x * 0.35, head_cy - hr_y * 0.8, n * 0.06, 1.8, 0.8), 0.12)
    # a closer crop (the head fills an avatar), a gentle vignette, grain, and the reduction
    crop = img[P_CROP_Y:P_CROP_Y + P_CROP, P_CROP_X:P_CROP_X + P_CROP]
    small = _resize_f(np.ascontiguousarray(crop), P_OUT, P_OUT, Image.BOX)
    u = (np.arange(P_OUT, dtype=F32) + 0.5) / P_OUT - 0.5
    r = np.sqrt(u[None, :] ** 2 + u[:, None] ** 2)
    small = small * (1 - 0.18 * smoothstep(0.3, 0.8, r))[..., None]
    small = small + rng.normal(0, 0.006, (P_OUT, P_OUT, 1)).astype(F32)
    return np.clip(small * 255.0 + 0.5, 0, 255).astype(np.uint8)


PORTRAITS = {
    # name: (seed, skin, hair, top, background (top, bottom), hair style, extras)
    "portrait-amara": (701, "#7a4a32", "#1a1210", "#e0a526", ("#cfe3f2", "#8fb6d8"), "curly", {}),
    "portrait-kenji": (702, "#e8c4a0", "#15141a", "#2f5d8a", ("#f4e3cf", "#e2b48c"), "short", {"glasses": True}),
    "portrait-lucia": (703, "#d9a27c", "#5a2e1a", "#b8344a", ("#e6f0dc", "#a9c79a"), "long", {"collar": "v"}),
    "portrait-noah": (704, "#f1d0b8", "#b9823e", "#4b6b50", ("#e9e2f5", "#b6a6da"), "short",
                      {"beard": True, "collar": "shirt", "accent": "#f2efe6"}),
    "portrait-priya": (705, "#a86a48", "#241612", "#2c8c88", ("#fbe1dc", "#f0a99a"), "bun", {}),
}


def render_portrait(name):
    seed, skin, hair, top, bg, style, extra = PORTRAITS[name]
    out = portrait(np.random.default_rng(seed), skin, hair, top, bg, style, **extra)
    path = os.path.join(OUT_DIR, name + ".jpg")
    Image.fromarray(out).save(path, "JPEG", quality=QUALITY, optimize=True, progressive=False, subsampling=2)
    return path


# ==========================================================================
# main
# ==========================================================================

ORDER = [
    "yosemite-usa", "venice-italy", "hong-kong", "barcelona-spain", "braies-italy",
    "kanangra-australia", "mount-currie-canada", "ohrid-macedonia", "oia-greece",
    "palawan-philippines", "salerno-italy", "tokyo-japan", "west-vancouver-canada",
    "garden-by-bay-singapore", "perhentian-islands-malaysia", "cafedeadend",
] + list(PORTRAITS)


def render(name):
    if name in PORTRAITS:
        return render_portrait(name)
    fn, seed, kw = SCENES[name]
    rng = np.random.default_rng(seed)
    img = fn(rng)
    return finish(img, name, seed=seed, **kw)


def main(argv):
    os.makedirs(OUT_DIR, exist_ok=True)
    names = argv or [n for n in ORDER if n in SCENES or n in PORTRAITS]
    for n in names:
        if n not in SCENES and n not in PORTRAITS:
            sys.exit("unknown scene: %s (known: %s)" % (n, ", ".join(ORDER)))
    for n in names:
        path = render(n)
        print("%-32s %6.1f KB" % (os.path.relpath(path, ROOT), os.path.getsize(path) / 1024.0))


if __name__ == "__main__":
    main(sys.argv[1:])
