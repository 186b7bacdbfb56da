#!/usr/bin/env bash
# `misere quotient` side by side with Aaron Siegel's MisereSolver (CGSuite's
# misère quotient solver), in paired runs (mex, peer, mex, peer, ...), each
# a whole process: the machine is shared, so only ratios of medians from
# pairs mean something. Both must print the same order and P-portion size.
#
# MisereSolver is not on a package registry and is built outside this
# repository (see benches/NOTES.md); this script only runs it. The peer is
# a command taking CODE N and printing one line with
#     ... order ORDER pportion SIZE [seconds S] ...
# after running MisereSolver.next() until heaps 0..N are in the quotient;
# S, if printed, is the time inside the solver (no JVM start-up).
#
# Usage:
#   MISERESOLVER='java -cp DIR Driver' benches/misere_vs_peer.sh CODE:N...
#   MISERESOLVER=cmd   the peer command (required; split on spaces)
#   MEX=path           the mex binary (default: cargo build, target/release)
#   REPS=3             pairs of runs
#   TIMEOUT=600        seconds allowed each run; a peer or mex run past it
#                      ends the pairs of that CODE:N
set -euo pipefail
REPS=${REPS:-3}
TIMEOUT=${TIMEOUT:-600}
if [ -z "${MISERESOLVER:-}" ]; then
    echo "set MISERESOLVER to the peer command (see the head of $0)" >&2
    exit 2
fi
if [ $# -eq 0 ]; then
    echo "usage: MISERESOLVER=cmd $0 CODE:N..." >&2
    exit 2
fi
cd "$(dirname "$0")/.."
if [ -z "${MEX:-}" ]; then
    cargo build --release -q
    MEX=target/release/mex
fi
read -r -a PEER <<<"$MISERESOLVER"

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# timed NAME CMD...: runs CMD with its stdout in $TMP/NAME.out and stderr in
# $TMP/NAME.err; prints "WALL CPU RC" (wall from the clock, CPU = user +
# system of the process and its threads)
timed() {
    local name=$1
    shift
    local start end rc=0 cpu
    start=$(date +%s%N)
    /usr/bin/time -f "%U %S" -o "$TMP/cpu" timeout "$TIMEOUT" "$@" >"$TMP/$name.out" 2>"$TMP/$name.err" || rc=$?
    end=$(date +%s%N)
    cpu=$(tail -1 "$TMP/cpu" | awk 'NF == 2 { print $1 + $2; exit } { print "nan" }')
    awk -v w="$((end - start))" -v c="$cpu" -v r="$rc" 'BEGIN { printf "%.3f %s %d\n", w / 1e9, c, r }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

status=0
summary=()
for item in "$@"; do
    code=${item%%:*}
    n=${item##*:}
    for f in mw mc pw pc ps; do : >"$TMP/$f"; done
    answers=""
    for i in $(seq "$REPS"); do
        read -r mw mc mrc < <(timed mex "$MEX" -e "game g = octal $code
misere quotient g to $n")
        # "..., heaps 0..=N: order 360, P-portion of 65"
        ma=$(sed -nE 's/.*order ([0-9]+), P-portion of ([0-9]+).*/\1 \2/p' "$TMP/mex.out" | head -1)
        read -r pw pc prc < <(timed peer "${PEER[@]}" "$code" "$n")
        pa=$(sed -nE 's/.*order ([0-9]+) pportion ([0-9]+).*/\1 \2/p' "$TMP/peer.out" | head -1)
        ps=$(sed -nE 's/.*seconds ([0-9.]+).*/\1/p' "$TMP/peer.out" | head -1)
        if [ "$mrc" -ne 0 ] || [ -z "$ma" ]; then
            echo "$code to $n: mex failed (exit $mrc after $mw s): $(cat "$TMP/mex.out" "$TMP/mex.err" | head -c 300 | tr '\n' ' ')"
            status=1
            break
        fi
        if [ "$prc" -ne 0 ] || [ -z "$pa" ]; then
            if [ "$prc" -eq 124 ]; then
                echo "$code to $n: peer timed out after $TIMEOUT s (mex $mw s, order/P-portion $ma)"
            else
                echo "$code to $n: peer failed (exit $prc after $pw s): $(head -c 300 "$TMP/peer.err" | tr '\n' ' ')"
            fi
            status=1
            break
        fi
        if [ "$ma" = "$pa" ]; then same="same order and P-portion"; else same="ANSWERS DIFFER"; status=1; fi
        echo "$code to $n, pair $i: mex $mw s wall ($mc s cpu) order/P $ma | peer $pw s wall ($pc s cpu, ${ps:-?} s in-process) order/P $pa | $same"
        echo "$mw" >>"$TMP/mw"; echo "$mc" >>"$TMP/mc"
        echo "$pw" >>"$TMP/pw"; echo "$pc" >>"$TMP/pc"
        if [ -n "$ps" ]; then echo "$ps" >>"$TMP/ps"; fi
        answers="mex $ma, peer $pa"
    done
    [ -s "$TMP/mw" ] || continue
    a=$(median <"$TMP/mw"); ac=$(median <"$TMP/mc")
    b=$(median <"$TMP/pw"); bc=$(median <"$TMP/pc"); bs=$(median <"$TMP/ps")
    runs=$(wc -l <"$TMP/mw")
    summary+=("$(awk -v it="$code:$n" -v r="$runs" -v a="$a" -v ac="$ac" -v b="$b" -v bc="$bc" -v bs="$bs" -v ans="$answers" 'BEGIN {
        rs = (bs == "nan") ? "-" : sprintf("%.3f", a / bs)
        printf "| %s | %d | %.3f | %.3f | %.3f | %.3f | %s | %.3f | %s | %s |", it, r, a, ac, b, bc, bs, a / b, rs, ans }')")
done
echo
echo "medians (seconds; peer whole = the JVM process, peer in = inside the solver)"
echo "| code:N | pairs | mex wall | mex cpu | peer whole wall | peer cpu | peer in | mex / peer whole | mex / peer in | order P-portion |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for line in "${summary[@]}"; do echo "$line"; done
exit "$status"
