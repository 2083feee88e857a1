#!/usr/bin/env bash
# Studies in awkward places and with damaged results, through one backend (labels sim, parallel,
# slurm):
#   robust_test.sh D3SIM BACKEND WORK [backend options...]
# 1. A sweep whose directory has a space in its name runs and merges (every backend: GNU parallel
#    and the batch script must keep the path one word).
# 2. A result whose "job" record is damaged (edited by hand, another tool's JSON) is no result: the
#    merge names it and exits 1 (no JSON exception), a rerun runs it again and only it, and the
#    Slurm batch script is still written (--dry-run sizes --mem from the results).
# 3. `d3sim job` refuses an index that is not a plain number.
# (parallel) 1b. A host GNU parallel cannot reach: the sweep points to DIR/parallel.log.
set -uo pipefail
d3sim=$1 backend=$2 work=$3
shift 3
opts=(--backend "$backend" "$@")
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
sweep=(--rates 0.2,0.5 --k 2 --m 4 --traffic uniform --warmup 100 --measure 300)
mine=$work/robust-$backend
rm -rf "$mine"
mkdir -p "$mine"

# 1. A directory with a space.
dir="$mine/a study dir/sweep"
"$d3sim" sweep "${sweep[@]}" --out "$dir" "${opts[@]}" >/dev/null 2>"$mine/space.err" ||
  fail "the sweep in '$dir' exited $?: $(cat "$mine/space.err")"
[ "$(grep -c ',true,true,0,[a-z]*$' "$dir/sweep.csv" 2>/dev/null)" = 2 ] ||
  fail "the sweep in '$dir' has not two correct points: $(cat "$dir/sweep.csv" 2>&1)"
if [ "$backend" = slurm ]; then
  "$d3sim" sweep "${sweep[@]}" --out "$mine/dry run" "${opts[@]}" --dry-run >/dev/null 2>&1 ||
    fail "the dry run in '$mine/dry run' exited $?"
  out=$(sbatch --test-only "$mine/dry run/jobs.sbatch" 2>&1) ||
    fail "sbatch --test-only refused the batch script of '$mine/dry run': $out"
fi

# 1b. GNU parallel with a host it cannot reach: the jobs never reach d3sim (exit 255 in the job
# log), and the sweep says where GNU parallel's own messages are.
if [ "$backend" = parallel ]; then
  dir=$mine/unreachable
  err=$("$d3sim" sweep "${sweep[@]}" --out "$dir" --backend parallel --sshlogin nosuchhost.invalid 2>&1 >/dev/null)
  code=$?
  [ "$code" -eq 1 ] || fail "the sweep on an unreachable host exited $code, not 1: $err"
  echo "$err" | grep -qF "GNU parallel ended 2 jobs without a result; its own messages are in $dir/parallel.log" ||
    fail "the sweep on an unreachable host does not point to parallel.log: $err"
  [ -s "$dir/parallel.log" ] || fail "GNU parallel's log is empty"
fi

# 2. A damaged result: made again, and the others are kept (local only, as 3).
[ "$backend" = local ] || { [ "$failures" -eq 0 ] && echo "$backend: a study dir with a space (and an unreachable host)"; exit $((failures > 0)); }
dir=$mine/damaged
"$d3sim" sweep "${sweep[@]}" --out "$dir" "${opts[@]}" >/dev/null 2>&1 || fail "the sweep exited $?"
keep=$(sha256sum "$dir/point_0.5.json")
python3 - "$dir/point_0.2.json" <<'EOF'
import json, sys
j = json.load(open(sys.argv[1]))
j["job"]["exit_code"] = "0"    # a string, not a number
j["job"]["max_rss_kb"] = "big"
json.dump(j, open(sys.argv[1], "w"))
EOF
err=$("$d3sim" sweep "${sweep[@]}" --out "$dir" "${opts[@]}" --merge-only 2>&1 >/dev/null)
code=$?
[ "$code" -eq 1 ] || fail "--merge-only with a damaged result exited $code, not 1: $err"
case $err in *exception*) fail "--merge-only with a damaged result: $err" ;; esac
echo "$err" | grep -q "job 0 (rate 0.2): its result is of another d3sim build or command line" ||
  fail "--merge-only does not name the damaged result: $err"
err=$("$d3sim" sweep "${sweep[@]}" --out "$dir" --backend slurm --dry-run 2>&1)
code=$?
[ "$code" -eq 0 ] || fail "the slurm --dry-run with a damaged result exited $code: $err"
grep -q "^#SBATCH --array=0$" "$dir/jobs.sbatch" 2>/dev/null ||
  fail "the slurm --dry-run does not list only the damaged result's job: $(cat "$dir/jobs.sbatch" 2>&1)"
err=$("$d3sim" sweep "${sweep[@]}" --out "$dir" "${opts[@]}" 2>&1 >/dev/null)
code=$?
[ "$code" -eq 0 ] || fail "the rerun with a damaged result exited $code: $err"
echo "$err" | grep -q "1 of 2 jobs have results; running the other 1" ||
  fail "the rerun did not run only the damaged result's job: $err"
[ "$(sha256sum "$dir/point_0.5.json")" = "$keep" ] || fail "the rerun changed a good result"
[ "$(grep -c ',true,true,0,[a-z]*$' "$dir/sweep.csv")" = 2 ] ||
  fail "after the rerun, sweep.csv has not two correct points: $(cat "$dir/sweep.csv")"

# 3. `d3sim job MANIFEST INDEX` takes a plain index only: one line and exit 2 otherwise.
for index in -1 +1 " 1" x ""; do
  err=$("$d3sim" job "$dir/jobs.json" "$index" 2>&1)
  code=$?
  [ "$code" -eq 2 ] && [ "$err" = "d3sim job: error: the index must be a number (got '$index')" ] ||
    fail "d3sim job with index '$index': exit code $code: $err"
done

[ "$failures" -eq 0 ] && echo "$backend: a study dir with a space, a damaged result made again"
exit $((failures > 0))
