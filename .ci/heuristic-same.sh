#!/bin/bash
# heuristic-same.sh OLD_BINARY NEW_BINARY [GAMES] [SEED] [BOTS]
#
# Plays GAMES (default 10) fixed-seed games of four heuristic bots (or the
# seats BOTS, e.g. search:2000n,heuristic,heuristic,heuristic: a search at a
# node budget must play the same too) in each
# title with two tresham binaries (e.g. main's and a branch's) and compares
# the exported games byte for byte, the timestamps (created_at, updated_at, finished_at)
# excepted: a change meant to speed the bots up must leave every move the
# heuristic bot plays as it was. Exits non-zero on the first difference.
set -euo pipefail
old=$1 new=$2 games=${3:-10} seed=${4:-93000} bots=${5:-heuristic,heuristic,heuristic,heuristic}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
for t in 1860 1825; do
	for side in old new; do
		bin=$old
		[ "$side" = new ] && bin=$new
		mkdir -p "$dir/$side/$t"
		"$bin" selfplay --title "$t" --players 4 --bots "$bots" \
			--games "$games" --seed "$seed" --checks light --out "$dir/$side/$t" >"$dir/$side/$t.log"
	done
	n=0
	for f in "$dir/old/$t"/*.json; do
		g="$dir/new/$t/$(basename "$f")"
		if ! cmp -s <(sed -E 's/"(created|updated|finished)_at":[0-9]*//g' "$f") <(sed -E 's/"(created|updated|finished)_at":[0-9]*//g' "$g"); then
			echo "$t: $(basename "$f") differs" >&2
			exit 1
		fi
		n=$((n + 1))
	done
	[ "$n" -eq "$games" ] || { echo "$t: $n games exported, want $games" >&2; exit 1; }
	echo "$t: $n games identical (seeds $seed..$((seed + games - 1)))"
done
