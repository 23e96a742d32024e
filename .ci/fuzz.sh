#!/usr/bin/env bash
# Runs one fuzz target and reports how fast it fuzzed; fails when it stalled.
# Usage: .ci/fuzz.sh PACKAGE TARGET FLOOR [FUZZTIME]   (default 30s)
# FLOOR is the fewest executions every 10 s stretch of the run must hold
# (after the baseline coverage is gathered).
#
# -fuzzminimizetime 0: the fuzzer would otherwise minimise every new input
# that widens coverage, for up to that time (default 60 s), before fuzzing
# on. On JSON text almost no smaller input keeps the coverage and the
# search is quadratic in the input's length, so each one took the whole
# time: FuzzDecodeGame ran ~15,000 executions in 3 s, then none for the
# rest of the run (still PASS). A failing input is written out whole.
set -euo pipefail
cd "$(dirname "$0")/.."
pkg="$1" target="$2" floor="$3" fuzztime="${4:-30s}"
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
# Go before 1.27 can fail a target with a bare "context deadline exceeded"
# at the end of -fuzztime, having found nothing and written no failing input
# (a race in its fuzzing coordinator, go.dev/issue/75804). Such a run is
# tried once more; a run that writes a failing input fails at once.
corpus="$pkg/testdata/fuzz/$target"
inputs() { ls "$corpus" 2>/dev/null | sort || true; }
for attempt in 1 2; do
  before="$(inputs)"
  status=0
  go test "$pkg" -run '^$' -fuzz "^${target}\$" -fuzztime "$fuzztime" -fuzzminimizetime 0 2>&1 | tee "$log" || status=$?
  if [ "$status" -ne 0 ] && [ "$(inputs)" = "$before" ] && grep -qx '    context deadline exceeded' "$log" \
     && ! grep -q 'panic:\|Failing input written' "$log" && [ "$attempt" -eq 1 ]; then
    echo "CI: fuzz $target: Go's fuzzing coordinator reported its own deadline with no failing input (go.dev/issue/75804); running it again"
    continue
  fi
  break
done
# "fuzz: elapsed: 27s, execs: 145542 (3828/sec), new interesting: ..." lines
summary="$(awk -v floor="$floor" -v target="$target" '
  function secs(s,   t, m) {
    t = 0
    if (match(s, /[0-9]+h/)) t += 3600 * substr(s, RSTART, RLENGTH - 1)
    if (match(s, /[0-9]+m/)) t += 60 * substr(s, RSTART, RLENGTH - 1)
    if (match(s, /[0-9]+s/)) t += substr(s, RSTART, RLENGTH - 1)
    return t
  }
  /^fuzz: elapsed: .*, execs: / {
    e = $3; sub(/,$/, "", e)
    x = $5
    n++; at[n] = secs(e); ex[n] = x + 0
  }
  END {
    if (n < 2) { printf "CI: fuzz %s: no executions reported\n", target; exit 1 }
    total = ex[n]; span = at[n] - at[1]
    # the slowest stretch of at least 10 s (or the whole run when shorter)
    worst = -1
    for (i = 1; i <= n; i++) {
      for (j = i + 1; j <= n && at[j] - at[i] < 10; j++) {}
      if (j > n) break
      d = ex[j] - ex[i]
      if (worst < 0 || d < worst) { worst = d; wfrom = at[i]; wto = at[j] }
    }
    if (worst < 0) { worst = total - ex[1]; wfrom = at[1]; wto = at[n] }
    rate = at[n] > 0 ? total / at[n] : 0
    printf "CI: fuzz %s: %d executions in %d s, %.0f/sec; slowest stretch %d-%d s: %d executions (floor %d)\n", target, total, at[n], rate, wfrom, wto, worst, floor
    if (worst < floor) { printf "CI: fuzz %s stalled: %d executions between %d s and %d s, fewer than %d\n", target, worst, wfrom, wto, floor; exit 1 }
  }' "$log")" || status=1
echo "$summary"
exit "$status"
