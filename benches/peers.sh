#!/usr/bin/env bash
# benches/peers.sh: time `xc` against its peers ("anchors") in one run and
# print Markdown ratio tables.
#
# The peers are built from their public sources, which the caller checks out
# OUTSIDE this repository and names on the command line; nothing of theirs is
# copied into the repository. Everything built or generated goes to a scratch
# directory, ${PEERS_BUILD:-/tmp/peers-build}.
#
#   Exact cover   Knuth's DLX1 and SSXC1 (CWEB, from the cwebtest repository;
#                 DLX2 too with --dlx2), the `dlx` crate (=0.8.5), and
#                 `xc cover FILE` (which takes the memo on its own where it
#                 pays, walking and checking every solution), the search
#                 alone (--memo=off), and that without --no-check, on the same DLX
#                 files, generated here. Whole-process wall time.
#   Sudoku        tdoku's run_benchmark (kudoku, fast_solv_9r2, tdoku and the
#                 other bundled solvers that build without submodules), the
#                 `sudoku` crate, and `xc sudoku solve --threads 1`: microseconds
#                 per puzzle, every puzzle proven unique (or shown to have more
#                 than one solution).
#   Generation    `xc sudoku generate --threads 1` against `qqwing --generate`,
#                 per symmetry both support: milliseconds per puzzle.
#   Threads       `xc cover --threads 2` against `--threads 1` on every exact-
#                 cover instance above, and `xc sudoku solve` on the Sudoku
#                 sets together, both pinned to the same two CPUs
#                 (${TWO_CPUS:-0,1}): medians of --reps whole processes.
#
# Every timed process is pinned to one CPU (taskset -c ${CPU:-1}), but for the
# threads section's, pinned to two (${TWO_CPUS:-0,1}). The exact-
# cover, sudoku-crate, xc and qqwing figures are the best and the median of
# --reps runs (default 3) of the WHOLE process; run_benchmark times itself in
# process, after a warm-up, on puzzles it has already loaded, so its figures
# are the peers' best case (see the notes printed under the table).
#
# Usage (see --help):
#   benches/peers.sh --cwebtest DIR --tdoku DIR [--xc PATH] [--out FILE]
#
# Needs: bash, gcc, taskset, awk; ctangle (Debian: texlive-binaries) for the
# Knuth programs; cmake, make and g++ for tdoku; cargo for xc and the Rust
# anchors; qqwing (Debian: qqwing) for generation. A missing tool skips its
# peer with a message saying what to install. No root is needed.

set -euo pipefail
export LC_ALL=C   # run_benchmark and awk print decimal points, not commas

# ---------------------------------------------------------------- settings

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
SHARED=${EXACTCOVER_SHARED:-$REPO/../shared}
BUILD=${PEERS_BUILD:-/tmp/peers-build}
CPU=${CPU:-1}
KNUTH_CFLAGS=${KNUTH_CFLAGS:-"-O3 -march=native"}
REPS=3
SAMPLE=10000          # at most this many puzzles of each Sudoku set
GEN_COUNT=200         # puzzles per generation run
RB_WARMUP=1           # run_benchmark -w (seconds of warm-up)
RB_TEST=2             # run_benchmark -t (seconds of timed solving, at least)
CWEBTEST=""
TDOKU=""
XC=""
XC_HOW="given with --xc"
OUT=""
WITH_DLX2=0
SECTIONS="cover,mult,sudoku,generate,threads"
TWO_CPUS=${TWO_CPUS:-0,1}
TDOKU_SOLVERS=""      # empty: every solver run_benchmark was built with
INSTANCES="queens13 queens14 langford11 langford12 pent5x12 pent6x10 domino8x8 ink"
# Instances with multiplicities (benches/peers/dlx3-instances.sh), against DLX3.
M_INSTANCES="queens2-13 queens2-14 queens2d-8 tetro13-5x8 pento02-5x6 dominoHV-8-16 bricks-4x8 bricks-6x6
    bricks-5x6 bricks-4x7 bricks-3x10 dominoHV-6x8-10 dominoHV-7x8-14 dominoHV-8x8-20"

usage() {
    cat <<'EOF'
Usage: benches/peers.sh [OPTIONS]

Peers (a peer whose directory is not given is skipped):
  --cwebtest DIR     checkout of ascherer/cwebtest (dlx1.w, dlx2.w, ssxc1.w, gb_flip.w, boilerplate.w)
  --tdoku DIR        checkout of t-dillon/tdoku (submodules and data.zip not needed)
  The Rust crates dlx =0.8.5 and sudoku =0.8.0 come from crates.io (cargo);
  qqwing is the installed `qqwing` command.

Options:
  --xc PATH          the xc binary to time (default: cargo build --profile max here)
  --out FILE         also write the tables to FILE
  --reps N           runs per timed command (default 3): best and median
  --sample N         at most N puzzles of each Sudoku set (default 10000)
  --gen-count N      puzzles per generation run (default 200)
  --dlx2             also time Knuth's DLX2 on the exact-cover instances
  --tdoku-solvers L  run_benchmark solvers, comma-separated (default: all built)
  --only LIST        sections to run: cover,mult,sudoku,generate,threads (default:
                     all); mult: instances with multiplicities, DLX3 against xc;
                     threads: xc on two CPUs against one (no peers)
  --instances LIST   exact-cover instances (default: queens13,queens14,langford11,
                     langford12,pent5x12,pent6x10,domino8x8,ink)
  -h, --help         this help

Environment: PEERS_BUILD (scratch dir, default /tmp/peers-build),
EXACTCOVER_SHARED (shared data, default ../shared beside the repository),
CPU (the CPU to pin to, default 1), TWO_CPUS (the two for the threads
section, default 0,1), KNUTH_CFLAGS (default -O3 -march=native).
EOF
}

