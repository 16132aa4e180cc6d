#!/usr/bin/env bash
# benches/peers/dlx3-instances.sh: exact-cover instances WITH MULTIPLICITIES,
# in the input format of Knuth's DLX3 (Algorithm M), for checking an
# Algorithm M implementation against DLX3's solution, node and update counts
# (recorded in benches/peers/dlx3-expected.md).
#
# Usage: benches/peers/dlx3-instances.sh OUTDIR
#
# DLX3's item line: a primary item may be written `a:b|name` (it must be
# covered between a and b times) or `b|name` (exactly b times); a bare name
# means exactly once. Secondary items (after a lone `|`) take no bounds, and
# are covered at most once. Item names have at most 8 characters.
#
# Instances written (NAME.dlx):
#   knuth-example   the 6-line example in dlx3.w's introduction (colours too)
#   queens2-N       two queens in every row and every column of an N x N board
#                   (rows and columns primary, `2|`), at most one on each
#                   diagonal (diagonals secondary): no solution, since 2N
#                   queens do not fit on 2N-1 diagonals, but the search is
#                   a good test of the counts
#   queens2d-N      the same with the diagonals primary, `0:2|` (at most two)
#   tetro2-5x8      the five free tetrominoes, each used exactly twice
#                   (`2|I` ...), tiling a 5 x 8 box
#   tetro13-5x8     the same, each used 1 to 3 times (`1:3|I` ...)
#   pento02-RxC     the twelve pentominoes, each used 0 to 2 times (`0:2|F`
#                   ...), tiling an R x C box
#   dominoHV-N-H    domino tilings of an N x N board with exactly H horizontal
#                   dominoes (item `H` with multiplicity H, `V` with the rest);
#                   dominoHV-RxC-H the same on an R x C board: 6x8, 7x8 and
#                   8x8, added later as instances the work on dense solution
#                   sets was not tuned on
#   bricks-RxC      an R x C box packed with 1x2, 1x3 and 2x2 bricks, the
#                   number of each in a range (`a:b|D` ...): 4x8 and 6x6,
#                   and 5x6, 4x7, 3x10 and 3x8, added later as instances
#                   the work on Algorithm M was not tuned on

set -euo pipefail
export LC_ALL=C

out=${1:?usage: dlx3-instances.sh OUTDIR}
mkdir -p "$out"

# Cell names: row and column as one base-36 digit each.
# queens2 N: items r0.. c0.. (2 each) | a<diag> b<antidiag>.
queens2() {
    awk -v n="$1" 'function d(x) { return substr("0123456789abcdefghijklmnopqrstuvwxyz", x + 1, 1) }
    BEGIN {
        printf "| two queens in every row and column of a %dx%d board, at most one per diagonal\n", n, n
        s = ""
        for (i = 0; i < n; i++) s = s " 2|r" d(i) " 2|c" d(i)
        s = s " |"
        for (k = 0; k < 2 * n - 1; k++) s = s " a" d(k) " b" d(k)
        print substr(s, 2)
        for (i = 0; i < n; i++) for (j = 0; j < n; j++)
            print "r" d(i), "c" d(j), "a" d(i + j), "b" d(i - j + n - 1)
    }'
}

