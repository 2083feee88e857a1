// --threads N: the routers of a cycle step on N threads, with the results of one thread
// (docs/architecture.md, "Threads"); so do the nodes, each with its router's share, when each can
// (sc/staged_nodes.h). The routers are cut into N shares of contiguous ids, share w
// stepped by thread w. While they step, a router's writes to a router of its own share are made
// at once (one thread makes them in the same order); everything else it does to state that is not
// its own (a packet sent to or a credit for a router of another share, a delivery or an injection
// credit to its node, a wake-up in the stepper's calendar, a broadcast copy's serial number) is
// recorded, except share 0's writes to its nodes and its copies' serials, which the kernel's
// thread, stepping share 0, makes at once. Then the workers replay, in share order, the records
// addressed to each share's routers (the first worker share 0's too), while the kernel's thread
// makes the other shares' writes to the nodes and serials, share by share in record order; then
// it makes the calendar's requests.
// With an observer every write is recorded in the
// outbox of the share that makes it and replayed on the kernel's thread in share order (the
// files keep one thread's order of events). The SystemC kernel stays on its one thread.
#pragma once

#include <cstdint>
#include <exception>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "core/containers/object_arena.h"
#include "core/run/packet_event.h"
#include "core/run/stats.h"
#include "core/run/worker_team.h"
#include "sc/packet_pool.h"
#include "sc/protocol.h"
#include "sc/staged_nodes.h"
#include "sc/stepper.h"

namespace d3 {

class stepper;
class router;
class node;

class step_deferral {
  public:
    /// Clients (routers) step by calling step(id, t).
    using step_call = void (*)(void* context, std::uint32_t id, std::uint64_t t);

    step_deferral(int threads, stepper& clock, packet_pool& pool, ledger& deliveries,
                  link_observer* observer);
    ~step_deferral();
    step_deferral(const step_deferral&) = delete;
    step_deferral& operator=(const step_deferral&) = delete;

    int threads() const { return static_cast<int>(boxes_.size()); }
    /// True while routers step on the threads or replay there: their writes are recorded.
    bool active() const { return active_; }
    /// Every write recorded and replayed on the kernel's thread in one thread's order (a run
    /// with an observer, whose events must keep that order).
    bool ordered() const { return ordered_; }
    /// What routers are given instead of the run's observer (nullptr without one).
    link_observer* observer() { return routers_observer_; }

    /// Steps routers `due` (ascending ids) in cycle `t` on the threads, each thread a contiguous
    /// share, recording their writes.
    void step(const std::vector<std::uint32_t>& due, std::uint64_t t, step_call call,
              void* context);
    /// The nodes that may step on the threads (each node adds itself).
    staged_nodes& nodes() { return nodes_; }
    /// Every node steps on the threads (all staged, no observer).
    bool nodes_on_threads() const {
        return !ordered_ && nodes_.all_staged(clock_.node_clients_.size());
    }
    /// Steps nodes `due` (ascending ids) in cycle `t` on the threads, each thread its routers'
    /// share (staged_nodes::step).
    void step_nodes(const std::vector<std::uint32_t>& due, std::uint64_t t);
    /// After step_nodes, on the kernel's thread: the staged writes and the routers' wake-ups
    /// (the stepper's node phase: a router may be asked for the current cycle).
    void merge_nodes();
    /// While the nodes step on the threads: node `id`'s calendar writes are kept for the merge
    /// (a share other than 0).
    bool records_node(std::uint32_t id) const { return nodes_active_ && share_of(id) != 0; }
    void record_node_wake(std::uint32_t id, std::uint64_t cycle) {
        nodes_.share(share_of(id)).wakes.push_back({id, cycle});
    }
    void record_awake(std::uint32_t id, bool on) {
        nodes_.share(share_of(id)).awake_changes.push_back({id, on});
    }

    /// Makes the writes recorded in the step of cycle `t`, in one thread's order (the stepper
    /// calls it as in a step of one thread: stepper::stepping()).
    void replay(std::uint64_t t);
    /// Router `r` (id `id`) steps with the recording: its buffers' occupancy is read when a
    /// change of it is replayed (an arrival one thread makes before its step is replayed after).
    void track(std::uint32_t id, const router& r);

