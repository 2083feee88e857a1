// How a terminal decides to create a packet in a step: Bernoulli (independent trials at the
// packet rate) or BookSim2's on-off process (its injection.cpp, `injection_process = on_off`):
// each terminal is a two-state Markov chain that, in every step, first moves (off -> on with
// probability alpha, on -> off with probability beta) and then, when on, creates a packet with
// probability r1 = rate (alpha + beta) / alpha, so that the long-run rate is `rate` and a burst
// lasts 1 / beta steps on average. Each terminal starts on or off with probability 1/2 (BookSim2's
// default `initial`). Plain C++.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/enum_names.h"
#include "core/traffic/random.h"

namespace d3 {

enum class injection_kind : std::uint8_t { bernoulli, on_off };

inline constexpr enum_entry<injection_kind> kInjectionKindNames[] = {
    {injection_kind::bernoulli, "bernoulli"}, {injection_kind::on_off, "on-off"}};
constexpr const auto& enum_names_of(injection_kind) {
    return kInjectionKindNames;
}

/// The on-off process of `terminals` terminals at `packet_rate` packets per terminal and step.
class on_off_injection {
  public:
    /// Why the process cannot run: alpha or beta outside (0, 1], or a rate above what it reaches
    /// (r1 > 1: rate > alpha / (alpha + beta)); nothing when it can. `flits` converts the rate
    /// the message quotes (flits per terminal and step, as --rate).
    static std::optional<std::string> problem(double packet_rate, double alpha, double beta,
                                              double flits = 1);

    /// Initial states drawn from `r`, one draw per terminal.
    on_off_injection(double packet_rate, double alpha, double beta, int terminals, traffic_rng& r);

    /// Step of terminal `t`: its state moves, then it creates a packet or not (two draws).
    bool creates(int t, traffic_rng& r) {
        std::uint8_t& on = on_[static_cast<std::size_t>(t)];
        on = on ? !bernoulli_below(r, beta_) : bernoulli_below(r, alpha_);
        return on && bernoulli_below(r, r1_);
    }
    /// r1: the creation probability while on.
    double on_rate() const { return r1_value_; }

  private:
    std::uint64_t alpha_, beta_, r1_;  ///< bernoulli_threshold of each
    double r1_value_;
    std::vector<std::uint8_t> on_;
};

}  // namespace d3
