// Elephant Run, "can the elephant force k more points?", in C: a line-for-line port of
// Solver.elephant_at_least / farmers_at_least in game/elephant_run/solver.py (simple farmer moves
// only, no compound moves). A measuring tool, not part of the game: nothing builds or ships it.
// See README.md beside it for what it measured and how to run it.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define W 6
#define R 4
#define N 24
#define FULL ((1u << N) - 1)

static uint32_t nbmask[N];
static int njump[N], jnear[N][8], jfar[N][8];
static int nray[N], raylen[N][8], ray[N][8][6];
static uint32_t notA, notF;

static void tables(void) {
    int dirs[8][2] = {{-1,-1},{0,-1},{1,-1},{-1,0},{1,0},{-1,1},{0,1},{1,1}};
    for (int sq = 0; sq < N; sq++) {
        int f = sq % W, r = sq / W;
        nbmask[sq] = 0; njump[sq] = 0; nray[sq] = 0;
        for (int d = 0; d < 8; d++) {
            int df = dirs[d][0], dr = dirs[d][1];
            if (f+df < 0 || f+df >= W || r+dr < 0 || r+dr >= R) continue;
            int near = (r+dr)*W + f+df;
            nbmask[sq] |= 1u << near;
            if (f+2*df < 0 || f+2*df >= W || r+2*dr < 0 || r+2*dr >= R) continue;
            jnear[sq][njump[sq]] = near; jfar[sq][njump[sq]] = (r+2*dr)*W + f+2*df; njump[sq]++;
            int len = 0;
            for (int s = 1; f+s*df >= 0 && f+s*df < W && r+s*dr >= 0 && r+s*dr < R; s++)
                ray[sq][nray[sq]][len++] = (r+s*dr)*W + f+s*df;
            raylen[sq][nray[sq]++] = len;
        }
    }
    notA = FULL; notF = FULL;
    for (int r = 0; r < R; r++) { notA &= ~(1u << (r*W)); notF &= ~(1u << (r*W + W-1)); }
}

static inline uint32_t grow(uint32_t m) {
    uint32_t row = m | ((m & notF) << 1) | ((m & notA) >> 1);
    return (row | (row << W) | (row >> W)) & FULL;
}
static inline uint32_t region(uint32_t seed, uint32_t within) {
    uint32_t cur = seed & within;
    for (;;) { uint32_t b = grow(cur) & within; if (b == cur) return cur; cur = b; }
}

// ---- memo: key -> lo | hi<<6 --------------------------------------------------------------------
typedef struct { uint64_t key; uint16_t v; } Entry;
static Entry *table; static uint64_t mask_t; static uint64_t nodes, limit;
#define UNKNOWN 64
static inline uint64_t hash64(uint64_t x) { x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33; return x; }
static inline void bounds(uint64_t key, int *lo, int *hi) {
    uint64_t h = hash64(key) & mask_t;
    for (int i = 0; i < 8; i++) {
        Entry *e = &table[(h + i) & mask_t];
        if (e->key == key + 1) { *lo = e->v & 63; *hi = e->v >> 6; return; }
        if (e->key == 0) break;
    }
    *lo = 0; *hi = UNKNOWN;
}
static inline void store(uint64_t key, int lo, int hi) {
    uint64_t h = hash64(key) & mask_t;
    for (int i = 0; i < 8; i++) {
        Entry *e = &table[(h + i) & mask_t];
        if (e->key == key + 1 || e->key == 0) { e->key = key + 1; e->v = lo | hi << 6; return; }
    }
    Entry *e = &table[h]; e->key = key + 1; e->v = lo | hi << 6;  // overwrite: a cache, still sound
}
#define KEY(t,f,e,s) ((uint64_t)(t) | (uint64_t)(f) << 24 | (uint64_t)(e) << 48 | (uint64_t)(s) << 53)

static int mobility(uint32_t t, uint32_t f, int e) {
    uint32_t vac = t & ~f;
    int c = __builtin_popcount(nbmask[e] & vac);
    if (nbmask[e] & f)
        for (int j = 0; j < njump[e]; j++) if ((f >> jnear[e][j] & 1) && (vac >> jfar[e][j] & 1)) c++;
    return c;
}

static int farmers_at_least(uint32_t t, uint32_t f, int e, int k);

