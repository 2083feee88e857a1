// The packet event log (d3sim --trace-packets FILE): one line per packet event (inject, hold, hop,
// conflict-wait, deliver) with step, packet, source, destination, router (c.d.p), input port and
// VC, output port; CSV or JSON lines; filtered by packet, router pattern or step window. An
// observer of the routers (core/run/stats.h) that passes link and buffer events on to the next one
// (the waveform or the link statistics), so both can run at once.
#pragma once

#include <cstdint>
#include <fstream>
#include <optional>
#include <set>
#include <string>

#include "core/network/topology.h"
#include "core/run/stats.h"
#include "trace/wave_scope.h"

namespace d3 {

struct packet_log_options {
    std::string path;    ///< empty: no log
    std::string format;  ///< "csv" or "jsonl"; empty: jsonl for *.jsonl / *.json, else csv
    std::set<std::uint64_t> packets;  ///< packet serials to keep; empty: every packet
    std::string routers = "all";  ///< router patterns as for --wave-scope (c,d,p with * and a-b)
    std::uint64_t from = 0;       ///< first step kept
    std::uint64_t to = ~0ull;     ///< last step kept

    bool jsonl() const;
    /// Why these options cannot be used on t, or nothing.
    std::optional<std::string> check(const topology& t) const;
};

/// "5:40" -> [5, 40]; "5:" -> [5, end]. False when malformed.
bool parse_step_window(const std::string& s, std::uint64_t& from, std::uint64_t& to);
/// "3,17,42" -> {3, 17, 42}. False when malformed.
bool parse_packet_ids(const std::string& s, std::set<std::uint64_t>& out);

/// Expected size of a log: events and bytes, known before the run.
struct packet_log_size {
    std::uint64_t events = 0;
    std::uint64_t bytes = 0;
};
packet_log_size estimate_packet_log(std::uint64_t expected_hops, std::uint64_t expected_packets,
                                    bool jsonl);

class packet_log : public observer_chain {
  public:
    /// Opens the file (check() must have passed); `next` gets every other event.
    packet_log(const packet_log_options& o, const topology& t, link_observer* next);

    bool wants_packets() const override { return true; }
    void on_packet(const packet_event& e) override;

    std::uint64_t written() const { return written_; }
    /// Flushes and closes; the error when the file could not be written.
    std::optional<std::string> finish();

  private:
    std::string where(router_id r) const;
    std::string port(int p) const;

    packet_log_options opt_;
    const topology& t_;
    wave_scope scope_;
    bool jsonl_;
    std::ofstream out_;
    std::uint64_t written_ = 0;
    bool finished_ = false;
};

}  // namespace d3
