#!/usr/bin/env bash
# What the router's generality costs per hop: builds d3sim twice from the committed source (HEAD),
# once as it is and once with bench/experiments/fixed_router_config.patch, which makes the router's
# configuration compile-time constants for the paper's router (one service class, one virtual
# channel, one-flit packets, no route-stage cycles, no observer, no background traffic; -Werror
# off, as the constant null observer makes dead calls the compiler warns about). Checks that both
# give the same JSON for the measured run (tests/regression/check.py: cost keys aside, recorded
# from the build as is), then counts the whole process's instructions of each with callgrind. The difference bounds what removing every run-time
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
echo "all_to_all_8_8 ${run[*]}" > "$tmp/grid.txt"  # a one-line regression grid for check.py
check=$root/tests/regression/check.py

for v in as_is fixed; do
  mkdir -p "$tmp/$v"
  git -C "$root" archive HEAD | tar -x -C "$tmp/$v"
  [ "$v" = fixed ] && patch -s -d "$tmp/$v" -p1 < "$root/bench/experiments/fixed_router_config.patch"
  cmake -S "$tmp/$v" -B "$tmp/$v/build" -G Ninja -DD3_WITH_VERILATOR=OFF > /dev/null
  cmake --build "$tmp/$v/build" -j2 --target d3sim > "$tmp/$v.log" 2>&1 || {
    tail -20 "$tmp/$v.log"
    exit 1
  }
done
"$check" "$tmp/as_is/build/d3sim" "$tmp/grid.txt" all_to_all_8_8 --record
"$check" "$tmp/fixed/build/d3sim" "$tmp/grid.txt" all_to_all_8_8 || {
  echo "the fixed-configuration build gives a different result: the bound does not hold" >&2
  exit 1
}

hops=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["hops"])' \
  "$tmp/expected/all_to_all_8_8.json")
# shellcheck disable=SC2016  # the backquotes are Markdown, not a command
printf '| build of %s | `d3sim %s`: instructions (whole process) | per hop |\n|---|---|---|\n' \
  "$(git -C "$root" rev-parse --short HEAD)" "${run[*]}"
for v in as_is fixed; do
  valgrind --tool=callgrind --callgrind-out-file="$tmp/$v.cg" "$tmp/$v/build/d3sim" "${run[@]}" \
    -q > /dev/null 2>&1
  ir=$(sed -n 's/^summary: //p' "$tmp/$v.cg")
  printf '| %s | %s | %s |\n' "$v" "$ir" "$((ir / hops))"
done