# polyomino ROWS COLS "NAME:BOUND:cells;..." ...: every placement (all
# rotations and reflections) of each piece in the box. A piece is
# NAME:BOUND:r,c r,c ... where BOUND is DLX3's prefix (e.g. 2 or 0:2).
polyomino() {
    local rows=$1 cols=$2
    shift 2
    printf '%s\n' "$@" | awk -v R="$rows" -v C="$cols" '
    function d(x) { return substr("0123456789abcdefghijklmnopqrstuvwxyz", x + 1, 1) }
    # canonical form of cells (arrays rr, cc, k cells): shifted to the origin, sorted
    function canon(k,    i, j, mr, mc, t, s, a) {
        mr = 1e9; mc = 1e9
        for (i = 1; i <= k; i++) { if (rr[i] < mr) mr = rr[i]; if (cc[i] < mc) mc = cc[i] }
        for (i = 1; i <= k; i++) a[i] = sprintf("%02d,%02d", rr[i] - mr, cc[i] - mc)
        for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
        s = a[1]; for (i = 2; i <= k; i++) s = s " " a[i]
        return s
    }
    {
        m = split($0, f, ":")
        name = f[1]; cells = f[m]; bound = ""
        for (i = 2; i < m; i++) bound = bound (i > 2 ? ":" : "") f[i]
        np++; pname[np] = name; pbound[np] = bound; pcells[np] = cells
    }
    END {
        s = ""
        for (r = 0; r < R; r++) for (c = 0; c < C; c++) s = s " " d(r) d(c)
        for (p = 1; p <= np; p++) s = s " " (pbound[p] == "" ? "" : pbound[p] "|") pname[p]
        print "| " R "x" C " box"
        print substr(s, 2)
        for (p = 1; p <= np; p++) {
            k = split(pcells[p], pc, " ")
            for (i = 1; i <= k; i++) { split(pc[i], xy, ","); br[i] = xy[1] + 0; bc[i] = xy[2] + 0 }
            delete seen
            for (t = 0; t < 8; t++) {
                for (i = 1; i <= k; i++) {
                    x = br[i]; y = bc[i]
                    if (t % 2) y = -y           # reflect
                    for (q = 0; q < int(t / 2); q++) { z = x; x = y; y = -z }   # rotate
                    rr[i] = x; cc[i] = y
                }
                form = canon(k)
                if (form in seen) continue
                seen[form] = 1
                n = split(form, cell, " ")
                h = 0; w = 0
                for (i = 1; i <= n; i++) { split(cell[i], xy, ","); sr[i] = xy[1] + 0; sc[i] = xy[2] + 0
                    if (sr[i] > h) h = sr[i]; if (sc[i] > w) w = sc[i] }
                for (r = 0; r + h < R; r++) for (c = 0; c + w < C; c++) {
                    line = pname[p]
                    for (i = 1; i <= n; i++) line = line " " d(r + sr[i]) d(c + sc[i])
                    print line
                }
            }
        }
    }'
}

# The free tetrominoes and pentominoes, as r,c cells.
T_I="0,0 0,1 0,2 0,3"
T_O="0,0 0,1 1,0 1,1"
T_T="0,0 0,1 0,2 1,1"
T_L="0,0 1,0 2,0 2,1"
T_S="0,1 0,2 1,0 1,1"
P_F="0,1 0,2 1,0 1,1 2,1"
P_I="0,0 0,1 0,2 0,3 0,4"
P_L="0,0 1,0 2,0 3,0 3,1"
P_N="0,1 1,1 2,0 2,1 3,0"
P_P="0,0 0,1 1,0 1,1 2,0"
P_T="0,0 0,1 0,2 1,1 2,1"
P_U="0,0 0,2 1,0 1,1 1,2"
P_V="0,0 1,0 2,0 2,1 2,2"
P_W="0,0 1,0 1,1 2,1 2,2"
P_X="0,1 1,0 1,1 1,2 2,1"
P_Y="0,1 1,0 1,1 2,1 3,1"
P_Z="0,0 0,1 1,1 2,1 2,2"

tetro2() {
    polyomino "$1" "$2" "I:2:$T_I" "O:2:$T_O" "T:2:$T_T" "L:2:$T_L" "S:2:$T_S"
}

pento02() {
    local b=0:2
    polyomino "$1" "$2" "F:$b:$P_F" "I:$b:$P_I" "L:$b:$P_L" "N:$b:$P_N" "P:$b:$P_P" "T:$b:$P_T" \
        "U:$b:$P_U" "V:$b:$P_V" "W:$b:$P_W" "X:$b:$P_X" "Y:$b:$P_Y" "Z:$b:$P_Z"
}