    /// The recording: by the router that writes (its id picks the outbox). A link to a router
    /// of the sender's own share is kept (`to` returned) unless ordered().
    link_fw_call* forward(std::uint32_t sender, link_fw_call* to, router* downstream,
                          tlm::tlm_sync_enum reply);
    link_bw_call* backward(std::uint32_t sender, link_bw_call* to, router* upstream);
    /// A link end for the calls on the threads (router::defer_links, node::staged_deliveries),
    /// living as long as the recording.
    template <typename End, typename... Args>
    End* make_end(Args&&... args) {
        return ends_.make<End>(std::forward<Args>(args)...);
    }
    void wake(std::uint32_t router_id, void* client, std::uint64_t cycle);
    /// wake() of router `c` by an arrival on the threads, not ordered() (router::receive_as):
    /// inline, the requests that ask for nothing new (router `c` asked for `cycle` or earlier
    /// already this cycle or in the calendar, which keeps the earliest: most arrivals) end here.
    [[gnu::always_inline]] void wake_router(stepper::client& c, std::uint32_t id,
                                            std::uint64_t cycle) {
        if (!asks_nothing_new(id, cycle)) wake(id, &c, cycle);
    }
    /// Not ordered(): router `id` is asked to step in cycle `t` + 1 already (stepper::
    /// due_next_router, with this cycle's requests not yet in the calendar).
    bool due_next(std::uint32_t id, std::uint64_t t) const;
    /// A router's step 6 (its next wake-up), made when replayed: then the router's state is what
    /// one thread's would be at the end of its step (the writes of routers with lower ids in).
    using router_call = void (*)(router&, std::uint64_t);
    void wake_next(router& r, std::uint32_t router_id, router_call call) {
        record x{kind::wake_next};
        x.to = &r;
        x.call = call;
        box_of(router_id).records.push_back(x);
    }
    packet* copy(std::uint32_t router_id, const packet& from);

    enum class kind : std::uint8_t {
        send,
        credit,
        wake,
        wake_next,
        copy,
        link,
        buffer,
        vc_buffer,
        stage,
        event
    };
    struct record {
        kind what;
        std::uint8_t vc = 0;
        std::int16_t input = 0;
        std::int32_t index = 0;  ///< vc, unit, or the link/packet event's place
        void* to = nullptr;      ///< proxy, client or packet
        packet* pkt = nullptr;
        std::uint64_t a = 0, b = 0, c = 0;  ///< cycle or index, step, values
        std::uint32_t router = 0;
        router_call call = nullptr;
        /// A send's or a credit's delay, kept as it came (no conversion from its value, a call
        /// into the kernel's library, per replay).
        sc_core::sc_time delay{};
    };
    struct outbox {
        std::vector<record> records;  ///< replayed on the kernel's thread, in order
        std::vector<link_event> links;
        std::vector<packet_event> events;
        /// Not ordered(): sends and credits for the routers of share v, replayed by thread v.
        std::vector<std::vector<record>> to_share;
        /// Not ordered(): this share's routers with a wake-up requested this cycle (wake_at_).
        std::vector<std::uint32_t> woken;
    };
    /// The share of router `id` (contiguous ids; share 0, the kernel's thread's, smaller).
    std::size_t share_of(std::uint32_t id) const { return share_[id]; }
    /// The outbox of the share of router `id`.
    outbox& box_of(std::uint32_t id) { return boxes_[share_[id]]; }
    /// A provisional serial of this cycle's copies (replay gives the real one).
    static constexpr std::uint64_t kProvisional = std::uint64_t{1} << 63;
    std::uint64_t real_serial(std::uint64_t s) const {
        return (s & kProvisional) ? copies_[s & ~kProvisional] : s;
    }
    link_observer* real_observer() const { return observer_; }

