#include "core/router/pipeline.h"

#include <cstdlib>
#include <iterator>

#include "core/network/limits.h"

namespace d3 {

const char* to_string(pipeline_unit u) {
    switch (u) {
        case pipeline_unit::route:
            return "route";
        case pipeline_unit::allocate:
            return "allocate";
        case pipeline_unit::traverse:
            return "traverse";
        case pipeline_unit::vc_allocate:
            return "vc-allocate";
    }
    return "?";
}

std::string to_string(const pipeline_spec& p) {
    std::string s;
    for (pipeline_unit u : kPipelineUnits) {
        const int n = p.cycles(u);
        if (n == 0) continue;
        if (!s.empty()) s += ",";
        s += to_string(u);
        if (n > 1) s += ":" + std::to_string(n);
    }
    return s.empty() ? "none" : s;
}

std::optional<pipeline_spec> parse_pipeline(const std::string& s, std::string& error) {
    if (s.empty() || s == "none") return pipeline_spec{};
    constexpr std::size_t kUnits = std::size(kPipelineUnits);
    pipeline_spec p;
    std::size_t at = 0;
    while (at <= s.size()) {
        const std::size_t comma = s.find(',', at);
        const std::string item = s.substr(at, comma == std::string::npos ? comma : comma - at);
        at = comma == std::string::npos ? s.size() + 1 : comma + 1;
        const std::size_t colon = item.find(':');
        const std::string name = item.substr(0, colon);
        int n = 1;
        if (colon != std::string::npos) {
            const std::string count = item.substr(colon + 1);
            char* end = nullptr;
            const long v = count.empty() ? -1 : std::strtol(count.c_str(), &end, 10);
            if (count.empty() || *end != '\0' || v < 1 || v > kPipelineStagesRange.hi - 1) {
                error = "'" + item + "': cycles must be a whole number from 1 to " +
                        std::to_string(kPipelineStagesRange.hi - 1);
                return std::nullopt;
            }
            n = static_cast<int>(v);
        }
        std::size_t i = 0;
        while (i < kUnits && name != to_string(kPipelineUnits[i])) ++i;
        if (i == kUnits) {
            error =
                "'" + name + "' is not a unit (route, vc-allocate, allocate, traverse, or none)";
            return std::nullopt;
        }
        if (p.cycles(kPipelineUnits[i]) != 0) {
            error = "'" + name + "' is given twice";
            return std::nullopt;
        }
        p.cycles(kPipelineUnits[i]) = n;
    }
    if (p.stages() > kPipelineStagesRange.hi) {
        error = "'" + s + "' has " + std::to_string(p.stages()) + " stages (at most " +
                std::to_string(kPipelineStagesRange.hi) + ")";
        return std::nullopt;
    }
    return p;
}

pipeline_spec pipeline_of_stages(int stages) {
    pipeline_spec p;
    p.traverse = stages - 1;
    return p;
}

}  // namespace d3