# dominoHV R C H: domino tilings of an R x C board with exactly H
# horizontal dominoes; cells primary, `H|H` and `(R*C/2-H)|V` count the
# orientations.
dominoHV() {
    awk -v rows="$1" -v cols="$2" -v h="$3" 'function d(x) { return substr("0123456789abcdefghijklmnopqrstuvwxyz", x + 1, 1) }
    BEGIN {
        printf "| domino tilings of the %dx%d board with exactly %d horizontal dominoes\n", rows, cols, h
        s = ""
        for (r = 0; r < rows; r++) for (c = 0; c < cols; c++) s = s " " d(r) d(c)
        print substr(s, 2) " " h "|H " (rows * cols / 2 - h) "|V"
        for (r = 0; r < rows; r++) for (c = 0; c < cols; c++) {
            if (c + 1 < cols) print d(r) d(c), d(r) d(c + 1), "H"
            if (r + 1 < rows) print d(r) d(c), d(r + 1) d(c), "V"
        }
    }'
}

# bricks R C D T Q: 1x2 (D), 1x3 (T) and 2x2 (Q) bricks, each in either
# orientation, with bounds D, T, Q (DLX3 prefixes such as 2:6).
bricks() {
    polyomino "$1" "$2" "D:$3:0,0 0,1" "T:$4:0,0 0,1 0,2" "Q:$5:0,0 0,1 1,0 1,1"
}

# queens2d N: as queens2, but the diagonals are primary with bounds 0:2
# (at most two queens on each diagonal), so that there are solutions.
queens2d() {
    awk -v n="$1" 'function d(x) { return substr("0123456789abcdefghijklmnopqrstuvwxyz", x + 1, 1) }
    BEGIN {
        printf "| two queens in every row and column of a %dx%d board, at most two per diagonal\n", n, n
        s = ""
        for (i = 0; i < n; i++) s = s " 2|r" d(i) " 2|c" d(i)
        for (k = 0; k < 2 * n - 1; k++) s = s " 0:2|a" d(k) " 0:2|b" d(k)
        print substr(s, 2)
        for (i = 0; i < n; i++) for (j = 0; j < n; j++)
            print "r" d(i), "c" d(j), "a" d(i + j), "b" d(i - j + n - 1)
    }'
}

# tetro13 R C: the five tetrominoes, each used 1 to 3 times.
tetro13() {
    polyomino "$1" "$2" "I:1:3:$T_I" "O:1:3:$T_O" "T:1:3:$T_T" "L:1:3:$T_L" "S:1:3:$T_S"
}

# Knuth's own small example from the introduction of dlx3.w (colours and a
# 2:3 bound): one solution.
knuth_example() {
    cat <<'EOF'
| A simple example of color controls
A B 2:3|C | X Y
A B X:0 Y:0
A C X:1 Y:1
C X:0
B X:1
C Y:1
EOF
}

knuth_example >"$out/knuth-example.dlx"
queens2 13 >"$out/queens2-13.dlx"
queens2 14 >"$out/queens2-14.dlx"
queens2d 8 >"$out/queens2d-8.dlx"
tetro2 5 8 >"$out/tetro2-5x8.dlx"
tetro13 5 8 >"$out/tetro13-5x8.dlx"
pento02 5 6 >"$out/pento02-5x6.dlx"
dominoHV 8 8 16 >"$out/dominoHV-8-16.dlx"
bricks 4 8 2:10 2:6 1:4 >"$out/bricks-4x8.dlx"
bricks 6 6 4:8 2:6 0:3 >"$out/bricks-6x6.dlx"
# Brick packings of other sizes and ranges, written after the work on
# Algorithm M was done (not tuned on).
bricks 5 6 3:9 2:5 0:3 >"$out/bricks-5x6.dlx"
bricks 4 7 2:8 1:5 0:3 >"$out/bricks-4x7.dlx"
bricks 3 10 2:8 1:5 0:3 >"$out/bricks-3x10.dlx"
bricks 3 8 2:8 1:4 0:3 >"$out/bricks-3x8.dlx"
# Domino tilings with a count of horizontal dominoes on other boards,
# written after the work on dense solution sets (not tuned on).
dominoHV 6 8 10 >"$out/dominoHV-6x8-10.dlx"
dominoHV 7 8 14 >"$out/dominoHV-7x8-14.dlx"
dominoHV 8 8 20 >"$out/dominoHV-8x8-20.dlx"
ls "$out"
