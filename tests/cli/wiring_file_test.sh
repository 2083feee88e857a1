#!/usr/bin/env bash
# tools/wiring-file: its palmtree, written from Camarero et al.'s formula, must run exactly as
# d3sim's built-in palmtree (traffic and the source-vector all-to-all, whose global hops read the
# port numbers); the committed random wiring of docs/beyond-the-paper.md must be what the tool
# makes from its seed; bad input is one line and a non-zero exit.
# Usage: wiring_file_test.sh D3SIM TOOL REPO_ROOT WORK_DIR
set -euo pipefail
d3sim=$1 tool=$2 root=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
same() {  # same JSON but for the arrangement's name and the recorded configuration
  python3 - "$1" "$2" <<'PY'
import json, sys
def clean(x):
    if isinstance(x, dict):
        return {k: clean(v) for k, v in x.items()
                if k not in ("arrangement", "config", "wall_seconds", "elaboration_seconds",
                             "peak_rss_kib", "hops_per_second", "estimated_memory_mib")}
    if isinstance(x, list):
        return [clean(v) for v in x]
    return x
a, b = (clean(json.load(open(f))) for f in sys.argv[1:3])
if a != b:
    sys.exit("differ: " + ", ".join(k for k in a if a.get(k) != b.get(k)))
PY
}
for km in "2 5" "3 4"; do
  set -- $km
  "$tool" palmtree "$1" "$2" > "$work/p.txt"
  for run in "--primitive all-to-all" "--traffic uniform --rate 0.4 --warmup 50 --measure 100 --seed 3"; do
    "$d3sim" --topology mdf --k "$1" --m "$2" $run -q --json "$work/built.json"
    "$d3sim" --topology mdf --k "$1" --m "$2" $run --arrangement "$work/p.txt" -q --json "$work/file.json"
    same "$work/built.json" "$work/file.json" || { echo "MDF($1,$2) $run: file != built-in"; exit 1; }
  done
done
# A different wiring must be told apart (the comparison can fail).
"$tool" random 3 4 5 > "$work/r.txt"
"$d3sim" --topology mdf --k 3 --m 4 --primitive all-to-all --arrangement "$work/r.txt" -q --json "$work/file.json"
"$d3sim" --topology mdf --k 3 --m 4 --primitive all-to-all -q --json "$work/built.json"
if same "$work/built.json" "$work/file.json" 2>/dev/null; then echo "random wiring ran as palmtree"; exit 1; fi
"$tool" random 4 8 1 | cmp - "$root/docs/wiring/mdf-4-8-random-seed1.txt"
"$tool" palmtree 4 8 | cmp - "$root/docs/wiring/mdf-4-8-palmtree.txt"
for bad in "" "ring 4 8" "palmtree 4" "random 4 8" "palmtree 0 8" "palmtree 4 x"; do
  if err=$("$tool" $bad 2>&1 >/dev/null); then echo "accepted: $bad"; exit 1; fi
  [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || { echo "not one line for '$bad': $err"; exit 1; }
done
echo "wiring-file: palmtree as built in, random reproducible, bad input refused"
