#!/usr/bin/env bash
# tools/wave-render end to end: a small trace drawn to PNG without a display.
# Usage: render_test.sh D3SIM D3WAVE REPO WORKDIR. Exit 77 (skipped) only when a tool is missing.
set -euo pipefail
d3sim="$1" d3wave="$2" repo="$3" work="$4"
for tool in gtkwave xvfb-run gs; do
  if ! command -v "$tool" >/dev/null; then
    echo "SKIPPED: $tool is not installed (CI installs gtkwave, xvfb, ghostscript)"
    exit 77
  fi
done
mkdir -p "$work"
"$d3sim" --k 2 --m 4 --schedule none -q --wave "$work/r.vcd"
D3WAVE="$d3wave" "$repo/tools/wave-render" "$work/r.vcd" -o "$work/r.png" \
  -s 'c0.d0.p0.l1.conflict,c0.d0.p0.l1.packet,conflicts' --from 4 --to 20
head -c 8 "$work/r.png" | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a' || { echo "not a PNG"; exit 1; }
size=$(stat -c %s "$work/r.png")
[[ "$size" -gt 5000 ]] || { echo "PNG suspiciously small: $size bytes"; exit 1; }
# The trace's own .gtkw (conflict groups and markers) renders too.
"$repo/tools/wave-render" "$work/r.vcd" -o "$work/view.pdf" --from 6 --to 30
head -c 4 "$work/view.pdf" | grep -q '%PDF' || { echo "not a PDF"; exit 1; }
# An FST trace with its own view (r.fst.gtkw), converted with fst2vcd, drawn a page per 2 groups.
if "$d3sim" --k 2 --m 4 --schedule none -q --wave "$work/r.fst" 2>"$work/fst.err"; then
  [[ -f "$work/r.fst.gtkw" ]] || { echo "no r.fst.gtkw beside the FST"; exit 1; }
  groups=$(grep -c '^@[8c]00200$' "$work/r.fst.gtkw")
  rm -f "$work"/pages-*.png
  "$repo/tools/wave-render" "$work/r.fst" -o "$work/pages.png" --groups-per-page 2 --from 6 --to 30
  pages=$(ls "$work"/pages-*.png | wc -l)
  [[ "$pages" -eq $(((groups + 1) / 2)) ]] || { echo "$pages pages for $groups groups"; exit 1; }
elif ! grep -q "without FST support" "$work/fst.err"; then
  cat "$work/fst.err"; exit 1
fi
# Bad input: exit 2 and one line.
if "$repo/tools/wave-render" "$work/r.vcd" -o "$work/x.gif" 2>"$work/err"; then exit 1; fi
[[ $(wc -l <"$work/err") -eq 1 ]] || { cat "$work/err"; exit 1; }
echo "render: ok ($size bytes)"
