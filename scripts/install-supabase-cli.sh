#!/usr/bin/env bash
# The Supabase CLI lives outside package.json: its npm package pulls a binary per platform, and the
# registry our machines reach has only Linux x64's, which leaves package-lock.json unusable for
# `npm ci`. Installed here, a plain `npm install` picks the one binary this machine needs.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
VERSION=3.1.0
DIR=.tools/supabase-cli
if [[ -x "$DIR/node_modules/.bin/supabase" ]] && [[ "$("$DIR/node_modules/.bin/supabase" --version 2>/dev/null)" == "$VERSION" ]]; then
  exit 0
fi
mkdir -p "$DIR"
npm install --prefix "$DIR" --no-save --no-package-lock --no-audit --no-fund "supabase@$VERSION"
"$DIR/node_modules/.bin/supabase" --version
