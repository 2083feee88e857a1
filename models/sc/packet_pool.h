// Owner of every packet in one network: packets are recycled, never allocated per hop, and there
// is no global pool. Addresses are stable while a packet is in use.
#pragma once

#include <cstdint>
#include <deque>
#include <new>
#include <vector>

#include "sc/protocol.h"

namespace d3 {

class packet_pool {
  public:
    packet_pool() = default;
    packet_pool(const packet_pool&) = delete;
    packet_pool& operator=(const packet_pool&) = delete;

    /// A reset packet with a fresh serial number.
    packet* acquire() {
        // Reset in place: an assignment from packet{} builds the 64-byte temporary on a stack
        // frame aligned for it (in node::step, which sends).
        packet* p = ::new (take()) packet();
        p->serial = next_serial_++;
        return p;
    }
    /// A packet with a fresh serial number and its other fields as its last use left them, for a
    /// caller that sets every one (node::send: a reset's five stores of zeroes, then the stores
    /// of the fields, per packet).
    packet* acquire_unset() {
        packet* p = take();
        p->serial = next_serial_++;
        return p;
    }
    /// A copy of `p` (a broadcast copy: same message, new serial number).
    packet* copy(const packet& p);
    /// copy() without a serial number (--threads: the copy is numbered when the step's writes
    /// are replayed, in one thread's order; sc/step_deferral.h), and that number.
    packet* copy_unnumbered(const packet& from) {
        packet* p = take();
        *p = from;
        return p;
    }
    std::uint64_t take_serial() { return next_serial_++; }
    void release(packet* p) { free_.push_back(p); }
    /// Whether release() has room without growing its list (release_in_place may follow).
    bool has_room_to_release() const { return free_.size() != free_.capacity(); }
    /// release() when has_room_to_release(): no reallocation (GCC is told so, and leaves out
    /// the vector's call to grow, which would cost its caller a frame).
    void release_in_place(packet* p) {
        if (!has_room_to_release()) __builtin_unreachable();
        free_.push_back(p);
    }

    std::size_t in_use() const { return all_.size() - free_.size(); }
    /// Packets ever allocated (the pool's high-water mark).
    std::size_t allocated() const { return all_.size(); }

  private:
    packet* take() {
        if (free_.empty()) return grow();
        packet* p = free_.back();
        free_.pop_back();
        return p;
    }
    packet* grow();  ///< a new packet (none to recycle)

    std::deque<packet> all_;
    std::vector<packet*> free_;
    std::uint64_t next_serial_ = 0;
};

}  // namespace d3
