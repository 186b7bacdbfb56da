#!/usr/bin/env bash
# This engine side by side with the research program ogsolve (`cargo install
# ogsolve`), in paired runs (mex, ogsolve, mex, ogsolve, ...): the machine
# is shared, so only the ratio of the medians means something. Both print a
# Fletcher-32 checksum of the values as 16-bit words: equal checksums mean
# equal values.
#
# Usage:
#   benches/octal_vs_peer.sh values N CODE...   G(0)..G(N) of each code; mex
#                                               computes every value (no
#                                               period shortcut)
#   benches/octal_vs_peer.sh period CODE:N...   `period` with the default
#                                               settings, against ogsolve
#                                               computing G(0)..G(N) (N: the
#                                               last heap the proof needs)
#   benches/octal_vs_peer.sh grundy N           Grundy's game to N, against
#                                               ogsolve on 0.6 to 10^6
#   OGSOLVE=/path/to/ogsolve   if it is not on PATH
#   METHOD=rc2                 the ogsolve method (rc, rc2, ...)
#   REPS=3                     pairs of runs
set -euo pipefail
OG=${OGSOLVE:-ogsolve}
METHOD=${METHOD:-rc2}
REPS=${REPS:-3}
cd "$(dirname "$0")/.."
cargo build --release -q
cargo test --release -q --bench octal_engine --no-run 2>/dev/null
BENCH=$(ls -t target/release/deps/octal_engine-* | grep -v '\.d$' | head -1)
MEX=target/release/mex

# seconds from an ogsolve time such as 5.99s, 690.12ms or 81.5µs
seconds() {
    awk -v t="$1" 'BEGIN {
        if (t ~ /ms$/) { sub(/ms$/, "", t); print t / 1000 }
        else if (t ~ /µs$/) { sub(/µs$/, "", t); print t / 1000000 }
        else if (t ~ /ns$/) { sub(/ns$/, "", t); print t / 1000000000 }
        else { sub(/s$/, "", t); print t + 0 } }'
}

# ogsolve CODE N: prints "SECONDS CHECKSUM"
og() {
    local out
    out=$("$OG" "$1" -n "$2" -m "$METHOD")
    local t s
    t=$(echo "$out" | awk '/calculation time/ {print $NF}')
    s=$(echo "$out" | awk '/checksum/ {print $NF}')
    echo "$(seconds "$t") $s"
}

# mex_values CODE N: prints "SECONDS CHECKSUM"
mex_values() {
    local line
    line=$(MEX_NO_SHORTCUT=1 MEX_N=$2 MEX_CODES=$1 "$BENCH" --ignored --nocapture values_up_to_n \
        2>/dev/null | grep '^mex')
    local t s
    t=$(echo "$line" | sed -E 's/.*: ([0-9.]+[mµn]?s) .*/\1/')
    s=$(echo "$line" | awk '{print $NF}')
    echo "$(seconds "$t") $s"
}

# mex_period CODE: prints "SECONDS" (the whole program, `period` answered)
mex_period() {
    local start end
    start=$(date +%s.%N)
    # the heap limit raised so the longest proofs (0.354 needs 2 * 10^7
    # values) are within the work allowed
    "$MEX" -e "set heap 100000000; game g = octal $1; period g" >/dev/null
    end=$(date +%s.%N)
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.3f\n", b - a }'
}

# mex_grundy N: prints "SECONDS CHECKSUM"
mex_grundy() {
    local line
    line=$(MEX_N=$1 "$BENCH" --ignored --nocapture grundy_values 2>/dev/null | grep '^mex')
    local t s
    t=$(echo "$line" | sed -E 's/.*: ([0-9.]+[mµn]?s) .*/\1/')
    s=$(echo "$line" | awk '{print $NF}')
    echo "$(seconds "$t") $s"
}

median() { sort -g | awk '{a[NR] = $1} END { print a[int((NR + 1) / 2)] }'; }

# report NAME FILE_MEX FILE_PEER
report() {
    local a b
    a=$(median <"$2")
    b=$(median <"$3")
    awk -v n="$1" -v a="$a" -v b="$b" \
        'BEGIN { printf "%-28s mex %8.3f s   ogsolve %8.3f s   ratio %.2f\n", n, a, b, a / b }'
}

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mode=${1:-values}
shift || true
case "$mode" in
values)
    N=${1:-1000000}
    shift || true
    for code in ${*:-0.6}; do
        : >"$TMP/a"
        : >"$TMP/b"
        for _ in $(seq "$REPS"); do
            read -r ta sa < <(mex_values "$code" "$N")
            read -r tb sb < <(og "$code" "$N")
            echo "$code N=$N  mex $ta s ($sa)  ogsolve $tb s ($sb)  $([ "$sa" = "$sb" ] && echo 'checksums equal' || echo 'CHECKSUMS DIFFER')"
            echo "$ta" >>"$TMP/a"
            echo "$tb" >>"$TMP/b"
        done
        report "$code to $N" "$TMP/a" "$TMP/b"
    done
    ;;
period)
    for item in "$@"; do
        code=${item%%:*}
        N=${item##*:}
        : >"$TMP/a"
        : >"$TMP/b"
        for _ in $(seq "$REPS"); do
            ta=$(mex_period "$code")
            read -r tb sb < <(og "$code" "$N")
            echo "$code  mex period $ta s  ogsolve to $N $tb s ($sb)"
            echo "$ta" >>"$TMP/a"
            echo "$tb" >>"$TMP/b"
        done
        report "period $code" "$TMP/a" "$TMP/b"
    done
    ;;
grundy)
    N=${1:-4194304}
    : >"$TMP/a"
    : >"$TMP/b"
    for _ in $(seq "$REPS"); do
        read -r ta sa < <(mex_grundy "$N")
        read -r tb sb < <(og 0.6 1000000)
        echo "Grundy's game to $N: mex $ta s ($sa)  ogsolve 0.6 to 10^6 $tb s"
        echo "$ta" >>"$TMP/a"
        echo "$tb" >>"$TMP/b"
    done
    report "grundy $N vs 0.6 10^6" "$TMP/a" "$TMP/b"
    ;;
*)
    echo "usage: $0 values N CODE... | period CODE:N... | grundy N" >&2
    exit 2
    ;;
esac
