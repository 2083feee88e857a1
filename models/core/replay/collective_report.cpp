#include "core/replay/collective_report.h"

#include <algorithm>
#include <cmath>

namespace d3 {

nlohmann::json collective_summary(const collective_layout& l, const replay_state& s) {
    std::vector<std::uint64_t> per_iteration;
    std::uint64_t before = 0;  // the last arrival of the iterations before
    std::size_t i = 0;
    for (const std::size_t end : l.iteration_end) {
        std::uint64_t last = before;
        for (; i < end; ++i)
            if (s.arrived_at(i) != ~0ull) last = std::max(last, s.arrived_at(i));
        per_iteration.push_back(last - before);
        before = last;
    }
    double mean = 0, var = 0;
    for (const std::uint64_t t : per_iteration) mean += static_cast<double>(t);
    mean /= static_cast<double>(per_iteration.size());
    for (const std::uint64_t t : per_iteration)
        var += (static_cast<double>(t) - mean) * (static_cast<double>(t) - mean);
    var /= static_cast<double>(per_iteration.size());
    nlohmann::json j;
    j["collective"] = l.options.collective;
    j["algorithm"] = l.algorithm;
    j["size"] = l.options.size;
    j["iterations"] = l.options.iterations;
    j["ranks"] = l.options.ranks;
    j["steps"] = l.steps;
    j["messages"] = s.messages();
    j["completion"] = before;
    j["per_iteration"] = per_iteration;
    j["iteration"] = {{"mean", mean},
                      {"min", *std::min_element(per_iteration.begin(), per_iteration.end())},
                      {"max", *std::max_element(per_iteration.begin(), per_iteration.end())},
                      {"stddev", std::sqrt(var)}};
    return j;
}

}  // namespace d3
