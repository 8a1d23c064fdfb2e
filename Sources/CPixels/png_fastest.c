/* The fastest PNG writer: one pass filters the rows (sub, up or Paeth, chosen per row by the
 * smallest sum of absolute values), finds the runs of zero bytes and counts the bytes of one line
 * in SAMPLE_EVERY;
 * the stream is then written as one dynamic-Huffman deflate block whose code is built for this
 * image: every byte a literal, each run of RUN_MIN or more zeros a literal zero and matches at
 * distance 1.
 *
 * The bytes written are a function of the pixels alone. The AVX2 path makes the rows straight,
 * filters them, finds the runs and packs the literal codes with vector instructions, computing
 * exactly what the scalar path computes (Paeth in bytes, with the same choices as in integers):
 * the filter costs are the same integer sums, the runs
 * the same maximal runs, and the Huffman code is built by the same scalar code from the same
 * counts, so both paths write the same bits. */
#include "pixels.h"
#include "png_shared.h"
#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#if (defined(__x86_64__) || defined(__i386__)) && !defined(PS_NO_AVX2)
#define PS_HAVE_AVX2_PATH 1
#include <immintrin.h>
#else
#define PS_HAVE_AVX2_PATH 0
#endif

/* A run of at least this many zero bytes becomes a literal zero and matches at distance 1. */
#define RUN_MIN 8
/* The longest literal/length code: four fit in 52 bits, so a 64-bit bit buffer holding at most 7
 * pending bits takes four literals between flushes, and the codes of two bytes with their
 * length (at most 26) fit in 32 bits, one entry of the vector path's table of byte pairs. */
#define LIT_MAX_BITS 13
/* Where a pair entry keeps its length. */
#define PAIR_LEN_SHIFT 27
/* The literals of one line in SAMPLE_EVERY (lines 0, SAMPLE_EVERY, …) are counted for the Huffman
 * code: images repeat their statistics from line to line, and counting is a fifth of the work. */
#define SAMPLE_EVERY 4
/* The vector path's table of the codes of byte pairs (see pack_pairs). */
#define PAIRS_BYTES (sizeof(uint32_t) << 16)
/* Zero bytes on either side of a row buffer, so filters read zeros left of the first pixel and
 * vector stores may run past the end. */
#define PAD 64
#define ALIGN64(x) (((x) + 63) & ~(size_t)63)

/* MARK: - Path selection */

static int cpu_avx2;
static pthread_once_t cpu_once = PTHREAD_ONCE_INIT;

static void cpu_detect(void) {
#if PS_HAVE_AVX2_PATH
    __builtin_cpu_init();
    cpu_avx2 = __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    cpu_avx2 = 0;
#endif
}

int ps_cpu_has_avx2(void) {
    pthread_once(&cpu_once, cpu_detect);
    return cpu_avx2;
}

int ps_simd_enabled(void) {
    const char *env = getenv("PROOFSHEET_SIMD");
    if (env && strcmp(env, "off") == 0) return 0;
    return ps_cpu_has_avx2();
}

/* MARK: - Bit writer (deflate's order: least significant bit first) */

typedef struct {
    uint8_t *out;
    uint64_t bits;
    unsigned n; /* pending bits in `bits`, at most 7 after a flush */
} bitw;

static inline void store_le64(uint8_t *p, uint64_t v) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    memcpy(p, &v, 8);
#else
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
#endif
}

/* Adds `len` bits of `v`; the caller keeps n + len within 63 between flushes. */
static inline void bw_put(bitw *w, uint64_t v, unsigned len) {
    w->bits |= v << w->n;
    w->n += len;
}

/* Writes the whole pending bytes (the output has 8 bytes of slack). */
static inline void bw_flush(bitw *w) {
    store_le64(w->out, w->bits);
    unsigned bytes = w->n >> 3;
    w->out += bytes;
    w->bits >>= 8 * bytes; /* at most 56: n is at most 63 */
    w->n &= 7;
}

/* Flushes and puts `len` (at most 56) bits. */
static inline void bw_put_flushed(bitw *w, uint64_t v, unsigned len) {
    bw_flush(w);
    bw_put(w, v, len);
}

#if PS_HAVE_AVX2_PATH
/* Puts `len` (at most 112) bits, lo | hi << 64, when at most 7 bits are pending, and leaves at
 * most 7 pending: the bytes go out in two 8-byte stores (the output has 16 bytes of slack), and
 * what is left is the one partial byte. */
static inline void bw_put112(bitw *w, uint64_t lo, uint64_t hi, unsigned len) {
    unsigned n = w->n;
    uint64_t a = lo << n | w->bits, b = hi << n | (lo >> 1) >> (63 - n);
    store_le64(w->out, a);
    store_le64(w->out + 8, b);
    unsigned total = n + len, bytes = total >> 3;
    w->out += bytes;
    w->bits = ((bytes < 8 ? a : b) >> (8 * (bytes & 7))) & 0xFF;
    w->n = total & 7;
}
#endif

/* MARK: - Huffman codes */

/* Code lengths (at most `maxlen`) for `nsym` symbols with counts `freq`: a Huffman code, with the
 * counts halved (keeping used symbols at least 1) until it fits. Ties are broken by symbol
 * number. One used symbol gets a second one beside it, so the code is always complete. */
