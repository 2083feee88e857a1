#include "core/traffic/injection.h"

#include <cstdio>

namespace d3 {

namespace {
std::string number(double v) {
    char b[32];
    std::snprintf(b, sizeof b, "%.6g", v);
    return b;
}
}  // namespace

std::optional<std::string> on_off_injection::problem(double packet_rate, double alpha, double beta,
                                                     double flits) {
    if (!(alpha > 0 && alpha <= 1)) return "--burst-alpha must be in (0, 1]";
    if (!(beta > 0 && beta <= 1)) return "--burst-beta must be in (0, 1]";
    if (packet_rate * (alpha + beta) / alpha > 1)
        return "on-off injection with --burst-alpha " + number(alpha) + " and --burst-beta " +
               number(beta) + " reaches at most --rate " + number(alpha / (alpha + beta) * flits) +
               " (always creating while on)";
    return std::nullopt;
}

on_off_injection::on_off_injection(double packet_rate, double alpha, double beta, int terminals,
                                   traffic_rng& r)
    : alpha_(bernoulli_threshold(alpha)),
      beta_(bernoulli_threshold(beta)),
      r1_value_(packet_rate * (alpha + beta) / alpha),
      on_(static_cast<std::size_t>(terminals)) {
    r1_ = bernoulli_threshold(r1_value_);
    for (std::uint8_t& on : on_) on = bernoulli_below(r, bernoulli_threshold(0.5));
}

}  // namespace d3
