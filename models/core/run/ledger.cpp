#include "core/run/ledger.h"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "core/decoding/walk.h"
#include "core/workload/schedule.h"
#include "core/workload/workload.h"

namespace d3 {

void ledger::reserve(std::uint64_t messages, std::uint64_t deliveries) {
    msgs_.reserve(messages);
    if (deliveries > messages) {  // messages with several destinations: at most this many
        dests_.reserve(deliveries);
        counts_.reserve(deliveries);
    }
}

bool ledger::closed_form(const std::vector<slot>& plan) {
    if (&plan == closed_plan_) return true;
    for (const slot& s : plan)
        for (const auto& l : s.launches)
            if (!in_closed_form(l.hdr)) return false;
    closed_plan_ = &plan;
    return true;
}

std::uint64_t ledger::launch_other(router_id src, const coord& at, const header& h) {
    walk_result& w = scratch_;
    walk(t_, at, h, w);
    if (!w.error.empty()) throw std::invalid_argument(w.error);
    if (w.destinations.size() == 1) return record(src, w.destinations[0]);
    const message m{src, static_cast<std::uint32_t>(dests_.size()),
                    static_cast<std::uint32_t>(w.destinations.size())};
    std::sort(w.destinations.begin(), w.destinations.end());
    dests_.insert(dests_.end(), w.destinations.begin(), w.destinations.end());
    counts_.resize(dests_.size(), 0);
    msgs_.push_back(m);
    ++several_;
    return launched();
}

ledger::receipt ledger::deliver_to_one_of(const message& m, router_id at) {
    const auto begin = dests_.begin() + m.where;  // `at` among them (sorted)
    const auto i = std::lower_bound(begin, begin + m.count(), at);
    if (i == begin + m.count() || *i != at) return misrouted();
    const auto index = static_cast<std::size_t>(i - dests_.begin());
    if (index < dropped_dests_.size() && dropped_dests_[index]) return misrouted();
    std::uint8_t& c = counts_[index];
    if (c < 255) ++c;
    return copy(c);
}

ledger::summary ledger::summarize() const {
    // Each expected destination's first copy was counted as it arrived (copy): a unicast message
    // has one, the others theirs in dests_.
    summary s;
    s.injected = msgs_.size();
    s.dropped = dropped_;
    s.expected = (msgs_.size() - several_) + dests_.size() - dropped_;
    s.delivered = delivered_;
    s.lost = s.expected - s.delivered;
    s.duplicated = duplicated_;
    s.misrouted = misrouted_;
    return s;
}

bool ledger::drop(std::uint64_t msg) {
    if (msg >= count_) return false;
    message& m = msgs_[msg];
    if (m.word != message::kUnicastUnseen) return false;
    m.word = 0;  // no destination, nothing seen: its pair sums add nothing
    ++dropped_;
    return true;
}

bool ledger::drop_copy(std::uint64_t msg, const std::vector<router_id>& destinations) {
    if (msg >= count_) return false;
    const message& m = msgs_[msg];
    if (m.count() == 1) return destinations.size() == 1 && destinations[0] == m.where && drop(msg);
    std::vector<std::size_t> at;  // checked whole before any is dropped
    const auto begin = dests_.begin() + m.where, end = begin + m.count();
    for (const router_id d : destinations) {
        const auto i = std::lower_bound(begin, end, d);
        if (i == end || *i != d) return false;
        at.push_back(static_cast<std::size_t>(i - dests_.begin()));
    }
    dropped_dests_.resize(dests_.size(), false);
    for (const std::size_t i : at)
        if (counts_[i] != 0 || dropped_dests_[i]) return false;
    for (const std::size_t i : at) dropped_dests_[i] = true;
    dropped_ += at.size();
    return true;
}

ledger::by_source ledger::pairs() const {
    by_source b;
    b.l_ = this;
    const std::size_t n = t_.routers();
    b.first_.assign(n + 1, 0);
    for (const message& m : msgs_) ++b.first_[m.src + 1];
    for (std::size_t i = 0; i < n; ++i) b.first_[i + 1] += b.first_[i];
    b.order_.resize(count_);
    b.several_ids_.reserve(several_);
    std::vector<std::uint64_t> next(b.first_.begin(), b.first_.end() - 1);
    // Through local pointers: the entries' stores could otherwise alias the messages and the
    // vectors, which the loop would then read again.
    const message* const msgs = msgs_.data();
    std::uint32_t* const order = b.order_.data();
    std::uint64_t* const at = next.data();
    const auto unicast = [](const message& m) {
        return m.where | (m.seen() << by_source::kSeenLsb);
    };
    if (several_ == 0) {  // every message a unicast (every synthetic packet, most primitives)
        for (std::size_t i = 0, end = count_; i < end; ++i)  // not size(): a division per test
            order[at[msgs[i].src]++] = unicast(msgs[i]);
        return b;
    }
    for (std::size_t i = 0, end = count_; i < end; ++i) {
        const message& m = msgs[i];
        if (m.count() == 1) {
            order[at[m.src]++] = unicast(m);
            continue;
        }
        order[at[m.src]++] =
            by_source::kSeveral | static_cast<std::uint32_t>(b.several_ids_.size());
        b.several_ids_.push_back(static_cast<std::uint32_t>(i));
    }
    return b;
}

std::uint64_t ledger::pair_mismatches(const workload& w) const {
    const router_id n = t_.routers();
    if (several_ == 0 && count_ >= std::uint64_t{n} * n)
        if (const auto m = dense_pair_mismatches(w)) return *m;
    const by_source delivered = pairs();
    // Per destination of one source: deliveries minus expected ones (modulo 2^32), summed over the
    // source's messages and expected pairs; a destination whose sum is not 0 is a mismatch. The
    // sums balance (the common case) when the source's deliveries and expected ones add up to the
    // same total below 2^32 and every expected destination's sum is 0: then the others' sums,
    // deliveries alone, add up to 0 as well, so each is 0. Only otherwise (a failed check) are
    // the sums read back over both lists, counted and set to 0 for the next source.
    std::vector<std::uint32_t> net(n, 0);
    pair_list want;
    std::uint64_t mismatches = 0;
    for (router_id a = 0; a < n; ++a) {
        w.expected_from(a, n, want);
        // The deliveries, message by message, are the expected pairs in their order (synthetic
        // traffic: a pair per packet, in creation order, which is the launch order): every sum
        // is 0 without working the sums out.
        if (delivered.same_as(a, want)) continue;
        std::uint64_t got = 0;
        std::uint64_t wanted = 0;
        delivered.for_each(a, [&](router_id dst, std::uint32_t x) {
            net[dst] += x;
            got += x;
        });
        // Any bit of an expected destination's sum, taken as each is subtracted: 0 tells that
        // every sum is 0. A destination listed twice (synthetic traffic: a pair per packet) adds
        // its sum between the two as well; then the sums are read again once all are taken.
        std::uint32_t left = 0;
        for (const auto& [dst, count] : want) {
            left |= (net[dst] -= count);
            wanted += count;
        }
        if (left != 0) {
            left = 0;
            for (const auto& [dst, count] : want) left |= net[dst];
        }
        if (left == 0 && got == wanted && got < (1ull << 32)) continue;
        const auto settle = [&](router_id dst) {
            if (net[dst] == 0) return;
            ++mismatches;
            net[dst] = 0;
        };
        delivered.for_each(a, [&](router_id dst, std::uint32_t) { settle(dst); });
        for (const auto& [dst, count] : want) settle(dst);
    }
    return mismatches;
}

namespace {

/// Whether any of the n sums at `row` is not `want`: an OR of their differences, eight at a time
/// in the vector unit (GCC vectorizes no form of the plain loop at -O2, which then takes several
/// instructions per sum, once per pair).
bool differs(const std::uint32_t* row, router_id n, std::uint32_t want) {
    using lanes = std::uint32_t __attribute__((vector_size(16)));
    const lanes w = lanes{} + want;
    lanes any{};
    router_id i = 0;
    for (; i + 8 <= n; i += 8) {
        lanes x;
        lanes y;
        std::memcpy(&x, row + i, sizeof x);
        std::memcpy(&y, row + i + 4, sizeof y);
        any |= (x ^ w) | (y ^ w);
    }
    std::uint32_t rest = any[0] | any[1] | any[2] | any[3];
    for (; i < n; ++i) rest |= row[i] ^ want;
    return rest != 0;
}

/// How many of the n sums at `row` are not `want`: none for most rows, which differs() finds in
/// the vector unit before any is counted.
std::uint64_t mismatches_in(const std::uint32_t* row, router_id n, std::uint32_t want) {
    if (!differs(row, n, want)) return 0;
    return static_cast<std::uint64_t>(
        std::count_if(row, row + n, [want](std::uint32_t x) { return x != want; }));
}

}  // namespace

std::optional<std::uint64_t> ledger::dense_pair_mismatches(const workload& w) const {
    // Every pair's sum at once, in launch order: no grouping of the messages by source (pairs(),
    // costly per message in the all-to-all, whose sources take turns), and a
    // source's mismatches are its sums not 0 after its expected pairs are taken, read from its
    // row in one pass. The n^2 sums take no more room than pairs()'s 4 bytes per message, since
    // there are at least as many messages, all unicasts. The sums are exact (modulo 2^32, below
    // it) while a source's deliveries and expected ones add up to less than 2^32: otherwise
    // nothing, and pair_mismatches works them out by source.
    if (count_ >= (1ull << 32) / kMostSeen) return std::nullopt;
    const router_id n = t_.routers();
    std::vector<std::uint32_t> net(std::size_t{n} * n, 0);
    const message* const msgs = msgs_.data();  // the stores could otherwise alias them
    std::uint32_t* const sums = net.data();
    // Unrolled: the loop's own counter and test were a large part of a message's work.
    if (delivered_ == count_ && duplicated_ == 0) {
        // Every message delivered once (its first copy counted, no other): each sum counts
        // messages, without reading and shifting the copies' field.
#pragma GCC unroll 4
        for (std::size_t i = 0, end = count_; i < end; ++i)
            ++sums[std::size_t{msgs[i].src} * n + msgs[i].where];
    } else {
#pragma GCC unroll 4
        for (std::size_t i = 0, end = count_; i < end; ++i)
            sums[std::size_t{msgs[i].src} * n + msgs[i].where] += msgs[i].seen();
    }
    pair_list want;
    std::uint64_t mismatches = 0;
    for (router_id a = 0; a < n; ++a) {
        std::uint32_t* const row = sums + std::size_t{a} * n;
        // The all-to-all: every pair of the row expects `each` (exact, as every sum is): each sum
        // compared with it, without listing the pairs (expected_from) and taking them off.
        if (const std::optional<std::uint32_t> each = w.uniform_expected(a)) {
            mismatches += mismatches_in(row, n, *each);
            continue;
        }
        std::uint64_t wanted = 0;
        if (const std::vector<router_id>* dsts = w.unit_destinations(a)) {  // each (dst, 1)
            for (const router_id dst : *dsts) --row[dst];
            wanted = dsts->size();
        } else {
            w.expected_from(a, n, want);
            for (const auto& [dst, count] : want) {
                row[dst] -= count;
                wanted += count;
            }
        }
        if (wanted >= (1ull << 32)) return std::nullopt;
        mismatches += mismatches_in(row, n, 0);
    }
    return mismatches;
}

bool ledger::by_source::same_as(router_id src, const pair_list& pairs) const {
    const std::uint64_t first = first_[src];
    if (first_[src + 1] - first != pairs.size()) return false;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const std::uint32_t e = order_[first + i];
        // A unicast's entry holds its destination and copies (see for_each); a message with
        // several destinations differs from any single pair here.
        if ((e & kSeveral) || (e & kDestinationMask) != pairs[i].first ||
            (e >> kSeenLsb) != pairs[i].second)
            return false;
    }
    return true;
}

void ledger::by_source::from(router_id src, pair_list& out) const {
    out.clear();
    for_each(src, [&out](router_id dst, std::uint32_t seen) { out.emplace_back(dst, seen); });
    if (!std::is_sorted(out.begin(), out.end())) std::sort(out.begin(), out.end());
    std::size_t kept = 0;  // sum the counts of equal destinations
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (kept != 0 && out[kept - 1].first == out[i].first)
            out[kept - 1].second += out[i].second;
        else
            out[kept++] = out[i];
    }
    out.resize(kept);
}

}  // namespace d3
