// Elephant Run, solved from the start: a compiled solver written beside (not ported from) the
// project's Python solver, for issue #31. Same rules as game/elephant_run/rules.py with compound
// moves off: step, jump, run; the farmers pass only when no farmer can move; the elephant eats the
// tile it steps onto and scores every capture; the game ends when the elephant cannot move at the
// start of its turn, when every tile is eaten or when every farmer is captured.
//
// The question everywhere is the Python solver's: "can the elephant force k more points?" (every
// elephant move is one point, so the game graph is acyclic and a memoised AND/OR search is exact).
// What differs from docs/solver/elephant_run_port.c, and why:
//   - one 64-bit word per table entry (54-bit key, 5-bit lo, 5-bit hi), buckets of four in one
//     cache line, and the entry nearest the leaves (fewest tiles left) is the one replaced: the
//     table holds four times the port's entries in the same memory and keeps the costly ones;
//   - a static lower bound, safe(): room round the elephant that one farmers' move a turn cannot
//     close is points whatever they do; replies after which it holds are dropped unsearched, and
//     a farmers' node that needs one point only asks whether a reply leaves the elephant stuck;
//   - positions can be keyed modulo the board's two mirrors (-m 1; off by default: no start
//     square is fixed by a mirror, so mirrored lines seldom meet and the keys cost 25 %);
//   - the region bound is checked at the farmers' node too, before their ~40 moves are generated;
//   - history heuristics on both sides (which elephant step and which farmer move refuted before),
//     under the old keys (captures first; farmers' moves that leave the elephant fewest moves);
//   - the start procedure (mode `start`): for a start square s and caps c = 1, 2, ..., 12 it asks
//     "does the elephant force c against every placement of the farmers?" with one table shared
//     by all C(23, n) placements and the placements visited hardest-first (by the nodes each took
//     at the previous cap), so the first placement that refutes c tends to come up early;
//     placements listed in start_hints.txt beside this file go first.
// See README.md beside this file for how to build and run it.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define W 6
#define R 4
#define N 24
#define FULL ((1u << N) - 1)
#define UNKNOWN 31

static uint32_t nbmask[N];
static int njump[N], jnear[N][8], jfar[N][8];
static int nray[N], raylen[N][8], ray[N][8][6];
static uint32_t notA, notF;
static uint8_t rev6[64];

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
    for (int m = 0; m < 64; m++) { int v = 0; for (int b = 0; b < 6; b++) if (m >> b & 1) v |= 1 << (5-b); rev6[m] = v; }
}

static inline uint32_t grow(uint32_t m) {
    uint32_t row = m | ((m & notF) << 1) | ((m & notA) >> 1);
    return (row | (row << W) | (row >> W)) & FULL;
}
static inline uint32_t region(uint32_t seed, uint32_t within) {
    uint32_t cur = seed & within;
    for (;;) { uint32_t b = grow(cur) & within; if (b == cur) return cur; cur = b; }
}

// ---- symmetry -----------------------------------------------------------------------------------
static inline uint32_t mirror_lr(uint32_t m) {
    return rev6[m & 63] | rev6[m >> 6 & 63] << 6 | rev6[m >> 12 & 63] << 12 | (uint32_t)rev6[m >> 18 & 63] << 18;
}
static inline uint32_t mirror_tb(uint32_t m) {
    return (m & 63) << 18 | (m >> 6 & 63) << 12 | (m >> 12 & 63) << 6 | m >> 18;
}
static inline int sq_lr(int s) { return s / W * W + (W - 1 - s % W); }
static inline int sq_tb(int s) { return (R - 1 - s / W) * W + s % W; }
#define KEY(t,f,e,s) ((uint64_t)(t) | (uint64_t)(f) << 24 | (uint64_t)(e) << 48 | (uint64_t)(s) << 53)
static int MIRRORS = 0;  // measured: keying by the mirrors costs more than the transpositions it finds
static inline uint64_t canon(uint32_t t, uint32_t f, int e, int side) {
    uint64_t k0 = KEY(t, f, e, side);
    if (!MIRRORS) return k0;
    uint32_t tl = mirror_lr(t), fl = mirror_lr(f);
    uint64_t k1 = KEY(tl, fl, sq_lr(e), side);
    uint64_t k2 = KEY(mirror_tb(t), mirror_tb(f), sq_tb(e), side);
    uint64_t k3 = KEY(mirror_tb(tl), mirror_tb(fl), sq_tb(sq_lr(e)), side);
    uint64_t a = k0 < k1 ? k0 : k1, b = k2 < k3 ? k2 : k3;
    return a < b ? a : b;
}

