# Sourced by the BookSim2 scripts' tests: `check WHAT EXPECTED_STATUS COMMAND...` runs COMMAND and
# counts a failure in $fails unless it exits EXPECTED_STATUS with exactly one line on stderr
# (what a refusal or a skip says). Uses $work for the command's output.
fails=0
check() {
  local what=$1 want=$2 status=0
  shift 2
  "$@" >"$work/out" 2>"$work/err" || status=$?
  local lines
  lines=$(wc -l <"$work/err")
  if [[ $status != "$want" || $lines != 1 ]]; then
    echo "FAIL $what: exit $status (want $want), $lines stderr lines:" && cat "$work/err"
    fails=$((fails + 1))
  fi
}
