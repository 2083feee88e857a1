#!/usr/bin/env bash
# Issue 11's done-criteria runs, measured with public tools only: instructions per hop for the whole
# process (valgrind --tool=callgrind, repeatable), and wall time, elaboration and peak RSS
# (getrusage, as d3sim's JSON reports it) for the large runs, and data-cache misses per hop of a run
# whose routers no longer fit the cache (valgrind --tool=cachegrind with a fixed cache, so the
# figure does not depend on the host: what the wall time of D3(16,16) follows). Prints a Markdown table
# (docs/performance.md). CTest: bench.hop_cost (label bench, not in CI).
# Usage: bench/hop_cost.sh [path/to/d3sim] [quick]   (quick: only the callgrind rows)
set -euo pipefail
d3sim=${1:-build/d3sim}
quick=${2:-}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

field() {  # field JSON KEY
  python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"
}

printf '| run | hops | instructions (whole process) | per hop | target |\n|---|---|---|---|---|\n'
callgrind_row() {  # callgrind_row TARGET ARGS...
  # The issue's command as it stands (its summary to /dev/null) under callgrind; the hops from a
  # second run of it with --json (the same seed, the same run): writing the JSON result is not
  # part of the command the target is for.
  local target=$1
  shift
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg.out" "$d3sim" "$@" \
    2>/dev/null >/dev/null
  "$d3sim" "$@" --quiet --no-progress --json "$tmp/cg.json" >/dev/null 2>&1
  local ir hops
  ir=$(sed -n 's/^summary: //p' "$tmp/cg.out")
  hops=$(field "$tmp/cg.json" hops)
  printf '| `d3sim %s` | %s | %s | %s | %s |\n' "$*" "$hops" "$ir" "$((ir / hops))" "$target"
}
callgrind_row "<= 700" --k 8 --m 8 --primitive all-to-all
callgrind_row "<= 1000" --k 4 --m 8 --topology mdf --concentration 4 --traffic uniform --rate 0.3 \
  --warmup 200 --measure 200

printf '\n| run | hops | last-level misses (4 MiB, 16-way, 64 B lines) | per hop | first-level data misses | per hop |\n'
printf '|---|---|---|---|---|---|\n'
cache_row() {  # cache_row ARGS...
  valgrind --tool=cachegrind --cache-sim=yes --I1=32768,8,64 --D1=32768,8,64 --LL=4194304,16,64 \
    --cachegrind-out-file="$tmp/cgr.out" "$d3sim" "$@" --quiet --no-progress \
    --json "$tmp/cgr.json" 2>/dev/null >/dev/null
  local hops d1 ll
  hops=$(field "$tmp/cgr.json" hops)
  # events: Ir I1mr ILmr Dr D1mr DLmr Dw D1mw DLmw
  read -r d1 ll < <(awk '/^summary:/ {print $6 + $9, $7 + $10}' "$tmp/cgr.out")
  printf '| `d3sim %s` | %s | %s | %.1f | %s | %.1f |\n' "$*" "$hops" "$ll" \
    "$(echo "$ll / $hops" | bc -l)" "$d1" "$(echo "$d1 / $hops" | bc -l)"
}
cache_row --k 10 --m 10 --primitive all-to-all
[ "$quick" = quick ] && exit 0

printf '\n| run | elaboration s | wall s (process) | peak RSS MiB | estimated MiB | exit | target |\n'
printf '|---|---|---|---|---|---|---|\n'
time_row() {  # time_row TARGET ARGS...
  local target=$1
  shift
  local start end code=0
  start=$(date +%s.%N)
  "$d3sim" "$@" --quiet --no-progress --json "$tmp/t.json" >/dev/null 2>&1 || code=$?
  end=$(date +%s.%N)
  printf '| `d3sim %s` | %.1f | %.1f | %.0f | %s | %s | %s |\n' "$*" \
    "$(field "$tmp/t.json" elaboration_seconds)" "$(echo "$end - $start" | bc)" \
    "$(echo "$(field "$tmp/t.json" peak_rss_kib) / 1024" | bc -l)" \
    "$(field "$tmp/t.json" estimated_memory_mib)" "$code" "$target"
}
time_row "< 5 s (quiet VM)" --k 11 --m 11 --primitive all-to-all
time_row "< 60 s" --k 16 --m 16 --primitive all-to-all
time_row "RSS < 60 MB" --k 4 --m 8 --topology mdf --concentration 4 --traffic uniform --rate 0.3 \
  --warmup 10 --measure 100 --local-latency 10 --global-latency 100 --buffer-depth 256
time_row "elab < 20 s, RSS < 8 GiB" --k 32 --m 32 --primitive broadcast
time_row "elab < 20 s, RSS < 8 GiB" --k 32 --m 32 --traffic uniform --rate 0.1 --warmup 100 \
  --measure 100