// ---- the table: key (54 bits) | lo << 54 | hi << 59; buckets of 4 words -------------------------
static uint64_t *table; static uint64_t nbuckets_mask;
static uint64_t nodes;
#define KEYBITS ((1ULL << 54) - 1)
static inline uint64_t hash64(uint64_t x) { x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33; x *= 0xc4ceb9fe1a85ec53ULL; x ^= x >> 33; return x; }
static inline uint64_t *bucket(uint64_t key) { return table + 4 * (hash64(key) & nbuckets_mask); }
static inline void bounds(uint64_t key, int *lo, int *hi) {
    uint64_t *b = bucket(key);
    for (int i = 0; i < 4; i++)
        if ((b[i] & KEYBITS) == key && b[i]) { *lo = b[i] >> 54 & 31; *hi = b[i] >> 59; return; }
    *lo = 0; *hi = UNKNOWN;
}
static inline void store(uint64_t key, int lo, int hi) {
    uint64_t *b = bucket(key);
    int victim = 0, fewest = 99;
    for (int i = 0; i < 4; i++) {
        if (b[i] && (b[i] & KEYBITS) == key) {
            int olo = b[i] >> 54 & 31, ohi = b[i] >> 59;
            if (olo > lo) lo = olo;
            if (ohi < hi) hi = ohi;
            victim = i; goto put;
        }
        int left = b[i] ? __builtin_popcount((uint32_t)(b[i] & FULL)) : -1;  // empty first
        if (left < fewest) { fewest = left; victim = i; }
    }
put:
    b[victim] = key | (uint64_t)lo << 54 | (uint64_t)hi << 59;
}

static uint32_t fhist[N][N];   // farmers: from -> to that refuted
static uint32_t ehist[N][N];   // elephant: from -> to that proved

static inline int mobility(uint32_t t, uint32_t f, int e) {
    uint32_t vac = t & ~f;
    int c = __builtin_popcount(nbmask[e] & vac);
    if (nbmask[e] & f)
        for (int j = 0; j < njump[e]; j++) if ((f >> jnear[e][j] & 1) && (vac >> jfar[e][j] & 1)) c++;
    return c;
}
static inline int reach_bound(uint32_t t, uint32_t f, int e) {
    return __builtin_popcount(region(nbmask[e] & t, t)) + __builtin_popcount(f);
}

static int farmers_at_least(uint32_t t, uint32_t f, int e, int k);

// A static lower bound, farmers to move: the elephant forces k steps even if, besides the farmers'
// own moves, d more squares were filled. A farmers' move fills at most one square (tiles never come
// back; a vacated square only adds moves) and the d others at most d, so d + 2 vacant neighbours
// leave one free; for k > 1 it needs d + 2 neighbours from which the rest holds with one square
// more filled (the farmers' move just made). Jumps are ignored: it only ever says yes too seldom.
static int SAFE_MAX = 4;
static int ORDER2 = 0;
static int ETC_MIN = 3;
static int CHILD_SAFE = 3;  // farmers' nodes test each reply with safe() up to this k
  // farmers' nodes probe their replies in the table from this k up
  // farmers: break mobility ties by the elephant's room two moves out
