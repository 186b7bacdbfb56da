#!/usr/bin/env bash
# Times this engine and the research program ogsolve (`cargo install ogsolve`)
# on the same octal codes, computing G(0) .. G(N). Both print a Fletcher-32
# checksum of the values as 16-bit words: equal checksums mean equal values.
#
# The engine is timed twice: as used (once the periodicity theorem proves a
# period, later values are copied), and computing every value
# ("no-period-shortcut"), which is the like-for-like comparison.
#
# Usage: benches/octal_vs_peer.sh [N] [code ...]
#   OGSOLVE=/path/to/ogsolve  if it is not on PATH
#   METHODS=rc,rc2            ogsolve methods to time (add naive for small N)
set -euo pipefail
N=${1:-1000000}
shift || true
CODES=${*:-"0.45 0.156 0.356 0.644 0.16 0.77"}
OG=${OGSOLVE:-ogsolve}
METHODS=${METHODS:-rc,rc2}
cd "$(dirname "$0")/.."
cargo test --release --bench octal_engine --no-run 2>/dev/null
for code in $CODES; do
    echo "== $code, N=$N"
    MEX_N=$N MEX_CODES=$code cargo test -q --release --bench octal_engine -- \
        --ignored --nocapture values_up_to_n 2>/dev/null | grep '^mex' || true
    MEX_NO_SHORTCUT=1 MEX_N=$N MEX_CODES=$code cargo test -q --release --bench octal_engine -- \
        --ignored --nocapture values_up_to_n 2>/dev/null | grep '^mex' || true
    if [ "${MEX_PLAIN_TOO:-0}" = 1 ]; then
        MEX_PLAIN=1 MEX_NO_SHORTCUT=1 MEX_N=$N MEX_CODES=$code cargo test -q --release --bench octal_engine -- \
            --ignored --nocapture values_up_to_n 2>/dev/null | grep '^mex' || true
    fi
    "$OG" "$code" -n "$N" -m "$METHODS" \
        | awk -v c="$code" '/^Solving/ {m=$NF} /checksum/ {s=$NF} /calculation time/ {print "ogsolve " c " " m " " $NF "  checksum " s}'
done
