#include "core/primitives/lockstep.h"

#include <algorithm>
#include <list>
#include <stdexcept>
#include <utility>

#include "core/decoder.h"
#include "core/expand.h"

namespace d3 {

int path_steps(const header& h) {
    return h.b;
}

void trace_links(const topology& t, router_id src, std::uint64_t step, const header& h,
                 std::vector<link_use>& out) {
    struct copy {
        coord at;
        header hdr;
    };
    std::vector<copy> now{{t.at(src), h}}, next;
    std::vector<hop> hops;
    std::uint64_t cycle = step + kFirstHopAfterLaunch;
    for (int n = 0; !now.empty(); ++n, ++cycle) {
        if (n > 8) throw std::invalid_argument("path longer than 8 steps: " + to_string(h));
        next.clear();
        for (const copy& x : now) {
            const decision d = decode(x.hdr, x.at, t);
            if (!expand(d, x.at, t, hops))
                throw std::invalid_argument("invalid header " + to_string(x.hdr) + " at " +
                                            to_string(x.at));
            const router_id r = t.id(x.at);
            for (const hop& y : hops) {
                if (y.to == kEjectTarget) continue;
                if (is_link(y.to)) out.push_back({cycle, r, y.to});
                next.push_back({y.at, d.next});
            }
        }
        std::swap(now, next);
    }
}

void link_calendar::add(const std::vector<link_use>& uses, std::uint64_t shift) {
    for (const link_use& u : uses) ++count_[key(u, shift)];
}

bool link_calendar::fits(const std::vector<link_use>& uses, std::uint64_t shift) const {
    std::vector<std::uint64_t> keys;
    keys.reserve(uses.size());
    for (const link_use& u : uses) {
        const std::uint64_t k = key(u, shift);
        if (count_.count(k) != 0) return false;
        keys.push_back(k);
    }
    std::sort(keys.begin(), keys.end());
    return std::adjacent_find(keys.begin(), keys.end()) == keys.end();
}

std::uint64_t link_calendar::conflicts() const {
    std::uint64_t n = 0;
    for (const auto& [k, c] : count_) n += c > 1;
    return n;
}

std::vector<conflict_record> link_calendar::first_conflicts(std::size_t limit) const {
    std::vector<conflict_record> all;
    for (const auto& [k, c] : count_)
        if (c > 1)
            all.push_back({k >> 40, static_cast<router_id>((k >> 12) & 0xFFFFFFF),
                           static_cast<std::uint16_t>(k & 0xFFF), c});
    std::sort(all.begin(), all.end(), [](const conflict_record& a, const conflict_record& b) {
        return a.step != b.step ? a.step < b.step
                                : (a.router != b.router ? a.router < b.router : a.port < b.port);
    });
    if (all.size() > limit) all.resize(limit);
    return all;
}

placement place_rounds(const std::vector<std::vector<link_use>>& rounds, bool reorder,
                       link_calendar& cal, std::uint64_t first_slot) {
    placement pl;
    pl.slot.assign(rounds.size(), 0);
    std::list<std::size_t> left;
    for (std::size_t i = 0; i < rounds.size(); ++i) left.push_back(i);
    std::uint64_t s = first_slot;
    while (!left.empty()) {
        auto pick = left.end();
        if (reorder) {
            for (auto it = left.begin(); it != left.end(); ++it)
                if (cal.fits(rounds[*it], s)) {
                    pick = it;
                    break;
                }
        } else if (cal.fits(rounds[left.front()], s)) {
            pick = left.begin();
        }
        if (pick == left.end()) {
            if (s > first_slot + 64 * (rounds.size() + 8))
                throw std::logic_error("place_rounds: a round fits no slot");
            ++s;
            continue;
        }
        cal.add(rounds[*pick], s);
        pl.slot[*pick] = s;
        pl.order.push_back(*pick);
        left.erase(pick);
        ++s;
    }
    pl.slots = s;
    pl.delays = s - first_slot - rounds.size();
    return pl;
}

}  // namespace d3
