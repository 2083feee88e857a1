// Packet sizes of a run (--packet-sizes SIZE:SHARE,...): the share of packets of each size in
// flits, as BookSim2's packet_size and packet_size_rate (relative weights, normalised here). A
// network whose packets vary in size is built for the largest (router_params::packet_length);
// each packet carries its own size (packet::flits). Plain C++.
#pragma once

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace d3 {

class packet_sizes {
  public:
    struct size_share {
        int flits = 1;
        double share = 1;  ///< normalised: the shares sum to 1
    };

    /// Parses "1:0.5,8:0.5" (a size alone has weight 1); an error names what is wrong. Sizes in
    /// kPacketLengthRange, each once; weights positive and finite.
    static std::variant<packet_sizes, std::string> parse(const std::string& text);

    const std::vector<size_share>& sizes() const { return sizes_; }
    int largest() const;
    int smallest() const;
    /// Flits per packet on average: `rate` counts flits, so a terminal creates a packet with
    /// probability rate / mean().
    double mean() const;
    /// The size of a packet whose 64-bit random draw is `x` (uniform): size i when x falls in
    /// its share of [0, 2^64).
    int size_of_draw(std::uint64_t x) const;
    /// The canonical text ("1:0.5,8:0.5"): what a result's config records.
    std::string text() const;

  private:
    std::vector<size_share> sizes_;
    std::vector<std::uint64_t> below_;  ///< size i when x < below_[i] (the last: every x)
};

}  // namespace d3
