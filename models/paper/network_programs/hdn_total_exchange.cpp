#include "paper/network_programs/hdn_total_exchange.h"

#include <array>
#include <stdexcept>

namespace d3 {

namespace {

constexpr int kMaxLevels = 7;

// An item where it is held, with the node it must reach in the exchange of each level under way.
struct held_item {
    exchange_item item;
    std::array<std::uint32_t, kMaxLevels + 1> target{};
};

class total_exchange {
  public:
    total_exchange(const dual_net_spec& s, const graph& g) : s_(s), g_(g) {
        levels_ = dual_net_levels(s);
        if (levels_ > kMaxLevels) throw std::invalid_argument("HDN total exchange: k <= 7");
        block_.push_back(product_nodes(s.base));
        for (int i = 1; i <= levels_; ++i)
            block_.push_back(2 * block_[i - 1] * block_[i - 1] / super_node_size(s, i));
        if (block_.back() != g.nodes())
            throw std::invalid_argument("HDN total exchange: the graph is not this HDN");
        for (int i = 1; i <= levels_; ++i) find_partners(i);
        run_.program.name = "total exchange on " + dual_net_name(s);
        run_.program.nodes = g.nodes();
    }

    total_exchange_run run() {
        held_.assign(g_.nodes(), {});
        for (std::uint32_t x = 0; x < g_.nodes(); ++x)
            for (std::uint32_t d = 0; d < g_.nodes(); ++d) {
                held_item h{{x, d}, {}};
                h.target[levels_] = d;
                held_[x].push_back(h);
            }
        exchange_within(levels_);
        return std::move(run_);
    }

  private:
    // partner_[i][x]: x's level-i cross-edge neighbour, the one neighbour in its copy of
    // HDN(B, i, S) outside its cluster.
    void find_partners(int i) {
        std::vector<std::uint32_t> p(g_.nodes());
        for (std::uint32_t x = 0; x < g_.nodes(); ++x) {
            int found = 0;
            for (const graph_neighbor& n : g_.neighbors(x))
                if (n.node / block_[i] == x / block_[i] &&
                    n.node / block_[i - 1] != x / block_[i - 1]) {
                    p[x] = n.node;
                    ++found;
                }
            if (found != 1) throw std::logic_error("HDN: no single level-i cross-edge");
        }
        partner_.resize(static_cast<std::size_t>(i) + 1);
        partner_[static_cast<std::size_t>(i)] = std::move(p);
    }

    bool class_one(std::uint64_t x, int i) const {
        const std::uint64_t n_i = block_[i - 1] / super_node_size(s_, i);
        return x % block_[i] / block_[i - 1] >= n_i;
    }

    // One round: every node sends the items `leaves` picks to `to(x)`, which holds them next.
    template <typename Leaves, typename To>
    void round(Leaves leaves, To to) {
        exchange_round r;
        std::vector<std::vector<exchange_item>> carried;
        std::vector<std::vector<held_item>> sent(g_.nodes());
        for (std::uint32_t x = 0; x < g_.nodes(); ++x) {
            std::vector<held_item> kept;
            for (const held_item& h : held_[x]) (leaves(x, h) ? sent[x] : kept).push_back(h);
            held_[x] = std::move(kept);
        }
        for (std::uint32_t x = 0; x < g_.nodes(); ++x) {
            if (sent[x].empty()) continue;
            const std::uint32_t y = to(x);
            r.messages.push_back({x, y, sent[x].size()});
            carried.emplace_back();
            for (const held_item& h : sent[x]) {
                carried.back().push_back(h.item);
                held_[y].push_back(h);
            }
        }
        run_.program.rounds.push_back(std::move(r));
        run_.carried.push_back(std::move(carried));
    }

    // Every item to its target[i], inside each copy of HDN(B, i, S) at once.
    void exchange_within(int i) {
        if (i == 0) return dimension_exchange();
        const std::vector<std::uint32_t>& partner = partner_[static_cast<std::size_t>(i)];
        auto across = [&partner](std::uint32_t x) { return partner[x]; };
        round([&](std::uint32_t x,
                  const held_item& h) { return class_one(h.target[i], i) == class_one(x, i); },
              across);
        to_gateways(i);
        exchange_within(i - 1);
        round([](std::uint32_t, const held_item&) { return true; }, across);
        for (std::vector<held_item>& items : held_)
            for (held_item& h : items) h.target[i - 1] = h.target[i];
        exchange_within(i - 1);
    }

    // Stage 2's targets: the gateway of rank (rank of x + rank of d) mod s_i among the nodes of
    // x's cluster whose partner lies in d's cluster.
    void to_gateways(int i) {
        const std::uint64_t cluster = block_[i - 1], per_block = block_[i] / cluster;
        const std::uint64_t s = super_node_size(s_, i);
        const std::vector<std::uint32_t>& partner = partner_[static_cast<std::size_t>(i)];
        std::vector<std::vector<std::uint32_t>> gateways(g_.nodes() / cluster * per_block);
        for (std::uint32_t y = 0; y < g_.nodes(); ++y)
            gateways[y / cluster * per_block + partner[y] % block_[i] / cluster].push_back(y);
        for (std::uint32_t x = 0; x < g_.nodes(); ++x)
            for (held_item& h : held_[x]) {
                const std::vector<std::uint32_t>& list =
                    gateways[x / cluster * per_block + h.target[i] % block_[i] / cluster];
                if (list.size() != s) throw std::logic_error("HDN: a cluster without s gateways");
                h.target[i - 1] = list[(x % cluster + h.target[i] % cluster) % s];
            }
    }

    // T_0 on the hypercube base: one round per dimension.
    void dimension_exchange() {
        for (std::uint32_t bit = 1; bit < block_[0]; bit <<= 1)
            round([bit](std::uint32_t x,
                        const held_item& h) { return ((h.target[0] ^ x) & bit) != 0; },
                  [bit](std::uint32_t x) { return x ^ bit; });
    }

    const dual_net_spec& s_;
    const graph& g_;
    int levels_ = 0;
    std::vector<std::uint64_t> block_;  // N_i: nodes of HDN(B, i, S)
    std::vector<std::vector<std::uint32_t>> partner_;
    std::vector<std::vector<held_item>> held_;
    total_exchange_run run_;
};

}  // namespace

bool hypercube_base(const dual_net_spec& s) {
    for (const graph_factor& f : s.base)
        if (f.k != graph_factor::kind::complete || f.size != 2) return false;
    return !s.base.empty();
}

total_exchange_run hdn_total_exchange(const dual_net_spec& s, const graph& g) {
    if (!hypercube_base(s))
        throw std::invalid_argument("HDN total exchange: the paper gives T_0 for a hypercube base");
    return total_exchange(s, g).run();
}

}  // namespace d3
