#include "d3sim/resilience_simulate.h"

#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "study/backends/backends.h"
#include "study/jobs.h"

namespace d3 {

namespace {

// d3sim `args` (words split at spaces) plus --json - -q: its JSON, or nothing and `error`.
std::optional<nlohmann::json> run_json(const std::string& args, std::string& error) {
    std::vector<std::string> argv{self_exe()};
    std::istringstream words(args + " --json - -q --no-progress");
    for (std::string w; words >> w;) argv.push_back(w);
    std::string out, err;
    const int code = capture(argv, out, &err);
    try {
        if (code == 0) return nlohmann::json::parse(out);
    } catch (const nlohmann::json::exception&) {
    }
    error = "d3sim " + args + ": exit code " + std::to_string(code) + ": " +
            err.substr(0, err.find('\n'));
    return std::nullopt;
}

}  // namespace

std::optional<simulated_set> simulate_set(const std::string& network_args, const std::string& spec,
                                          std::uint64_t seed, const simulation_options& o,
                                          std::string& error) {
    std::ostringstream common;
    common.precision(17);
    common << network_args << " --seed " << seed;
    if (!spec.empty()) common << " --fail-links " << spec;
    std::ostringstream traffic;
    traffic.precision(17);
    traffic << common.str() << " --traffic uniform --rate " << o.rate << " --concentration "
            << o.concentration << " --warmup " << o.warmup << " --measure " << o.measure;
    const auto t = run_json(traffic.str(), error);
    if (!t) return std::nullopt;
    const auto a = run_json(common.str() + " --primitive all-to-all", error);
    if (!a) return std::nullopt;
    simulated_set s;
    s.accepted = (*t)["traffic"]["accepted"].get<double>();
    s.steps = (*a)["steps"].get<double>();
    s.conflicts = (*a)["conflicts"].get<double>();
    return s;
}

}  // namespace d3
