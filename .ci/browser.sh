#!/bin/sh
# Prepares the browser end-to-end tests: Debian's chromium (never a
# downloaded browser) and npm's playwright-core in e2e/node_modules.
set -eu
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq && apt-get install -y -qq chromium
fi
cd e2e
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