static void huff_lengths(const uint64_t *freq, int nsym, int maxlen, uint8_t *lens) {
    uint64_t f[320];
    int syms[320], used = 0;
    memset(lens, 0, (size_t)nsym);
    for (int s = 0; s < nsym; s++) {
        f[s] = freq[s];
        if (f[s]) syms[used++] = s;
    }
    if (used == 0) return;
    if (used == 1) {
        lens[syms[0]] = 1;
        lens[syms[0] == 0 ? 1 : 0] = 1;
        return;
    }
    for (;;) {
        /* Leaves sorted by (count, symbol): insertion sort, at most 286 symbols. */
        int order[320];
        for (int i = 0; i < used; i++) {
            int s = syms[i], j = i;
            while (j > 0 && (f[order[j - 1]] > f[s] || (f[order[j - 1]] == f[s] && order[j - 1] > s))) {
                order[j] = order[j - 1];
                j--;
            }
            order[j] = s;
        }
        /* Two queues: leaves in order, and internal nodes, made in order of weight. */
        uint64_t weight[640];
        int parent[640];
        for (int i = 0; i < used; i++) weight[i] = f[order[i]];
        int leaf = 0, inner = used, made = used;
        for (int k = 0; k < used - 1; k++) {
            int pick[2];
            for (int t = 0; t < 2; t++) {
                if (leaf < used && (inner >= made || weight[leaf] <= weight[inner])) pick[t] = leaf++;
                else pick[t] = inner++;
            }
            weight[made] = weight[pick[0]] + weight[pick[1]];
            parent[pick[0]] = parent[pick[1]] = made;
            made++;
        }
        int depth[640];
        depth[made - 1] = 0;
        int deepest = 0;
        for (int i = made - 2; i >= 0; i--) {
            depth[i] = depth[parent[i]] + 1;
            if (i < used && depth[i] > deepest) deepest = depth[i];
        }
        if (deepest <= maxlen) {
            for (int i = 0; i < used; i++) lens[order[i]] = (uint8_t)depth[i];
            return;
        }
        for (int i = 0; i < used; i++) f[syms[i]] = (f[syms[i]] >> 1) | 1;
    }
}

/* Canonical codes for `lens`, bit-reversed for deflate's order. */
static void huff_codes(const uint8_t *lens, int nsym, uint16_t *codes) {
    unsigned count[16] = {0}, next[16];
    for (int s = 0; s < nsym; s++) count[lens[s]]++;
    count[0] = 0;
    unsigned code = 0;
    for (int b = 1; b < 16; b++) {
        code = (code + count[b - 1]) << 1;
        next[b] = code;
    }
    for (int s = 0; s < nsym; s++) {
        unsigned len = lens[s];
        if (!len) { codes[s] = 0; continue; }
        unsigned c = next[len]++, r = 0;
        for (unsigned i = 0; i < len; i++) r |= ((c >> i) & 1) << (len - 1 - i);
        codes[s] = (uint16_t)r;
    }
}

/* Deflate's length symbols: base lengths and extra bits of symbols 257…285. */
static const uint16_t len_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                                      31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t len_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                      2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};

/* The length symbol (less 257) of each match length 3…258. */
static uint8_t len_symbols[259];
static pthread_once_t len_once = PTHREAD_ONCE_INIT;

static void len_symbols_make(void) {
    for (unsigned len = 3, i = 0; len <= 258; len++) {
        while (i < 28 && len_base[i + 1] <= len) i++;
        len_symbols[len] = (uint8_t)i;
    }
}

static inline int len_symbol(unsigned len) { return len_symbols[len]; }

/* MARK: - Filtering */

static inline uint8_t paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc) return (uint8_t)a;
    return (uint8_t)(pb <= pc ? b : c);
}

static inline uint64_t cost_of(uint8_t v) { return v < 128 ? v : 256u - v; }

/* The costs of sub, up and Paeth on bytes [from, n) of a row, added to cost[], and Paeth itself
 * written to out (cur and prev have PAD zero bytes before them). */
static void filter3_scalar(const uint8_t *cur, const uint8_t *prev, size_t from, size_t n, int bpp, uint8_t *out,
                           uint64_t cost[3]) {
    uint64_t c0 = 0, c1 = 0, c2 = 0;
    for (size_t i = from; i < n; i++) {
        uint8_t x = cur[i], a = cur[i - bpp], b = prev[i], c = prev[i - bpp];
        uint8_t s = (uint8_t)(x - a), u = (uint8_t)(x - b), p = (uint8_t)(x - paeth(a, b, c));
        out[i] = p;
        c0 += cost_of(s); c1 += cost_of(u); c2 += cost_of(p);
    }
    cost[0] += c0; cost[1] += c1; cost[2] += c2;
}

/* Sub (type 1) or up (type 2) of a row into out. */
static void filter_sub_up(const uint8_t *cur, const uint8_t *prev, size_t n, int bpp, int type, uint8_t *out) {
    const uint8_t *ref = type == 1 ? cur - bpp : prev;
    for (size_t i = 0; i < n; i++) out[i] = (uint8_t)(cur[i] - ref[i]);
}

/* MARK: - Runs of zeros */

typedef struct { uint32_t start, len; } run_t;

typedef struct {
    run_t *runs;
    size_t count, cap;
} runs_t;

static int runs_add(runs_t *r, size_t start, size_t len) {
    if (r->count == r->cap) {
        size_t cap = r->cap ? r->cap * 2 : 1024;
        run_t *grown = realloc(r->runs, cap * sizeof *grown);
        if (!grown) return 1;
        r->runs = grown;
        r->cap = cap;
    }
    r->runs[r->count++] = (run_t){(uint32_t)start, (uint32_t)len};
    return 0;
}

/* Every maximal run of at least RUN_MIN zero bytes in s[p, n), recorded at `base` + its offset
 * in s. */
static int find_runs_scalar(const uint8_t *s, size_t p, size_t n, size_t base, runs_t *r) {
    while (p < n) {
        if (s[p]) { p++; continue; }
        size_t q = p;
        while (q < n && !s[q]) q++;
        if (q - p >= RUN_MIN && runs_add(r, base + p, q - p)) return 1;
        p = q;
    }
    return 0;
}

/* MARK: - Literal packing */