static int safe(uint32_t t, uint32_t f, int e, int k, int d) {
    uint32_t vac = nbmask[e] & t & ~f;
    int cnt = __builtin_popcount(vac);
    if (cnt < d + 2) return 0;
    if (k == 1) return 1;
    int good = 0;
    while (vac) {
        int a = __builtin_ctz(vac); vac &= vac - 1;
        if (safe(t & ~(1u << a), f, a, k - 1, d + 1)) { if (++good >= d + 2) return 1; }
        else if (--cnt < d + 2) return 0;
    }
    return 0;
}

// Elephant to move: can it force k more points?
static int elephant_at_least(uint32_t t, uint32_t f, int e, int k) {
    if (k <= 0) return 1;
    uint64_t key = canon(t, f, e, 0);
    int lo, hi; bounds(key, &lo, &hi);
    if (k <= lo) return 1;
    if (k > hi) return 0;
    nodes++;
    uint32_t vac = t & ~f;
    uint32_t ct[16], cf[16]; int ce[16]; int64_t score[16]; int n = 0, any = 0;
    uint32_t steps = nbmask[e] & vac;
    while (steps) { int to = __builtin_ctz(steps); steps &= steps - 1; any++;
        ct[n] = t & ~(1u << to); cf[n] = f; ce[n] = to;
        score[n] = ((int64_t)__builtin_popcount(nbmask[to] & vac) << 32) + ehist[e][to]; n++; }
    if (nbmask[e] & f)
        for (int j = 0; j < njump[e]; j++) if ((f >> jnear[e][j] & 1) && (vac >> jfar[e][j] & 1)) {
            any++;
            uint32_t nf = f & ~(1u << jnear[e][j]);
            if (!nf) continue;  // the last farmer: one point and the game is over
            ct[n] = t; cf[n] = nf; ce[n] = jfar[e][j];
            score[n] = ((int64_t)(100 + __builtin_popcount(nbmask[jfar[e][j]] & vac)) << 32) + ehist[e][jfar[e][j]]; n++;
        }
    if (!any) { store(key, 0, 0); return 0; }
    if (k == 1) { store(key, 1, hi); return 1; }
    int bound = reach_bound(t, f, e);
    if (bound < k) { store(key, lo, bound); return 0; }
    if (k == 2)  // a step onto a square with two vacant neighbours is two points (see farmers_at_least)
        for (int i = 0; i < n; i++)
            if (__builtin_popcount(nbmask[ce[i]] & ct[i] & ~cf[i]) >= 2) { store(key, 2, hi); return 1; }
    int order[16], m = 0;
    for (int i = 0; i < n; i++) {
        int clo, chi; bounds(canon(ct[i], cf[i], ce[i], 1), &clo, &chi);
        if (clo >= k - 1 || (k - 1 <= SAFE_MAX && safe(ct[i], cf[i], ce[i], k - 1, 0))) { store(key, k, hi); return 1; }
        if (chi >= k - 1) order[m++] = i;
    }
    for (int a = 1; a < m; a++) { int x = order[a], b = a; while (b > 0 && score[order[b-1]] < score[x]) { order[b] = order[b-1]; b--; } order[b] = x; }
    for (int a = 0; a < m; a++) { int i = order[a];
        if (farmers_at_least(ct[i], cf[i], ce[i], k - 1)) { ehist[e][ce[i]] += k * k; store(key, k, hi); return 1; } }
    store(key, lo, k - 1);
    return 0;
}

