// The keys of a d3sim configuration file (--config FILE, YAML) and the command-line option each
// one stands for: one table, read by the loader, by --dump-config and by the `config` object of
// every JSON result. The file is a tree: network, router (per unit), workload (a primitive or
// traffic), seed, outputs, gates. README.md, "Configuration files".
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace d3 {

/// `list`: a repeatable option (a YAML sequence of values, one option per item).
enum class config_type { integer, integer_or_auto, unsigned64, number, text, flag, list };

/// Which runs a key applies to: any, a primitive, synthetic traffic, a trace replay (--trace), or
/// packets (synthetic traffic and a trace replay: --packet-length).
/// `collective`: a collective workload (--workload); `replay`: a trace or a collective (--mapping).
enum class config_mode { any, primitive, traffic, trace, packets, collective, replay };

/// Whether a key of mode `key` applies to a run of mode `run` (primitive, traffic or trace).
bool key_applies(config_mode key, config_mode run);

struct config_key {
    const char* path;    ///< dotted path in the file, e.g. "router.input_unit.buffer_depth"
    const char* option;  ///< the d3sim option it sets, e.g. "--buffer-depth"
    config_type type;
    config_mode mode = config_mode::any;
};

/// Every key, in the order --dump-config writes them.
const std::vector<config_key>& config_keys();

/// The key with this dotted path, or nullptr.
const config_key* find_config_key(const std::string& path);

/// The key that sets this option (e.g. "--buffer-depth"), or nullptr.
const config_key* find_config_key_of_option(const std::string& option);

/// Whether some key lies under this dotted path (a section such as "router.hold_stage").
bool is_config_section(const std::string& path);

/// For an unknown key `key` in the section `prefix` ("" at the top): the dotted path of the key or
/// section it was probably meant to be (cli/did_you_mean.h), first among those beside it, then
/// among every key's last name (`buffer_dept` at the top: router.input_unit.buffer_depth).
std::optional<std::string> closest_config_key(const std::string& prefix, const std::string& key);

/// Sections whose keys are not recorded in a result's `config` (they change no figure).
bool is_output_key(const config_key& k);

/// The keys of --topology rsn|hdn|hamming's network (network.levels ... network.trunking): in a
/// configuration and a result only when given, so that no other run's records change.
bool is_network_spec_key(const config_key& k);

const char* to_string(config_type t);

}  // namespace d3
