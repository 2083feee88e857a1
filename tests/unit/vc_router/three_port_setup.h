// The design-space router the vc_router tests build (vc_router_test, vc_router_observer_test):
// three link ports (the third global, 10/10/100-cycle links), one terminal, 2 VCs of 8 flits,
// 4-flit packets, wormhole, separable input-first switch allocation, static VCs, and the units
// R = 0, V = 1, A = 1, T = 1 cycles.
#pragma once

#include "core/vc_router/vc_router_setup.h"

namespace d3 {

inline vc_router_setup three_port_setup(int input_speedup = 1) {
    vc_router_setup s;
    s.link_ports = 3;
    s.terminals = 1;
    s.vcs = 2;
    s.buffer_depth = 8;
    s.terminal_depth = 8;
    s.packet_length = 4;
    s.pipeline.vc_allocate = 1;
    s.pipeline.allocate = 1;
    s.pipeline.traverse = 1;
    s.sw_allocator = "separable-input-first";
    s.vc_allocator = "static";
    s.input_speedup = input_speedup;
    s.control = flow_control::wormhole;
    s.link_latency = {10, 10, 100};
    s.link_global = {false, false, true};
    return s;
}

}  // namespace d3
