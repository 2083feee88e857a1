// Output unit of a design-space router (core/vc_router/vc_router.h): per output port and virtual
// channel downstream, the credits (free flit slots), which input VC holds it, and the credits on
// their way back (BookSim2's BufferState). Plain C++.
#pragma once

#include <climits>
#include <cstdint>
#include <vector>

#include "core/containers/bounded_ring.h"

namespace d3 {

class output_vcs {
  public:
    static constexpr int kFree = -1;
    static constexpr int kUnbounded = INT_MAX / 2;

    /// `depth[o]`: flits per VC downstream of output o (kUnbounded: a terminal that takes
    /// everything); `wait_for_tail_credit`: a VC is free again only when the tail's credit is back.
    output_vcs(int vcs, std::vector<int> depth, bool wait_for_tail_credit);

    int outputs() const { return static_cast<int>(depth_.size()); }
    /// VC `vc` of `output` as one index over every output's VCs (output x vcs + vc), which the
    /// *_at calls take.
    int index(int output, int vc) const { return output * vcs_ + vc; }
    int credits(int output, int vc) const { return slot(output, vc).credits; }
    int credits_at(int index) const { return slots_[static_cast<std::size_t>(index)].credits; }
    bool free(int output, int vc) const { return slot(output, vc).owner == kFree; }
    /// free() of output VC `index`.
    bool free_at(int index) const { return slots_[static_cast<std::size_t>(index)].owner == kFree; }
    /// Input VC `owner` (an input_vcs index) takes VC `vc` of `output` for a packet.
    void take(int output, int vc, int owner) { take_at(index(output, vc), owner); }
    void take_at(int index, int owner) { slots_[static_cast<std::size_t>(index)].owner = owner; }
    /// A flit leaves on `output` into `vc` (its tail when `tail`).
    void send(int output, int vc, bool tail) { send_at(index(output, vc), output, tail); }
    /// send() of output VC `index` (of `output`).
    void send_at(int index, int output, bool tail) {
        vc_slot& s = slots_[static_cast<std::size_t>(index)];
        --s.credits;
        if (!tail) return;
        if (wait_for_tail_credit_)
            send_tail(output, s);
        else
            s.owner = kFree;
    }
    /// The packet holding VC `vc` of `output` is gone (a failure took or rerouted it): the VC is
    /// free as after its tail (wait_for_tail_credit: once its credits are back).
    void release(int output, int vc) {
        vc_slot& s = slot(output, vc);
        if (wait_for_tail_credit_)
            send_tail(output, s);
        else
            s.owner = kFree;
    }
    /// A credit for `vc` of `output`, usable from `due` (credits of one output come in due order).
    void credit_arrived(int output, int vc, std::uint64_t due) {
        if (due >= last_due_) {  // after every credit of the common ring: appended to it
            last_due_ = due;
            in_order_.push_back({due, output, vc});
            if (due < next_due_) next_due_ = due;
            return;
        }
        credit_out_of_order(output, vc, due);
    }
    /// Credits due by `t` become usable.
    void return_credits(std::uint64_t t) {
        if (t >= next_due_) return_due(t);
    }
    /// The first cycle a pending credit becomes usable (UINT64_MAX: none).
    std::uint64_t next_credit() const;
    /// Flits sent on `output` that its downstream buffers still hold (all VCs).
    int occupancy(int output) const;
    /// Credits not back at the outputs of bounded depth.
    std::uint64_t outstanding() const;

  private:
    struct vc_slot {
        int credits = 0;
        int owner = kFree;
        bool tail_sent = false;  ///< wait_for_tail_credit: freed when every credit is back
    };
    struct pending {
        std::uint64_t due;
        int vc;
    };
    struct pending_at {
        std::uint64_t due;
        int output, vc;
    };
    /// credit_arrived() of a credit due before the common ring's last: into its output's ring.
    void credit_out_of_order(int output, int vc, std::uint64_t due);
    /// A credit of `vc` of `output` is back.
    void give_back(std::size_t output, int vc);
    /// return_credits() when some credit is due.
    void return_due(std::uint64_t t);
    /// The credits of pending_ due by `t` given back; the earliest left (UINT64_MAX: none).
    std::uint64_t return_out_of_order(std::uint64_t t);
    /// send() of a tail with wait_for_tail_credit: marks the VC to be freed when its credits are
    /// back (an output of unbounded room frees it at once).
    void send_tail(int output, vc_slot& s);
    vc_slot& slot(int o, int vc) { return slots_[static_cast<std::size_t>(o * vcs_ + vc)]; }
    const vc_slot& slot(int o, int vc) const {
        return slots_[static_cast<std::size_t>(o * vcs_ + vc)];
    }

    int vcs_;
    std::vector<int> depth_;
    bool wait_for_tail_credit_;
    std::vector<vc_slot> slots_;
    /// The credits in due order of every output (nearly all: those due no earlier than the last
    /// one appended); no memory while empty.
    bounded_ring<pending_at> in_order_;
    std::uint64_t last_due_ = 0;  ///< the due cycle of the last credit appended to in_order_
    /// The other credits by output, in due order: at most a credit per slot downstream.
    std::vector<bounded_ring<pending>> pending_;
    std::vector<std::uint64_t> pending_outputs_;  ///< a bit per output with pending credits
    std::size_t out_of_order_ = 0;                ///< credits in pending_
    std::uint64_t next_due_ = UINT64_MAX;         ///< the earliest pending credit
};

}  // namespace d3