// Farmers to move: does the elephant still force k more points whatever they do?
static int farmers_at_least(uint32_t t, uint32_t f, int e, int k) {
    if (k <= 0) return 1;
    uint64_t key = canon(t, f, e, 1);
    int lo, hi; bounds(key, &lo, &hi);
    if (k <= lo) return 1;
    if (k > hi) return 0;
    nodes++;
    // Enough room round the elephant is k points whatever the farmers do (see safe()).
    if (k <= SAFE_MAX && safe(t, f, e, k, 0)) { store(key, k, hi); return 1; }
    int bound = reach_bound(t, f, e);
    if (bound < k) { store(key, lo, bound); return 0; }
    uint32_t child[256]; int64_t score[256]; uint8_t mfrom[256], mto[256]; int n = 0;
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
            child[n] = c; mfrom[n] = frm; mto[n] = to;
            int64_t room = 0;
            if (ORDER2 == 1) {  // the elephant's room two moves out: the vacant squares round its moves
                uint32_t v2 = nbmask[e] & t & ~c;
                while (v2) { int a2 = __builtin_ctz(v2); v2 &= v2 - 1; room += __builtin_popcount(nbmask[a2] & t & ~c); }
            }
            score[n] = ORDER2 == 2 ? -(int64_t)fhist[frm][to] * 16 + mb : ((int64_t)mb << 40) + (room << 32) - fhist[frm][to];
            n++; }
    }
    if (!n) {  // a forced pass: the elephant moves again
        int r = elephant_at_least(t, f, e, k);
        if (r) store(key, k, hi); else store(key, lo, k - 1);
        return r;
    }
    if (k == 1) { store(key, 1, hi); return 1; }  // no reply leaves the elephant without a move
    // Replies after which one step of the elephant's is statically safe for the rest (see safe())
    // are lost for the farmers: drop them without a search, and if none is left the elephant wins.
    if (k <= CHILD_SAFE) {
        int kept = 0;
        for (int i = 0; i < n; i++) {
            uint32_t vac = nbmask[e] & t & ~child[i], ok = 0;
            while (vac && !ok) { int a = __builtin_ctz(vac); vac &= vac - 1; ok = safe(t & ~(1u << a), child[i], a, k - 1, 0); }
            if (!ok) { child[kept] = child[i]; mfrom[kept] = mfrom[i]; mto[kept] = mto[i]; score[kept] = score[i]; kept++; }
        }
        n = kept;
        if (!n) { store(key, k, hi); return 1; }
    }
    if (k >= ETC_MIN)  // a reply the table already proves enough (a probe per reply: not near the leaves)
        for (int i = 0; i < n; i++) { int clo, chi; bounds(canon(t, child[i], e, 0), &clo, &chi);
            if (chi < k) { store(key, lo, k - 1); return 0; } }
    int order[256]; for (int i = 0; i < n; i++) order[i] = i;
    for (int a = 1; a < n; a++) { int x = order[a], b = a; while (b > 0 && score[order[b-1]] > score[x]) { order[b] = order[b-1]; b--; } order[b] = x; }
    for (int a = 0; a < n; a++) { int i = order[a];
        if (!elephant_at_least(t, child[i], e, k)) { fhist[mfrom[i]][mto[i]] += k * k; store(key, lo, k - 1); return 0; } }
    store(key, k, hi);
    return 1;
}

// ---- driver ---------------------------------------------------------------------------------------
static double cpu(void) { return (double)clock() / CLOCKS_PER_SEC; }
static void name(int sq, char *out) { out[0] = 'a' + sq % W; out[1] = '1' + sq / W; out[2] = 0; }
static void alloc_table(int bits) {
    nbuckets_mask = (1ULL << (bits - 2)) - 1;
    table = calloc(4 * (nbuckets_mask + 1), sizeof(uint64_t));
    if (!table) { fprintf(stderr, "no memory for 2^%d entries\n", bits); exit(2); }
}
static void clear_all(void) {
    memset(table, 0, 4 * (nbuckets_mask + 1) * sizeof(uint64_t));
    memset(fhist, 0, sizeof fhist); memset(ehist, 0, sizeof ehist);
}
static void print_placement(FILE *out, uint32_t f) {
    char nm[3]; int first = 1;
    for (int s = 0; s < N; s++) if (f >> s & 1) { name(s, nm); fprintf(out, "%s%s", first ? "" : ",", nm); first = 0; }
}

