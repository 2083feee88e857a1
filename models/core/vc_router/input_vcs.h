// Input unit of a design-space router (core/vc_router/vc_router.h): per input port and virtual
// channel, a buffer of flits and the state of the packet at its head (routed, waiting for a VC,
// active). Plain C++.
#pragma once

#include <cstdint>
#include <vector>

#include "core/allocation/bit_rows.h"
#include "core/containers/bounded_ring.h"
#include "core/decoding/header.h"
#include "core/run/packet.h"
#include "core/vc_router/vc_class.h"

namespace d3 {

/// A flit in an input buffer: flit `seq` of packet `pkt`, there from cycle `ready`.
struct flit_slot {
    packet* pkt = nullptr;
    std::uint64_t ready = 0;
    std::uint16_t seq = 0;
};

/// Where the packet at the head of an input VC is: not routed yet (idle), routed and waiting for
/// an output VC, or holding one (active: its flits ask for the switch).
enum class vc_stage : std::uint8_t { idle, vc_alloc, active };

struct input_vc {
    bounded_ring<flit_slot> flits;    ///< limited to the VC's depth; no memory while empty
    vc_stage stage = vc_stage::idle;  ///< input_vcs::move_stage changes it
    std::uint64_t eligible =
        0;                ///< first cycle of the next stage (the unit before took its cycles)
    int output = -1;      ///< routed output
    int out_vc = -1;      ///< granted VC at the output
    int out_index = -1;   ///< the granted VC among all output VCs (output_vcs::index)
    vc_range candidates;  ///< the output VCs it may take
    header next;          ///< the header it carries after this hop
    /// The packet routed last (set by the route stage): while not idle, the packet the VC's
    /// stage belongs to, even when its flits still to come are upstream and the VC is empty.
    packet* routed = nullptr;
};

class input_vcs {
  public:
    /// `depth[i]`: flits per VC of input port i.
    input_vcs(int vcs, std::vector<int> depth);

    int inputs() const { return static_cast<int>(depth_.size()); }
    int vcs() const { return vcs_; }
    int index(int input, int vc) const { return input * vcs_ + vc; }
    input_vc& at(int index) { return vcs_state_[static_cast<std::size_t>(index)]; }
    const input_vc& at(int index) const { return vcs_state_[static_cast<std::size_t>(index)]; }
    int size() const { return static_cast<int>(vcs_state_.size()); }

    /// A flit arrives; false when its VC is full (the sender ignored its credits).
    bool arrive(int input, int vc, const flit_slot& f) {
        const int i = index(input, vc);
        input_vc& v = at(i);
        if (v.flits.full()) return false;
        v.flits.push_slot() = f;
        set_bit(busy_.data(), static_cast<std::size_t>(i));
        ++flits_;
        return true;
    }
    /// Takes the head flit of VC `index` out.
    flit_slot pop(int index) {
        input_vc& v = at(index);
        const flit_slot f = v.flits.front();
        v.flits.pop_front();
        if (v.flits.empty()) clear_bit(busy_.data(), static_cast<std::size_t>(index));
        --flits_;
        return f;
    }
    /// Takes every flit of `p` out of VC `index`, wherever it waits in it (a failure took `p`);
    /// returns how many. The others keep their order.
    int take_out(int index, const packet* p);
    /// The VC's head packet is idle again (a failure took or rerouted the packet at its stage).
    void reset_stage(int index);
    /// Flits buffered in all VCs.
    std::uint64_t flits() const { return flits_; }
    /// Flits buffered in input port `input`.
    int port_flits(int input) const;
    /// Moves the packet at the head of VC `index` from stage `From` to `To` (known where it is
    /// called: no test of where it is).
    template <vc_stage From, vc_stage To>
    void move_stage(int index) {
        const auto i = static_cast<std::size_t>(index);
        if constexpr (From != vc_stage::idle) clear_bit(staged(From), i);
        at(index).stage = To;
        if constexpr (To != vc_stage::idle) set_bit(staged(To), i);
    }
    /// f(index) for every VC holding a flit whose head is at stage `s`, in index order (a VC
    /// emptied or moved on by f is still visited if it comes later; none is added during the
    /// visit).
    template <typename F>
    void for_each_at(vc_stage s, F&& f) const {
        for (std::size_t w = 0; w < words_; ++w) {
            const std::uint64_t waiting = staged_[w], active = staged_[words_ + w];
            std::uint64_t bits = busy_[w] & (s == vc_stage::idle       ? ~(waiting | active)
                                             : s == vc_stage::vc_alloc ? waiting
                                                                       : active);
            for (; bits != 0; bits &= bits - 1) f(static_cast<int>(w * 64 + lowest_bit(bits)));
        }
    }

    /// Whether some VC holding a flit has its head active.
    bool any_active() const {
        for (std::size_t w = 0; w < words_; ++w)
            if ((busy_[w] & staged_[words_ + w]) != 0) return true;
        return false;
    }

    /// f(index) for every VC holding a flit whose head is idle or waits for a VC, in index
    /// order (as for_each_at: f may move the VC it is given on).
    template <typename F>
    void for_each_before_active(F&& f) const {
        for (std::size_t w = 0; w < words_; ++w) {
            std::uint64_t bits = busy_[w] & ~staged_[words_ + w];
            for (; bits != 0; bits &= bits - 1) f(static_cast<int>(w * 64 + lowest_bit(bits)));
        }
    }

  private:
    int vcs_;
    std::vector<int> depth_;
    std::vector<input_vc> vcs_state_;
    /// The VCs whose head is at stage vc_alloc (the first words_ words), then active.
    std::uint64_t* staged(vc_stage s) { return &staged_[s == vc_stage::vc_alloc ? 0 : words_]; }

    std::size_t words_;                ///< words of a bit per VC
    std::vector<std::uint64_t> busy_;  ///< a bit per VC holding a flit
    std::vector<std::uint64_t> staged_;
    std::uint64_t flits_ = 0;
};

}  // namespace d3
