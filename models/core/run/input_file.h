// A user's input file (--perm FILE, --arrangement FILE) read with limits: at most
// kMaxInputFileBytes in all and kMaxInputLineBytes per line (core/network/limits.h), so that
// /dev/zero, a FIFO or a huge file is refused instead of filling memory. Plain C++.
#pragma once

#include <string>
#include <vector>

namespace d3 {

/// The file's lines (without their '\n'). Throws std::invalid_argument with one line,
/// "WHAT: cannot read PATH: REASON", when it cannot be read, is too large or has a line too long.
std::vector<std::string> read_input_lines(const std::string& path, const std::string& what);

}  // namespace d3
