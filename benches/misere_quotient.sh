#!/usr/bin/env bash
# Misère quotients: time and peak memory of `misere quotient` for Dawson's
# Kayles to heap 30 and Kayles to heap 40 (and further), and the order of
# Dawson's Kayles' quotient as the heap bound grows. Run from the checkout:
#   bash benches/misere_quotient.sh
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet
mex=target/release/mex
run() {
    local code=$1 to=$2
    /usr/bin/time -f "%e s  %M KB" "$mex" -e "game g = octal $code
misere quotient g to $to" 2>&1 | grep -E "order|KB|Error" | sed "s/^/$code to $to: /" | cut -c1-140
}
run 0.77 40
run 0.77 200
run 0.07 30
for n in 20 25 27 30 31 32; do run 0.07 "$n"; done
