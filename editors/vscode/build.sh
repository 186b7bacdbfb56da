#!/usr/bin/env bash
# Builds the VS Code extension into editors/vscode/mex.vsix with vsce, the
# standard tool (from the npm registry, pinned in package-lock.json).
# Fails loudly if a piece is missing.
set -euo pipefail
cd "$(dirname "$0")"
if ! command -v npm >/dev/null 2>&1; then
  echo "npm is required to build the extension" >&2
  exit 1
fi
npm ci --no-audit --no-fund
npx vsce package --skip-license --out mex.vsix
echo "built $(pwd)/mex.vsix"
