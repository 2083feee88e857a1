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
for line in "#SBATCH --array=0-3%3" "#SBATCH --partition=d3test" "#SBATCH --time=0:05:00" \
  "#SBATCH --mem=1G" "#SBATCH --output=$dir/slurm/%A_%a.out"; do
  grep -qxF -- "$line" "$script" || fail "the script lacks '$line'"
done
grep -qx "exec $d3sim job $dir/jobs.json \"\$SLURM_ARRAY_TASK_ID\"" "$script" ||
  fail "the script does not run d3sim job: $(tail -1 "$script")"
test_only=$(sbatch --test-only "$script" 2>&1) || fail "sbatch --test-only refused the script: $test_only"
echo "$test_only"
! ls "$dir"/point_*.json >/dev/null 2>&1 || fail "the dry run made results"
[ -z "$(squeue -h -n d3sim-sweep -o %i)" ] || fail "the dry run submitted a job"
exit $((failures > 0))
