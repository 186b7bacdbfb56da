#!/usr/bin/env bash
# The playground's WebAssembly build against the native binary on heavy
# programs, in paired runs (native, wasm, native, wasm, ...) through
# benches/paired.sh. The wasm build runs under Node.js (the same engine as
# Chromium's, V8), built with wasm-bindgen's nodejs target into
# target/web-node; each side is a whole process.
#
# Usage: benches/wasm_vs_native.sh [PAIRS]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
PAIRS=${1:-5}
bash web/build.sh >/dev/null
cargo build --release >/dev/null 2>&1
wasm-bindgen --target nodejs --no-typescript --out-dir target/web-node \
  target/web-build/wasm32-unknown-unknown/release/mex_web.wasm
cat > target/web-node/run.js <<'JS'
const m = require('./mex_web.js');
const src = require('fs').readFileSync(process.argv[2], 'utf8');
const r = JSON.parse(m.run(src, 'text', null));
for (const e of r.events) process.stdout.write(e.text || '');
process.exit(r.status);
JS
work=$(mktemp -d)
# a rule written out (Wythoff's game, two parameters), a family table
# (Grundy's game), and a misère quotient
cat > "$work/wythoff.mex" <<'MEX'
game w(m, n) = { w(m - k, n) for k in 1..=m } | { w(m, n - k) for k in 1..=n } | { w(m - k, n - k) for k in 1..=m if k <= n }
grundy w(300, 300)
MEX
cat > "$work/grundy.mex" <<'MEX'
game g = grundy
grundy g(100000)
MEX
cat > "$work/misere.mex" <<'MEX'
game dk = octal 0.07
misere quotient dk to 30
MEX
for f in wythoff grundy misere; do
  echo "== $f: A native, B wasm"
  cmp <("$root/target/release/mex" "$work/$f.mex") <(node target/web-node/run.js "$work/$f.mex") \
    && echo "same output"
  bash benches/paired.sh "$PAIRS" "$root/target/release/mex $work/$f.mex" "node target/web-node/run.js $work/$f.mex"
done
rm -rf "$work"
