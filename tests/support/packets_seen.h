// The packet log (--trace-packets) read per packet: where each packet was launched, where it goes,
// its hops (with b after each) and its deliveries (tests of built and file networks).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "support/packet_log_rows.h"

namespace d3::test {

/// One packet of the log (a built or file network's source and destination are router indices).
struct packet_seen {
    int source = -1, destination = -1, hops = 0, delivered = 0;
    std::vector<int> b;           ///< b after each hop, in order
    std::vector<std::string> at;  ///< the router of each hop (the log's name), in order
};

/// A run's packet log, per packet id.
inline std::map<std::uint64_t, packet_seen> packets_of(const std::string& log) {
    std::map<std::uint64_t, packet_seen> out;
    for (const log_row& row : log_rows(log)) {
        packet_seen& p = out[row.packet];
        p.source = std::stoi(row.source);
        p.destination = std::stoi(row.destination);
        if (row.event == "hop") {
            ++p.hops;
            p.b.push_back(row.b);
            p.at.push_back(row.router);
        }
        if (row.event == "deliver") ++p.delivered;
    }
    return out;
}

}  // namespace d3::test
