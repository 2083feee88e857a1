#!/usr/bin/env bash
# tools/rtl-area on the decoder and the round-robin arbiter: every row's area is its gates'
# transistors / 4 NAND2 cells of 8 x 3 metal pitches plus its flip-flops' cells of 8 x 16 pitches,
# a pitch of 0.08 um (tech/booksim2-32nm.yaml, worked out here by hand: a NAND2 0.1536 um2, a
# flip-flop 0.8192 um2); the decoder is combinational (no flip-flop), the arbiter has some.
set -euo pipefail
tool=$1 tech=$2
out=$("$tool" "$tech" decoder rr_arbiter)
echo "$out"
python3 - "$out" <<'PY'
import sys
rows = [l.split("|")[1:-1] for l in sys.argv[1].splitlines()[2:]]
assert len(rows) == 2, rows
for name, params, cells, flops, tr, gates, ffs, area in ((c.strip() for c in r) for r in rows):
    want = int(tr) / 4 * 0.1536 + int(flops) * 0.8192
    assert abs(float(area) - want) <= 0.06, (name, area, want)
    assert int(cells) > 0 and int(tr) > 0, name
assert rows[0][3].strip() == "0", "the decoder is combinational"
assert int(rows[1][3]) > 0, "the arbiter keeps its pointer in flip-flops"
print("areas as the technology's cells give them")
PY
