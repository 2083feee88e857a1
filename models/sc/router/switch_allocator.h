// Switch allocator: one winner per directed link per step. Collects the packets that want each
// output in this step, records a link conflict when more than one does (the paper's conflicts:
// counted per (link, step), logged with router, port and step; its waits are the packets with a
// credit that lost the link to the winner, as the packet log's conflict-wait), lets only those with
// a credit downstream compete (core/router/arbiter.h picks among them) and reports each output's
// step to the link observer (waves, link statistics). With two service classes
// (core/router/service.h) only the highest class among the packets with a credit competes, with its
// own arbiter per output, so a privileged packet is never held up by a standard one; with
// background traffic the figures are kept apart (record_tagged).
#pragma once

#include <algorithm>
#include <cstdint>
#include <memory>
#include <systemc>
#include <vector>

#include "core/network/config.h"
#include "core/router/arbiter.h"
#include "core/router/step_traits.h"
#include "core/run/stats.h"
#include "sc/router/arbiter_bank.h"
#include "sc/router/entry.h"

namespace d3 {

class switch_allocator : public sc_core::sc_object {
  public:
    struct setup {
        int outputs = 1;
        arbitration policy = arbitration::round_robin;
        std::uint32_t sources = 1;  ///< request sources (buffers and the hold stage)
        router_id router = 0;
        link_observer* observer = nullptr;
        int classes = 1;                     ///< service classes
        router_stats* background = nullptr;  ///< background packets' figures (--background)
    };
    static constexpr std::size_t kConflictLog = 64;

    switch_allocator(const char* name, const setup& s, router_stats& stats);

    /// `r` wants link output `output` in this step.
    /// Always inline: out of line in the step of a router with slow links (a call per request).
    [[gnu::always_inline]] void request(target output, const d3::request& r) {
        chain& c = chains_[output];
        if (c.head != kEnd) return join(c, output, r);
        // The first to ask for the output (most): kept in firsts_ alone until another asks. (Its
        // place there is not kept: join, which needs it, finds it, and join is the rare case.)
        c.head = kAlone;
        first& f = firsts_.emplace_back();  // member by member: no braced temporary to copy
        f.output = output;
        f.e = r.e;
        f.source = r.source;
    }

    /// For each output asked for in this step, in the order first asked: counts a conflict when
    /// more than one packet asked, lets those for which has_credit(output, entry) holds compete,
    /// and calls grant(request, output) -> packet* for the winner. Clears the step's requests.
    /// Returns true when some packet was left waiting for a credit. lost(request, output) is
    /// called for each packet that had a credit but lost the link to the winner (the packet log).
    /// A requester with a credit among several (any, with background traffic) has its entry's
    /// stall flag cleared, as it may lose the link (entry::stalled); a lone requester's flag is
    /// the caller's (has_credit, grant).
    /// `Step`: what the caller's step handles (core/router/step_traits.h: classes, observed,
    /// background); the tests of what it rules out drop out.
    struct no_loser {
        void operator()(const d3::request&, int) const {}
    };
    template <typename Step = any_step, typename HasCredit, typename Grant,
              typename Lost = no_loser>
    bool allocate(std::uint64_t t, HasCredit&& has_credit, Grant&& grant, Lost&& lost = Lost());

    /// From now on the arbiters of `bank` pick the winners (--unit-impl switch_allocator=rtl|
    /// lockstep) in place of the C++ arbiters; only where several compete, as those.
    void use(std::unique_ptr<arbiter_bank_if> bank) { bank_ = std::move(bank); }

    /// The first conflicts of this router (at most kConflictLog), in step order.
    const std::vector<conflict_record>& conflict_log() const { return log_; }