# ---------------------------------------------------------------- helpers

note() { printf '%s\n' "peers: $*" >&2; }
die() { printf '%s\n' "peers: error: $*" >&2; exit 1; }

# have TOOL "what to install": true if TOOL is on PATH, else says what to install.
have() {
    if command -v "$1" >/dev/null 2>&1; then return 0; fi
    note "'$1' not found; install $2"
    return 1
}

# Microseconds since the epoch (bash 5's EPOCHREALTIME, else date).
now_us() {
    if [ -n "${EPOCHREALTIME:-}" ]; then
        local t=${EPOCHREALTIME//[!0-9]/}
        printf '%s\n' "$((10#$t))"
    else
        printf '%s\n' "$(($(date +%s%N) / 1000))"
    fi
}

# run_timed IN OUT CMD...: runs CMD pinned, stdin from IN, stdout and stderr to
# OUT; prints its wall time in microseconds. A failing CMD is fatal, but for
# xc's exit 1 when there is no solution (its output says "0 solutions"; the
# counts are checked against the expected ones anyway).
run_timed() {
    local in=$1 out=$2 t0 t1 rc=0
    shift 2
    t0=$(now_us)
    taskset -c "$CPU" "$@" <"$in" >"$out" 2>&1 || rc=$?
    t1=$(now_us)
    if [ "$rc" -eq 1 ] && grep -q ' 0 solutions' "$out"; then
        rc=0
    fi
    if [ "$rc" -ne 0 ]; then
        note "FAILED (exit $rc): $*"
        tail -5 "$out" >&2
        exit 1
    fi
    printf '%s\n' "$((t1 - t0))"
}

# stats US...: prints "best median" of the given microsecond figures.
stats() {
    printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[1], v[int((NR + 1) / 2)] }'
}

# fmt_ms US: milliseconds with 1 decimal.
fmt_ms() { awk -v u="$1" 'BEGIN { printf "%.1f", u / 1e3 }'; }

# ratio A B: A/B with 2 decimals ("-" if either is missing).
ratio() {
    if [ -z "$1" ] || [ -z "$2" ] || [ "$1" = - ] || [ "$2" = - ]; then printf '%s' -; return; fi
    awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else printf "-" }'
}

# min_of V...: the smallest of the non-empty figures ("" if none).
min_of() {
    printf '%s\n' "$@" | awk '$1 != "" && $1 != "-" { if (m == "" || $1 + 0 < m + 0) m = $1 } END { print m }'
}

# emit LINE: one line of the report (stdout, and --out if given).
emit() {
    printf '%s\n' "$*"
    if [ -n "$OUT" ]; then printf '%s\n' "$*" >>"$OUT"; fi
}

git_rev() { git -C "$1" rev-parse --short=12 HEAD 2>/dev/null || echo "not a git checkout"; }

# ---------------------------------------------------------------- arguments

while [ $# -gt 0 ]; do
    case $1 in
        --cwebtest) CWEBTEST=$(cd "$2" && pwd); shift 2 ;;
        --tdoku) TDOKU=$(cd "$2" && pwd); shift 2 ;;
        --xc) XC=$2; shift 2 ;;
        --out) OUT=$2; shift 2 ;;
        --reps) REPS=$2; shift 2 ;;
        --sample) SAMPLE=$2; shift 2 ;;
        --gen-count) GEN_COUNT=$2; shift 2 ;;
        --dlx2) WITH_DLX2=1; shift ;;
        --tdoku-solvers) TDOKU_SOLVERS=$2; shift 2 ;;
        --only) SECTIONS=$2; shift 2 ;;
        --instances) INSTANCES=$(printf '%s' "$2" | tr , ' '); shift 2 ;;
        -h | --help) usage; exit 0 ;;
        *) usage >&2; die "unknown argument: $1" ;;
    esac
done

section_on() { case ",$SECTIONS," in *",$1,"*) return 0 ;; *) return 1 ;; esac; }

