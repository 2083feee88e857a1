#!/usr/bin/env bash
# Floor benchmarks of issue 11: the leanest honest SystemC/TLM models we could write with the
# model's structure (a router module with two multi-sockets and six named parts, a node per router,
# a transport call per hop and per credit, one stepper over active routers), for its two
# instruction targets (docs/performance.md, "A floor for this structure"):
#   d3:  floor_d3.cpp,  the D3(K,M) all-to-all    (d3sim --k 8 --m 8 --primitive all-to-all)
#   mdf: floor_mdf.cpp, MDF(K,M) uniform traffic  (d3sim --k 4 --m 8 --topology mdf
#        --concentration 4 --traffic uniform --rate 0.3 --warmup 200 --measure 200)
# Both include common.h (protocol, pool, credits, active set) and network.h (the network module's
# skeleton and stepper); floor_mdf.cpp also mdf_setup.h (command line, traffic seeds, palmtree).
# Builds the model (g++ -std=c++17 -g -Wall -Wextra -Werror, each level in OPTS) into a temp dir,
# runs it once (it checks its own counts and exits non-zero on a failure), then under callgrind,
# and prints instructions per hop for the whole process: elaboration (inclusive cost of the
# network constructor), simulation (sc_start) and the rest (startup, checks, teardown).
# Usage: bench/floor/run.sh d3  [K M depth index|vector]                 (8 8 4 vector)
#        bench/floor/run.sh mdf [K M concentration rate warmup measure seed] (4 8 4 0.3 200 200 1)
# Env: OPTS="-O2 -O3" (default -O2), KEEP=1 keeps the temp dir. CTest: bench.floor_d3, bench.floor_mdf.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
which=${1:-d3}
shift || true
case $which in
  d3) args=("${1:-8}" "${2:-8}" "${3:-4}" "${4:-vector}") ;;
  mdf) args=("${1:-4}" "${2:-8}" "${3:-4}" "${4:-0.3}" "${5:-200}" "${6:-200}" "${7:-1}") ;;
  *) echo "usage: $0 d3|mdf [args]" >&2; exit 2 ;;
esac
OPTS=${OPTS:-"-O2"}
tmp=$(mktemp -d /tmp/floor.XXXXXX)
if [[ -n "${KEEP:-}" ]]; then echo "temp dir: $tmp"; else trap 'rm -rf "$tmp"' EXIT; fi
export SYSTEMC_DISABLE_COPYRIGHT_MESSAGE=1
num() { tr -d ',' | awk '{print $1}'; }

rows=()
for opt in $OPTS; do
  bin=$tmp/floor_$which$opt
  echo "== g++ -std=c++17 $opt -g -Wall -Wextra -Werror floor_$which.cpp \$(pkg-config --cflags --libs systemc)"
  # shellcheck disable=SC2046  # pkg-config's flags are words
  g++ -std=c++17 "$opt" -g -Wall -Wextra -Werror "$here/floor_$which.cpp" \
    $(pkg-config --cflags --libs systemc) -o "$bin"
  echo "== $bin ${args[*]}"
  /usr/bin/time -f "wall %e s, peak RSS %M KiB" "$bin" "${args[@]}" | tee "$tmp/out$opt"
  hops=$(sed -n 's/.*[ ,]hops \([0-9]*\).*/\1/p' "$tmp/out$opt" | head -1)
  echo "== valgrind --tool=callgrind"
  valgrind --tool=callgrind --callgrind-out-file="$tmp/cg$opt.out" "$bin" "${args[@]}" \
    > /dev/null 2> "$tmp/vg$opt.log"
  callgrind_annotate --inclusive=yes --threshold=100 "$tmp/cg$opt.out" > "$tmp/incl$opt.txt"
  callgrind_annotate --threshold=100 "$tmp/cg$opt.out" > "$tmp/self$opt.txt"
  total=$(awk '/^(summary|totals):/ {print $2}' "$tmp/cg$opt.out" | tail -1)
  elab=$( (grep -m1 'floor_bench::network::network(' "$tmp/incl$opt.txt" || echo 0) | num)
  sim=$( (grep -m1 'sc_core::sc_start()' "$tmp/incl$opt.txt" || echo 0) | num)
  rows+=("$(awk -v o="$opt" -v t="$total" -v h="$hops" -v e="$elab" -v s="$sim" 'BEGIN {
    printf "| %s | %.1f M | %d | %.0f | %.1f M (%.0f/hop) | %.1f M (%.0f/hop) | %.1f M (%.0f/hop) |",
      o, t/1e6, h, t/h, e/1e6, e/h, s/1e6, s/h, (t-e-s)/1e6, (t-e-s)/h }')")
  echo "== top 10 self cost ($opt)"
  awk '/^ *[0-9,]+ .*:/ && !/PROGRAM TOTALS/ && n < 10 {print; n++}' "$tmp/self$opt.txt"
done
echo
echo "floor_$which ${args[*]} (callgrind, whole process):"
echo
echo "| opt | instructions | hops | per hop | elaboration (network constructor) | simulation (sc_start) | rest (startup, checks, teardown) |"
echo "|---|---|---|---|---|---|---|"
printf '%s\n' "${rows[@]}"
