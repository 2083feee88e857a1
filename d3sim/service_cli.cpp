#include "d3sim/service_cli.h"

#include <sstream>

#include "cli/did_you_mean.h"
#include "cli/option_limits.h"
#include "core/network/limits.h"
#include "core/traffic/pattern.h"
#include "core/traffic/routing.h"
#include "tb/report.h"

namespace d3 {

void add_service_options(CLI::App& app, service_cli& s) {
    const std::string g = "Service levels";
    app.add_option("--service", s.service,
                   "the primitive's service class: privileged (precedence everywhere, its own "
                   "virtual channels) or standard (the background's class); default privileged "
                   "with --background")
        ->check(member_of(kServiceNames))
        ->group(g);
    app.add_option("--background", s.background,
                   "synthetic standard traffic at every node while the primitive runs: a --traffic "
                   "pattern (uniform, permutation, drawer-to-drawer, hotspot, transpose, bitcomp, "
                   "bitrev, shuffle, tornado, neighbor, randperm)")
        ->check(member_of(kTrafficPatternNames))
        ->group(g);
    app.add_option("--background-rate", s.rate,
                   "background packets created per node per step, in (0, 1] (default 0.1)")
        ->check(real_number("(0, 1]", "packets per node per step"))
        ->group(g);
    app.add_option("--background-routing", s.routing,
                   "background destination routing: minimal, valiant, ugal (default minimal)")
        ->check(member_of(kRoutingKindNames))
        ->group(g);
    app.add_option("--background-warmup", s.warmup,
                   "steps of background before the primitive starts (default 100)")
        ->group(g);
}

std::string background_text(const nlohmann::json& bg) {
    std::ostringstream os;
    os.setf(std::ios::fixed);
    os.precision(3);
    const auto& l = bg["latency"];
    os << "  background " << bg["pattern"].get<std::string>() << " rate "
       << bg["rate"].get<double>() << " (" << bg["routing"].get<std::string>() << ", standard; "
       << "primitive " << bg["primitive_service"].get<std::string>() << " from step "
       << bg["primitive_start"] << ")\n    offered " << bg["offered"].get<double>() << "  accepted "
       << bg["accepted"].get<double>() << " packets/node/step over the primitive's span\n";
    os.precision(2);
    os << "    latency " << latency_text(l) << "  (" << l["samples"] << " measured)  conflicts "
       << bg["conflicts"] << "  created " << bg["created"] << "  delivered " << bg["delivered"]
       << "\n";
    return os.str();
}

std::optional<std::string> apply_service_options(const CLI::App& app, const service_cli& s,
                                                 bool traffic, run_options& o) {
    const bool any = !s.service.empty() || !s.background.empty();
    if (traffic && any)
        return std::string(s.background.empty() ? "--service" : "--background") +
               " runs under a --primitive, not --traffic";
    for (const char* opt : {"--background-rate", "--background-routing", "--background-warmup"})
        if (s.background.empty() && app.count(opt) != 0)
            return std::string(opt) + " needs --background";
    if (!s.service.empty()) o.service_class = parse_as<service>(s.service);
    if (s.background.empty()) return std::nullopt;
    if (!(s.rate > 0 && s.rate <= 1)) {
        // The value as given (to_string would print 1.0000001 as "1.000000", inside the range).
        const CLI::Option* opt = app.get_option_no_throw("--background-rate");
        std::ostringstream given;
        if (opt && !opt->results().empty())
            given << opt->results().front();
        else
            given << s.rate;
        return "--background-rate must be in (0, 1] packets per node per step (got " + given.str() +
               ")";
    }
    if (auto e = out_of_range("--background-warmup", s.warmup, kWarmupRange)) return e;
    traffic_options t;
    t.pattern = *parse_as<traffic_pattern>(s.background);
    t.routing = *parse_as<routing_kind>(s.routing);
    t.rate = s.rate;
    t.warmup = s.warmup;
    t.seed = o.seed;
    o.background = t;
    return std::nullopt;
}

}  // namespace d3
