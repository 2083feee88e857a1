// The router pipeline (issue 16, item 4): which of the router's units take cycles of their own.
// Plain C++.
//
// A packet passes three units in a router, always in this order (a design-space router,
// core/vc_router, has a fourth, the VC allocator, between route and allocate): the route stage
// (decode), the switch allocator (a link, or the node, for this cycle) and the switch traversal
// (out of the input buffer, through the crossbar, onto the link). In the paper's router none of
// them has a cycle of its own: a packet that is ready at step t is decoded, wins its link and
// crosses it in that step, and arrives L cycles later (L = the link's latency, 1 by default: one
// hop per step). A unit listed in `--pipeline` takes cycles of its own (`unit` one, `unit:N` N), so
// that
//
//   ready at t0 -> route [t0, t0+R) -> allocate at g >= t0+R (g = t0+R when uncontended)
//               -> allocate stage [g, g+A) -> traverse [g+A, g+A+T) -> link: ready at g+A+T+L
//
// with R, A, T the cycles of route, allocate and traverse. The packet keeps its input buffer slot
// until it is read out at g+A (so the credit upstream leaves then); a packet for the node is
// delivered at g+A+T; a packet the route stage holds (port 0) waits A+T+L (the hop it did not take)
// and is decoded again. Uncontended, a hop therefore takes R+A+T+L cycles: `stages()` = 1+R+A+T
// router cycles per hop, and `--pipeline-stages N` is a pipeline whose traversal takes N-1 cycles
// (the model before pipelines were stages: the same figures).
#pragma once

#include <optional>
#include <string>

namespace d3 {

/// (vc_allocate last: the values index per-unit arrays; kPipelineUnits gives the units' order.)
enum class pipeline_unit { route, allocate, traverse, vc_allocate };

struct pipeline_spec {
    int route = 0;     ///< cycles of the route stage of its own (R)
    int allocate = 0;  ///< cycles between winning the switch and reading the buffer (A)
    int traverse = 0;  ///< cycles through the crossbar before the link (T)
    /// Cycles from a head's VC grant to its switch allocation (V): a design-space router's VC
    /// allocation unit (core/vc_router); the paper's router has none (its VC is fixed by b).
    int vc_allocate = 0;

    int cycles(pipeline_unit u) const {
        return u == pipeline_unit::route         ? route
               : u == pipeline_unit::allocate    ? allocate
               : u == pipeline_unit::vc_allocate ? vc_allocate
                                                 : traverse;
    }
    int& cycles(pipeline_unit u) {
        return u == pipeline_unit::route         ? route
               : u == pipeline_unit::allocate    ? allocate
               : u == pipeline_unit::vc_allocate ? vc_allocate
                                                 : traverse;
    }
    /// Cycles a packet spends in the router beyond the paper's step: R + V + A + T.
    int extra() const { return route + vc_allocate + allocate + traverse; }
    /// Router cycles per hop (1: the paper's router).
    int stages() const { return 1 + extra(); }
    /// Cycles from winning the switch to the link (and to the node): A + T.
    int after_grant() const { return allocate + traverse; }
    bool operator==(const pipeline_spec& o) const {
        return route == o.route && allocate == o.allocate && traverse == o.traverse &&
               vc_allocate == o.vc_allocate;
    }
};

/// The units in the order a packet passes them.
inline constexpr pipeline_unit kPipelineUnits[] = {pipeline_unit::route, pipeline_unit::vc_allocate,
                                                   pipeline_unit::allocate,
                                                   pipeline_unit::traverse};

const char* to_string(pipeline_unit u);

/// "none", or the units with cycles in order, "unit" for one cycle and "unit:N" for N:
/// "route,allocate,traverse", "traverse:2".
std::string to_string(const pipeline_spec& p);

/// Parses to_string's form (units in any order, each at most once; "none" or "" for none).
/// On failure returns nothing and sets `error` to a one-line reason.
std::optional<pipeline_spec> parse_pipeline(const std::string& s, std::string& error);

/// The pipeline `--pipeline-stages N` stands for: a traversal of N - 1 cycles.
pipeline_spec pipeline_of_stages(int stages);

}  // namespace d3
