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
    /// The next serial number (--threads: a copy made on the threads is numbered in one
    /// thread's order; sc/step_deferral.h).
    std::uint64_t take_serial() { return next_serial_++; }
    /// --threads: keeps `n` packets aside for copy_spare (moved from those released), so that
    /// copies made while the routers step on the threads take none of the packets that the
    /// kernel's thread releases meanwhile (its share's deliveries).
    void keep_spares(std::size_t n) {
        while (spare_.size() < n && !free_.empty()) {
            spare_.push_back(free_.back());
            free_.pop_back();
        }
    }
    /// A copy of `from` without a serial number, from the spares (or a new packet), for a
    /// caller that holds the recording's lock (sc/step_deferral.h).
    packet* copy_spare(const packet& from) {
        packet* p = spare_.empty() ? grow() : spare_.back();
        if (!spare_.empty()) spare_.pop_back();
        *p = from;
        return p;
    }
    /// --threads: keeps at least `n` packets aside for the nodes of share `share` (moved from
    /// those released, or new), which take them with take_reserved while the nodes step on the
    /// threads (sc/staged_nodes.h) and number them later (take_serial, in one thread's order).
    void reserve(std::size_t share, std::size_t n);
    /// A packet reserve() kept for `share`, its fields as its last use left them, no serial.
    packet* take_reserved(std::size_t share) {
        std::vector<packet*>& r = reserved_[share];
        if (r.empty()) reserve_exhausted(share);
        packet* p = r.back();
        r.pop_back();
        return p;
    }
    void release(packet* p) { free_.push_back(p); }
    /// Whether release() has room without growing its list (release_in_place may follow).
    bool has_room_to_release() const { return free_.size() != free_.capacity(); }
    /// release() when has_room_to_release(): no reallocation (GCC is told so, and leaves out
    /// the vector's call to grow, which would cost its caller a frame).
    void release_in_place(packet* p) {
        if (!has_room_to_release()) __builtin_unreachable();
        free_.push_back(p);
    }

    std::size_t in_use() const {
        std::size_t kept = free_.size() + spare_.size();
        for (const std::vector<packet*>& r : reserved_) kept += r.size();
        return all_.size() - kept;
    }
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
    /// take_reserved with none left: the nodes launched more than they said they may (throws).
    [[noreturn, gnu::cold]] static void reserve_exhausted(std::size_t share);

    std::deque<packet> all_;
    std::vector<packet*> free_;
    std::vector<packet*> spare_;                  ///< keep_spares
    std::vector<std::vector<packet*>> reserved_;  ///< reserve, per share
    std::uint64_t next_serial_ = 0;
};

}  // namespace d3
