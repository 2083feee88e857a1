// Delivery ledger: every launched message, where it must arrive, and where it did arrive.
// Makes "delivered exactly once to the right node" checkable for every run. Plain C++.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/decoding/header.h"
#include "core/decoding/walk.h"
#include "core/network/topology.h"

namespace d3 {

class workload;
struct slot;  // core/workload/schedule.h

class ledger {
  public:
    explicit ledger(const topology& t) : t_(t) {}

    /// Sets aside room for `messages` launches calling for `deliveries` deliveries in all, so
    /// that a run whose volume is known (workload::volume) holds exactly that, not up to twice.
    void reserve(std::uint64_t messages, std::uint64_t deliveries);

    /// Registers a message launched at src with header h and returns its id. The expected
    /// destinations come from a contention-free walk of the header (core/decoding/walk.h).
    /// Throws std::invalid_argument when the header is invalid.
    std::uint64_t launch(router_id src, const header& h) { return launch(src, t_.at(src), h); }
    /// The same from the router at `at` (= t.at(src)), which the caller knows already. Inline in
    /// the node's launch (every packet): the call's frame costs more than the common cases.
    [[gnu::always_inline]] std::uint64_t launch(router_id src, const coord& at, const header& h) {
        return record_launch(src, at, h, destination_of(at, h));
    }
    /// launch() in two halves (--threads, sc/staged_nodes.h: the first on any thread, the second
    /// in launch order on one): where a header from `at` ends when no walk is needed, else
    /// kWalked; nothing is recorded.
    static constexpr router_id kWalked = ~router_id{0};
    [[gnu::always_inline]] router_id destination_of(const coord& at, const header& h) const {
        if (in_closed_form(h)) return closed_form_destination(at, h);
        // A destination header (section 10, synthetic traffic) names where it ends, deflected or
        // not; so does a via header.
        if ((h.kind == header_kind::destination || h.kind == header_kind::via) && valid(h, t_))
            return t_.header_id(h.f0, h.f1, h.f2);
        return kWalked;
    }
    /// The record of a launch whose destination_of (or closed_form_destination) is `dst`: its
    /// id. kWalked: walked now (launch_other; throws when the header is invalid).
    [[gnu::always_inline]] std::uint64_t record_launch(router_id src, const coord& at,
                                                       const header& h, router_id dst) {
        return dst == kWalked ? launch_other(src, at, h) : record(src, dst);
    }
    /// record_launch() from src's own router.
    std::uint64_t record_launch(router_id src, const header& h, router_id dst) {
        return dst == kWalked ? launch_other(src, t_.at(src), h) : record(src, dst);
    }

    /// Whether launch() takes every header of `plan` in its closed form: then the node that
    /// replays it launches them through launch_closed_form. The plan last found so is kept: the
    /// all-to-all's nodes share theirs, checked once instead of in every launch.
    bool closed_form(const std::vector<slot>& plan);
    /// launch() of a header that in_closed_form(h) holds for.
    [[gnu::always_inline]] std::uint64_t launch_closed_form(router_id src, const coord& at,
                                                            const header& h) {
        return record(src, closed_form_destination(at, h));
    }
    /// Where a header that in_closed_form(h) holds for ends, from `at`.
    [[gnu::always_inline]] router_id closed_form_destination(const coord& at,
                                                             const header& h) const {
        // The common case in closed form (section 8): (3; gamma, pi, delta) from (c,d,p) arrives
        // at (c+gamma, p+delta, d+pi). Not the decoder's walk, so it also checks the decoder.
        return t_.id_on_d3(t_.destination_in_range(at, {h.gamma(), h.pi(), h.delta()}));
    }

    enum class receipt { ok, duplicate, misrouted, unknown };
    /// Records that message `msg` reached the node at router `at`.
    receipt deliver(std::uint64_t msg, router_id at) {
        if (msg >= count_) return receipt::unknown;
        message& m = msgs_[msg];
        if (m.count() != 1) return deliver_to_one_of(m, at);
        // A unicast message (inline: every delivery of the common case): its one destination.
        if (m.where != at) return misrouted();
        // The first copy (every delivery of a correct run): seen 0 -> 1, where the saturating
        // count below reads, masks and merges the 7-bit field twice.
        if (m.word == message::kUnicastUnseen) {
            m.word = message::kUnicastSeenOnce;
            return copy(1);
        }
        if (m.seen() < kMostSeen) m.set_seen(m.seen() + 1);
        return copy(m.seen());
    }

    /// deliver() when it is the first copy of a unicast message at its destination (every
    /// delivery of a correct run but a broadcast's): records it and returns true. Otherwise
    /// false, and nothing recorded: deliver() tells what it is.
    bool deliver_first_copy(std::uint64_t msg, router_id at) {
        return deliver_first_copy(msg, at, delivered_);
    }
    /// deliver_first_copy() counting the delivery in `delivered` (--threads: a share's count,
    /// added later with add_delivered; the message's word is written by its destination's
    /// thread alone).
    bool deliver_first_copy(std::uint64_t msg, router_id at, std::uint64_t& delivered) {
        if (msg >= count_) return false;
        message& m = msgs_[msg];
        if (m.word != message::kUnicastUnseen || m.where != at) return false;
        m.word = message::kUnicastSeenOnce;
        ++delivered;
        return true;
    }
    /// First copies counted apart (deliver_first_copy's `delivered`).
    void add_delivered(std::uint64_t n) { delivered_ += n; }

