// The traffic side of --packet-sizes (core/network/packet_sizes.h): each packet's size drawn at
// its creation, and the flits created and delivered, in all and in the measurement window (the
// run's offered and accepted flits, which are no longer packets x one size). Plain C++.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>

#include "core/network/packet_sizes.h"
#include "core/traffic/random.h"

namespace d3 {

class sized_packets {
  public:
    explicit sized_packets(packet_sizes sizes) : sizes_(std::move(sizes)) {}

    const packet_sizes& sizes() const { return sizes_; }
    /// The size of a packet a terminal creates (one draw of its stream).
    std::uint8_t draw(traffic_rng& r) const {
        return static_cast<std::uint8_t>(sizes_.size_of_draw(r()));
    }
    void created(int flits, bool in_window) {
        ++packets_created_;
        flits_created_ += static_cast<std::uint64_t>(flits);
        if (in_window) window_created_ += static_cast<std::uint64_t>(flits);
    }
    void delivered(int flits, bool in_window) {
        ++packets_delivered_;
        flits_delivered_ += static_cast<std::uint64_t>(flits);
        if (in_window) window_delivered_ += static_cast<std::uint64_t>(flits);
    }
    /// Flits created and delivered in the measurement window.
    std::uint64_t window_created() const { return window_created_; }
    std::uint64_t window_delivered() const { return window_delivered_; }
    /// Mean size of the packets created (0 before any).
    double mean_created() const {
        return packets_created_ == 0
                   ? 0.0
                   : static_cast<double>(flits_created_) / static_cast<double>(packets_created_);
    }
    /// The JSON key "packet_sizes": the shares asked for and the sizes drawn.
    nlohmann::json summary() const;

  private:
    packet_sizes sizes_;
    std::uint64_t packets_created_ = 0, flits_created_ = 0, window_created_ = 0;
    std::uint64_t packets_delivered_ = 0, flits_delivered_ = 0, window_delivered_ = 0;
};

}  // namespace d3
