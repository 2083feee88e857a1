// A user's input file (--perm FILE, --arrangement FILE, --config FILE, a job manifest) read with
// limits: a regular file only, at most kMaxInputFileBytes in all and kMaxInputLineBytes per line
// (core/network/limits.h), so that /dev/zero, a FIFO without a writer or a huge file is refused at
// once instead of filling memory or blocking. Plain C++.
#pragma once

#include <string>
#include <vector>

namespace d3 {

/// The file's text. Throws std::invalid_argument with one line, "WHAT: cannot read PATH: REASON",
/// when it cannot be read, is not a regular file (a FIFO, a device, a directory: refused without
/// blocking) or is too large. A leading UTF-8 byte-order mark is dropped.
std::string read_input_text(const std::string& path, const std::string& what);

/// The file's lines (without their '\n'), as read_input_text reads it; a line too long is refused
/// the same way.
std::vector<std::string> read_input_lines(const std::string& path, const std::string& what);

}  // namespace d3
