#!/usr/bin/env bash
# tools/service-levels-report as a user runs it (label sim), on a copy of the tool in a scratch
# tree (it writes the docs next to itself): bad input (PATTERN, K, the d3sim path) is one line on
# stderr and exit 2, and leaves the committed table as it was; a good run on D3(2,4) writes the
# table (20 rows, every run correct) and the generated part of the document.
#   service_levels_report_test.sh D3SIM TOOL SCRATCH
set -uo pipefail
d3sim=$1 tool=$2 scratch=$3
failures=0
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
rm -rf "$scratch"
mkdir -p "$scratch/tools" "$scratch/docs/service-levels"
cp "$tool" "$scratch/tools/service-levels-report"
report=$scratch/tools/service-levels-report
printf '# doc\n<!-- generated -->\nold table\n<!-- end generated -->\ntail\n' >"$scratch/docs/service-levels.md"
for kmp in "4 8" "2 4"; do
  echo "committed table" >"$scratch/docs/service-levels/d3-${kmp// /-}-all-to-all.csv"
done

bad() {  # bad WHAT ARGS...: exit 2, one line on stderr, nothing written
  local what=$1 err code
  shift
  err=$("$report" "$@" 2>&1 >/dev/null)
  code=$?
  [ "$code" -eq 2 ] || fail "$what: exit code $code, not 2: $err"
  [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "$what: not one line on stderr: $err"
  case $err in service-levels-report:*) ;; *) fail "$what: the line does not name the tool: $err" ;; esac
  [ "$(cat "$scratch/docs/service-levels/d3-4-8-all-to-all.csv")" = "committed table" ] ||
    fail "$what: the committed table was overwritten"
  grep -q "^old table$" "$scratch/docs/service-levels.md" || fail "$what: the document was rewritten"
}
bad "an unknown pattern" "$d3sim" 4 8 bogus
bad "K = 0" "$d3sim" 0 8
bad "no d3sim there" "$scratch/no-such-d3sim" 4 8

# A good run on a small network: the table and the document's generated part.
"$report" "$d3sim" 2 4 uniform 2>"$scratch/good.err" || fail "D3(2,4) exited $?: $(tail -3 "$scratch/good.err")"
csv=$scratch/docs/service-levels/d3-2-4-all-to-all.csv
[ "$(wc -l <"$csv")" -eq 21 ] || fail "D3(2,4): the table has not 20 rows: $(cat "$csv")"
[ "$(grep -c ',true,' "$csv")" -eq 20 ] || fail "D3(2,4): not every run is correct: $(cat "$csv")"
grep -q "^| 0.5 | privileged | " "$scratch/docs/service-levels.md" ||
  fail "D3(2,4): the document has no table: $(cat "$scratch/docs/service-levels.md")"
grep -q "^tail$" "$scratch/docs/service-levels.md" || fail "D3(2,4): the text after the table is gone"
[ -s "$scratch/docs/service-levels/d3-2-4-all-to-all.png" ] || fail "D3(2,4): no plot"

[ "$failures" -eq 0 ] && echo "service-levels-report: bad input refused, D3(2,4) table written"
exit $((failures > 0))
