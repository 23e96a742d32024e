#!/bin/sh
# End-to-end tests of the web UI: Debian's chromium driven by npm's
# playwright-core (which never downloads a browser) against a real
# `tresham serve` that the tests build and start themselves.
set -eu
cd "$(dirname "$0")/.."
if [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq && apt-get install -y -qq chromium
fi
cd e2e
PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
CHROMIUM=/usr/bin/chromium npm test
