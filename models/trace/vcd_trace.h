// A VCD waveform of link activity, written as the simulation runs (one time unit per step).
// Hierarchy follows the machine: d3 / cK / dD / pP / (gA | lX). Plain C++, no SystemC.
#pragma once

#include <cstdint>
#include <fstream>
#include <string>
#include <vector>

#include "core/stats.h"
#include "core/topology.h"

namespace d3 {

class vcd_trace final : public link_observer {
public:
    /// Opens `path` and writes the header. Throws std::runtime_error when the file cannot be written.
    vcd_trace(const std::string& path, const topology& t);
    ~vcd_trace() override;

    void on_link(const link_event& e) override;
    void on_buffer(std::uint64_t step, router_id router, int input, std::size_t occupancy) override;
    /// Writes the last step and closes the file.
    void finish(std::uint64_t end_step);

    std::uint64_t conflict_pulses() const { return conflicts_; }

private:
    struct link_signals {
        std::uint32_t first = 0;  ///< id of the first signal of this link
        std::uint64_t active_step = ~0ull;
    };
    enum field { kBusy, kConflict, kReq, kPkt, kSrc, kHdr, kBcast, kB, kGamma, kPi, kDelta, kFields };

    void advance(std::uint64_t step);
    void set(std::uint32_t id, unsigned width, std::uint64_t value);
    static std::string code(std::uint32_t id);

    const topology& t_;
    std::ofstream out_;
    std::vector<link_signals> links_;   ///< router * ports + output
    std::uint32_t buffers_first_ = 0;   ///< occupancy signals: router * (ports + 2) + input (+1: hold)
    std::uint32_t step_id_ = 0;
    std::uint32_t conflicts_id_ = 0;
    std::uint64_t now_ = 0;
    bool started_ = false;
    std::uint64_t conflicts_ = 0;
    std::vector<std::uint32_t> touched_;  ///< links active in the current step
    std::vector<std::uint32_t> previous_;
    std::string pending_;
};

}  // namespace d3