  private:
    /// allocate() for output `o` with several requesters from `first` on, or any with a background.
    /// A function of its own: with it inside allocate(), GCC stopped inlining allocate() into the
    /// router's step, which then paid a call for a path the all-to-all never takes.
    /// True when some packet was left waiting for a credit.
    template <typename Step, typename HasCredit, typename Grant, typename Lost>
    bool allocate_group(std::uint64_t t, int o, std::uint32_t first, HasCredit& has_credit,
                        Grant& grant, Lost& lost);
    struct chain;
    /// request() when `output` was asked for already: `r` joins its chain `c` in asked_ (with the
    /// first requester, when it was alone).
    [[gnu::noinline]] void join(chain& c, target output, const d3::request& r);
    /// Appends `r` to asked_ (at the end of no chain yet): its place there. The caller made room
    /// (room_for).
    std::uint32_t push_asked(const d3::request& r) {
        asked_[asked_n_] = asked(r);  // next: kEnd
        return asked_n_++;
    }
    /// Whether asked_ has room for `n` more requests.
    bool room_for(std::uint32_t n) const { return asked_.size() - asked_n_ >= n; }
    /// join() when asked_ must grow first (out of line: join's common case keeps no frame).
    [[gnu::noinline]] void join_growing(chain& c, target output, const d3::request& r);
    /// allocate_group's lists reserved at its first call (a router without contention needs
    /// none), up to the asked list's first size, instead of growing push by push (as the conflict
    /// log's reserve, log).
    [[gnu::cold, gnu::noinline]] void first_group();
    void record(std::uint64_t t, int output, std::size_t requesters);
    void log(const conflict_record& c);  ///< appends to log_ (not full)
    /// With background traffic: the figures of each kind of packet (the run's own, the
    /// background) among the requesters `w` of `output`; `credit[i]`: w[i] had a credit.
    /// Returns the conflicts counted (link_event::counted).
    std::uint8_t record_tagged(std::uint64_t t, int output, const std::vector<d3::request>& w,
                               const packet* sent);
    void observe(std::uint64_t t, int output, std::size_t requesters, const packet* sent,
                 std::uint8_t counted);