have taskset "util-linux (taskset)" || die "taskset is required"
have awk "gawk or mawk" || die "awk is required"
case $BUILD in "$REPO" | "$REPO"/*) die "PEERS_BUILD must be outside the repository" ;; esac
mkdir -p "$BUILD"
BUILD=$(cd "$BUILD" && pwd)
if [ -n "$OUT" ]; then : >"$OUT"; fi
LOG=$BUILD/log
mkdir -p "$LOG"

# ---------------------------------------------------------------- builds

# xc: the given binary, or this repository's release build.
build_xc() {
    if [ -n "$XC" ]; then
        [ -x "$XC" ] || die "--xc $XC is not an executable"
        return
    fi
    have cargo "Rust (rustup or Debian's cargo)" || die "cargo is needed to build xc (or pass --xc)"
    note "building xc (cargo build --profile max) ..."
    (cd "$REPO" && cargo build --profile max --quiet --bin xc) || die "cargo build of xc failed"
    XC=$REPO/target/max/xc
    XC_HOW="built with \`cargo build --profile max\`"
}

# Knuth's programs: ctangle the .w files, then gcc with $KNUTH_CFLAGS.
# Sets DLX1, DLX2, DLX3, SSXC1 (empty when not built).
DLX1="" DLX2="" DLX3="" SSXC1=""
build_knuth() {
    if [ -z "$CWEBTEST" ]; then
        note "skipping Knuth's DLX1/DLX2/DLX3/SSXC1: no --cwebtest DIR given"
        return
    fi
    have ctangle "texlive-binaries (Debian) for CWEB's ctangle" || { note "skipping Knuth's programs"; return; }
    have gcc "gcc" || { note "skipping Knuth's programs"; return; }
    local dir=$BUILD/knuth f
    mkdir -p "$dir"
    for f in gb_flip boilerplate dlx1 dlx2 dlx3 ssxc1; do
        [ -f "$CWEBTEST/$f.w" ] || die "$CWEBTEST/$f.w not found"
        cp "$CWEBTEST/$f.w" "$dir/"
    done
    note "building Knuth's programs (ctangle; gcc $KNUTH_CFLAGS) ..."
    (
        cd "$dir"
        for f in gb_flip dlx1 dlx2 dlx3 ssxc1; do
            ctangle "$f.w" >"$LOG/ctangle-$f.log" 2>&1 || { cat "$LOG/ctangle-$f.log" >&2; exit 1; }
        done
        # The tangled C is K&R-flavoured (implicit int main): -w keeps it quiet.
        for f in dlx1 dlx2 dlx3 ssxc1; do
            # shellcheck disable=SC2086
            gcc $KNUTH_CFLAGS -w -o "$f" "$f.c" gb_flip.c >"$LOG/gcc-$f.log" 2>&1 ||
                { cat "$LOG/gcc-$f.log" >&2; exit 1; }
        done
    ) || die "building Knuth's programs failed (logs in $LOG)"
    DLX1=$dir/dlx1 DLX2=$dir/dlx2 DLX3=$dir/dlx3 SSXC1=$dir/ssxc1
}

# tdoku's run_benchmark, from a copy of the source (its CMakeLists writes
# src/build_info.h into the source tree). Bundled solvers whose sources are
# in the main repository are on; those in git submodules are not.
RUN_BENCHMARK=""
build_tdoku() {
    if [ -z "$TDOKU" ]; then
        note "skipping tdoku/kudoku: no --tdoku DIR given"
        return
    fi
    have cmake "cmake" && have make "make" && have g++ "g++" || { note "skipping tdoku"; return; }
    local src=$BUILD/tdoku-src bld=$BUILD/tdoku-build
    rm -rf "$src" "$bld"
    mkdir -p "$src" "$bld"
    (cd "$TDOKU" && tar --exclude=./.git --exclude=./build -cf - .) | (cd "$src" && tar -xf -)
    local all="-DKUDOKU=ON -DFAST_SOLV_9R2=ON -DZERODOKU=ON -DBB_SUDOKU=ON -DFSSS=ON -DJSOLVE=ON"
    local few="-DKUDOKU=ON -DFAST_SOLV_9R2=ON"
    local opts
    note "building tdoku's run_benchmark (cmake, -O3 -march=native) ..."
    for opts in "$all" "$few"; do
        # shellcheck disable=SC2086
        if (cd "$bld" && rm -rf CMakeCache.txt CMakeFiles &&
            cmake "$src" -DCMAKE_BUILD_TYPE=Release -DOPT=O3 -DARCH=native $opts &&
            make run_benchmark) >"$LOG/tdoku-build.log" 2>&1; then
            RUN_BENCHMARK=$bld/run_benchmark
            TDOKU_CMAKE=$opts
            return
        fi
        note "tdoku build with '$opts' failed (see $LOG/tdoku-build.log); retrying with fewer solvers"
    done
    note "skipping tdoku: it did not build"
}

# The Rust anchors: a throw-away cargo project in the scratch dir whose two
# binaries are benches/peers/rust-anchors/*.rs, on dlx =0.8.5 and sudoku =0.8.0.
DLX_CRATE="" SUDOKU_CRATE=""
build_rust_anchors() {
    have cargo "Rust (rustup or Debian's cargo)" || { note "skipping the dlx and sudoku crates"; return; }
    local dir=$BUILD/rust-anchors src=$REPO/benches/peers/rust-anchors
    mkdir -p "$dir"
    cat >"$dir/Cargo.toml" <<EOF
[package]
name = "peer-anchors"
version = "0.0.0"
edition = "2021"
publish = false

[dependencies]
dlx = "=0.8.5"
sudoku = "=0.8.0"

[[bin]]
name = "dlx-count"
path = "$src/dlx_count.rs"

[[bin]]
name = "sudoku-count"
path = "$src/sudoku_count.rs"

# The same release profile as xc's.
[profile.release]
lto = "fat"
codegen-units = 1

[workspace]
EOF
    note "building the dlx and sudoku crate wrappers (cargo build --release) ..."
    if (cd "$dir" && cargo build --release --quiet) >"$LOG/rust-anchors.log" 2>&1; then
        DLX_CRATE=$dir/target/release/dlx-count
        SUDOKU_CRATE=$dir/target/release/sudoku-count
    else
        note "skipping the crates: their build failed (see $LOG/rust-anchors.log)"
    fi
}

QQWING=""
find_qqwing() {
    if have qqwing "qqwing (Debian: apt-get install qqwing)"; then QQWING=$(command -v qqwing); fi
}

# ---------------------------------------------------------------- instances

# The exact-cover instances, in Knuth's DLX format, with their solution counts.
INST=$BUILD/instances
expected_count() {
    case $1 in
        queens13) echo 73712 ;;
        queens14) echo 365596 ;;
        langford11) echo 35584 ;;  # each pairing and its reversal (--raw)
        langford12) echo 216288 ;; # 2 x 108,144
        pent5x12) echo 4040 ;;
        pent6x10) echo 9356 ;;
        domino8x8) echo 12988816 ;;
        ink) echo 1 ;;
    esac
}

# All domino tilings of an N x N board: the N^2 cells are the items (named
# by row and column digits), every horizontal and vertical domino an option.
domino_dlx() {
    awk -v n="$1" 'BEGIN {
        print "| all domino tilings of the " n "x" n " board"
        s = ""
        for (r = 0; r < n; r++) for (c = 0; c < n; c++) s = s (s == "" ? "" : " ") r c
        print s
        for (r = 0; r < n; r++) for (c = 0; c < n; c++) {
            if (c + 1 < n) print r c, r (c + 1)
            if (r + 1 < n) print r c, (r + 1) c
        }
    }'
}

gen_instances() {
    mkdir -p "$INST"
    "$XC" queens 13 --emit-dlx >"$INST/queens13.dlx"
    "$XC" queens 14 --emit-dlx >"$INST/queens14.dlx"
    # --raw: a pairing and its reversal count apart (Knuth's usual form; without
    # it xc breaks the symmetry in the emitted file and the counts halve).
    "$XC" langford 11 --raw --emit-dlx >"$INST/langford11.dlx"
    "$XC" langford 12 --raw --emit-dlx >"$INST/langford12.dlx"
    "$XC" polyomino --board 5x12 --emit-dlx >"$INST/pent5x12.dlx"
    "$XC" polyomino --board 6x10 --emit-dlx >"$INST/pent6x10.dlx"
    domino_dlx 8 >"$INST/domino8x8.dlx"
    local ink=$SHARED/data/dlx/ink.dlx
    [ -f "$ink" ] || die "$ink not found (set EXACTCOVER_SHARED)"
    cp "$ink" "$INST/ink.dlx"
}

# The solutions of the instances with multiplicities (DLX3's counts, in
# benches/peers/dlx3-expected.md).
expected_m_count() {
    case $1 in
        queens2-13 | queens2-14) echo 0 ;;
        queens2d-8) echo 477136 ;;
        tetro2-5x8) echo 3106 ;;
        tetro13-5x8) echo 78146 ;;
        pento02-5x6) echo 18316 ;;
        dominoHV-8-16) echo 3179916 ;;
        bricks-4x8) echo 408341 ;;
        bricks-6x6) echo 1930962 ;;
        bricks-5x6) echo 210123 ;;
        bricks-4x7) echo 61909 ;;
        bricks-3x10) echo 120822 ;;
        dominoHV-6x8-10) echo 35898 ;;
        dominoHV-7x8-14) echo 347040 ;;
        dominoHV-8x8-20) echo 1511368 ;;
        knuth-example) echo 1 ;;
    esac
}

# solution_count FILE: the count a program printed ("Altogether N solution..."
# from Knuth's programs and xc; a bare number from the dlx-crate wrapper).
solution_count() {
    awk '/^Altogether [0-9]+ solution/ { print $2; exit }
         /^[0-9]+$/ { print $1; exit }' "$1"
}

# ---------------------------------------------------------------- exact cover

cover_section() {
    local -a names=() cmds=()
    # Each entry: a column name, and a command template; @F is the DLX file,
    # and a leading "<" means the file goes to standard input.
    if [ -n "$DLX1" ]; then names+=("DLX1"); cmds+=("<$DLX1"); fi
    if [ -n "$DLX2" ] && [ "$WITH_DLX2" = 1 ]; then names+=("DLX2"); cmds+=("<$DLX2"); fi
    if [ -n "$SSXC1" ]; then names+=("SSXC1"); cmds+=("<$SSXC1"); fi
    if [ -n "$DLX_CRATE" ]; then names+=("dlx crate"); cmds+=("$DLX_CRATE @F"); fi
    local npeers=${#names[@]}
    names+=("xc cover" "xc --memo=off" "--memo=off --no-check")
    cmds+=("$XC cover @F" "$XC cover @F --memo=off" "$XC cover @F --memo=off --no-check")

    local head="| instance | solutions |" rule="|---|---:|" i
    for i in "${!names[@]}"; do head+=" ${names[$i]} |"; rule+="---:|"; done
    head+=" fastest peer | xc speed-up | search speed-up | no-check speed-up |"
    rule+="---|---:|---:|---:|"
    emit ""
    emit "### Exact cover: whole-process wall time, milliseconds (best / median of $REPS, pinned to CPU $CPU)"
    emit ""
    emit "$head"
    emit "$rule"

    local inst file rep out us cmd want got
    for inst in $INSTANCES; do
        file=$INST/$inst.dlx
        want=$(expected_count "$inst")
        note "exact cover: $inst"
        local -a times=()
        for rep in $(seq "$REPS"); do
            # Interleave the programs within each repetition, so that a noisy
            # spell on the machine hits them alike.
            for i in "${!names[@]}"; do
                out=$BUILD/out-cover
                cmd=${cmds[$i]}
                if [ "${cmd#<}" != "$cmd" ]; then
                    us=$(run_timed "$file" "$out" ${cmd#<})
                else
                    # shellcheck disable=SC2086
                    us=$(run_timed /dev/null "$out" ${cmd//@F/$file})
                fi
                got=$(solution_count "$out")
                if [ "$got" != "$want" ]; then
                    note "MISMATCH on $inst: ${names[$i]} found '${got}' solutions, expected $want"
                    cat "$out" >&2
                    exit 1
                fi
                times[$i]="${times[$i]:-} $us"
            done
        done
        local row="| $inst | $want |" best=() med=() bm
        for i in "${!names[@]}"; do
            # shellcheck disable=SC2086
            bm=$(stats ${times[$i]})
            best[$i]=${bm% *} med[$i]=${bm#* }
            row+=" $(fmt_ms "${best[$i]}") / $(fmt_ms "${med[$i]}") |"
        done
        local fast="" fname="-"
        for ((i = 0; i < npeers; i++)); do
            if [ -z "$fast" ] || [ "${best[$i]}" -lt "$fast" ]; then fast=${best[$i]} fname=${names[$i]}; fi
        done
        row+=" $fname | $(ratio "$fast" "${best[$npeers]}") | $(ratio "$fast" "${best[$((npeers + 1))]}")"
        row+=" | $(ratio "$fast" "${best[$((npeers + 2))]}") |"
        emit "$row"
    done
    emit ""
    emit "Speed-up = the fastest peer's best time / xc's best time (>1: xc is faster). Every program counts all"
    emit "solutions without printing them (Knuth's programs with their default m0; the counts were checked to agree)."
    emit "\`xc cover\` checks every solution with its independent checker, walking them out of the memo's diagram"
    emit "where a probe says it pays (tilings), else searching; \`--memo=off\` always searches; \`--no-check\` checks none."
}

# ---------------------------------------------------------------- multiplicities

# DLX3 (Algorithm M) against `xc cover` on the instances of
# benches/peers/dlx3-instances.sh, one thread, interleaved, pinned.
mult_section() {
    if [ -z "$DLX3" ]; then note "skipping multiplicities: DLX3 not built (--cwebtest DIR)"; return; fi
    local dir=$INST/mult inst file rep out us i want got
    bash "$REPO/benches/peers/dlx3-instances.sh" "$dir" >/dev/null
    local -a names=("DLX3" "xc cover" "xc --memo=off" "--memo=off --no-check")
    local -a cmds=("<$DLX3" "$XC cover @F" "$XC cover @F --memo=off" "$XC cover @F --memo=off --no-check")
    emit ""
    emit "### Multiplicities (Algorithm M): whole-process wall time, milliseconds (best / median of $REPS, pinned to CPU $CPU)"
    emit ""
    emit "| instance | solutions | DLX3 | xc cover | xc --memo=off | --memo=off --no-check | xc speed-up | search speed-up | no-check speed-up |"
    emit "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
    for inst in $M_INSTANCES; do
        file=$dir/$inst.dlx
        want=$(expected_m_count "$inst")
        note "multiplicities: $inst"
        local -a times=()
        for rep in $(seq "$REPS"); do
            for i in "${!names[@]}"; do
                out=$BUILD/out-mult
                if [ "${cmds[$i]#<}" != "${cmds[$i]}" ]; then
                    us=$(run_timed "$file" "$out" ${cmds[$i]#<})
                else
                    # shellcheck disable=SC2086
                    us=$(run_timed /dev/null "$out" ${cmds[$i]//@F/$file})
                fi
                got=$(solution_count "$out")
                if [ "$got" != "$want" ]; then
                    note "MISMATCH on $inst: ${names[$i]} found '${got}' solutions, expected $want"
                    exit 1
                fi
                times[$i]="${times[$i]:-} $us"
            done
        done
        local row="| $inst | $want |" best=() med=() bm
        for i in "${!names[@]}"; do
            # shellcheck disable=SC2086
            bm=$(stats ${times[$i]})
            best[$i]=${bm% *} med[$i]=${bm#* }
            row+=" $(fmt_ms "${best[$i]}") / $(fmt_ms "${med[$i]}") |"
        done
        row+=" $(ratio "${med[0]}" "${med[1]}") | $(ratio "${med[0]}" "${med[2]}") | $(ratio "${med[0]}" "${med[3]}") |"
        emit "$row"
    done
    emit ""
    emit "Speed-up = DLX3's median / xc's median (>1: xc is faster). Both count every solution without printing"
    emit "(\`xc cover\` checks each, through the memo where it pays; \`--memo=off\` searches);"
    emit "the solution, node and update counts agree (tests/multiplicities.rs, benches/peers/dlx3-expected.md)."
}

# ---------------------------------------------------------------- threads

# threads_row LABEL SHOWN WANT CMD...: times `CMD --threads 1` and `CMD
# --threads 2`, interleaved, pinned to the same two CPUs; checks the count
# printed against WANT (unless it is -); emits the table's row.
threads_row() {
    local label=$1 shown=$2 want=$3 rep t us got out=$BUILD/out-threads
    shift 3
    local -a times=()
    for rep in $(seq "$REPS"); do
        for t in 1 2; do
            us=$(CPU=$TWO_CPUS run_timed /dev/null "$out" "$@" --threads "$t")
            got=$(solution_count "$out")
            if [ "$want" != - ] && [ "$got" != "$want" ]; then
                note "MISMATCH on $label: --threads $t found '${got}' solutions, expected $want"
                exit 1
            fi
            times[$t]="${times[$t]:-} $us"
        done
    done
    local one two
    # shellcheck disable=SC2086
    one=$(stats ${times[1]}) two=$(stats ${times[2]})
    one=${one#* } two=${two#* }
    emit "| $label | $shown | $(fmt_ms "$one") | $(fmt_ms "$two") | $(ratio "$one" "$two") |"
}

# `xc cover --threads 1` against `--threads 2`, both pinned to the same two
# CPUs, interleaved, on the instances of the two sections above; then `xc
# sudoku solve` on the Sudoku sets together (every puzzle proven unique).
threads_section() {
    local dir=$INST/mult inst want name file
    for inst in $INSTANCES; do [ -f "$INST/$inst.dlx" ] || { gen_instances; break; }; done
    bash "$REPO/benches/peers/dlx3-instances.sh" "$dir" >/dev/null
    emit ""
    emit "### Two threads against one: whole-process wall time, milliseconds (median of $REPS, pinned to CPUs $TWO_CPUS)"
    emit ""
    emit "| instance | solutions | \`--threads 1\` | \`--threads 2\` | speed-up |"
    emit "|---|---:|---:|---:|---:|"
    for inst in $INSTANCES; do
        note "threads: $inst"
        want=$(expected_count "$inst")
        threads_row "$inst" "$want" "$want" "$XC" cover "$INST/$inst.dlx"
    done
    for inst in $M_INSTANCES; do
        note "threads: $inst"
        want=$(expected_m_count "$inst")
        threads_row "$inst" "$want" "$want" "$XC" cover "$dir/$inst.dlx"
    done
    local all=$BUILD/sudoku-all.txt sets=yes
    : >"$all"
    while IFS=: read -r name file; do
        if [ ! -f "$SHARED/data/$file" ]; then
            note "threads: $SHARED/data/$file not found; no Sudoku row (set EXACTCOVER_SHARED)"
            sets=no
            break
        fi
        prepare_set "$SHARED/data/$file" "$BUILD/set-threads.txt"
        cut -c1-81 "$BUILD/set-threads.txt" >>"$all"
    done <<<"$SUDOKU_SETS"
    if [ "$sets" = yes ]; then
        note "threads: sudoku"
        threads_row "\`xc sudoku solve\`, the six Sudoku sets" "$(wc -l <"$all") puzzles" - "$XC" sudoku solve -q "$all"
    fi
    emit ""
    emit "Speed-up = the median with one thread / the median with two (2 at best). Every run counts (or, for Sudoku,"
    emit "solves and proves unique) with every solution checked; the machine's other load moves these figures most."
}

# ---------------------------------------------------------------- sudoku

# Sudoku sets: name and file (under $SHARED/data).
SUDOKU_SETS="17-clue:tdoku_puzzles2_17_clue.txt
top1465:tdoku_puzzles3_magictour_top1465.txt
1905_11+:tdoku_puzzles5_forum_hardest_1905_11plus.txt
1106:tdoku_puzzles6_forum_hardest_1106.txt
serg:tdoku_puzzles7_serg_benchmark.txt
kaggle:kaggle_bryanpark_first10k_puzzles.txt"

# prepare_set FILE OUT: the first $SAMPLE puzzle lines of FILE, with `0`
# written as `.` (run_benchmark's solvers take only `.` for an empty cell).
prepare_set() {
    awk -v n="$SAMPLE" '!/^#/ && length($0) >= 81 { print; if (++k >= n) exit }' "$1" | tr 0 . >"$2"
}

# rb_solvers: the solvers this run_benchmark was built with, or --tdoku-solvers.
rb_solvers() {
    if [ -n "$TDOKU_SOLVERS" ]; then
        printf '%s\n' "$TDOKU_SOLVERS" | tr , ' '
    else
        local help
        help=$("$RUN_BENCHMARK" -h)
        printf '%s\n' "$help" | awk '/^solvers:/ { getline; print; exit }'
    fi
}

sudoku_section() {
    local sets=$BUILD/sudoku solvers="" s
    mkdir -p "$sets"
    if [ -n "$RUN_BENCHMARK" ]; then solvers=$(rb_solvers); fi
    local head="| set | puzzles |" rule="|---|---:|"
    for s in $solvers; do head+=" $s |"; rule+="---:|"; done
    if [ -n "$SUDOKU_CRATE" ]; then head+=" sudoku crate |"; rule+="---:|"; fi
    head+=" xc |  fastest peer | xc speed-up | xc vs kudoku |"
    rule+="---:|---|---:|---:|"
    emit ""
    emit "### Sudoku: microseconds per puzzle (proving uniqueness; pinned to CPU $CPU)"
    emit ""
    emit "$head"
    emit "$rule"

    local line name file n rep us bm xc_us crate_us out=$BUILD/out-sudoku
    while IFS=: read -r name file; do
        [ -f "$SHARED/data/$file" ] || { note "skipping $name: $SHARED/data/$file not found"; continue; }
        prepare_set "$SHARED/data/$file" "$sets/$name.txt"
        n=$(wc -l <"$sets/$name.txt")
        note "sudoku: $name ($n puzzles)"
        # Correctness first (untimed): xc's summary against the sudoku crate's tally.
        "$XC" sudoku solve --threads 1 "$sets/$name.txt" 2>"$out.xc" >/dev/null
        local xc_tally
        xc_tally=$(awk '/puzzles:/ { gsub(/[(),]/, " "); for (i = 1; i <= NF; i++) {
            if ($(i + 1) == "unique") u = $i; if ($(i + 1) == "several") s = $i;
            if ($(i + 1) == "no") z = $i } } END { print "0:" z " 1:" u " 2+:" s }' "$out.xc")
        if [ -n "$SUDOKU_CRATE" ]; then
            local crate_tally
            crate_tally=$("$SUDOKU_CRATE" "$sets/$name.txt")
            if [ "$crate_tally" != "$xc_tally" ]; then
                die "MISMATCH on $name: xc says $xc_tally, the sudoku crate $crate_tally"
            fi
        fi
        # End-to-end figures: xc and the sudoku crate, whole process.
        local xc_t="" crate_t=""
        for rep in $(seq "$REPS"); do
            xc_t+=" $(run_timed /dev/null /dev/null "$XC" sudoku solve --threads 1 -q "$sets/$name.txt")"
            if [ -n "$SUDOKU_CRATE" ]; then
                crate_t+=" $(run_timed /dev/null "$out" "$SUDOKU_CRATE" "$sets/$name.txt")"
            fi
        done
        # shellcheck disable=SC2086
        bm=$(stats $xc_t)
        xc_us=$(awk -v t="${bm% *}" -v n="$n" 'BEGIN { printf "%.2f", t / n }')
        crate_us=""
        if [ -n "$SUDOKU_CRATE" ]; then
            # shellcheck disable=SC2086
            bm=$(stats $crate_t)
            crate_us=$(awk -v t="${bm% *}" -v n="$n" 'BEGIN { printf "%.2f", t / n }')
        fi
        # run_benchmark: the set as given (-r0: no permutation; -n: exactly the
        # set), counting up to 2 solutions (its default), CSV output.
        local row="| $name | $n |" fast="" fname="-" kudoku=""
        if [ -n "$solvers" ]; then
            taskset -c "$CPU" "$RUN_BENCHMARK" -c1 -r0 -e1 -n "$n" -w "$RB_WARMUP" -t "$RB_TEST" \
                -s "$(printf '%s' "$solvers" | tr ' ' ,)" "$sets/$name.txt" >"$out.rb" 2>&1 ||
                { cat "$out.rb" >&2; die "run_benchmark failed on $name"; }
            for s in $solvers; do
                us=$(awk -F, -v s="$s" '$5 == s { printf "%.2f", $7 }' "$out.rb")
                row+=" ${us:--} |"
                if [ "$s" = kudoku ]; then kudoku=$us; fi
                if [ -n "$us" ] && { [ -z "$fast" ] || awk -v a="$us" -v b="$fast" 'BEGIN { exit !(a < b) }'; }; then
                    fast=$us fname=$s
                fi
            done
        fi
        if [ -n "$SUDOKU_CRATE" ]; then
            row+=" $crate_us |"
            if [ -z "$fast" ] || awk -v a="$crate_us" -v b="$fast" 'BEGIN { exit !(a < b) }'; then
                fast=$crate_us fname="sudoku crate"
            fi
        fi
        row+=" $xc_us | $fname | $(ratio "$fast" "$xc_us") | $(ratio "$kudoku" "$xc_us") |"
        emit "$row"
    done <<<"$SUDOKU_SETS"
    emit ""
    emit "Speed-up = peer µs / xc µs (>1: xc is faster). xc and the sudoku crate: best of $REPS whole-process runs"
    emit "(start-up, reading, solving, writing every solution to /dev/null) divided by the puzzle count."
    emit "run_benchmark's figures are its own: solving only, in process, after a ${RB_WARMUP} s warm-up, the puzzles"
    emit "already in memory, at least ${RB_TEST} s of timed passes (run_benchmark -c1 -r0 -e1 -n N -w $RB_WARMUP -t $RB_TEST),"
    emit "each puzzle searched for up to 2 solutions. The sets are the first $SAMPLE puzzles of each file (all of"
    emit "the smaller ones); Kaggle's \`0\` is written as \`.\`. serg's puzzles have several solutions each."
}

# ---------------------------------------------------------------- generation

qqwing_symmetry() {
    case $1 in
        none) echo none ;; rot90) echo rotate90 ;; rot180) echo rotate180 ;;
        mirror) echo mirror ;; flip) echo flip ;;
    esac
}

# mean_givens FILE: the average number of givens of the 81-character lines.
mean_givens() {
    awk 'length($0) >= 81 { n++; g += gsub(/[1-9]/, "") } END { if (n) printf "%.1f", g / n; else print "-" }' "$1"
}

generate_section() {
    emit ""
    emit "### Generation: milliseconds per puzzle (best / median of $REPS, $GEN_COUNT puzzles a run, pinned to CPU $CPU)"
    emit ""
    emit "| symmetry | xc | qqwing | xc speed-up | givens xc | givens qqwing |"
    emit "|---|---:|---:|---:|---:|---:|"
    local sym q rep xc_t qq_t bx bq out=$BUILD/out-gen
    for sym in none rot180 rot90 mirror flip; do
        q=$(qqwing_symmetry "$sym")
        note "generation: $sym"
        xc_t="" qq_t=""
        for rep in $(seq "$REPS"); do
            xc_t+=" $(run_timed /dev/null /dev/null "$XC" sudoku generate -n "$GEN_COUNT" --threads 1 --symmetry "$sym" --seed 1)"
            if [ -n "$QQWING" ]; then
                qq_t+=" $(run_timed /dev/null /dev/null "$QQWING" --generate "$GEN_COUNT" --symmetry "$q" --one-line)"
            fi
        done
        # Untimed: a sample of each to compare the puzzles' givens.
        "$XC" sudoku generate -n 50 --threads 1 --symmetry "$sym" --seed 1 -q >"$out.xc"
        # shellcheck disable=SC2086
        bx=$(stats $xc_t)
        local row="| $sym | $(awk -v b="${bx% *}" -v m="${bx#* }" -v n="$GEN_COUNT" 'BEGIN { printf "%.3f / %.3f", b / n / 1000, m / n / 1000 }') |"
        if [ -n "$QQWING" ]; then
            "$QQWING" --generate 50 --symmetry "$q" --one-line >"$out.qq"
            # shellcheck disable=SC2086
            bq=$(stats $qq_t)
            row+=" $(awk -v b="${bq% *}" -v m="${bq#* }" -v n="$GEN_COUNT" 'BEGIN { printf "%.3f / %.3f", b / n / 1000, m / n / 1000 }') |"
            row+=" $(ratio "${bq% *}" "${bx% *}") | $(mean_givens "$out.xc") | $(mean_givens "$out.qq") |"
        else
            row+=" - | - | $(mean_givens "$out.xc") | - |"
        fi
        emit "$row"
    done
    emit ""
    emit "xc: \`xc sudoku generate -n $GEN_COUNT --threads 1 --symmetry S --seed 1\` (minimal puzzles, its"
    emit "default). qqwing: \`qqwing --generate $GEN_COUNT --symmetry S' --one-line\` (difficulty any, its"
    emit "default; it removes givens, by symmetric orbit, while the puzzle stays unique, so its puzzles are minimal"
    emit "too; it takes no seed). Both write to /dev/null. Givens: the mean over 50 puzzles of each (untimed)."
}

# ---------------------------------------------------------------- main

main() {
    build_xc
    if section_on cover || section_on mult; then build_knuth; fi
    if section_on sudoku; then build_tdoku; fi
    if section_on cover || section_on sudoku; then build_rust_anchors; fi
    if section_on generate; then find_qqwing; fi

    emit "## xc against its peers ($(date -u +%Y-%m-%d))"
    emit ""
    emit "- machine: $(nproc) CPUs, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo); every timed process pinned with \`taskset -c $CPU\`"
    if section_on threads; then emit "- the threads section: one and two threads both pinned with \`taskset -c $TWO_CPUS\`"; fi
    emit "- xc: \`$XC\` ($XC_HOW; repository at $(git -C "$REPO" rev-parse --short=12 HEAD 2>/dev/null || echo '?'))"
    if [ -n "$DLX1" ]; then
        emit "- Knuth's DLX1/DLX3/SSXC1$([ "$WITH_DLX2" = 1 ] && echo /DLX2): cwebtest $(git_rev "$CWEBTEST"), ctangle, \`gcc $KNUTH_CFLAGS\` ($(gcc -dumpfullversion))"
    fi
    if [ -n "$RUN_BENCHMARK" ]; then
        emit "- tdoku: $(git_rev "$TDOKU"), cmake -DCMAKE_BUILD_TYPE=Release -DOPT=O3 -DARCH=native ${TDOKU_CMAKE:-}"
    fi
    if [ -n "$DLX_CRATE" ]; then emit "- Rust anchors: dlx 0.8.5, sudoku 0.8.0 (release, lto = \"fat\", codegen-units = 1, as xc)"; fi
    if [ -n "$QQWING" ]; then emit "- qqwing: $("$QQWING" --version 2>&1)"; fi

    if section_on cover; then
        gen_instances
        cover_section
    fi
    if section_on mult; then
        mkdir -p "$INST"
        mult_section
    fi
    if section_on sudoku; then sudoku_section; fi
    if section_on generate; then generate_section; fi
    if section_on threads; then threads_section; fi
    note "done${OUT:+; tables written to $OUT}"
}

main
