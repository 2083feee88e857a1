// What the two floor models (floor_d3.cpp, floor_mdf.cpp) share: the flit protocol, a packet pool,
// credits usable from the cycle after their arrival, the router's six named parts, and a count of
// SystemC objects; network.h holds their network module's skeleton. Lower-bound experiments of
// issue 11, independent of the model in models/ (docs/performance.md, "A floor for this
// structure"). Built by bench/floor/run.sh only.
#pragma once

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include <systemc>
#include <tlm>

namespace floor_bench {

/// What a socket carries: a packet, or (pkt == nullptr) a credit for channel vc.
template <typename Packet>
struct basic_flit {
    Packet* pkt = nullptr;
    std::uint8_t vc = 0;
};

template <typename Packet>
struct basic_flit_types {
    typedef basic_flit<Packet> tlm_payload_type;
    typedef tlm::tlm_phase tlm_phase_type;
};

/// Packets in chunks, recycled through a free list threaded through Packet::next: no allocation
/// per packet.
template <typename Packet>
class packet_pool {
  public:
    Packet* get() {
        if (!free_) grow();
        Packet* p = free_;
        free_ = p->next;
        return p;
    }
    void put(Packet* p) {
        p->next = free_;
        free_ = p;
    }

  private:
    static constexpr int kChunk = 4096;
    void grow() {
        chunks_.emplace_back(new Packet[kChunk]);
        for (int i = 0; i < kChunk; ++i) put(&chunks_.back()[i]);
    }
    std::vector<std::unique_ptr<Packet[]>> chunks_;
    Packet* free_ = nullptr;
};

/// Credit counts per (output, vc); a credit is usable from the cycle after the one it arrived in
/// (a credit call may come before or after the receiver's own step in the same cycle).
struct credit_box {
    std::vector<int> count;
    std::vector<std::pair<int, std::uint64_t>> pending;
    std::uint64_t stepped_at = ~0ull;
    void arrive(int i, std::uint64_t now) {
        if (stepped_at == now)
            ++count[i];
        else
            pending.emplace_back(i, now);
    }
    void begin_step(std::uint64_t t) {
        stepped_at = t;
        if (pending.empty()) return;
        std::size_t keep = 0;
        for (auto& e : pending) {
            if (e.second < t)
                ++count[e.first];
            else
                pending[keep++] = e;
        }
        pending.resize(keep);
    }
};

/// One of a router's six named units (input_unit, ..., output_unit): here only a name, so that
/// the floor elaborates as many SystemC objects as the model.
struct part : sc_core::sc_object {
    explicit part(const char* nm) : sc_core::sc_object(nm) {}
};

/// The routers and nodes with work in the next cycle. The network's one stepper steps each of
/// them once per cycle, the nodes first; a router or node adds itself when it gets work.
template <typename Router, typename Node>
class active_set {
  public:
    void reserve(std::size_t n) {
        routers_next_.reserve(n);
        nodes_next_.reserve(n);
        routers_.reserve(n);
        nodes_.reserve(n);
    }
    void add(Router* r) { add(r, routers_next_); }
    void add(Node* n) { add(n, nodes_next_); }
    bool routers_idle() const { return routers_next_.empty(); }
    bool idle() const { return routers_next_.empty() && nodes_next_.empty(); }
    /// Steps every node, then every router, added for cycle t.
    void step(std::uint64_t t) {
        nodes_.swap(nodes_next_);
        routers_.swap(routers_next_);
        for (Node* n : nodes_) n->queued = false;
        for (Router* r : routers_) r->queued = false;
        for (Node* n : nodes_) n->step(t);
        for (Router* r : routers_) r->step(t);
        nodes_.clear();
        routers_.clear();
    }

  private:
    template <typename T>
    static void add(T* x, std::vector<T*>& next) {
        if (x->queued) return;
        x->queued = true;
        next.push_back(x);
    }
    std::vector<Router*> routers_next_, routers_;
    std::vector<Node*> nodes_next_, nodes_;
};

/// A run that makes no progress for `limit` cycles is stalled: a bug of the floor (deadlock).
class progress_watch {
  public:
    bool stalled(std::uint64_t progress, std::uint64_t t, std::uint64_t limit = 10000) {
        if (progress != last_) {
            last_ = progress;
            last_t_ = t;
        }
        return t - last_t_ > limit;
    }

  private:
    std::uint64_t last_ = 0, last_t_ = 0;
};

inline std::size_t count_objects(const std::vector<sc_core::sc_object*>& objs) {
    std::size_t n = 0;
    for (auto* o : objs) n += 1 + count_objects(o->get_child_objects());
    return n;
}

}  // namespace floor_bench