    /// Message `msg`, launched and not delivered, was taken by a failure during the run (a packet
    /// on a failed link or in a failed router, or with no path left): it is expected nowhere
    /// from now on (summary::dropped), and a delivery of it would be misrouted. A unicast message
    /// only; false, and nothing done, otherwise (a broadcast's copies: drop_copy).
    bool drop(std::uint64_t msg);
    /// The same for one copy of message `msg` (a broadcast's, or a unicast's one copy): its
    /// deliveries to `destinations`, none of them made yet, are expected nowhere from now on.
    /// False, and nothing done, when one is not an undelivered destination of the message.
    bool drop_copy(std::uint64_t msg, const std::vector<router_id>& destinations);

    struct summary {
        std::uint64_t injected = 0;    ///< messages launched (the dropped ones too)
        std::uint64_t dropped = 0;     ///< deliveries a failure during the run took (drop*)
        std::uint64_t expected = 0;    ///< deliveries the launched headers call for
        std::uint64_t delivered = 0;   ///< deliveries to an expected node (first copy)
        std::uint64_t lost = 0;        ///< expected deliveries that never arrived
        std::uint64_t duplicated = 0;  ///< extra copies at an expected node
        std::uint64_t misrouted = 0;   ///< deliveries to a node that was not expected
        bool correct() const { return lost == 0 && duplicated == 0 && misrouted == 0; }
    };
    summary summarize() const;

    /// (destination, deliveries) pairs, sorted by destination and summed over messages.
    using pair_list = std::vector<std::pair<router_id, std::uint32_t>>;

    /// Deliveries to expected destinations grouped by source (for primitive-level checks): its
    /// memory grows with the messages, not with routers squared.
    class by_source {
      public:
        /// The deliveries of messages launched at `src`, sorted by destination.
        void from(router_id src, pair_list& out) const;
        /// Calls f(destination, copies delivered) for each expected destination of each message
        /// launched at `src`, in launch order (a destination may come more than once).
        template <typename F>
        void for_each(router_id src, F f) const {
            for (std::uint64_t j = first_[src]; j < first_[src + 1]; ++j) {
                const std::uint32_t e = order_[j];
                if (!(e & kSeveral)) {  // a unicast: its destination and copies in the entry
                    f(e & kDestinationMask, e >> kSeenLsb);
                    continue;
                }
                const message& m = l_->msgs_[several_ids_[e & ~kSeveral]];
                for (std::uint32_t i = m.where; i < m.where + m.count(); ++i)
                    f(l_->dests_[i], l_->counts_[i]);
            }
        }
        /// Whether for_each(src, f) would call f with `pairs`, in their order, unicasts alone.
        bool same_as(router_id src, const pair_list& pairs) const;

      private:
        friend class ledger;
        /// An entry of order_: a unicast message's destination (24 bits: a router id) and its
        /// copies delivered (7 bits above them), read in order without going back to the message;
        /// with kSeveral, the index into several_ids_ of a message with several destinations.
        static constexpr std::uint32_t kSeveral = 1u << 31;
        static constexpr unsigned kSeenLsb = 24;
        static constexpr std::uint32_t kDestinationMask = (1u << kSeenLsb) - 1;
        const ledger* l_ = nullptr;
        std::vector<std::uint64_t> first_;        ///< per source: index into order_
        std::vector<std::uint32_t> order_;        ///< one entry per message, grouped by source
        std::vector<std::uint32_t> several_ids_;  ///< ids of the messages with several destinations
    };
    by_source pairs() const;

    /// The primitive-level check: (source, destination) pairs whose deliveries (to expected
    /// destinations) differ from what `w` expects (workload::expected_from), per source, so that it
    /// costs the messages and pairs, not routers squared.
    std::uint64_t pair_mismatches(const workload& w) const;

    /// Calls `f` each time `every` more messages have been launched: the network's memory check
    /// (network_config::memory_limit_mib), since a run grows with its launches, and past
    /// saturation, where the source queues grow without bound, with nothing else as fast.
    void watch_growth(std::uint64_t every, std::function<void()> f) {
        watch_every_ = every;
        next_watch_ = count_ + every;
        watch_ = std::move(f);
    }

    std::uint64_t messages() const { return count_; }

