#include "paper/programs/lockstep.h"

#include <algorithm>
#include <list>
#include <stdexcept>
#include <string>
#include <utility>

#include "core/decoding/decoder.h"
#include "core/decoding/expand.h"

namespace d3 {

int path_steps(const header& h) {
    return h.b;
}

void trace_links(const topology& t, router_id src, std::uint64_t step, const header& h,
                 std::vector<link_use>& out) {
    link_tracer().trace(t, src, step, h, out);
}

void link_tracer::trace(const topology& t, router_id src, std::uint64_t step, const header& h,
                        std::vector<link_use>& out) {
    now_.assign(1, {t.at(src), h});
    std::uint64_t cycle = step + kFirstHopAfterLaunch;
    for (int n = 0; !now_.empty(); ++n, ++cycle) {
        if (n > 8) throw std::invalid_argument("path longer than 8 steps: " + to_string(h));
        next_.clear();
        for (const copy& x : now_) {
            const decision d = decode(x.hdr, x.at, t);
            if (!expand(d, x.at, t, hops_))
                throw std::invalid_argument("invalid header " + to_string(x.hdr) + " at " +
                                            to_string(x.at));
            const router_id r = t.id(x.at);
            for (const hop& y : hops_) {
                if (y.to == kEjectTarget) continue;
                if (is_link(y.to)) out.push_back({cycle, r, y.to});
                next_.push_back({y.at, d.next});
            }
        }
        std::swap(now_, next_);
    }
}

void link_calendar::add(const std::vector<link_use>& uses, std::uint64_t shift) {
    for (const link_use& u : uses) {
        const std::uint64_t step = u.cycle + shift;
        if (step < closed_)
            throw std::logic_error("link_calendar: step " + std::to_string(step) + " is closed");
        if (step - closed_ >= open_.size()) open_.resize(step - closed_ + 1);
        ++open_[step - closed_][key(u)];
    }
}

bool link_calendar::fits(const std::vector<link_use>& uses, std::uint64_t shift) const {
    std::vector<std::pair<std::uint64_t, std::uint64_t>> keys;
    keys.reserve(uses.size());
    for (const link_use& u : uses) {
        const std::uint64_t step = u.cycle + shift;
        if (step < closed_) return false;
        if (step - closed_ < open_.size() && open_[step - closed_].count(key(u)) != 0) return false;
        keys.emplace_back(step, key(u));
    }
    std::sort(keys.begin(), keys.end());
    return std::adjacent_find(keys.begin(), keys.end()) == keys.end();
}

void link_calendar::append_conflicts(std::uint64_t step, const step_uses& uses,
                                     std::vector<conflict_record>& out) {
    if (out.size() >= kFirstConflicts) return;
    std::vector<conflict_record> here;
    for (const auto& [k, c] : uses)
        if (c > 1)
            here.push_back(
                {step, static_cast<router_id>(k >> 12), static_cast<std::uint16_t>(k & 0xFFF), c});
    std::sort(here.begin(), here.end(), [](const conflict_record& a, const conflict_record& b) {
        return a.router != b.router ? a.router < b.router : a.port < b.port;
    });
    for (const conflict_record& r : here) {
        if (out.size() >= kFirstConflicts) break;
        out.push_back(r);
    }
}

void link_calendar::close_before(std::uint64_t step) {
    for (; closed_ < step; ++closed_) {
        if (open_.empty()) continue;
        for (const auto& [k, c] : open_.front()) closed_conflicts_ += c > 1;
        append_conflicts(closed_, open_.front(), closed_first_);
        open_.pop_front();
    }
}

std::uint64_t link_calendar::conflicts() const {
    std::uint64_t n = closed_conflicts_;
    for (const step_uses& s : open_)
        for (const auto& [k, c] : s) n += c > 1;
    return n;
}

std::vector<conflict_record> link_calendar::first_conflicts() const {
    std::vector<conflict_record> first = closed_first_;
    for (std::size_t i = 0; i < open_.size() && first.size() < kFirstConflicts; ++i)
        append_conflicts(closed_ + i, open_[i], first);
    return first;
}

placement place_rounds(std::size_t count, const round_uses& rounds, bool reorder,
                       link_calendar& cal, std::uint64_t first_slot) {
    placement pl;
    pl.slot.assign(count, 0);
    std::list<std::size_t> left;
    for (std::size_t i = 0; i < count; ++i) left.push_back(i);
    std::uint64_t s = first_slot;
    while (!left.empty()) {
        cal.filled_before(s);
        auto pick = left.end();
        if (reorder) {
            for (auto it = left.begin(); it != left.end(); ++it)
                if (cal.fits(rounds(*it), s)) {
                    pick = it;
                    break;
                }
        } else if (cal.fits(rounds(left.front()), s)) {
            pick = left.begin();
        }
        if (pick == left.end()) {
            if (s > first_slot + 64 * (count + 8))
                throw std::logic_error("place_rounds: a round fits no slot");
            ++s;
            continue;
        }
        cal.add(rounds(*pick), s);
        pl.slot[*pick] = s;
        pl.order.push_back(*pick);
        left.erase(pick);
        ++s;
    }
    pl.slots = s;
    pl.delays = s - first_slot - count;
    return pl;
}

}  // namespace d3
