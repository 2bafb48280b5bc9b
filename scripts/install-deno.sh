#!/usr/bin/env bash
# Deno runs the edge functions on the embedded platform (supabase/local/functions). Like the Supabase
# CLI (see install-supabase-cli.sh) it lives outside package.json: the npm package `deno` pulls its
# binary from one optional package per platform, and the registry our machines reach lacks the
# non-Linux ones, which would leave package-lock.json unusable for `npm ci`. Installed here, a plain
# `npm install` picks the one binary this machine needs. Its module cache goes to .tools/deno-cache.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
VERSION=2.9.6
DIR=.tools/deno
BIN="$DIR/node_modules/.bin/deno"
if [[ -x "$BIN" ]] && "$BIN" --version 2>/dev/null | head -1 | grep -q "^deno $VERSION "; then
  exit 0
fi
mkdir -p "$DIR" .tools/deno-cache
npm install --prefix "$DIR" --no-save --no-package-lock --no-audit --no-fund "deno@$VERSION"
"$BIN" --version
