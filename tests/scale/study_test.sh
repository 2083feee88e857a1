#!/usr/bin/env bash
# A small sweep and the small validation grid through one backend (labels slurm, parallel, sim):
#   study_test.sh D3SIM DOCS BACKEND WORK [backend options...]
# The local backend's results are the reference: `local` makes them in WORK/local (and checks the
# document against DOCS/paper-validation.md, which the local backend made); the other backends'
# merged results must equal them byte for byte. Then a task of a sweep is killed while it runs,
# and the rerun must run only the missing point and end with the same results; for the grid, two
# results are removed and the rerun must make only those two.
set -uo pipefail
d3sim=$1 docs=$2 backend=$3 work=$4
shift 4
opts=(--backend "$backend" "$@")
ref=$work/local
mine=$work/$backend
sweep=(--rates 0.2,0.35,0.5,0.65,0.8,0.95 --k 2 --m 4 --traffic uniform --warmup 200 --measure 20000)
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
sums() { (cd "$1" && sha256sum point_*.json); }

rm -rf "$mine"
mkdir -p "$mine"
cd "$mine" || exit 1

# 1. A sweep and the small grid, merged, equal to the local backend's.
"$d3sim" sweep "${sweep[@]}" --out "$mine/sweep" "${opts[@]}" --jobs 2 >/dev/null 2>sweep.err ||
  fail "sweep exited $?: $(cat sweep.err)"
"$d3sim" validate --grid small --work "$mine/grid" --out "$mine/validation.md" "${opts[@]}" \
  >/dev/null 2>validate.err || fail "validate exited $?: $(tail -5 validate.err)"
if [ "$backend" = local ]; then
  cmp "$mine/validation.md" "$docs/paper-validation.md" ||
    fail "validate --grid small differs from docs/paper-validation.md"
else
  cmp "$mine/sweep/sweep.csv" "$ref/sweep/sweep.csv" || fail "sweep.csv differs from the local backend's"
  cmp "$mine/validation.md" "$ref/validation.md" || fail "the validation document differs from the local backend's"
fi

# 2. Kill one running task of a sweep: the study ends without that point and says so.
kill_dir=$mine/kill
"$d3sim" sweep "${sweep[@]}" --out "$kill_dir" "${opts[@]}" --jobs 2 >/dev/null 2>kill.err &
study=$!
# Killed as soon as it is seen, its rate read from the command line already read: a point may end
# at any moment (each runs for about a second), and one that ended first is not a kill, so the
# scan goes on to the next running point.
victim="" killed_point=""
for _ in $(seq 600); do
  for p in /proc/[0-9]*; do  # bash builtins only: a scan must be quick on a loaded machine
    { read -r comm <"$p/comm" && [ "$comm" = d3sim ] && mapfile -d '' argv <"$p/cmdline"; } 2>/dev/null || continue
    case "${argv[*]}" in *"--json $kill_dir/point_"*.run.*) ;; *) continue ;; esac
    kill -9 "${p#/proc/}" 2>/dev/null || continue
    victim=${p#/proc/}
    for i in "${!argv[@]}"; do [ "${argv[i]}" = --rate ] && killed_point=${argv[i + 1]}; done
    break
  done
  [ -n "$victim" ] && break
  sleep 0.05
done
[ -n "$victim" ] || fail "no running point to kill"
wait "$study"
code=$?
[ "$code" -eq 1 ] || fail "the interrupted sweep exited $code, not 1: $(cat kill.err)"
grep -q "1 of 6 jobs have no result" kill.err || fail "the interrupted sweep does not name the missing point: $(cat kill.err)"
grep -q "(rate $killed_point)" kill.err || fail "rate $killed_point is not reported: $(cat kill.err)"
if [ "$backend" = slurm ]; then
  grep -Eq "task [0-9]+_[0-9]+ \(rate $killed_point\) failed" kill.err ||
    fail "slurm: the failed task is not reported by id: $(cat kill.err)"
fi
[ ! -e "$kill_dir/point_$killed_point.json" ] || fail "the killed point has a result"
grep -q "^$killed_point,,,,,,,,,,,,false,-1,$" "$kill_dir/sweep.csv" ||
  fail "sweep.csv after the interruption: $(cat "$kill_dir/sweep.csv")"
before=$(sums "$kill_dir")

# 3. The rerun runs only the missing point and ends with the local backend's results.
"$d3sim" sweep "${sweep[@]}" --out "$kill_dir" "${opts[@]}" --jobs 2 >/dev/null 2>rerun.err ||
  fail "the rerun exited $?: $(cat rerun.err)"
grep -q "5 of 6 jobs have results; running the other 1" rerun.err ||
  fail "the rerun did not run only the missing point: $(cat rerun.err)"
after=$(sums "$kill_dir")
[ "$(echo "$after" | grep -v "point_$killed_point.json")" = "$before" ] ||
  fail "the rerun changed results it did not need to make"
cmp "$kill_dir/sweep.csv" "$ref/sweep/sweep.csv" || fail "the resumed sweep.csv differs from the local backend's"

# 4. The grid: remove a simulated run's result and a fixed-schedule run's; the rerun makes only
# those and writes the same document.
rm -f "$mine/grid/d3-3-6/thm6.json" "$mine/grid/d3-2-4/thm5-fp.fixed.json"
"$d3sim" validate --grid small --work "$mine/grid" --out "$mine/validation2.md" "${opts[@]}" \
  >/dev/null 2>revalidate.err || fail "validate rerun exited $?: $(tail -5 revalidate.err)"
[ "$(grep -c "jobs have results; running the other 1$" revalidate.err)" -eq 2 ] ||
  fail "the validate rerun did not run only the two missing jobs: $(cat revalidate.err)"
cmp "$mine/validation2.md" "$mine/validation.md" || fail "the resumed document differs"

[ "$failures" -eq 0 ] && echo "$backend: sweep, grid, kill and resume: as the local backend"
exit $((failures > 0))
