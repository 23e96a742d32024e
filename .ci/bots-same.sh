#!/bin/bash
# bots-same.sh OLD_BINARY NEW_BINARY [GAMES] [SEED]
#
# Runs .ci/heuristic-same.sh for every bot kind whose play must not change
# when the bots are only made faster: four medium (heuristic), four strong
# and four easy bots, and a search at a node budget (reproducible for a
# seed) against three strong bots, in both titles. Each compares the
# exported games of the two binaries byte for byte (timestamps excepted).
# LINEUPS (space-separated lineups) overrides the list.
set -euo pipefail
old=$1 new=$2 games=${3:-2} seed=${4:-93000}
here=$(dirname "$0")
lineups=${LINEUPS:-"heuristic,heuristic,heuristic,heuristic strong,strong,strong,strong easy,easy,easy,easy search:600n,strong,strong,strong"}
for l in $lineups; do
	echo "== $l"
	"$here/heuristic-same.sh" "$old" "$new" "$games" "$seed" "$l"
done
