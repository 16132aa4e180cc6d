#!/usr/bin/env bash
# benches/startup.sh: the start-up table of docs/PERFORMANCE.md ("Linked
# statically"): how long a process takes on a problem of two options, for
# Knuth's DLX3 and any number of `xc` builds, in one run.
#
# The script pins itself to one CPU (taskset -cp ${CPU:-1}) and every run
# inherits that; each run is timed by bash's $EPOCHREALTIME, with nothing
# started between the clock's reads but the program. REPS rounds (default
# 200), interleaved; prints the median in µs of each command.
#
# Usage: benches/startup.sh DLX3 XC [XC ...] [-- REPS]
#   DLX3: Knuth's dlx3 (benches/peers.sh builds it); XC: xc binaries, e.g.
#   target/max/xc (dynamic) and target/x86_64-unknown-linux-gnu/max/xc
#   (`cargo build-xc`, static). Each XC is timed on `cover` and on
#   `--version` (clap's work alone).

set -euo pipefail
export LC_ALL=C
if [ $# -lt 2 ]; then
    sed -n '2,15p' "$0" >&2
    exit 2
fi
dlx3=$1
shift
xcs=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
    xcs+=("$1")
    shift
done
reps=${2:-200}
tiny=$(mktemp)
trap 'rm -f "$tiny"' EXIT
printf 'a b\na b\n' > "$tiny"
taskset -cp "${CPU:-1}" $$ > /dev/null

# The commands, as words; `<` as the last word reads the problem from stdin.
cmds=("/bin/true" "$dlx3 <")
for xc in "${xcs[@]}"; do
    cmds+=("$xc cover $tiny" "$xc --version")
done
declare -A times
for _ in $(seq "$reps"); do
    for k in "${!cmds[@]}"; do
        read -ra words <<< "${cmds[$k]}"
        if [ "${words[-1]}" = "<" ]; then
            s=${EPOCHREALTIME/./}
            "${words[@]:0:${#words[@]}-1}" < "$tiny" > /dev/null 2>&1 || true
        else
            s=${EPOCHREALTIME/./}
            "${words[@]}" > /dev/null 2>&1 || true
        fi
        e=${EPOCHREALTIME/./}
        times[$k]="${times[$k]:-} $((e - s))"
    done
done
echo "| command | µs |"
echo "|---|---:|"
for k in "${!cmds[@]}"; do
    m=$(tr ' ' '\n' <<< "${times[$k]}" | grep . | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}')
    echo "| \`${cmds[$k]/$tiny/tiny.dlx}\` | $m |"
done
