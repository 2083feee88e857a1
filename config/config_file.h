// d3sim --config FILE and --dump-config: a YAML file (or a result JSON, whose `config` object is
// read) becomes command-line options placed before the real ones, so that any option given on the
// command line overrides the file; the effective configuration is written back as YAML or as the
// `config` object of a result. The keys are in config/config_keys.h.
#pragma once

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "config/config_keys.h"
#include "core/network/config.h"

namespace d3 {

/// The model's version: `git describe` of the source tree when the build was configured.
const char* model_version();

/// The file named by --config FILE (or --config=FILE) in args, or nothing.
std::optional<std::string> config_path_in(const std::vector<std::string>& args);

/// The options a configuration file stands for, in the table's order ("--k", "4", ...). Keys
/// whose value is the option's default in `app` are left out (a traffic run's recorded decoder
/// "cpp", say). An unreadable file, YAML that does not parse, an unknown key or a value of the
/// wrong type: the error, "FILE:LINE: KEY: why" (a one-line message).
struct config_args {
    std::vector<std::string> args;
    std::string error;
    std::string warning;  ///< non-fatal: the file was written by another model version
    /// Where each option of `args` is in the file (its key's first line), for messages.
    struct origin {
        std::string option;  ///< "--buffer-depth"
        std::string path;    ///< "router.input_unit.buffer_depth"
        int line = 0;
    };
    std::string file;  ///< the file's name as messages print it
    std::vector<origin> origins;
};
config_args read_config_file(const std::string& path, const CLI::App& app);

/// The command line with the file's options first: file options that the command line `args`
/// sets too are dropped (the command line wins): the same option; --pipeline for
/// --pipeline-stages and the other way round; with --primitive (and no --traffic) every
/// traffic-only option, with --traffic (and no --primitive) every primitive-only one, with
/// --trace alone every key that is not a trace replay's (config_mode, key_applies). args excludes
/// the program name.
std::vector<std::string> merge_config(const std::vector<std::string>& file_args,
                                      const std::vector<std::string>& args);

/// An error about an option (a message that starts with its name, "--rate must be ...") that the
/// file gave and the command line `given` did not: "FILE:LINE: KEY: " and the message, so that a
/// value out of range in the file is found where it was written. Any other message is returned
/// unchanged.
std::string locate_in_config(const std::string& error, const config_args& file,
                             const std::vector<std::string>& given);

/// Whether `args` names the option `opt` ("--opt" or "--opt=value").
bool option_in(const std::vector<std::string>& args, const std::string& opt);

/// The effective configuration after app parsed the merged command line: every key that applies
/// to the run (`run`: a primitive, traffic or a trace replay), with the value given or the option's
/// default; outputs and gates only when given. For a result (`for_result`), outputs are left out
/// and the model version is added.
nlohmann::ordered_json effective_config(const CLI::App& app, config_mode run, bool for_result);

/// The router as the network resolved it (every 0 default replaced: VCs, injection width and
/// depth, watchdog), keyed like `router` in the file: informational, recorded as the `resolved`
/// object of a result's `config` and ignored when the file is read back.
nlohmann::json resolved_config(const network_config& net);

/// The configuration as a YAML document that --config reads back (comments name the options).
std::string config_yaml(const nlohmann::ordered_json& config);

}  // namespace d3
