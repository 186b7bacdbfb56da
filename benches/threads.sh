#!/usr/bin/env bash
# Thread scaling of the two-heap take-and-break engine: octal 0.6 and
# Grundy's game to N (default 2^24) on each thread count given, each run a
# whole process, printing the wall time, values a second, and per thread
# the heaps worked out, resolved, computed again and helped with, the
# deferred options checked, long scans, waits, and the time busy, waiting,
# in long scans and resolving (see src/engine/heap/parallel.rs).
#   benches/threads.sh 1 2 4 8 16
#   N=4194304 GAMES="0.6 grundy 4.1c" benches/threads.sh 1 2
#   MEX_TIMED=0 benches/threads.sh 1 2     # counts only, steps not timed
set -euo pipefail
cd "$(dirname "$0")/.."
N=${N:-16777216}
GAMES=${GAMES:-"0.6 grundy"}
[ $# -gt 0 ] || set -- 1 2
bin=${BENCH_BIN:-}
if [ -z "$bin" ]; then
    bin=$(cargo bench --bench octal_engine --no-run --message-format=json 2>/dev/null \
        | grep -o '"executable":"[^"]*octal_engine[^"]*"' | tail -1 | cut -d'"' -f4)
fi
[ -x "$bin" ] || { echo "no bench binary (cargo bench --bench octal_engine --no-run)" >&2; exit 1; }
echo "# $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), N=$N, binary $bin"
for game in $GAMES; do
    for t in "$@"; do
        MEX_GAME=$game MEX_N=$N MEX_THREADS=$t "$bin" --ignored --nocapture --exact thread_profile 2>&1 \
            | grep -vE '^(running [0-9]|test |$|test result)'
    done
done