/* The literal code table: code | length << 16 for each byte value. */
static void pack_literals_scalar(bitw *out, const uint32_t *lit, const uint8_t *s, size_t n) {
    bitw local = *out, *w = &local; /* in registers: stores through w->out cannot change it */
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        uint32_t e0 = lit[s[i]], e1 = lit[s[i + 1]], e2 = lit[s[i + 2]], e3 = lit[s[i + 3]];
        unsigned l0 = e0 >> 16, l1 = e1 >> 16, l2 = e2 >> 16, l3 = e3 >> 16;
        uint64_t v = (uint64_t)(e0 & 0xFFFF) | (uint64_t)(e1 & 0xFFFF) << l0 | (uint64_t)(e2 & 0xFFFF) << (l0 + l1) |
                     (uint64_t)(e3 & 0xFFFF) << (l0 + l1 + l2);
        bw_put_flushed(w, v, l0 + l1 + l2 + l3);
    }
    for (; i < n; i++) bw_put_flushed(w, lit[s[i]] & 0xFFFF, lit[s[i]] >> 16);
    *out = local;
}

/* MARK: - AVX2 */

#if PS_HAVE_AVX2_PATH
#define AVX2 __attribute__((target("avx2")))

/* ps_straight_row for 8 pixels at a time: opaque pixels (and, for RGBA, transparent ones) are
 * reordered by a shuffle; a group with other alphas is made straight by the scalar code. For RGB,
 * returns 0 (and writes nothing useful) when a pixel of the row is not opaque. */
AVX2 static int straight_row_avx2(const uint32_t *row, uint32_t width, int bpp, uint8_t *d) {
    uint32_t x = 0;
    if (bpp == 3) {
        __m256i all = _mm256_set1_epi32(-1);
        const __m256i shuf = _mm256_setr_epi8(2, 1, 0, 6, 5, 4, 10, 9, 8, 14, 13, 12, -1, -1, -1, -1, 2, 1, 0, 6, 5, 4, 10,
                                              9, 8, 14, 13, 12, -1, -1, -1, -1);
        for (; x + 8 <= width; x += 8, d += 24) {
            __m256i p = _mm256_loadu_si256((const __m256i *)(row + x));
            all = _mm256_and_si256(all, p);
            __m256i v = _mm256_shuffle_epi8(p, shuf);
            _mm_storeu_si128((__m128i *)d, _mm256_castsi256_si128(v));
            _mm_storeu_si128((__m128i *)(d + 12), _mm256_extracti128_si256(v, 1));
        }
        __m256i alpha = _mm256_srli_epi32(all, 24);
        if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(alpha, _mm256_set1_epi32(0xFF))) != -1) return 0;
        if (x < width && !ps_argb32_opaque((const uint8_t *)(row + x), width - x, 1, 0)) return 0;
    } else {
        const __m256i shuf = _mm256_setr_epi8(2, 1, 0, 3, 6, 5, 4, 7, 10, 9, 8, 11, 14, 13, 12, 15, 2, 1, 0, 3, 6, 5, 4, 7,
                                              10, 9, 8, 11, 14, 13, 12, 15);
        const __m256i full = _mm256_set1_epi32(0xFF), zero = _mm256_setzero_si256();
        for (; x + 8 <= width; x += 8, d += 32) {
            __m256i v = _mm256_loadu_si256((const __m256i *)(row + x));
            __m256i a = _mm256_srli_epi32(v, 24);
            __m256i plain = _mm256_or_si256(_mm256_cmpeq_epi32(a, full), _mm256_cmpeq_epi32(a, zero));
            if (_mm256_movemask_epi8(plain) == -1) _mm256_storeu_si256((__m256i *)d, _mm256_shuffle_epi8(v, shuf));
            else ps_straight_row(row + x, 8, 4, d);
        }
    }
    if (x < width) ps_straight_row(row + x, width - x, bpp, d);
    return 1;
}

/* Sum of min(v, 256 - v) over the 32 bytes of v, as four 64-bit sums. */
AVX2 static inline __m256i cost32(__m256i v) { return _mm256_sad_epu8(_mm256_abs_epi8(v), _mm256_setzero_si256()); }

/* The Paeth prediction of 32 bytes, in bytes. With pa = |b - c| and pb = |a - c|, pc = |a + b - 2c|
 * is pa + pb when b - c and a - c have the same sign, else |pa - pb|. The sum may pass 255: it
 * saturates, and the choice only asks whether pa and pb are at most pc, which a saturated pc
 * answers as the true one does (pa and pb are at most 255). */
AVX2 static inline __m256i paeth32(__m256i a, __m256i b, __m256i c) {
    __m256i pa = _mm256_or_si256(_mm256_subs_epu8(b, c), _mm256_subs_epu8(c, b));
    __m256i pb = _mm256_or_si256(_mm256_subs_epu8(a, c), _mm256_subs_epu8(c, a));
    /* b >= c and a >= c (as all ones where true). */
    __m256i b_ge = _mm256_cmpeq_epi8(_mm256_max_epu8(b, c), b), a_ge = _mm256_cmpeq_epi8(_mm256_max_epu8(a, c), a);
    __m256i same = _mm256_cmpeq_epi8(b_ge, a_ge);
    __m256i diff = _mm256_or_si256(_mm256_subs_epu8(pa, pb), _mm256_subs_epu8(pb, pa));
    __m256i pc = _mm256_blendv_epi8(diff, _mm256_adds_epu8(pa, pb), same);
    /* a when pa <= pb and pa <= pc; else b when pb <= pc; else c. */
    __m256i pa_le_pb = _mm256_cmpeq_epi8(_mm256_min_epu8(pa, pb), pa);
    __m256i pa_le_pc = _mm256_cmpeq_epi8(_mm256_min_epu8(pa, pc), pa);
    __m256i pb_le_pc = _mm256_cmpeq_epi8(_mm256_min_epu8(pb, pc), pb);
    __m256i pred = _mm256_blendv_epi8(c, b, pb_le_pc);
    return _mm256_blendv_epi8(pred, a, _mm256_and_si256(pa_le_pb, pa_le_pc));
}