    const router_id router_;
    link_observer* observer_;
    router_stats& stats_;
    router_stats* background_;  ///< nullptr: no background traffic
    const int outputs_;
    const int classes_;
    // The arbiters (core/router/arbiter.h), per service class and output: their one policy and
    // number of sources, and each one's round-robin state.
    const arbitration policy_;
    const std::uint32_t sources_;
    std::vector<std::uint32_t> arbiter_next_;
    std::unique_ptr<arbiter_bank_if> bank_;  ///< in place of the arbiters (--unit-impl), or none
    /// This step's requests of the outputs asked for more than once, in the order made, each
    /// output's linked in a list (next), so that a step touches three small arrays whatever the
    /// number of outputs. A request's fields and its link in 16 bytes (a request beside its link
    /// took 24, and a new one's index a division by 24), filled in place.
    struct asked {
        asked() = default;
        // Built from its request in place: a default-built one reset the fields first (two stores
        // more per request).
        explicit asked(const d3::request& r) : e(r.e), source(r.source) {}
        entry* e = nullptr;
        std::uint32_t source = 0;
        std::uint32_t next = kEnd;
        d3::request r() const { return {e, source}; }
    };
    /// Appends the candidate of `a` to cands_, member by member (a braced temporary was built on
    /// the stack and copied).
    void add_candidate(const asked& a) {
        candidate& c = cands_.emplace_back();
        c.source = a.source;
        c.age = a.e->pkt->launch;
        c.seq = a.e->pkt->serial;
    }
    /// The first request of each output asked for, in the order first asked, with its output.
    struct first {
        entry* e;
        std::uint32_t source;
        std::uint32_t output;
        d3::request r() const { return {e, source}; }
    };
    /// An output's requests: none (head kEnd), its first alone (head kAlone: in firsts_), or a
    /// list in asked_ from head to tail.
    struct chain {
        std::uint32_t head = kEnd, tail = kEnd;
    };
    static constexpr std::uint32_t kEnd = ~0u;
    static constexpr std::uint32_t kAlone = kEnd - 1;
    std::vector<asked> asked_;  ///< its first asked_n_ are this step's (it only grows)
    std::uint32_t asked_n_ = 0;
    std::vector<chain> chains_;  ///< per output: its requests
    /// Outputs with requesters, in order first asked (fill_in_allocator: emplace_back() leaves
    /// the record to be filled, not zeroed first).
    std::vector<first, fill_in_allocator<first>> firsts_;
    std::vector<d3::request> group_;     ///< with background: the requesters of one output
    std::vector<std::size_t> eligible_;  ///< the requesters with a credit: places in asked_
    std::vector<char> credit_;           ///< with background: requester i had a credit
    std::vector<candidate> cands_;
    std::vector<conflict_record> log_;
};

template <typename Step, typename HasCredit, typename Grant, typename Lost>
bool switch_allocator::allocate(std::uint64_t t, HasCredit&& has_credit, Grant&& grant,
                                Lost&& lost) {
    const bool background = Step::background && background_;
    const bool observed = Step::observed && observer_;
    bool waiting = false;
    for (const first& f : firsts_) {
        const int o = static_cast<int>(f.output);
        chain& c = chains_[static_cast<std::size_t>(o)];
        const std::uint32_t head = c.head;
        c.head = kEnd;  // (its tail is read only while its head is a place in asked_)
        if (head == kAlone && !background) {  // the common case: one requester
            const d3::request r = f.r();
            const packet* sent = nullptr;
            if (has_credit(o, *r.e)) {
                sent = grant(r, o);
            } else {
                waiting = true;
                ++stats_.stalls;
                ++stats_.blocked;
            }
            if (observed) observe(t, o, 1, sent, 0);
            continue;
        }
        // (With a background, one requester too: its figures are kept apart there.)
        if (head == kAlone && !room_for(1)) asked_.resize(asked_.size() * 2 + 1);
        const std::uint32_t from = head == kAlone ? push_asked(f.r()) : head;
        waiting = allocate_group<Step>(t, o, from, has_credit, grant, lost) || waiting;
    }
    firsts_.clear();
    asked_n_ = 0;
    return waiting;
}

// The requesters are read from the output's chain in asked_ (eligible_ holds their places there),
// without a copy; only the background's figures need them side by side (group_, credit_).
template <typename Step, typename HasCredit, typename Grant, typename Lost>
bool switch_allocator::allocate_group(std::uint64_t t, int o, std::uint32_t first,
                                      HasCredit& has_credit, Grant& grant, Lost& lost) {
    const bool background = Step::background && background_;
    const bool one_class =
        !Step::classes || classes_ == 1;  // every requester with a credit competes
    std::size_t n = 0;
    if (cands_.capacity() == 0) first_group();
    eligible_.clear();
    cands_.clear();
    if (background) {  // the background's figures want the requesters side by side
        group_.clear();
        credit_.clear();
    }
    for (std::uint32_t i = first; i != kEnd; i = asked_[i].next, ++n) {
        const asked& a = asked_[i];
        const bool credit = has_credit(o, *a.e);
        if (credit) {
            eligible_.push_back(i);
            a.e->stalled = false;
            if (one_class) add_candidate(a);
        }
        if (background) {
            group_.push_back(a.r());
            credit_.push_back(credit);
        }
    }
    std::uint8_t counted = 0;  // for the observer: the conflicts recorded
    if (n > 1 && !background) {
        record(t, o, n);
        counted = link_event::kRunConflict;
    }
    const bool waiting = eligible_.size() < n;
    const auto service = [&](std::size_t i) { return asked_[i].e->pkt->service; };
    // Two classes: only the highest class with a credit competes (strict precedence).
    std::size_t competing = eligible_.size();
    int top = 0;
    if (!one_class && competing > 1) {
        top = service(eligible_[0]);
        for (std::size_t i : eligible_) top = std::min<int>(top, service(i));
        std::stable_partition(eligible_.begin(), eligible_.end(),
                              [&](std::size_t i) { return service(i) == top; });
        competing = static_cast<std::size_t>(std::count_if(
            eligible_.begin(), eligible_.end(), [&](std::size_t i) { return service(i) == top; }));
    }
    const packet* sent = nullptr;
    if (!eligible_.empty()) {
        std::size_t win = eligible_[0];
        if (competing > 1) {
            if (!one_class) {  // the candidates of the top class, after the partition
                cands_.clear();
                for (std::size_t j = 0; j < competing; ++j) add_candidate(asked_[eligible_[j]]);
            }
            const auto which = static_cast<std::size_t>(top * outputs_ + o);
            win = eligible_[bank_ ? bank_->pick(which, cands_.data(), cands_.size(), t)
                                  : arbiter::pick(policy_, sources_, arbiter_next_[which],
                                                  cands_.data(), cands_.size())];
        }
        sent = grant(asked_[win].r(), o);
        for (std::size_t i : eligible_)
            if (i != win) lost(asked_[i].r(), o);
    } else if (!background) {
        ++stats_.stalls;
    }
    // A conflict's waits: the packets that had a credit but another packet won the link (the
    // packet log's conflict-wait events); a packet without a credit waits for the credit.
    if (n > 1 && !background) stats_.waits += eligible_.size() - (sent ? 1 : 0);
    if (waiting && !background) stats_.blocked += n - eligible_.size();
    if (background) counted = record_tagged(t, o, group_, sent);
    if (Step::observed && observer_) observe(t, o, n, sent, counted);
    return waiting;
}

}  // namespace d3
