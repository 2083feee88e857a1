// Switch allocator: one winner per directed link per step. Collects the packets that want each
// output in this step, records a link conflict when more than one does (the paper's conflicts:
// counted per (link, step), logged with router, port and step), lets only those with a credit
// downstream compete (core/arbiter.h picks among them) and reports each output's step to the
// link observer (waves, link statistics).
#pragma once

#include <cstdint>
#include <systemc>
#include <vector>

#include "core/arbiter.h"
#include "core/config.h"
#include "core/stats.h"
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
    };
    static constexpr std::size_t kConflictLog = 64;

    switch_allocator(const char* name, const setup& s, router_stats& stats);

    /// `r` wants link output `output` in this step.
    void request(target output, const d3::request& r);

    /// For each output asked for in this step, in the order first asked: counts a conflict when
    /// more than one packet asked, lets those for which has_credit(output, entry) holds compete,
    /// and calls grant(request, output) -> packet* for the winner. Clears the step's requests.
    /// Returns true when some packet was left waiting for a credit. lost(request, output) is
    /// called for each packet that had a credit but lost the link to the winner (the packet log).
    struct no_loser {
        void operator()(const d3::request&, int) const {}
    };
    template <typename HasCredit, typename Grant, typename Lost = no_loser>
    bool allocate(std::uint64_t t, HasCredit&& has_credit, Grant&& grant, Lost&& lost = Lost());

    /// The first conflicts of this router (at most kConflictLog), in step order.
    const std::vector<conflict_record>& conflict_log() const { return log_; }

  private:
    void record(std::uint64_t t, int output, std::size_t requesters);
    void observe(std::uint64_t t, int output, std::size_t requesters, const packet* sent);

    const router_id router_;
    link_observer* observer_;
    router_stats& stats_;
    std::vector<arbiter> arbiters_;
    std::vector<std::vector<d3::request>> wanted_;  ///< per output, this step's requesters
    std::vector<int> touched_;                  ///< outputs with requesters, in order
    std::vector<std::size_t> eligible_;
    std::vector<candidate> cands_;
    std::vector<conflict_record> log_;
};

template <typename HasCredit, typename Grant, typename Lost>
bool switch_allocator::allocate(std::uint64_t t, HasCredit&& has_credit, Grant&& grant,
                                Lost&& lost) {
    bool waiting = false;
    for (int o : touched_) {
        auto& w = wanted_[static_cast<std::size_t>(o)];
        const std::size_t n = w.size();
        if (n > 1) record(t, o, n);
        eligible_.clear();
        for (std::size_t i = 0; i < n; ++i)
            if (has_credit(o, *w[i].e)) eligible_.push_back(i);
        const packet* sent = nullptr;
        if (!eligible_.empty()) {
            std::size_t win = eligible_[0];
            if (eligible_.size() > 1) {
                cands_.clear();
                for (std::size_t i : eligible_)
                    cands_.push_back({w[i].source, w[i].e->pkt->launch, w[i].e->pkt->serial});
                win = eligible_[arbiters_[static_cast<std::size_t>(o)].pick(cands_.data(),
                                                                            cands_.size())];
            }
            for (std::size_t i : eligible_) w[i].e->stalled = false;
            sent = grant(w[win], o);
            for (std::size_t i : eligible_)
                if (i != win) lost(w[i], o);
        } else {
            ++stats_.stalls;
        }
        if (eligible_.size() < n) waiting = true;
        if (observer_) observe(t, o, n, sent);
        w.clear();
    }
    touched_.clear();
    return waiting;
}

}  // namespace d3