AVX2 static void filter3_avx2(const uint8_t *cur, const uint8_t *prev, size_t n, int bpp, uint8_t *out,
                              uint64_t cost[3]) {
    __m256i s0 = _mm256_setzero_si256(), s1 = s0, s2 = s0;
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(cur + i));
        __m256i a = _mm256_loadu_si256((const __m256i *)(cur + i - bpp));
        __m256i b = _mm256_loadu_si256((const __m256i *)(prev + i));
        __m256i c = _mm256_loadu_si256((const __m256i *)(prev + i - bpp));
        __m256i sub = _mm256_sub_epi8(x, a), up = _mm256_sub_epi8(x, b);
        __m256i pa = _mm256_sub_epi8(x, paeth32(a, b, c));
        _mm256_storeu_si256((__m256i *)(out + i), pa);
        s0 = _mm256_add_epi64(s0, cost32(sub));
        s1 = _mm256_add_epi64(s1, cost32(up));
        s2 = _mm256_add_epi64(s2, cost32(pa));
    }
    uint64_t t[4];
    _mm256_storeu_si256((__m256i *)t, s0);
    cost[0] += t[0] + t[1] + t[2] + t[3];
    _mm256_storeu_si256((__m256i *)t, s1);
    cost[1] += t[0] + t[1] + t[2] + t[3];
    _mm256_storeu_si256((__m256i *)t, s2);
    cost[2] += t[0] + t[1] + t[2] + t[3];
    filter3_scalar(cur, prev, i, n, bpp, out, cost);
}

/* The zero bytes of s[p, p + 64) as a bit mask. */
AVX2 static inline uint64_t zero_mask64(const uint8_t *s) {
    const __m256i z = _mm256_setzero_si256();
    uint32_t lo = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)s), z));
    uint32_t hi = (uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(s + 32)), z));
    return (uint64_t)hi << 32 | lo;
}

/* find_runs_scalar, 64 bytes at a time: the positions where RUN_MIN zeros start are found in a
 * mask; the first one starts a maximal run (p never lies inside a run that began before it). */
AVX2 static int find_runs_avx2(const uint8_t *s, size_t n, size_t base, runs_t *r) {
    size_t p = 0;
    const unsigned span = 64 - RUN_MIN + 1; /* starts whose RUN_MIN bytes lie in the window */
    while (p + 64 <= n) {
        uint64_t z = zero_mask64(s + p), starts = z;
        for (int k = 1; k < RUN_MIN; k++) starts &= z >> k;
        starts &= ((uint64_t)1 << span) - 1;
        if (!starts) { p += span; continue; }
        size_t q = p + (size_t)__builtin_ctzll(starts), e = q + RUN_MIN;
        for (;;) {
            if (e + 64 > n) {
                while (e < n && !s[e]) e++;
                break;
            }
            uint64_t nz = ~zero_mask64(s + e);
            if (nz) { e += (size_t)__builtin_ctzll(nz); break; }
            e += 64;
        }
        if (runs_add(r, base + q, e - q)) return 1;
        p = e;
    }
    return find_runs_scalar(s, p, n, base, r);
}

/* pack_literals_scalar, 8 bytes at a time: the codes are gathered, joined in pairs and in
 * fours inside the vector, and each four (at most 56 bits) is put at once. The last group reads
 * past the end (the stream has slack) and gives the lanes past it no bits. */
AVX2 static void pack_literals_avx2(bitw *out, const uint32_t *lit, const uint8_t *s, size_t n) {
    bitw local = *out, *w = &local;
    bw_flush(w);
    const __m256i lo16 = _mm256_set1_epi64x(0xFFFF), lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (size_t i = 0; i < n; i += 8) {
        __m256i idx = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(s + i)));
        __m256i e = _mm256_i32gather_epi32((const int *)lit, idx, 4);
        if (n - i < 8) e = _mm256_and_si256(e, _mm256_cmpgt_epi32(_mm256_set1_epi32((int)(n - i)), lane));
        __m256i code_lo = _mm256_and_si256(e, lo16);
        __m256i len_lo = _mm256_and_si256(_mm256_srli_epi64(e, 16), lo16);
        __m256i code_hi = _mm256_and_si256(_mm256_srli_epi64(e, 32), lo16);
        __m256i len_hi = _mm256_srli_epi64(e, 48);
        __m256i m = _mm256_or_si256(code_lo, _mm256_sllv_epi64(code_hi, len_lo));
        __m256i ml = _mm256_add_epi64(len_lo, len_hi);
        __m256i v = _mm256_or_si256(m, _mm256_sllv_epi64(_mm256_unpackhi_epi64(m, m), ml));
        __m256i vl = _mm256_add_epi64(ml, _mm256_unpackhi_epi64(ml, ml));
        __m128i vh = _mm256_extracti128_si256(v, 1), vlh = _mm256_extracti128_si256(vl, 1);
        uint64_t lo = (uint64_t)_mm_cvtsi128_si64(_mm256_castsi256_si128(v)), hi = (uint64_t)_mm_cvtsi128_si64(vh);
        unsigned lo_len = (unsigned)_mm_cvtsi128_si64(_mm256_castsi256_si128(vl)), hi_len = (unsigned)_mm_cvtsi128_si64(vlh);
        bw_put112(w, lo | hi << lo_len, (hi >> 1) >> (63 - lo_len), lo_len + hi_len);
    }
    *out = local;
}

/* pack_literals_scalar, four bytes at a time from the vector path's table of byte pairs: `pairs`
 * holds, for each two bytes b0 b1 (index b0 | b1 << 8), both codes joined and their length at
 * PAIR_LEN_SHIFT, so four bytes take two lookups and one put (at most 52 bits). (Two plain loads
 * beat a gather of eight on the processors measured.) */