static int elephant_at_least(uint32_t t, uint32_t f, int e, int k) {
    if (k <= 0) return 1;
    uint64_t key = KEY(t, f, e, 0);
    int lo, hi; bounds(key, &lo, &hi);
    if (k <= lo) return 1;
    if (k > hi) return 0;
    if (++nodes > limit) { fprintf(stderr, "budget\n"); exit(3); }
    uint32_t vac = t & ~f;
    uint32_t ct[16], cf[16]; int ce[16], score[16], n = 0;
    uint32_t steps = nbmask[e] & vac;
    while (steps) { int to = __builtin_ctz(steps); steps &= steps - 1;
        ct[n] = t & ~(1u << to); cf[n] = f; ce[n] = to; score[n] = __builtin_popcount(nbmask[to] & vac); n++; }
    int any = n;
    if (nbmask[e] & f)
        for (int j = 0; j < njump[e]; j++) if ((f >> jnear[e][j] & 1) && (vac >> jfar[e][j] & 1)) {
            any++;
            uint32_t nf = f & ~(1u << jnear[e][j]);
            if (!nf) continue;
            ct[n] = t; cf[n] = nf; ce[n] = jfar[e][j]; score[n] = 100 + __builtin_popcount(nbmask[jfar[e][j]] & vac); n++;
        }
    if (!any) { store(key, 0, 0); return 0; }
    if (k == 1) { store(key, lo > 1 ? lo : 1, hi); return 1; }
    int bound = __builtin_popcount(region(nbmask[e] & t, t)) + __builtin_popcount(f);
    if (bound < k) { store(key, lo, hi < bound ? hi : bound); return 0; }
    int order[16], m = 0;
    for (int i = 0; i < n; i++) {
        int clo, chi; bounds(KEY(ct[i], cf[i], ce[i], 1), &clo, &chi);
        if (clo >= k - 1) { store(key, k, hi); return 1; }
        if (chi >= k - 1) order[m++] = i;
    }
    for (int a = 1; a < m; a++) { int x = order[a], b = a; while (b > 0 && score[order[b-1]] < score[x]) { order[b] = order[b-1]; b--; } order[b] = x; }
    for (int a = 0; a < m; a++) { int i = order[a];
        if (farmers_at_least(ct[i], cf[i], ce[i], k - 1)) { store(key, k, hi); return 1; } }
    store(key, lo, k - 1);
    return 0;
}

static int farmers_at_least(uint32_t t, uint32_t f, int e, int k) {
    if (k <= 0) return 1;
    uint64_t key = KEY(t, f, e, 1);
    int lo, hi; bounds(key, &lo, &hi);
    if (k <= lo) return 1;
    if (k > hi) return 0;
    if (++nodes > limit) { fprintf(stderr, "budget\n"); exit(3); }
    uint32_t child[256]; int mob[256], n = 0;
    uint32_t ebit = 1u << e;
    uint32_t fs = f;
    while (fs) {
        int frm = __builtin_ctz(fs); fs &= fs - 1;
        uint32_t others = f & ~(1u << frm);
        uint32_t vac = t & ~others & ~ebit;
        uint32_t dests = nbmask[frm] & vac;
        for (int j = 0; j < njump[frm]; j++) if ((others >> jnear[frm][j] & 1) && (vac >> jfar[frm][j] & 1)) dests |= 1u << jfar[frm][j];
        for (int r = 0; r < nray[frm]; r++) {
            int first = ray[frm][r][0];
            if ((t >> first & 1) || first == e) continue;
            for (int s = 1; s < raylen[frm][r]; s++) { int sq = ray[frm][r][s];
                if (sq == e) break;
                if (t >> sq & 1) { if (vac >> sq & 1) dests |= 1u << sq; break; } }
        }
        while (dests) { int to = __builtin_ctz(dests); dests &= dests - 1;
            uint32_t c = others | (1u << to);
            int dup = 0; for (int i = 0; i < n; i++) if (child[i] == c) { dup = 1; break; }
            if (dup) continue;
            int mb = mobility(t, c, e);
            if (mb == 0) { store(key, 0, 0); return 0; }
            child[n] = c; mob[n] = mb; n++; }
    }
    if (!n) { int r = elephant_at_least(t, f, e, k); if (r) store(key, k, hi); else store(key, lo, k - 1); return r; }
    for (int i = 0; i < n; i++) { int clo, chi; bounds(KEY(t, child[i], e, 0), &clo, &chi);
        if (chi < k) { store(key, lo, k - 1); return 0; } }
    // order by mobility ascending (stable)
    int order[256]; for (int i = 0; i < n; i++) order[i] = i;
    for (int a = 1; a < n; a++) { int x = order[a], b = a; while (b > 0 && mob[order[b-1]] > mob[x]) { order[b] = order[b-1]; b--; } order[b] = x; }
    for (int a = 0; a < n; a++) if (!elephant_at_least(t, child[order[a]], e, k)) { store(key, lo, k - 1); return 0; }
    store(key, k, hi);
    return 1;
}

int main(int argc, char **argv) {
    int bits = argc > 1 ? atoi(argv[1]) : 26;
    limit = argc > 2 ? strtoull(argv[2], 0, 10) : (uint64_t)-1;
    int keep = argc > 3 ? atoi(argv[3]) : 0;  // keep the table across questions
    tables();
    mask_t = (1ULL << bits) - 1;
    table = calloc(mask_t + 1, sizeof(Entry));
    unsigned t, f; int e, side, k;
    while (scanf("%u %u %d %d %d", &t, &f, &e, &side, &k) == 5) {
        if (!keep) memset(table, 0, (mask_t + 1) * sizeof(Entry));
        uint64_t before = nodes;
        clock_t c0 = clock();
        int r = side ? farmers_at_least(t, f, e, k) : elephant_at_least(t, f, e, k);
        double s = (double)(clock() - c0) / CLOCKS_PER_SEC;
        printf("%u %u %d %d %d -> %d nodes %llu  %.2fs  %.1f Mnodes/s\n", t, f, e, side, k, r,
               (unsigned long long)(nodes - before), s, (nodes - before) / 1e6 / (s > 0 ? s : 1e-9));
        fflush(stdout);
    }
    return 0;
}
