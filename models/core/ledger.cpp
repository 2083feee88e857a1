#include "core/ledger.h"

#include <algorithm>
#include <stdexcept>

#include "core/walk.h"

namespace d3 {

std::uint64_t ledger::launch(router_id src, const header& h) {
    walk_result& w = scratch_;
    if (t_.is_d3() && h.kind == header_kind::source_vector && !h.broadcast && h.b == 3 &&
        valid(h, t_.k(), t_.m())) {
        // The common case in closed form (section 8): (3; gamma, pi, delta) from (c,d,p) arrives
        // at (c+gamma, p+delta, d+pi). Not the decoder's walk, so it also checks the decoder.
        w.destinations.assign(1, t_.id(t_.destination(t_.at(src), {h.gamma(), h.pi(), h.delta()})));
    } else {
        walk(t_, t_.at(src), h, w);
        if (!w.error.empty()) throw std::invalid_argument(w.error);
    }
    std::sort(w.destinations.begin(), w.destinations.end());
    message m{src, static_cast<std::uint32_t>(dests_.size()),
              static_cast<std::uint32_t>(w.destinations.size())};
    dests_.insert(dests_.end(), w.destinations.begin(), w.destinations.end());
    counts_.resize(dests_.size(), 0);
    msgs_.push_back(m);
    return msgs_.size() - 1;
}

ledger::receipt ledger::deliver(std::uint64_t msg, router_id at) {
    if (msg >= msgs_.size()) return receipt::unknown;
    const message& m = msgs_[msg];
    const auto begin = dests_.begin() + m.first;
    const auto end = begin + m.count;
    const auto it = std::lower_bound(begin, end, at);
    if (it == end || *it != at) {
        ++misrouted_;
        return receipt::misrouted;
    }
    std::uint8_t& n = counts_[static_cast<std::size_t>(it - dests_.begin())];
    if (n < 255) ++n;
    if (n > 1) {
        ++duplicated_;
        return receipt::duplicate;
    }
    return receipt::ok;
}

ledger::summary ledger::summarize() const {
    summary s;
    s.injected = msgs_.size();
    s.expected = dests_.size();
    for (std::uint8_t n : counts_) {
        if (n == 0)
            ++s.lost;
        else
            ++s.delivered;
    }
    s.duplicated = duplicated_;
    s.misrouted = misrouted_;
    return s;
}

std::vector<std::uint32_t> ledger::pair_counts() const {
    const std::size_t n = t_.routers();
    std::vector<std::uint32_t> pairs(n * n, 0);
    for (const message& m : msgs_)
        for (std::uint32_t i = m.first; i < m.first + m.count; ++i)
            pairs[static_cast<std::size_t>(m.src) * n + dests_[i]] += counts_[i];
    return pairs;
}

}  // namespace d3
