// d3sim's packet event log options (--trace-packets FILE, --trace-format, --trace-packet,
// --trace-routers, --trace-steps) and the log options they select (trace/packet_log.h); and the
// waveform's options (--wave FILE, --wave-scope, ...; trace/wave_trace.h) with the check that they
// come with the waveform.
#pragma once

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "trace/packet_log.h"
#include "trace/wave_trace.h"

namespace d3 {

struct trace_cli {
    std::string path;
    std::string format;
    std::string packets;
    std::string routers;  ///< empty: all
    std::string steps;
};

/// Registers the options on app (group "Packet event log").
void add_trace_options(CLI::App& app, trace_cli& t);

/// The log options, or why the values do not parse or the filters have no log to filter.
std::optional<std::string> make_packet_log_options(const trace_cli& t, packet_log_options& out);

/// Registers --wave, --wave-scope, --wave-limit (a size as text, for apply_wave_limit),
/// --wave-groups and --wave-decoder on app.
void add_wave_options(CLI::App& app, std::string& wave, wave_options& opts, std::string& limit);

/// Sets opts.limit from --wave-limit's text; why it is no size, or nothing.
std::optional<std::string> apply_wave_limit(const std::string& limit, wave_options& opts);

/// Why a --wave-* option is given (on the command line or in a --config file) without --wave FILE,
/// or nothing. Call after parsing.
std::optional<std::string> check_wave_usage(const CLI::App& app);

}  // namespace d3
