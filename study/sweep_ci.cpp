#include "study/sweep_ci.h"

#include <string>

namespace d3 {

namespace {

// Why a point with exit code `code` failed: its failed gates, else its problems, else the last
// line of its log.
std::string failure_of(const job& j, const nlohmann::json& r, int code) {
    const std::string prefix = "exit code " + std::to_string(code) + ": ";
    const nlohmann::json::json_pointer gates("/gates/failed"), problems("/problems");
    for (const auto& p : {gates, problems})
        if (r.contains(p) && r[p].is_array() && !r[p].empty() && r[p][0].is_string())
            return prefix + r[p][0].get<std::string>();
    return prefix + last_line(j.log);
}

}  // namespace

junit_suite sweep_junit(const job_list& list, const std::vector<nlohmann::json>& results) {
    junit_suite s{"d3sim sweep", {}};
    for (std::size_t i = 0; i < list.jobs.size() && i < results.size(); ++i) {
        const job& j = list.jobs[i];
        const nlohmann::json& r = results[i];
        junit_case c{"d3sim.sweep", j.name, 0, std::nullopt, std::nullopt, ""};
        if (!r.is_object() || !r.contains("job") || !r["job"].is_object()) {
            c.failure = "no result: " + last_line(j.log);
        } else {
            c.seconds = r["job"].value("seconds", 0.0);
            const int code = r["job"].value("exit_code", -1);
            if (code != 0) c.failure = failure_of(j, r, code);
        }
        if (c.failure) c.details = "log: " + j.log;
        s.cases.push_back(std::move(c));
    }
    return s;
}

}  // namespace d3