  private:
    /// A valid unicast source vector of 3 hops on a D3 network: launch_closed_form's headers.
    bool in_closed_form(const header& h) const {
        return t_.is_d3() && h.kind == header_kind::source_vector && !h.broadcast && h.b == 3 &&
               valid(h, t_.k(), t_.m());
    }
    /// Every other header, by a walk.
    std::uint64_t launch_other(router_id src, const coord& at, const header& h);
    /// A message with a single destination.
    [[gnu::always_inline]] std::uint64_t record(router_id src, router_id dst) {
        if (msgs_.size() == msgs_.capacity()) return record_growing(src, dst);
        // No growth (GCC drops the vector's): the message is written in place, not built on the
        // stack and copied from there.
        msgs_.push_back({src, dst, 1u});
        return launched();
    }
    /// record() when msgs_ must grow first.
    [[gnu::noinline]] std::uint64_t record_growing(router_id src, router_id dst) {
        msgs_.push_back({src, dst, 1u});
        return launched();
    }
    /// After a message is added to msgs_: counts it, makes watch_growth's call when its count is
    /// reached, and returns the message's id.
    std::uint64_t launched() {
        if (++count_ == next_watch_) {
            next_watch_ += watch_every_;
            watch_();
        }
        return count_ - 1;
    }

    /// One launched message in 12 bytes. A unicast message (the common case: every synthetic
    /// packet, every primitive but the broadcasts) keeps its destination and its delivered count
    /// here, so that a delivery reads one line; a message with several destinations keeps them in
    /// dests_ and counts_.
    struct message {
        static constexpr unsigned kCountBits = 25;
        static constexpr std::uint32_t kCountMask = (1u << kCountBits) - 1;
        /// A unicast's word before its first copy and after it: a delivery tests and sets the
        /// word whole, where bit fields of count and seen were read, masked and merged apart.
        static constexpr std::uint32_t kUnicastUnseen = 1;
        static constexpr std::uint32_t kUnicastSeenOnce = 1 | 1u << kCountBits;

        /// The number of expected destinations (sorted in dests_ when > 1).
        std::uint32_t count() const { return word & kCountMask; }
        /// A unicast's copies delivered, saturating (several destinations: counts_).
        std::uint32_t seen() const { return word >> kCountBits; }
        void set_seen(std::uint32_t n) { word = count() | n << kCountBits; }

        router_id src;
        std::uint32_t where;  ///< unicast: the destination; several: index into dests_/counts_
        std::uint32_t word;   ///< count() in the low kCountBits bits, seen() above them
    };
    static_assert(sizeof(message) == 12, "a message is 12 bytes (core/run/memory_estimate.cpp)");
    static_assert((1ull << message::kCountBits) > static_cast<std::uint64_t>(kMaxK) * kMaxM * kMaxM,
                  "count holds a broadcast to every router of the largest network");
    static constexpr std::uint32_t kMostSeen = 127;
    static_assert(kMostSeen <= (~0u >> message::kCountBits), "seen holds kMostSeen");
    static_assert(static_cast<std::uint64_t>(kMaxK) * kMaxM * kMaxM <= (1ull << 24) &&
                      kMostSeen < (1u << 7),
                  "a unicast's destination and copies fit a by_source entry (24 and 7 bits)");
    /// pair_mismatches with a sum per (source, destination) pair, when there are at least as many
    /// messages, all unicasts (the all-to-all); nothing when a sum could pass 2^32.
    std::optional<std::uint64_t> dense_pair_mismatches(const workload& w) const;
    /// A delivery of m, whose destinations are several, at router `at`.
    receipt deliver_to_one_of(const message& m, router_id at);
    receipt misrouted() {
        ++misrouted_;
        return receipt::misrouted;
    }
    /// The receipt of the n-th copy at an expected destination.
    receipt copy(std::uint32_t n) {
        if (n <= 1) {
            ++delivered_;
            return receipt::ok;
        }
        ++duplicated_;
        return receipt::duplicate;
    }

    const topology& t_;
    std::vector<message> msgs_;
    /// msgs_.size(), kept: a message is 12 bytes, so size() divides on every launch and delivery.
    std::uint64_t count_ = 0;
    std::uint64_t next_watch_ = ~std::uint64_t{0};  ///< count_ at watch_'s next call
    std::uint64_t watch_every_ = 0;
    std::function<void()> watch_;
    std::vector<router_id> dests_;      ///< messages with several destinations: where they go
    std::vector<std::uint8_t> counts_;  ///< and the copies delivered to each (saturating)
    std::uint64_t misrouted_ = 0;
    std::uint64_t duplicated_ = 0;
    /// First copies at expected destinations (summary::delivered), counted as they arrive so that
    /// summarize() need not read every message back.
    std::uint64_t delivered_ = 0;
    std::uint64_t several_ = 0;  ///< messages not unicast (their destinations are in dests_)
    std::uint64_t dropped_ = 0;  ///< drop(), drop_copy(): deliveries expected nowhere
    /// drop_copy(): the entries of dests_ dropped (a delivery there is misrouted); empty until a
    /// failure takes a broadcast copy.
    std::vector<bool> dropped_dests_;
    walk_result scratch_;
    const std::vector<slot>* closed_plan_ = nullptr;  ///< the plan closed_form() last found so
};

}  // namespace d3
