// `d3sim resilience --simulate` (issue 47 item 6, its simulated part; docs/resilience.md): for one
// failure set, the saturation throughput under uniform traffic (the load accepted at an offered
// load past saturation, --sat-rate) and the all-to-all's steps and conflicts, each from a d3sim
// process of its own (a SystemC model elaborates once per process).
#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace d3 {

struct simulation_options {
    double rate = 1.0;      ///< offered load of the uniform traffic, per terminal and step
    int concentration = 4;  ///< terminals per router (one saturates neither D3 nor MDF)
    int warmup = 200;
    int measure = 400;
};

/// One failure set's simulated figures.
struct simulated_set {
    double accepted = 0;   ///< uniform traffic's accepted load
    double steps = 0;      ///< the all-to-all's
    double conflicts = 0;  ///< the all-to-all's
};

/// Runs the uniform traffic and the all-to-all on `network_args` (--k K --m M --topology T) with
/// --fail-links `spec` (empty: nothing fails) and --seed `seed`. Nothing, and `error` in one line,
/// when a run does not end correctly.
std::optional<simulated_set> simulate_set(const std::string& network_args, const std::string& spec,
                                          std::uint64_t seed, const simulation_options& o,
                                          std::string& error);

}  // namespace d3
