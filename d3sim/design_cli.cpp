#include "d3sim/design_cli.h"

#include "cli/did_you_mean.h"
#include "cli/option_limits.h"
#include "core/allocation/allocator_factory.h"

namespace d3 {
namespace {

// The allocator kinds with the option's own first value ("paper" or "static").
std::vector<std::string> kinds(const char* first) {
    std::vector<std::string> v{first};
    for (const std::string& n : allocator_names()) v.push_back(n);
    return v;
}

}  // namespace

void add_design_options(CLI::App& app, design_cli& c, microarchitecture& d) {
    app.add_option("--sw-allocator", d.sw_allocator,
                   "switch allocator: paper (an arbiter per output, every VC its own input) or "
                   "an allocator kind (docs/design-space.md)")
        ->check(member_of(kinds("paper")))
        ->capture_default_str();
    app.add_option("--vc-allocator", d.vc_allocator,
                   "VC allocation: static (the VC fixed by b) or an allocator kind over every "
                   "free VC of the packet's class")
        ->check(member_of(kinds("static")))
        ->capture_default_str();
    app.add_option("--alloc-iters", d.alloc_iters, "iterations of an iSLIP allocator")
        ->capture_default_str();
    app.add_option("--input-speedup", d.input_speedup,
                   "flits an input port may send per cycle, 1..VCs (0: every VC, the paper's)")
        ->capture_default_str();
    app.add_option("--output-speedup", d.output_speedup,
                   "flits an output port may take per allocation round (its link carries one "
                   "per cycle; the rest wait in its output queue)")
        ->capture_default_str();
    app.add_option("--internal-speedup", d.internal_speedup,
                   "allocation rounds per cycle, 1 to 16 (1.5: three every two cycles)")
        ->check(real_number("[1, 16]", "allocation rounds per cycle"))
        ->capture_default_str();
    app.add_option("--output-queue", d.output_queue,
                   "flits an output queue holds (0: unbounded); a switch grant needs room there")
        ->capture_default_str();
    app.add_option("--flow-control", c.flow,
                   "vct (a head moves with room for its whole packet) or wormhole (one slot)")
        ->check(member_of(kFlowControlNames))
        ->capture_default_str();
    app.add_flag("--wait-for-tail-credit", d.wait_for_tail_credit,
                 "an output VC is free again only when its last packet's tail credit is back");
    app.add_option("--credit-delay", d.credit_delay,
                   "cycles a freed slot's credit waits before it leaves for upstream")
        ->capture_default_str();
    app.add_option("--vc-classes", c.classes,
                   "the VCs a dynamically allocated packet may take: phase (by global links "
                   "crossed), remaining (by global links still to take, BookSim2's) or sync (by "
                   "its sync counter b)")
        ->check(member_of(kVcClassNames))
        ->capture_default_str();
    app.add_flag("--skip-holds", d.skip_holds,
                 "a design-space router decodes a held packet again at once (no synchronising "
                 "step: BookSim2's paths)");
}

void apply_design_options(const design_cli& c, microarchitecture& d) {
    d.control = *parse_as<flow_control>(c.flow);
    d.vc_classes = *parse_as<vc_class_kind>(c.classes);
}

}  // namespace d3