static void pack_pairs(bitw *out, const uint32_t *pairs, const uint32_t *lit, const uint8_t *s, size_t n) {
    bitw local = *out, *w = &local;
    const uint32_t mask = (1u << PAIR_LEN_SHIFT) - 1;
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        uint32_t e0 = pairs[s[i] | s[i + 1] << 8], e1 = pairs[s[i + 2] | s[i + 3] << 8];
        unsigned l0 = e0 >> PAIR_LEN_SHIFT, l1 = e1 >> PAIR_LEN_SHIFT;
        bw_put_flushed(w, (uint64_t)(e0 & mask) | (uint64_t)(e1 & mask) << l0, l0 + l1);
    }
    for (; i < n; i++) bw_put_flushed(w, lit[s[i]] & 0xFFFF, lit[s[i]] >> 16);
    *out = local;
}
#endif

/* MARK: - The encoder */

typedef struct {
    uint32_t lit[256];     /* code | length << 16 of each literal */
    uint32_t *pairs;       /* the vector path's codes of byte pairs (see pack_pairs), or NULL */
    uint64_t run_bits[259]; /* length code, extra bits and the distance code of a match of 3…258 */
    unsigned run_len[259];
} tables;

/* Writes a deflate block header for the code lengths lens[0..hlit) and a distance code of two
 * 1-bit codes (only distance 1 is used). */
static void write_block_header(bitw *w, const uint8_t *lens, int hlit) {
    uint8_t all[288 + 2];
    int total = hlit + 2;
    memcpy(all, lens, (size_t)hlit);
    all[hlit] = 1;
    all[hlit + 1] = 1;
    /* Code lengths as symbols 0…15 and runs 16 (repeat the last 3…6), 17 (3…10 zeros), 18
     * (11…138 zeros). */
    uint8_t sym[300], extra[300];
    int count = 0;
    for (int i = 0; i < total;) {
        int v = all[i], j = i + 1;
        while (j < total && all[j] == v) j++;
        int k = j - i;
        if (v == 0) {
            while (k >= 11) { int m = k > 138 ? 138 : k; sym[count] = 18; extra[count++] = (uint8_t)(m - 11); k -= m; }
            if (k >= 3) { sym[count] = 17; extra[count++] = (uint8_t)(k - 3); k = 0; }
        } else {
            sym[count] = (uint8_t)v; extra[count++] = 0; k--;
            while (k >= 3) { int m = k > 6 ? 6 : k; sym[count] = 16; extra[count++] = (uint8_t)(m - 3); k -= m; }
        }
        while (k-- > 0) { sym[count] = (uint8_t)v; extra[count++] = 0; }
        i = j;
    }
    uint64_t freq[19] = {0};
    for (int i = 0; i < count; i++) freq[sym[i]]++;
    uint8_t clens[19];
    uint16_t ccodes[19];
    huff_lengths(freq, 19, 7, clens);
    huff_codes(clens, 19, ccodes);
    static const uint8_t order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};
    int hclen = 19;
    while (hclen > 4 && clens[order[hclen - 1]] == 0) hclen--;
    bw_put_flushed(w, 1 | 2 << 1, 3); /* the final block, dynamic Huffman codes */
    bw_put_flushed(w, (uint64_t)(hlit - 257) | (uint64_t)(2 - 1) << 5 | (uint64_t)(hclen - 4) << 10, 14);
    for (int i = 0; i < hclen; i++) bw_put_flushed(w, clens[order[i]], 3);
    static const uint8_t extra_bits[19] = {[16] = 2, [17] = 3, [18] = 7};
    for (int i = 0; i < count; i++) {
        bw_put_flushed(w, ccodes[sym[i]], clens[sym[i]]);
        if (extra_bits[sym[i]]) bw_put_flushed(w, extra[i], extra_bits[sym[i]]);
    }
}

/* Counts the tokens of a run of `len` zeros: a literal zero, then `len - 1` zeros as matches of
 * 258 while they last, then one shorter match of the rest when it is 3 or more, else the rest as
 * literals (emit_run writes them in that order). */
static void count_run(uint64_t *freq, unsigned len) {
    unsigned rem = len - 1, full = rem / 258, rest = rem % 258;
    freq[0] += 1;
    freq[285] += full;
    if (rest >= 3) freq[257 + len_symbol(rest)]++;
    else freq[0] += rest;
}

static void emit_run(bitw *out, const tables *t, unsigned len) {
    bitw local = *out, *w = &local;
    uint32_t zero = t->lit[0];
    bw_put_flushed(w, zero & 0xFFFF, zero >> 16);
    unsigned rem = len - 1;
    while (rem >= 3) {
        unsigned m = rem > 258 ? 258 : rem;
        bw_put_flushed(w, t->run_bits[m], t->run_len[m]);
        rem -= m;
    }
    while (rem--) bw_put_flushed(w, zero & 0xFFFF, zero >> 16);
    *out = local;
}

static void add_counts(uint32_t hist[4][256], const uint8_t *s, size_t n) {
    size_t i = 0;
    for (; i + 4 <= n; i += 4) {
        hist[0][s[i]]++;
        hist[1][s[i + 1]]++;
        hist[2][s[i + 2]]++;
        hist[3][s[i + 3]]++;
    }
    for (; i < n; i++) hist[0][s[i]]++;
}

/* MARK: - Two parts at once

 * A large image is encoded as two parts of rows, the second on a thread of its own: each part
 * filters its rows, finds its runs and counts its sampled lines; the counts are summed into one
 * Huffman code (sums do not depend on the order); then each part packs its own bits and the
 * second part's bits are appended to the first's at whatever bit they end on. Runs never cross a
 * line and a match only reaches back one byte, inside its run, so the bits are exactly those one
 * part would write: the bytes do not depend on the number of parts or of processors. */

