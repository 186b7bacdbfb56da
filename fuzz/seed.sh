#!/usr/bin/env bash
# Seeds the fuzz corpora with the example specs (run from anywhere).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
for target in parse run; do
  mkdir -p "$here/corpus/$target"
  cp "$here"/../examples/*.mex "$here/corpus/$target/"
  for f in "$here"/../examples/course/*.mex; do
    cp "$f" "$here/corpus/$target/course-$(basename "$f")"
  done
  # the shapes that once broke it (deep nesting, CR and NUL bytes, ...)
  cp "$here"/../tests/fuzz/*.mex "$here/corpus/$target/"
done
echo "seeded $(ls "$here"/../examples/*.mex "$here"/../examples/course/*.mex "$here"/../tests/fuzz/*.mex | wc -l) specs into fuzz/corpus/{parse,run}"
