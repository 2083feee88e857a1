// The primitives d3sim can run, by name: their options checked, their workloads built.
// Plain C++, no SystemC.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "paper/programs/common.h"

namespace d3 {

/// broadcast, one-to-all, all-to-one, all-to-all, permutation, glgl-one-to-all.
const std::vector<std::string>& primitive_names();

/// Why these options cannot run on this network (one line), or nothing. Builds the workload of a
/// permutation or a `fixed` schedule, so that a bad --perm file or a `fixed` with nothing to fix
/// is found before anything simulates; the other primitives' options are checked without it.
std::optional<std::string> check_primitive(const topology& t, const primitive_options& o);

/// The workload; throws std::invalid_argument with check_primitive()'s message on bad options.
std::unique_ptr<workload> make_primitive_workload(const topology& t, const primitive_options& o);

/// Packets per step the primitive's nodes must be able to launch, when more than the default M
/// (the glgl one-to-all launches K at once); 0 otherwise.
int primitive_injection_width(const topology& t, const primitive_options& o);

/// The workload options (by their command-line names) that only some primitives read: --source,
/// --count, --protocol, --schedule, --perm, --turnaround, --dimension, --embedding.
const std::vector<std::string>& primitive_only_options();
/// Why `primitive` does not read `option` (one of primitive_only_options()): "--perm does not
/// apply to all-to-all (it is for permutation)"; nothing when it reads it.
std::optional<std::string> option_unread(const std::string& option, const std::string& primitive);

/// Largest --count accepted (the schedule is held in memory).
inline constexpr int kMaxBroadcastCount = 1 << 16;

}  // namespace d3
