// Output files named on the command line (--json, --wave, --link-stats, validate --out): checked
// before the run, so that a bad path is refused before anything simulates, and written with every
// write, flush and close checked, so that a full disk (/dev/full) is an error, not a lost file.
#pragma once

#include <optional>
#include <string>

namespace d3 {

/// Whether path can be written: opens it for writing (creating it if it does not exist, then
/// removing it again; an existing file is left as it is). "-" (stdout) is always writable.
/// Returns "cannot write PATH: REASON" or nothing.
std::optional<std::string> check_writable(const std::string& path);

/// Writes text to path (replacing it), or to stdout for "-", and checks every write, the flush
/// and the close. Returns "cannot write PATH: REASON" or nothing.
std::optional<std::string> write_file(const std::string& path, const std::string& text);

}  // namespace d3
