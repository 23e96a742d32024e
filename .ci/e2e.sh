#!/bin/sh
# End-to-end tests of the web UI on their own: Debian's chromium driven by
# npm's playwright-core against a real `tresham serve` that the tests build
# and start themselves. (`go test ./e2e` runs the same tests.)
set -eu
cd "$(dirname "$0")/.."
.ci/browser.sh
cd e2e
CHROMIUM=/usr/bin/chromium npm test
