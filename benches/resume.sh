#!/usr/bin/env bash
# A research run killed at a random moment and run again: the file must be
# byte for byte the uninterrupted run's, and little work may be done twice.
# For each trial: an uninterrupted run (its time T), then a run killed with
# SIGKILL at a random moment between 20% and 90% of T, then the same
# statement again. The work redone is measured two ways, both rough on a
# shared machine (the rate moves from run to run; take the median):
#   - values: the values computed when the kill came (estimated from the
#     time, at the uninterrupted run's mean rate) less the values the file
#     held after it (its checkpoint), as a share of the run;
#   - time: (killed run + resumed run - T) / T, which also counts starting
#     the process again and reading the file back.
# By construction at most one checkpoint's stretch is lost: max(2^16,
# min(2^22, N / 64)) values of a run of N.
#
# Usage: benches/resume.sh [EXPONENT] [TRIALS]     default: 24 3
#   CODE=0.6   the octal code
set -euo pipefail
E=${1:-24}
TRIALS=${2:-3}
CODE=${CODE:-0.6}
cd "$(dirname "$0")/.."
cargo build --release -q
MEX=$PWD/target/release/mex
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
N=$((1 << E))
prog() { printf 'game g = octal %s\nsequence g 0..2**%s to "%s"\n' "$CODE" "$E" "$1"; }
now() { date +%s.%N; }
count() { od -An -tu8 -j24 -N8 "$1" | tr -d ' '; }

for trial in $(seq "$TRIALS"); do
    rm -f "$DIR"/full.values "$DIR"/cut.values
    t0=$(now)
    "$MEX" -e "$(prog "$DIR/full.values")" >/dev/null
    full=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }')
    wait_for=$(awk -v t="$full" -v r="$RANDOM" 'BEGIN { print t * (0.2 + 0.7 * r / 32767) }')
    t0=$(now)
    "$MEX" -e "$(prog "$DIR/cut.values")" >/dev/null 2>&1 &
    pid=$!
    sleep "$wait_for"
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    killed=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }')
    kept=$(count "$DIR/cut.values")
    t0=$(now)
    out=$("$MEX" -e "$(prog "$DIR/cut.values")")
    resumed=$(awk -v a="$t0" -v b="$(now)" 'BEGIN { print b - a }')
    if cmp -s "$DIR/full.values" "$DIR/cut.values"; then same="files identical"; else same="FILES DIFFER"; fi
    echo "trial $trial: octal $CODE to 2^$E, uninterrupted ${full}s; killed after ${killed}s with $kept values kept;" \
        "resumed in ${resumed}s ($(echo "$out" | head -1)); $same"
    awk -v n="$N" -v t="$full" -v k="$killed" -v kept="$kept" -v r="$resumed" 'BEGIN {
        at = n * k / t; lost = at - kept; if (lost < 0) lost = 0
        printf "  redone: %.2f%% of the values (about %d), %.2f%% of the time\n",
            100 * lost / n, lost, 100 * (k + r - t) / t }'
done