  private:
    /// Not ordered(): router `id` is asked for `cycle` or earlier already, by this cycle's
    /// requests (wake_at_) or by the calendar.
    bool asks_nothing_new(std::uint32_t id, std::uint64_t cycle) const {
        return wake_at_[id] <= cycle || clock_.routers_.waiting(id) <= cycle;
    }
    class deferred_fw;
    class deferred_bw;
    class deferring_observer;
    enum class phase : std::uint8_t { nodes, step, replay };
    void run_share(std::size_t w);
    /// This cycle's work: `due` cut by share, each thread's part stepped with `call`.
    void share_out(const std::vector<std::uint32_t>& due, std::uint64_t t, step_call call,
                   void* context);
    /// Runs the phase on every thread (the kernel's takes share 0) and waits for them.
    void dispatch(phase p);
    /// Not ordered(): thread w's part of the replay (replay_to_share, replay_node_writes, and
    /// with wakes_apart_ the wake-ups of the shares it replayed, make_wakes_apart).
    void replay_on_thread(std::size_t w);
    /// Whether the kernel's thread replays the writes to share 0's routers besides those to
    /// the nodes (else the first worker does): the one with fewer records to replay.
    bool kernel_replays_share0() const;
    /// Packets given back to the pool (staged_nodes::merge_deliveries) that cost as much as one
    /// replayed write (docs/performance.md, twenty-first session).
    static constexpr std::size_t kReleasesPerReplay = 6;
    /// Share v's routers' wake-ups kept this cycle, made by thread w (calendar::request_apart).
    void make_wakes_apart(std::size_t v, std::size_t w);
    /// Not ordered(): the replay of the sends and credits to share w, in share order.
    void replay_to_share(std::size_t w);
    /// The shares of routers 0..routers-1 (at the first link recorded).
    void cut_shares(std::size_t routers);
    /// The node of router `id` (the same id).
    node& node_of(std::uint32_t id) const;
    /// Not ordered: a write of router `sender` to `receiver` (nullptr: its node) is made at once.
    bool writes_at_once(std::uint32_t sender, const router* receiver) const;
    /// Not ordered: the writes to the nodes recorded in the step, in one thread's order.
    void replay_node_writes();
    /// Packets kept aside for the copies made on the threads (packet_pool::keep_spares).
    static constexpr std::size_t kSpares = 64;
    /// Share 0's routers, in another share's (share_of).
    static constexpr double kKernelShare = 1.0;
    void replay_record(const outbox& box, const record& r, std::uint64_t t);
    /// Not ordered: the routers' wake-ups kept this cycle, requested from the calendar.
    void make_wakes();

    stepper& clock_;
    packet_pool& pool_;
    ledger& ledger_;
    staged_nodes nodes_;
    bool nodes_active_ = false;  ///< the nodes step on the threads (step_nodes)
    link_observer* observer_;
    std::unique_ptr<deferring_observer> deferring_;
    link_observer* routers_observer_ = nullptr;  ///< deferring_
    std::vector<outbox> boxes_;
    std::vector<std::uint32_t> share_;           ///< per router id, its share
    std::vector<std::uint32_t> first_of_share_;  ///< per share, its first router id
    /// This cycle's replay: the kernel's thread replays share 0's too (kernel_replays_share0).
    bool kernel_takes_share0_ = false;
    /// This cycle's replay: each thread makes the wake-ups of the shares it replayed (no write
    /// to the nodes wakes a router: none answers a delivery, nodes_on_threads()); else the
    /// kernel's thread makes them all after the phase (make_wakes).
    bool wakes_apart_ = false;
    std::vector<calendar::apart_requests> apart_;  ///< per thread (make_wakes_apart)
    /// Not ordered(): per router id, the earliest wake-up requested this cycle (written by the
    /// thread of its share only), made in the calendar after the replay.
    std::vector<std::uint64_t> wake_at_;
    std::vector<const router*> routers_;  ///< by id (track)
    object_arena ends_;                   ///< the link ends (make_end; deferred_fw, deferred_bw)
    std::vector<std::uint64_t> copies_;   ///< provisional index -> serial, this cycle
    std::mutex copy_lock_;
    bool active_ = false;
    const bool ordered_;

    phase phase_ = phase::step;
    std::vector<std::exception_ptr> errors_;
    // This cycle's work.
    const std::vector<std::uint32_t>* due_ = nullptr;
    std::vector<std::size_t> begin_;  ///< per thread + 1, its share of due_
    std::uint64_t t_ = 0;
    step_call call_ = nullptr;
    void* context_ = nullptr;
    /// The threads (the kernel's takes share 0; the workers 1..N-1), last: its workers stop
    /// before anything they use goes.
    worker_team team_;
};

}  // namespace d3
