#!/usr/bin/env bash
# `d3sim sweep --backend slurm --dry-run` writes a batch script that `sbatch --test-only` accepts,
# and submits and runs nothing (label slurm; needs the test cluster, SLURM_CONF set).
#   dry_run_test.sh D3SIM WORK
set -uo pipefail
d3sim=$1 dir=$2/dry-run
rm -rf "$dir"
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
out=$("$d3sim" sweep --rates 0.2:0.8:0.2 --k 2 --m 4 --traffic uniform --out "$dir" \
  --backend slurm --dry-run --partition d3test --time 0:05:00 --jobs 3 2>&1) ||
  fail "the dry run exited $?: $out"
script=$dir/jobs.sbatch
[ "$out" = "wrote $script (submit it with: sbatch $script)" ] || fail "unexpected output: $out"
# --mem per task, before any job has finished: twice the largest of the points' own estimates
# (what `d3sim ARGS --check` prints), at least 256M.
expected_mem() {  # expected_mem RATES ARGS...: the --mem line for a sweep of these points
  local rates=$1 max=0 e
  shift
  for r in ${rates//,/ }; do
    e=$("$d3sim" "$@" --rate "$r" --check --max-memory none |
      sed -n 's/^d3sim: check passed: estimated \([0-9]*\) MiB.*/\1/p')
    if [ -z "$e" ]; then  # (a subshell: the caller's comparison fails on this line)
      echo "no estimate from d3sim $* --rate $r --check"
      return
    fi
    [ "$e" -gt "$max" ] && max=$e
  done
  local mem=$((2 * max))
  [ "$mem" -lt 256 ] && mem=256
  echo "#SBATCH --mem=${mem}M"
}
mem_line=$(expected_mem 0.2,0.4,0.6,0.8 --k 2 --m 4 --traffic uniform)
[ "$mem_line" = "#SBATCH --mem=256M" ] || fail "a small study should ask for 256M: $mem_line"
for line in "#SBATCH --array=0-3%3" "#SBATCH --partition=d3test" "#SBATCH --time=0:05:00" \
  "$mem_line" "#SBATCH --output=$dir/slurm/%A_%a.out"; do
  grep -qxF -- "$line" "$script" || fail "the script lacks '$line'"
done
# A larger network: the estimate, not a fixed default, sizes the tasks (D3(16,16): about 700M).
big=$2/dry-run-big
rm -rf "$big"
"$d3sim" sweep --rates 0.2,0.8 --k 16 --m 16 --traffic uniform --out "$big" --backend slurm \
  --dry-run >/dev/null 2>&1 || fail "the dry run of D3(16,16) exited $?"
mem_line=$(expected_mem 0.2,0.8 --k 16 --m 16 --traffic uniform)
[ "$mem_line" != "#SBATCH --mem=256M" ] || fail "D3(16,16) should ask for more than 256M"
grep -qxF -- "$mem_line" "$big/jobs.sbatch" ||
  fail "D3(16,16): expected '$mem_line', the script has '$(grep -- --mem "$big/jobs.sbatch")'"
test_only=$(sbatch --test-only "$big/jobs.sbatch" 2>&1) ||
  fail "sbatch --test-only refused the D3(16,16) script: $test_only"
# --mem given: used as it is.
given=$2/dry-run-mem
rm -rf "$given"
"$d3sim" sweep --rates 0.2 --k 2 --m 4 --traffic uniform --out "$given" --backend slurm \
  --dry-run --mem 3G >/dev/null 2>&1 || fail "the dry run with --mem exited $?"
grep -qxF -- "#SBATCH --mem=3G" "$given/jobs.sbatch" || fail "--mem 3G was not used"
grep -qx "exec $d3sim job $dir/jobs.json \"\$SLURM_ARRAY_TASK_ID\"" "$script" ||
  fail "the script does not run d3sim job: $(tail -1 "$script")"
test_only=$(sbatch --test-only "$script" 2>&1) || fail "sbatch --test-only refused the script: $test_only"
echo "$test_only"
! ls "$dir"/point_*.json >/dev/null 2>&1 || fail "the dry run made results"
[ -z "$(squeue -h -n d3sim-sweep -o %i)" ] || fail "the dry run submitted a job"
exit $((failures > 0))
