// Destination routing around failed links (issue 47, item 5; docs/resilience.md): the routing's
// own header where its route survives the failures, else the first surviving of section 10's
// other routes to the same destination, tried from a random place in their order so that the
// detours spread: on D3 the Valiant-like (4; dst, C), then the deflections (5; dst, C, D); on MDF
// the deflections. A destination no route reaches gets kUnreachable. Plain C++.
#pragma once

#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "core/network/link_faults.h"
#include "core/traffic/routing.h"

namespace d3 {

/// What the detours did: packets whose routing's route crossed a failure and took another,
/// and packets no route reached (not created).
struct detour_counts {
    std::uint64_t rerouted = 0;
    std::uint64_t unreachable = 0;
};

/// The b of the header route_around gives a destination that no route reaches: such a packet is
/// not created (traffic_state counts it as unreachable).
inline constexpr std::uint8_t kUnreachable = 0xFF;

/// Section 10's other routes to a destination, in the order route_around tries them: on D3 the
/// Valiant-like (4; dst, C), C = 1..K-1, then the deflections (5; dst, C, D); on MDF the
/// deflections. The topology and the faults must outlive it.
class detour_finder {
  public:
    detour_finder(const topology& t, const link_faults& f);
    std::size_t size() const { return detours_.size(); }
    /// The first detour from `src` to `dst` that crosses no failure, trying them from the
    /// `first`-th on (wrapping); nothing when none survives.
    std::optional<header> around(const coord& src, const coord& dst, std::size_t first) const;

  private:
    struct detour {
        int b, c, d;
    };
    const topology& t_;
    const link_faults& faults_;
    std::vector<detour> detours_;
};

/// `base` where its route survives `faults`, else a detour (see above). The topology and the
/// faults must outlive the routing.
std::unique_ptr<launch_routing> route_around(std::unique_ptr<launch_routing> base,
                                             const topology& t, const link_faults& faults,
                                             detour_counts& counts);

/// The JSON `faults` of a run: the failed cables by name, the lost packets (none: the cables
/// fail before the run), the unreachable and the rerouted packets.
nlohmann::json faults_json(const topology& t, const link_faults& f, const detour_counts& counts);

}  // namespace d3
