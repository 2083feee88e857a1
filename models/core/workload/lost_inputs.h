// What a failure during a run (--fail-links SPEC@T; docs/resilience.md, "Answers to a lost
// delivery") asks of programs that answer what they receive and of workloads that compute: the
// answers a delivery that will not happen would have caused, and results that may miss inputs.
// Plain C++.
#pragma once

#include <vector>

#include "core/workload/program.h"

namespace d3 {

/// A node program that answers what it receives (reaction::answers) and says what.
class answering_program {
  public:
    virtual ~answering_program() = default;
    /// The launches delivery `d` makes the program send (what its on_receive and immediate
    /// launch for it, whatever the step), without receiving it.
    virtual void answers(const delivery& d, std::vector<launch>& out) const = 0;
};

/// A workload whose results are computed from the messages its nodes receive.
class lossy_results {
  public:
    virtual ~lossy_results() = default;
    /// A failure during the run took messages (or what they would have caused): a result may
    /// miss inputs, which the pair check accounts for; value_problems() then checks each result
    /// against the inputs that arrived.
    virtual void inputs_may_be_lost() = 0;
};

}  // namespace d3