/* Filtered bytes from which an image is encoded as two parts (a 3x phone screen has 8.9 MB; a 2x
 * one 3.9 MB). ps_png_fastest_set_split sets it (tests use it to split small images). */
static _Atomic size_t split_min = (size_t)6 << 20;

void ps_png_fastest_set_split(size_t min_bytes) { split_min = min_bytes; }
size_t ps_png_fastest_split(void) { return split_min; }

/* Images written as two parts so far (tests read it to know that the parts were exercised). */
static _Atomic unsigned long split_count;
unsigned long ps_png_fastest_split_count(void) { return split_count; }

typedef struct {
    /* What the part reads: rows [y0, y1) of the image. */
    const uint8_t *src;
    size_t stride;
    uint32_t width, y0, y1;
    int argb, bpp, vec;
    /* Where its filtered lines go: line y at lines + (y - y0) * (width * bpp + 1). */
    uint8_t *lines;
    /* What the first pass finds. */
    runs_t runs;
    uint32_t hist[4][256];
    uint64_t freq[286];
    uint32_t adler;
    int status; /* 0 done, 1 out of memory, 2 a row is not opaque (bpp 3) */
    /* The second pass: the code, and the bits written (into `bits` for the second part). */
    const tables *t;
    uint8_t *bits;
    bitw w;
} part_t;

/* The first pass over one part's rows. */
static void scan_part(part_t *q) {
    int bpp = q->bpp;
    size_t rowlen = (size_t)q->width * bpp, line = rowlen + 1, slot = rowlen + 2 * PAD;
    /* Row buffers: the current and previous straight rows, each with PAD zero bytes on both
     * sides. */
    uint8_t *rows = calloc(2, slot);
    if (!rows) { q->status = 1; return; }
    uint8_t *cur = rows + PAD, *prev = rows + slot + PAD;
    /* A later part starts from the straight row before its first (the part before it checks
     * that row's opacity). */
    if (q->y0 > 0) {
        const uint8_t *in = q->src + (size_t)(q->y0 - 1) * q->stride;
        if (q->argb) ps_straight_row((const uint32_t *)in, q->width, bpp, prev);
        else memcpy(prev, in, rowlen);
    }
    static const uint8_t filter_type[3] = {1, 2, 4};
    uint32_t adler = 1;
    for (uint32_t y = q->y0; y < q->y1; y++) {
        const uint8_t *in = q->src + (size_t)y * q->stride;
        if (q->argb) {
            int opaque;
#if PS_HAVE_AVX2_PATH
            if (q->vec) opaque = straight_row_avx2((const uint32_t *)in, q->width, bpp, cur);
            else
#endif
            {
                opaque = bpp == 4 || ps_argb32_opaque(in, q->width, 1, 0);
                if (opaque) ps_straight_row((const uint32_t *)in, q->width, bpp, cur);
            }
            if (!opaque) { q->status = 2; break; }
        } else {
            memcpy(cur, in, rowlen);
        }
        /* Paeth, the usual choice, is filtered straight into its line; sub or up is written over
         * it when it costs less. */
        size_t at = (size_t)(y - q->y0) * line;
        uint8_t *dst = q->lines + at;
        uint64_t cost[3] = {0, 0, 0};
#if PS_HAVE_AVX2_PATH
        if (q->vec) filter3_avx2(cur, prev, rowlen, bpp, dst + 1, cost);
        else
#endif
            filter3_scalar(cur, prev, 0, rowlen, bpp, dst + 1, cost);
        int best = 0;
        for (int f = 1; f < 3; f++)
            if (cost[f] < cost[best]) best = f;
        dst[0] = filter_type[best];
        if (best != 2) filter_sub_up(cur, prev, rowlen, bpp, filter_type[best], dst + 1);
        /* Runs never cross lines (each starts with a non-zero filter type): find this line's, and
         * count its literals and its runs' tokens. */
        size_t first = q->runs.count;
#if PS_HAVE_AVX2_PATH
        int failed = q->vec ? find_runs_avx2(dst, line, at, &q->runs) : find_runs_scalar(dst, 0, line, at, &q->runs);
#else
        int failed = find_runs_scalar(dst, 0, line, at, &q->runs);
#endif
        if (failed) { q->status = 1; break; }
        size_t p = 0;
        int sampled = y % SAMPLE_EVERY == 0; /* the image's line number: the same lines counted */
        for (size_t i = first; i < q->runs.count; i++) {
            size_t start = q->runs.runs[i].start - at;
            if (sampled) add_counts(q->hist, dst + p, start - p);
            count_run(q->freq, q->runs.runs[i].len);
            p = start + q->runs.runs[i].len;
        }
        if (sampled) add_counts(q->hist, dst + p, line - p);
        adler = libdeflate_adler32(adler, dst, line); /* while the line is in cache */
        uint8_t *t = prev; prev = cur; cur = t;
    }
    q->adler = adler;
    free(rows);
}

/* The second pass over one part: its literals and runs, packed into q->w. */
static void pack_part(part_t *q) {
    const tables *t = q->t;
    size_t n = (size_t)(q->y1 - q->y0) * ((size_t)q->width * q->bpp + 1), p = 0;
    const uint8_t *buf = q->lines;
#if PS_HAVE_AVX2_PATH
    int vec = q->vec;
#endif
    for (size_t i = 0; i <= q->runs.count; i++) {
        size_t end = i < q->runs.count ? q->runs.runs[i].start : n;
#if PS_HAVE_AVX2_PATH
        if (t->pairs) pack_pairs(&q->w, t->pairs, t->lit, buf + p, end - p);
        else if (vec) pack_literals_avx2(&q->w, t->lit, buf + p, end - p);
        else
#endif
            pack_literals_scalar(&q->w, t->lit, buf + p, end - p);
        if (i == q->runs.count) break;
        emit_run(&q->w, t, q->runs.runs[i].len);
        p = end + q->runs.runs[i].len;
    }
}

