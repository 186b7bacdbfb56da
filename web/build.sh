#!/usr/bin/env bash
# Builds the playground, a static site, into target/web/ (index.html and its
# assets; nothing is fetched from elsewhere when it runs). Installs what it
# needs: the wasm32 target and the wasm-bindgen command of the version the
# crate uses.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
version="$(sed -n 's/^wasm-bindgen = "=\(.*\)"/\1/p' web/Cargo.toml)"
if ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
if ! wasm-bindgen --version 2>/dev/null | grep -q "$version"; then
  cargo install wasm-bindgen-cli --version "$version"
fi
# an 8 MiB stack, as deep answers need more than the default 1 MiB
RUSTFLAGS="-C link-arg=-zstack-size=8388608" \
  cargo build --manifest-path web/Cargo.toml --target wasm32-unknown-unknown --release \
  --target-dir target/web-build
out="$root/target/web"
rm -rf "$out"
mkdir -p "$out"
wasm-bindgen --target no-modules --no-typescript --out-dir "$out" \
  target/web-build/wasm32-unknown-unknown/release/mex_web.wasm
cp web/site/index.html web/site/app.js web/site/worker.js web/site/style.css "$out/"
# the examples menu: every spec of examples/ (the class to grade aside)
python3 - "$root/examples" "$out/examples.js" <<'PY'
import json, os, sys
root, target = sys.argv[1], sys.argv[2]
found = []
for d, dirs, files in os.walk(root):
    dirs[:] = sorted(x for x in dirs if x != 'grading')
    for f in sorted(files):
        if f.endswith('.mex'):
            path = os.path.join(d, f)
            name = os.path.relpath(path, root)
            # without the test markers (what the test of examples/ compares)
            markers = ('# out:', '# status:', '# err:')
            text = ''.join(l for l in open(path, encoding='utf-8') if not l.lstrip().startswith(markers))
            found.append([name, text])
found.sort()
with open(target, 'w', encoding='utf-8') as w:
    w.write('self.MEX_EXAMPLES = ' + json.dumps(found) + ';\n')
PY
size=$(du -sk "$out" | cut -f1)
echo "built the playground in target/web ($size KiB): serve it, e.g. python3 -m http.server -d target/web 8000"
