#!/usr/bin/env bash
# Paired runs of two commands, A B A B ..., each a whole process: prints
# every time (wall and CPU, user + system) and the ratios of the medians
# B / A. The machine is shared and noisy: only ratios from pairs count.
#
# Usage: benches/paired.sh PAIRS 'COMMAND A' 'COMMAND B'
set -euo pipefail
PAIRS=$1
A=$2
B=$3
# wall time from the clock in nanoseconds, CPU time from perf (task-clock,
# in ms) where it runs, else from /usr/bin/time (10 ms steps)
t() {
    local start end cpu
    start=$(date +%s%N)
    if command -v perf >/dev/null; then
        cpu=$(perf stat -x, -e task-clock bash -c "$1" 2>&1 >/dev/null | awk -F, '/task-clock/ {print $1 / 1000}')
    else
        cpu=$(/usr/bin/time -f "%U %S" bash -c "$1" 2>&1 >/dev/null | tail -1 | awk '{print $1 + $2}')
    fi
    end=$(date +%s%N)
    awk -v w="$((end - start))" -v c="$cpu" 'BEGIN {printf "%.4f %.4f\n", w / 1e9, c}'
}
wa=(); ca=(); wb=(); cb=()
for i in $(seq "$PAIRS"); do
    read -r w c < <(t "$A"); wa+=("$w"); ca+=("$c")
    read -r w c < <(t "$B"); wb+=("$w"); cb+=("$c")
    echo "pair $i: A ${wa[-1]} s wall ${ca[-1]} s cpu | B ${wb[-1]} s wall ${cb[-1]} s cpu"
done
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print (NR % 2) ? v[(NR+1)/2] : (v[NR/2] + v[NR/2+1]) / 2}'; }
ma=$(median "${wa[@]}"); mb=$(median "${wb[@]}")
mca=$(median "${ca[@]}"); mcb=$(median "${cb[@]}")
awk -v a="$ma" -v b="$mb" -v ca="$mca" -v cb="$mcb" 'BEGIN {
    printf "median A %.4f s wall, %.4f s cpu; B %.4f s wall, %.4f s cpu\n", a, ca, b, cb
    printf "B / A: %.3f wall, %.3f cpu\n", b / a, cb / ca }'