static void *scan_thread(void *q) { scan_part(q); return NULL; }
static void *pack_thread(void *q) { pack_part(q); return NULL; }

/* The Adler-32 of a followed by b, from theirs and b's length. */
static uint32_t adler_join(uint32_t a, uint32_t b, size_t len_b) {
    const uint64_t base = 65521;
    uint64_t a1 = a & 0xFFFF, a2 = a >> 16, b1 = b & 0xFFFF, b2 = b >> 16, k = len_b % base;
    uint64_t s1 = (a1 + b1 + base - 1) % base;
    uint64_t s2 = (a2 + b2 + k * ((a1 + base - 1) % base)) % base;
    return (uint32_t)(s1 | s2 << 16);
}

/* Appends the bits of `q` (a whole part packed from bit 0) to `w`. */
static void append_bits(bitw *w, const part_t *q) {
    const uint8_t *s = q->bits;
    size_t bytes = (size_t)(q->w.out - q->bits), i = 0;
    for (; i + 8 <= bytes; i += 7) {
        uint64_t v;
        memcpy(&v, s + i, 8);
        bw_put_flushed(w, v & 0x00FFFFFFFFFFFFFFull, 56);
    }
    for (; i < bytes; i++) bw_put_flushed(w, s[i], 8);
    if (q->w.n) bw_put_flushed(w, q->w.bits & ((1u << q->w.n) - 1), q->w.n);
}

/* `spare`, when not NULL, is `src` itself, which the caller gives up: an opaque ARGB32 image's
 * filtered lines are then written over its own rows (a part's line y, 3 * width + 1 bytes at
 * (y - y0) times that from the part's first row, ends before row y + 1 starts, and each part
 * reads its rows in order), instead of into scratch memory fresh from the system, whose pages
 * cost a fault and a page of zeros each. The bytes written are the same either way. */
