// `d3sim sweep --rates FROM:TO:STEP --out DIR [--jobs N] <d3sim traffic options>`: one independent
// d3sim process per offered load, as many at once as there are cores; a CSV with one row per point
// and a gnuplot plot (latency and accepted load against offered load). With `--primitive P
// --background PATTERN` (no --traffic) the background's rate is swept under the primitive instead
// (two service levels): the primitive's steps and conflicts and the background's load and latency.
#pragma once

namespace d3 {

/// argv[0] is "sweep". Returns d3sim's exit code: 0 every point ran and was correct, 1 a point
/// failed its checks, has no result or a result without its figures (or gnuplot failed), 2 bad
/// input (nothing simulated), among it an option that names one output file per run (--wave,
/// --link-stats, --trace-packets), which every point would write.
int run_sweep(int argc, char** argv);

}  // namespace d3
