#!/usr/bin/env bash
# What the router's generality costs per hop: builds d3sim twice from the committed source (HEAD),
# once as it is and once with bench/experiments/fixed_router_config.patch, which makes the router's
# configuration compile-time constants for the paper's router (one service class, one virtual
# channel, one-flit packets, no route-stage cycles, no observer, no background traffic; -Werror
# off, as the constant null observer makes dead calls the compiler warns about). Checks that both
# give the same JSON (cost keys aside) for the measured run, then counts the whole process's
# instructions of each with callgrind. The difference bounds what removing every run-time
# configuration branch from the router's data path could save (docs/performance.md).
# Usage: bench/generality_cost.sh   (from the repository; takes about 10 minutes on 2 cores)
set -euo pipefail
root=$(git -C "$(dirname "$0")" rev-parse --show-toplevel 2>/dev/null) || {
  echo "generality_cost.sh: needs the project's git repository (it builds HEAD)" >&2
  exit 2
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
run=(--k 8 --m 8 --primitive all-to-all)
strip='walk(if type=="object" then del(.elaboration_seconds,.hops_per_second,.peak_rss_kib,.wall_seconds,.estimated_memory_mib) else . end)'

for v in as_is fixed; do
  mkdir -p "$tmp/$v"
  git -C "$root" archive HEAD | tar -x -C "$tmp/$v"
  [ "$v" = fixed ] && patch -s -d "$tmp/$v" -p1 < "$root/bench/experiments/fixed_router_config.patch"
  cmake -S "$tmp/$v" -B "$tmp/$v/build" -G Ninja -DD3_WITH_VERILATOR=OFF > /dev/null
  cmake --build "$tmp/$v/build" -j2 --target d3sim > "$tmp/$v.log" 2>&1 || {
    tail -20 "$tmp/$v.log"
    exit 1
  }
  "$tmp/$v/build/d3sim" "${run[@]}" -q --json "$tmp/$v.json" > /dev/null
  jq -S "$strip" "$tmp/$v.json" > "$tmp/$v.stripped"
done
if ! cmp -s "$tmp/as_is.stripped" "$tmp/fixed.stripped"; then
  echo "the fixed-configuration build gives a different result: the bound does not hold" >&2
  diff "$tmp/as_is.stripped" "$tmp/fixed.stripped" | head -20 >&2
  exit 1
fi

hops=$(jq .hops "$tmp/as_is.json")
# shellcheck disable=SC2016  # the backquotes are Markdown, not a command
printf '| build of %s | `d3sim %s`: instructions (whole process) | per hop |\n|---|---|---|\n' \
  "$(git -C "$root" rev-parse --short HEAD)" "${run[*]}"
for v in as_is fixed; do
  valgrind --tool=callgrind --callgrind-out-file="$tmp/$v.cg" "$tmp/$v/build/d3sim" "${run[@]}" \
    -q > /dev/null 2>&1
  ir=$(sed -n 's/^summary: //p' "$tmp/$v.cg")
  printf '| %s | %s | %s |\n' "$v" "$ir" "$((ir / hops))"
done