static int encode_fastest(const uint8_t *src, uint32_t width, uint32_t height, size_t stride, int argb, int simd,
                          uint8_t *spare, uint8_t **out, size_t *out_len, char *err, size_t err_len) {
    if (ps_png_check_size(width, height, err, err_len)) return 1;
    pthread_once(&len_once, len_symbols_make);
#if PS_HAVE_AVX2_PATH
    int vec = simd < 0 ? ps_simd_enabled() : (simd > 0 && ps_cpu_has_avx2());
#else
    int vec = 0;
    (void)simd;
#endif
    /* Premultiplied ARGB32 is written as RGB while every row met is opaque; a row that is not
     * starts the image again as RGBA. */
    int bpp = argb ? 3 : 4;
    size_t rowlen, line, n, buf_len = 0;
    int in_place = 0, nparts = 1;
    uint32_t mid = height;
    uint8_t *buf = NULL, *png = NULL;
    uint32_t *pairs = NULL;
    part_t *parts = NULL;
    tables *t = NULL;
    int rc = 1;
restart:
    rowlen = (size_t)width * bpp;
    line = rowlen + 1;
    n = line * height;
    if (n > 0xFFFFFFF0u) { ps_set_err(err, err_len, "image too large for one PNG stream"); goto done; }
    nparts = n >= split_min && height >= 2 ? 2 : 1;
    /* Scratch memory, kept by the thread from one image to the next: each part's lines (unless
     * they go over the image), each from a 64-byte boundary with room for vector stores past its
     * end; with two parts, the second part's bits; then the vector path's pair table. */
    mid = nparts == 2 ? height / 2 : height;
    size_t n2 = (size_t)(height - mid) * line;
    size_t first_len = ALIGN64(line * mid + 64), second_len = nparts == 2 ? ALIGN64(n2 + 64) : 0;
    size_t bits_len = nparts == 2 ? ALIGN64(n2 / 8 * LIT_MAX_BITS + LIT_MAX_BITS + 32) : 0;
    /* Over the image only when it is all opaque (checked first: a row that is not would start
     * again as RGBA, with rows already overwritten) and large enough to be worth it (its memory
     * would hold the lines and the pair table). */
    in_place = spare != NULL && argb && bpp == 3 && stride >= line && (size_t)stride * height >= ALIGN64(n + 64) + PAIRS_BYTES &&
               ps_argb32_opaque(src, width, height, (uint32_t)stride);
    buf_len = (in_place ? 0 : first_len + second_len) + bits_len + PAIRS_BYTES;
    buf = ps_scratch_take(buf_len);
    parts = calloc((size_t)nparts, sizeof *parts);
    if (!buf || !parts) { ps_set_err(err, err_len, "out of memory"); goto done; }
    for (int k = 0; k < nparts; k++) {
        part_t *q = &parts[k];
        *q = (part_t){.src = src, .stride = stride, .width = width, .y0 = k ? mid : 0, .y1 = k ? height : mid,
                      .argb = argb, .bpp = bpp, .vec = vec};
    }
    uint8_t *rest = buf;
    if (in_place) {
        parts[0].lines = spare;
        if (nparts == 2) parts[1].lines = spare + (size_t)mid * stride;
    } else {
        parts[0].lines = rest;
        if (nparts == 2) parts[1].lines = rest + first_len;
        rest += first_len + second_len;
    }
    if (nparts == 2) parts[1].bits = rest;
    pairs = (uint32_t *)(rest + bits_len);
    if (nparts == 2) split_count++;
    ps_two_halves(scan_thread, &parts[0], nparts == 2 ? &parts[1] : NULL);
    for (int k = 0; k < nparts; k++) {
        if (parts[k].status == 1) { ps_set_err(err, err_len, "out of memory"); goto done; }
    }
    for (int k = 0; k < nparts; k++) {
        if (parts[k].status == 2) {
            for (int j = 0; j < nparts; j++) free(parts[j].runs.runs);
            free(parts);
            parts = NULL;
            ps_scratch_release(buf, buf_len);
            buf = NULL;
            bpp = 4;
            goto restart;
        }
    }

    /* Symbol counts: the literals counted, the runs' tokens, and the end of the block. */
    /* The literals of the lines counted stand for all lines; every byte value keeps a code, as
     * lines not counted may hold any. */
    uint64_t freq[286];
    memset(freq, 0, sizeof freq);
    uint32_t adler = parts[0].adler;
    for (int k = 0; k < nparts; k++) {
        const part_t *q = &parts[k];
        for (int s = 0; s < 286; s++) freq[s] += q->freq[s];
        for (int b = 0; b < 256; b++)
            freq[b] += ((uint64_t)q->hist[0][b] + q->hist[1][b] + q->hist[2][b] + q->hist[3][b]) * SAMPLE_EVERY;
        if (k) adler = adler_join(adler, q->adler, (size_t)(q->y1 - q->y0) * line);
    }
    for (int b = 0; b < 256; b++) freq[b] += 1;
    freq[256] = 1;
    uint8_t lens[286];
    uint16_t codes[286];
    huff_lengths(freq, 286, LIT_MAX_BITS, lens);
    huff_codes(lens, 286, codes);
    int hlit = 286;
    while (hlit > 257 && lens[hlit - 1] == 0) hlit--;
    t = malloc(sizeof *t);
    if (!t) { ps_set_err(err, err_len, "out of memory"); goto done; }
    for (int b = 0; b < 256; b++) t->lit[b] = codes[b] | (uint32_t)lens[b] << 16;
    t->pairs = NULL;
#if PS_HAVE_AVX2_PATH
    /* Worth building (65536 entries) from a few hundred kilobytes of literals up. */
    if (vec && n >= ((size_t)1 << 19)) {
        t->pairs = pairs;
        for (unsigned b1 = 0; b1 < 256; b1++)
            for (unsigned b0 = 0; b0 < 256; b0++)
                t->pairs[b0 | b1 << 8] = codes[b0] | (uint32_t)codes[b1] << lens[b0] |
                                         (uint32_t)(lens[b0] + lens[b1]) << PAIR_LEN_SHIFT;
    }
#endif
    for (unsigned m = 3; m <= 258; m++) {
        int k = len_symbol(m), s = 257 + k;
        t->run_bits[m] = codes[s] | (uint64_t)(m - len_base[k]) << lens[s]; /* then distance code 0: one 0 bit */
        t->run_len[m] = lens[s] + len_extra[k] + 1u;
    }

    /* The file: signature, IHDR, one IDAT (zlib header, the block, Adler-32), IEND. */
    /* At most LIT_MAX_BITS a byte; the block header takes under 600 bytes. */
    size_t bound = 33 + 8 + 2 + 600 + n / 8 * LIT_MAX_BITS + LIT_MAX_BITS + 32 + 4 + 12 + 12;
    png = ps_pixels_alloc(bound);
    if (!png) { ps_set_err(err, err_len, "out of memory"); goto done; }
    size_t pos = ps_png_head(png, width, height, bpp);
    size_t idat = pos;
    pos += 8;
    png[pos++] = 0x78; /* deflate, 32 KiB window */
    png[pos++] = 0x01; /* fastest; (0x78 << 8 | 0x01) % 31 == 0 */
    parts[0].w = (bitw){png + pos, 0, 0};
    write_block_header(&parts[0].w, lens, hlit);
    for (int k = 0; k < nparts; k++) parts[k].t = t;
    if (nparts == 2) parts[1].w = (bitw){parts[1].bits, 0, 0};
    ps_two_halves(pack_thread, &parts[0], nparts == 2 ? &parts[1] : NULL);
    bitw w = parts[0].w;
    if (nparts == 2) {
        bitw *w2 = &parts[1].w;
        bw_flush(w2);
        append_bits(&w, &parts[1]);
    }
    bw_put_flushed(&w, codes[256], lens[256]);
    bw_flush(&w);
    if (w.n) w.out++;
    pos = (size_t)(w.out - png);
    ps_put32be(png + pos, adler);
    pos += 4;
    size_t zlen = pos - idat - 8;
    if (zlen > 0x7FFFFFFFu) { ps_set_err(err, err_len, "image too large for one PNG chunk"); goto done; }
    ps_put32be(png + idat, (uint32_t)zlen);
    memcpy(png + idat + 4, "IDAT", 4);
    ps_put32be(png + pos, libdeflate_crc32(0, png + idat + 4, zlen + 4));
    pos += 4;
    ps_png_chunk(png, &pos, "IEND", NULL, 0);
    *out = png;
    *out_len = pos;
    png = NULL;
    rc = 0;
done:
    free(t);
    free(png);
    if (parts) {
        for (int k = 0; k < nparts; k++) free(parts[k].runs.runs);
        free(parts);
    }
    if (buf) ps_scratch_release(buf, buf_len);
    return rc;
}

int ps_png_fastest_argb32(const uint8_t *argb, uint32_t width, uint32_t height, uint32_t stride, int simd,
                          uint8_t **out, size_t *out_len, char *err, size_t err_len) {
    return encode_fastest(argb, width, height, stride, 1, simd, NULL, out, out_len, err, err_len);
}

int ps_png_fastest_argb32_consuming(uint8_t *argb, uint32_t width, uint32_t height, uint32_t stride, int simd,
                                    uint8_t **out, size_t *out_len, char *err, size_t err_len) {
    return encode_fastest(argb, width, height, stride, 1, simd, argb, out, out_len, err, err_len);
}

int ps_png_fastest_rgba(const uint8_t *rgba, uint32_t width, uint32_t height, int simd, uint8_t **out,
                        size_t *out_len, char *err, size_t err_len) {
    return encode_fastest(rgba, width, height, (size_t)width * 4, 0, simd, NULL, out, out_len, err, err_len);
}
