#include "core/run/result.h"

#include <cmath>
#include <iomanip>
#include <sstream>

namespace d3 {

nlohmann::json to_json(const run_result& r, int k) {
    nlohmann::json conflicts = nlohmann::json::array();
    for (const conflict_record& c : r.first_conflicts) {
        const port_ref p = port_of(c.port, k);
        conflicts.push_back({{"step", c.step},
                             {"router", c.router},
                             {"port", (p.global ? "g" : "l") + std::to_string(p.port)},
                             {"requesters", c.requesters}});
    }
    nlohmann::json j = {
        {"topology", r.topology},
        {"arrangement", r.arrangement},
        {"k", r.k},
        {"m", r.m},
        {"primitive", r.primitive},
        {"schedule", r.schedule},
        {"decoder", r.decoder},
        {"rounds", r.rounds},
        {"delays", r.delays},
        {"steps", r.steps},
        {"hops", r.totals.hops},
        {"holds", r.totals.holds},
        {"conflicts", r.totals.conflicts},
        {"conflict_waits", r.totals.waits},
        {"credit_stalls", r.totals.stalls},
        {"injected", r.injected},
        {"expected", r.expected},
        {"delivered", r.delivered},
        {"lost", r.lost},
        {"duplicated", r.duplicated},
        {"misrouted", r.misrouted},
        {"left_in_buffers", r.left_in_buffers},
        {"correct", r.correct},
        {"problems", r.problems},
        {"first_conflicts", conflicts},
        {"wall_seconds", r.wall_seconds},
        {"elaboration_seconds", r.elaboration_seconds},
        {"hops_per_second",
         r.wall_seconds > 0 ? static_cast<double>(r.totals.hops) / r.wall_seconds : 0.0},
        {"peak_rss_kib", r.peak_rss_kib},
        {"estimated_memory_mib", std::round(r.estimated_memory_mib * 10) / 10},
    };
    if (r.lost_to_failure != 0) j["lost_to_failure"] = r.lost_to_failure;  // (SPEC@T runs)
    if (!r.activity.is_null()) j["activity"] = r.activity;
    if (!r.power.is_null()) j["power"] = r.power;
    return j;
}

std::string cost_text(const run_result& r) {
    std::ostringstream os;
    os << "(" << std::fixed << std::setprecision(3) << r.wall_seconds << " s, peak "
       << std::setprecision(0) << std::ceil(static_cast<double>(r.peak_rss_kib) / 1024.0)
       << " MiB, estimated " << std::ceil(r.estimated_memory_mib) << " MiB)";
    return os.str();
}

std::string to_table(const run_result& r) {
    std::ostringstream os;
    os << (r.topology == "mdf" ? "MDF(" : "D3(") << r.k << "," << r.m << ") " << r.primitive
       << ", schedule " << r.schedule << ", decoder " << r.decoder << "\n";
    // With packets lost (a deadlock, a stall) the run went on past its last delivery, where
    // `steps` ends: the problem lines say where it stopped.
    os << "  rounds " << r.rounds << "  delays " << r.delays << "  steps " << r.steps
       << (r.lost != 0 ? " (to the last delivery)" : "") << "  hops " << r.totals.hops << "  holds "
       << r.totals.holds << "  conflicts " << r.totals.conflicts << "\n";
    os << "  injected " << r.injected << "  delivered " << r.delivered << "/" << r.expected
       << "  lost " << r.lost << "  duplicated " << r.duplicated << "  misrouted " << r.misrouted
       << "  left in buffers " << r.left_in_buffers << "\n";
    os << "  "
       << (r.correct ? "correct: every expected message arrived exactly once" : "NOT CORRECT")
       << "  " << cost_text(r) << "\n";
    for (const std::string& p : r.problems) os << "  problem: " << p << "\n";
    return os.str();
}

}  // namespace d3
