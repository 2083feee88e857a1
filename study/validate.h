// `d3sim validate`: runs every claim of the paper on a grid of D3(K,M), each simulated case in its
// own d3sim process (SystemC elaborates once per process), the topological claims in this
// process, and prints and writes the table (docs/paper-validation.md).
#pragma once

namespace d3 {

/// argv[0] is "validate". Returns the process exit code (0: the table was made; 1: a simulated
/// case failed to run or was not correct, or a job has no result: then no table is printed and no
/// file written; 2: bad input).
int run_validate(int argc, char** argv);

}  // namespace d3