typedef struct { uint32_t f; uint64_t effort; } Placement;
static int by_effort(const void *a, const void *b) {
    const Placement *x = a, *y = b;
    if (x->effort != y->effort) return x->effort < y->effort ? 1 : -1;
    return x->f < y->f ? -1 : x->f > y->f;
}

// Every placement of n farmers on the 23 other tiles, then caps 1..maxcap (see the header).
static int start(int s, int nf, int maxcap) {
    int free_sq[N], nfree = 0;
    for (int q = 0; q < N; q++) if (q != s) free_sq[nfree++] = q;
    size_t cap_alloc = 1 << 18, np = 0;
    Placement *pl = malloc(cap_alloc * sizeof *pl);
    int idx[8]; for (int i = 0; i < nf; i++) idx[i] = i;
    for (;;) {
        uint32_t f = 0; for (int i = 0; i < nf; i++) f |= 1u << free_sq[idx[i]];
        if (np == cap_alloc) { cap_alloc *= 2; pl = realloc(pl, cap_alloc * sizeof *pl); }
        pl[np].f = f; pl[np].effort = 0; np++;
        int i = nf - 1; while (i >= 0 && idx[i] == nfree - nf + i) i--;
        if (i < 0) break;
        idx[i]++; for (int j = i + 1; j < nf; j++) idx[j] = idx[j-1] + 1;
    }
    char nm[3]; name(s, nm);
    printf("start %s farmers %d placements %zu\n", nm, nf, np); fflush(stdout);
    // Placements known to be strong (start_hints.txt beside this source: lines "<square> <mask>")
    // go first at every cap: only the order changes, never what is proved.
    uint32_t hint[64]; int nh = 0;
    {
        char path[4096]; snprintf(path, sizeof path, "%s", __FILE__);
        char *slash = strrchr(path, '/');
        if (slash) strcpy(slash + 1, "start_hints.txt"); else strcpy(path, "start_hints.txt");
        FILE *hf = fopen(path, "r");
        char line[256];
        while (hf && fgets(line, sizeof line, hf) && nh < 64) {
            char sqname[8]; unsigned mask;
            if (sscanf(line, "%7s %u", sqname, &mask) == 2 && sqname[0] == nm[0] && sqname[1] == nm[1]
                && __builtin_popcount(mask) == nf && !(mask >> s & 1) && !(mask >> N)) hint[nh++] = mask;
        }
        if (hf) fclose(hf);
        if (nh) { printf("hints %d, tried first at every cap\n", nh); fflush(stdout); }
    }
    double t0 = cpu(); uint64_t n0 = nodes;
    for (int c = 1; c <= maxcap; c++) {
        for (size_t i = 0; i < np; i++) for (int h = 0; h < nh; h++) if (pl[i].f == hint[h]) pl[i].effort = UINT64_MAX - h;
        qsort(pl, np, sizeof *pl, by_effort);
        for (int x = 0; x < N; x++) for (int y = 0; y < N; y++) { fhist[x][y] /= 2; ehist[x][y] /= 2; }
        uint64_t nc = nodes; double tc = cpu();
        for (size_t i = 0; i < np; i++) {
            uint64_t before = nodes;
            int r = elephant_at_least(FULL, pl[i].f, s, c);
            pl[i].effort = nodes - before;
            if (!r) {
                printf("cap %d no: placement ", c); print_placement(stdout, pl[i].f);
                printf(" (the %zu-th tried) holds the elephant under %d; nodes %llu cpu %.1f\n", i + 1, c,
                       (unsigned long long)(nodes - nc), cpu() - tc);
                printf("RESULT %s %d ", nm, c - 1); print_placement(stdout, pl[i].f);
                printf(" %u nodes %llu cpu %.1f\n", pl[i].f, (unsigned long long)(nodes - n0), cpu() - t0);
                fflush(stdout);
                free(pl);
                return c - 1;
            }
            if ((i + 1) % 20000 == 0) { fprintf(stderr, "  cap %d: %zu placements, %llu nodes, %.0fs\n", c, i + 1, (unsigned long long)(nodes - nc), cpu() - tc); }
        }
        printf("cap %d yes: the elephant forces %d against all %zu placements; nodes %llu cpu %.1f\n", c, c, np,
               (unsigned long long)(nodes - nc), cpu() - tc);
        fflush(stdout);
    }
    printf("RESULT %s %d - 0 nodes %llu cpu %.1f\n", nm, maxcap, (unsigned long long)(nodes - n0), cpu() - t0);
    fflush(stdout);
    free(pl);
    return maxcap;
}

