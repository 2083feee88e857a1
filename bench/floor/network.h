// The network module's skeleton shared by the two floor models (floor_d3.cpp, floor_mdf.cpp): the
// routers and nodes it owns, the context, and the one SC_METHOD stepper with one timed
// notification per cycle. A model derives from it, builds and binds its routers and nodes in its
// constructor, calls start(), and supplies what differs per model as hooks: work before the step,
// the progress count and the done test. The hooks are virtual: called once per simulated step,
// not per hop. Built by bench/floor/run.sh only.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include <systemc>

#include "common.h"

namespace floor_bench {

/// Context needs `now` (the current cycle) and `active` (an active_set<Router, Node>).
template <typename Context, typename Router, typename Node>
class network_base : public sc_core::sc_module {
  public:
    SC_HAS_PROCESS(network_base);

    Context& ctx() { return ctx_; }
    std::uint64_t steps() const { return steps_; }
    bool stalled() const { return stalled_; }

  protected:
    explicit network_base(sc_core::sc_module_name nm)
        : sc_core::sc_module(nm), cycle_(1, sc_core::SC_NS) {}

    /// Ends the derived constructor, once every router and node is bound: queues the nodes for
    /// the first cycle and registers the stepper.
    void start() {
        for (auto& nd : nodes_) nd->queue();
        SC_METHOD(stepper);
        sensitive << tick_;
    }

    /// Model state for cycle t, before any node or router steps.
    virtual void before_step(std::uint64_t) {}
    /// A count that grows while the model does work (the stall watch).
    virtual std::uint64_t progress() const = 0;
    /// The run is over: no more notifications, sc_start returns.
    virtual bool done() const = 0;

    Context ctx_;
    std::vector<std::unique_ptr<Router>> routers_;
    std::vector<std::unique_ptr<Node>> nodes_;

  private:
    void stepper() {
        const std::uint64_t t = steps_++;
        ctx_.now = t;
        before_step(t);
        ctx_.active.step(t);
        const std::uint64_t progress_now = progress();
        if (done()) return;
        if (ctx_.active.idle() || watch_.stalled(progress_now, t)) {
            stalled_ = true;  // not done, but nothing active or no progress: a model bug (deadlock)
            return;
        }
        tick_.notify(cycle_);
    }

    sc_core::sc_event tick_;
    sc_core::sc_time cycle_;
    std::uint64_t steps_ = 0;
    progress_watch watch_;
    bool stalled_ = false;
};

}  // namespace floor_bench
