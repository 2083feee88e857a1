// Output files named on the command line (--json, --wave, --link-stats, validate --out): checked
// before the run, so that a bad path is refused before anything simulates, and written with every
// write, flush and close checked, so that a full disk (/dev/full) is an error, not a lost file.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace d3 {

/// Whether path can be written: opens it for writing (creating it if it does not exist, then
/// removing it again; an existing file is left as it is) and writes nothing to it, which fails
/// where every write would (/dev/full). "-" (stdout) is always writable.
/// Returns "cannot write PATH: REASON" or nothing.
std::optional<std::string> check_writable(const std::string& path);

/// Writes text to path (replacing it), or to stdout for "-", and checks every write, the flush
/// and the close. Returns "cannot write PATH: REASON" or nothing.
std::optional<std::string> write_file(const std::string& path, const std::string& text);

/// An option and the file it names ("--json", "out.json").
using named_file = std::pair<std::string, std::string>;

/// Whether paths `a` and `b` are the same file: the same existing file (by identity: links and
/// different spellings of one path count), or, for a file not yet made, the same absolute path;
/// "-" (stdout) only as "-".
bool same_file(const std::string& a, const std::string& b);

/// d3sim's output files, checked before anything is elaborated: the packet log, the JSON, the
/// waveform with its view and translate files (`decoder_ports`: the decoders are traced, whose
/// view has two more), the link statistics, then `more_outputs` (--junit). The first that cannot be
/// written, as "--OPTION: why"; then two outputs that name the same file, or an output that names
/// one of the `inputs` (the files the run reads: an output must overwrite neither).
std::optional<std::string> check_outputs(const std::string& json, const std::string& wave,
                                         bool decoder_ports, const std::string& link_stats,
                                         const std::string& trace,
                                         const std::vector<named_file>& inputs = {},
                                         const std::vector<named_file>& more_outputs = {});

/// The first output of `outputs` that names the same file as another output or as one of the
/// `inputs`, as one line ("--json and --trace-packets name the same file F"), or nothing.
std::optional<std::string> check_distinct(const std::vector<named_file>& outputs,
                                          const std::vector<named_file>& inputs);

}  // namespace d3
