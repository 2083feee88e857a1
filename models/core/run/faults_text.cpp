#include "core/run/faults_text.h"

#include <cstdint>
#include <sstream>

namespace d3 {

namespace {
// A count the JSON gives as a number, or as the list of what it counts (failed_links), or not.
std::uint64_t count_of(const nlohmann::json& faults, const char* key) {
    if (!faults.contains(key)) return 0;
    const nlohmann::json& v = faults[key];
    if (v.is_array()) return v.size();
    return v.is_number_unsigned() || v.is_number_integer() ? v.get<std::uint64_t>() : 0;
}
const char* plural(std::uint64_t n, const char* one, const char* many) {
    return n == 1 ? one : many;
}
}  // namespace

std::string faults_text(const nlohmann::json& faults, const char* unit) {
    if (!faults.is_object()) return "";
    const std::uint64_t routers = count_of(faults, "failed_routers");
    const std::uint64_t cables = count_of(faults, "failed_links");
    std::ostringstream os;
    os << "  faults: " << routers << plural(routers, " router and ", " routers and ") << cables
       << plural(cables, " cable failed", " cables failed");
    if (faults.contains("failed_at")) os << " at step " << faults["failed_at"];
    const std::uint64_t rerouted = count_of(faults, "rerouted");
    os << "; " << rerouted << " " << unit << (rerouted == 1 ? "" : "s") << " rerouted, "
       << count_of(faults, "unreachable") << " unreachable";
    if (const std::uint64_t n = count_of(faults, "not_answered"); n != 0)
        os << ", " << n << " not answered";
    if (faults.contains("failed_at"))
        os << ", " << count_of(faults, "lost")
           << " lost to the failure (each named in faults.lost_packets and as a 'lost' event in "
              "the packet log)";
    os << "\n";
    return os.str();
}

}  // namespace d3
