// The routers a unicast header visits, step by step, following the reference decoder of a topology
// (a hold repeats the router). Shared by the routing unit tests; they compare it with paths they
// derive from the wiring themselves.
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include "core/decoding/decoder.h"
#include "core/network/topology.h"

namespace d3 {

inline std::vector<coord> route_path(const topology& t, coord at, header h) {
    std::vector<coord> out;
    for (int step = 0; step < 8; ++step) {
        const decision d = decode(h, at, t);
        if (d.act == action::eject) return out;
        EXPECT_TRUE(d.act == action::local || d.act == action::global) << to_string(d);
        if (d.act != action::local && d.act != action::global) return out;
        if (!d.hold)
            at = d.act == action::local ? t.local_neighbor(at, d.port)
                                        : t.global_neighbor(at, d.port);
        out.push_back(at);
        h = d.next;
    }
    ADD_FAILURE() << "path longer than 8 steps";
    return out;
}

}  // namespace d3
