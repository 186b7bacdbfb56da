#!/usr/bin/env bash
# Values per second far out, for octal 0.6 (Officers) and Grundy's game, on
# one thread and on all, side by side with ogsolve (`cargo install ogsolve`)
# on 0.6, in paired runs: for each size and each pair, mex on one thread,
# mex on all threads, ogsolve, one after the other. The machine is shared,
# so only ratios within a pair mean much; the medians are printed.
# Checksums (Fletcher-32 of the values as 16-bit words, as ogsolve prints
# them) must agree.
#
# Usage: benches/frontier.sh [EXPONENT...]     default: 20 22 24
#   REPS=2                   pairs of runs per size
#   OGSOLVE=/path/ogsolve    if it is not on PATH
#   METHOD=rc                ogsolve's method (rc was its fastest for 0.6 here)
#   THREADS=N                "all threads" (default: nproc)
#   BASE=REV                 also time Grundy's game with the engine of an
#                            older commit (built in a worktree under target/)
set -euo pipefail
OG=${OGSOLVE:-ogsolve}
METHOD=${METHOD:-rc}
REPS=${REPS:-2}
THREADS=${THREADS:-$(nproc)}
cd "$(dirname "$0")/.."
cargo test --release -q --bench octal_engine --no-run 2>/dev/null
bench_of() { ls -t "$1"/target/release/deps/octal_engine-* | grep -v '\.d$' | head -1; }
BENCH=$(bench_of .)
OLD=
if [ -n "${BASE:-}" ]; then
    dir=target/frontier-base
    if [ ! -d "$dir" ]; then
        git worktree add -q --detach "$dir" "$BASE"
    else
        git -C "$dir" checkout -q --detach "$BASE"
    fi
    (cd "$dir" && CARGO_TARGET_DIR=target cargo test --release -q --bench octal_engine --no-run 2>/dev/null)
    OLD=$(bench_of "$dir")
fi

# seconds from a time such as 5.99s, 690.12ms or 81.5µs
seconds() {
    awk -v t="$1" 'BEGIN {
        if (t ~ /ms$/) { sub(/ms$/, "", t); print t / 1000 }
        else if (t ~ /µs$/) { sub(/µs$/, "", t); print t / 1000000 }
        else { sub(/s$/, "", t); print t + 0 } }'
}
# "SECONDS CHECKSUM" of a line `mex ...: TIME ... checksum X`
parse() {
    local t s
    t=$(echo "$1" | sed -E 's/.*: ([0-9.]+[mµ]?s) .*/\1/')
    s=$(echo "$1" | awk '{print $NF}')
    echo "$(seconds "$t") $s"
}
# mex_06 BENCH THREADS N
mex_06() {
    parse "$(MEX_THREADS=$2 MEX_NO_SHORTCUT=1 MEX_N=$3 MEX_CODES=0.6 "$1" --ignored --nocapture \
        values_up_to_n 2>/dev/null | grep '^mex')"
}
# mex_grundy BENCH THREADS N
mex_grundy() {
    parse "$(MEX_THREADS=$2 MEX_N=$3 "$1" --ignored --nocapture grundy_values 2>/dev/null | grep '^mex')"
}
og_06() {
    local out t s
    out=$("$OG" 0.6 -n "$1" -m "$METHOD")
    t=$(echo "$out" | awk '/calculation time/ {print $NF}')
    s=$(echo "$out" | awk '/checksum/ {print $NF}')
    echo "$(seconds "$t") $s"
}
median() { sort -g | awk '{a[NR] = $1} END { print a[int((NR + 1) / 2)] }'; }
rate() { awk -v n="$1" -v t="$2" 'BEGIN { printf "%.2fM/s", n / t / 1e6 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
echo "threads: 1 and $THREADS; ogsolve method $METHOD; $REPS pairs per size"
for e in ${*:-20 22 24}; do
    n=$((1 << e))
    : >"$TMP/a1"; : >"$TMP/aT"; : >"$TMP/og"; : >"$TMP/g1"; : >"$TMP/gT"; : >"$TMP/gB"
    for _ in $(seq "$REPS"); do
        read -r a1 s1 < <(mex_06 "$BENCH" 1 "$n")
        read -r aT sT < <(mex_06 "$BENCH" "$THREADS" "$n")
        read -r og so < <(og_06 "$n")
        [ "$s1" = "$so" ] && [ "$sT" = "$so" ] || echo "0.6 2^$e: CHECKSUMS DIFFER ($s1 $sT $so)"
        echo "$a1" >>"$TMP/a1"; echo "$aT" >>"$TMP/aT"; echo "$og" >>"$TMP/og"
        read -r g1 c1 < <(mex_grundy "$BENCH" 1 "$n")
        read -r gT cT < <(mex_grundy "$BENCH" "$THREADS" "$n")
        [ "$c1" = "$cT" ] || echo "grundy 2^$e: CHECKSUMS DIFFER ($c1 $cT)"
        echo "$g1" >>"$TMP/g1"; echo "$gT" >>"$TMP/gT"
        if [ -n "$OLD" ]; then
            read -r gB cB < <(mex_grundy "$OLD" 1 "$n")
            [ "$c1" = "$cB" ] || echo "grundy 2^$e: CHECKSUM DIFFERS FROM BASE ($c1 $cB)"
            echo "$gB" >>"$TMP/gB"
        fi
    done
    a1=$(median <"$TMP/a1"); aT=$(median <"$TMP/aT"); og=$(median <"$TMP/og")
    g1=$(median <"$TMP/g1"); gT=$(median <"$TMP/gT")
    echo "0.6 to 2^$e: mex 1 thread $a1 s ($(rate "$n" "$a1")), $THREADS threads $aT s ($(rate "$n" "$aT")), ogsolve $og s ($(rate "$n" "$og"));" \
        "mex/ogsolve $(ratio "$a1" "$og") and $(ratio "$aT" "$og"); threads speed-up $(ratio "$a1" "$aT")x"
    line="Grundy's game to 2^$e: mex 1 thread $g1 s ($(rate "$n" "$g1")), $THREADS threads $gT s ($(rate "$n" "$gT")); threads speed-up $(ratio "$g1" "$gT")x"
    if [ -n "$OLD" ]; then
        gB=$(median <"$TMP/gB")
        line="$line; base $BASE $gB s, faster than base $(ratio "$gB" "$g1")x on 1 thread, $(ratio "$gB" "$gT")x on $THREADS"
    fi
    echo "$line"
done