static void usage(void) {
    fprintf(stderr,
        "options: -b BITS (log2 of the table's entries, 8 bytes each), -s K (static bound up to K, 0 off),\n"
        "         -o 0|1|2 (farmers' order: mobility then history | then room, then history | history first),\n"
        "         -e K (farmers' nodes probe the table for their replies from K up), -m 0|1 (mirrors),\n"
        "         -c K (farmers' nodes test each reply with the static bound up to K)\n"
        "usage: er_solve [-b BITS] query            lines 'tiles farmers elephant side k' on stdin\n"
        "       er_solve [-b BITS] check SQ FARMERS K  fresh table: does the elephant on SQ (all tiles,\n"
        "                                             farmers mask FARMERS) force K?\n"
        "       er_solve [-b BITS] start SQ [NF] [MAXCAP]  the start procedure for square SQ (0..23)\n");
    exit(1);
}

int main(int argc, char **argv) {
    int bits = 26, a = 1;
    while (a + 1 < argc && argv[a][0] == '-') {
        if (!strcmp(argv[a], "-b")) bits = atoi(argv[a+1]);
        else if (!strcmp(argv[a], "-s")) SAFE_MAX = atoi(argv[a+1]);
        else if (!strcmp(argv[a], "-o")) ORDER2 = atoi(argv[a+1]);
        else if (!strcmp(argv[a], "-e")) ETC_MIN = atoi(argv[a+1]);
        else if (!strcmp(argv[a], "-m")) MIRRORS = atoi(argv[a+1]);
        else if (!strcmp(argv[a], "-c")) CHILD_SAFE = atoi(argv[a+1]);
        else usage();
        a += 2;
    }
    if (a >= argc) usage();
    tables();
    alloc_table(bits);
    if (!strcmp(argv[a], "query")) {
        unsigned t, f; int e, side, k;
        while (scanf("%u %u %d %d %d", &t, &f, &e, &side, &k) == 5) {
            uint64_t before = nodes; double c0 = cpu();
            int r = side ? farmers_at_least(t, f, e, k) : elephant_at_least(t, f, e, k);
            printf("%u %u %d %d %d -> %d nodes %llu cpu %.2f\n", t, f, e, side, k, r,
                   (unsigned long long)(nodes - before), cpu() - c0);
            fflush(stdout);
        }
    } else if (!strcmp(argv[a], "check") && a + 3 < argc) {
        int s = atoi(argv[a+1]); uint32_t f = strtoul(argv[a+2], 0, 10); int k = atoi(argv[a+3]);
        double c0 = cpu();
        int r = elephant_at_least(FULL, f, s, k);
        printf("check %d %u %d -> %d nodes %llu cpu %.2f\n", s, f, k, r, (unsigned long long)nodes, cpu() - c0);
    } else if (!strcmp(argv[a], "start") && a + 1 < argc) {
        int s = atoi(argv[a+1]);
        int nf = a + 2 < argc ? atoi(argv[a+2]) : 6;
        int maxcap = a + 3 < argc ? atoi(argv[a+3]) : 12;
        start(s, nf, maxcap);
    } else usage();
    (void)clear_all;
    return 0;
}
