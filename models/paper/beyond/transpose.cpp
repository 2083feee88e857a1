#include "paper/beyond/transpose.h"

#include <random>
#include <stdexcept>

namespace d3 {

int transpose_blocks(const topology& t) {
    int l = 1;
    while (l * l < t.k()) ++l;
    return l * l == t.k() ? l : 0;
}

coord transpose_router(const topology& t, int i, int j) {
    const int l = transpose_blocks(t), m = t.m();
    return {(i / m) * l + j / m, i % m, j % m};
}

namespace {

constexpr std::uint64_t kTransposeValueMask = (std::uint64_t{1} << 40) - 1;

struct transpose_state {
    int n = 0;                        ///< N = L M
    std::vector<std::uint64_t> a;     ///< the matrix, a[i*N + j]
    std::vector<std::uint64_t> held;  ///< what the router of position (i, j) received
    std::vector<int> arrived;         ///< deliveries per position
    std::size_t at(int i, int j) const { return static_cast<std::size_t>(i * n + j); }
};

// The global port that takes the router of (i, j) to the router of (j, i), from the topology:
// the port a with global_neighbor(x, a) = target (one exists in the block layout).
int transpose_port(const topology& t, int i, int j) {
    const coord from = transpose_router(t, i, j), to = transpose_router(t, j, i);
    for (int a = 0; a < t.k(); ++a)
        if (t.global_neighbor(from, a) == to) return a;
    throw std::logic_error("transpose: no global port from " + to_string(from) + " to " +
                           to_string(to));
}

class transpose_program final : public node_program {
  public:
    transpose_program(const topology& t, int i, int j, std::shared_ptr<transpose_state> s)
        : port_(transpose_port(t, i, j)), i_(i), j_(j), s_(std::move(s)) {}
    void launches(std::uint64_t step, std::vector<launch>& out) override {
        if (step == 0)
            out.push_back(
                {make_source_vector_header(false, 2, {port_, 0, 0}), s_->a[s_->at(i_, j_)]});
    }
    bool finished(std::uint64_t step) const override { return step >= 1; }
    void on_receive(const delivery& d) override {
        s_->held[s_->at(i_, j_)] = d.payload;
        ++s_->arrived[s_->at(i_, j_)];
    }

  private:
    int port_, i_, j_;
    std::shared_ptr<transpose_state> s_;
};

class transpose_workload final : public workload {
  public:
    transpose_workload(const topology& t, std::shared_ptr<transpose_state> s,
                       nlohmann::json details)
        : t_(t), s_(std::move(s)), details_(std::move(details)) {}
    std::string primitive() const override { return "transpose"; }
    std::string schedule_name() const override { return "paper"; }
    std::unique_ptr<node_program> program_for(router_id id) const override {
        const auto [i, j] = position(id);
        return std::make_unique<transpose_program>(t_, i, j, s_);
    }
    std::size_t rounds() const override { return 1; }
    std::size_t delays() const override { return 0; }
    std::uint32_t expected(router_id src, router_id dst) const override {
        const auto [i, j] = position(src);
        return t_.id(transpose_router(t_, j, i)) == dst ? 1 : 0;
    }
    void expected_from(router_id src, router_id,
                       std::vector<std::pair<router_id, std::uint32_t>>& out) const override {
        const auto [i, j] = position(src);
        expected_among(src, {t_.id(transpose_router(t_, j, i))}, out);
    }
    std::optional<workload_volume> volume(const topology& t) const override {
        const std::uint64_t n = t.routers();
        return workload_volume{n, n, n};
    }
    std::vector<std::string> value_problems() const override {
        // The plain transpose: position (i, j) must hold a[j][i].
        std::uint64_t wrong = 0, missing = 0;
        std::string first;
        for (int i = 0; i < s_->n; ++i)
            for (int j = 0; j < s_->n; ++j) {
                const std::size_t x = s_->at(i, j);
                if (s_->arrived[x] != 1) ++missing;
                if (s_->held[x] != s_->a[s_->at(j, i)] && ++wrong == 1)
                    first = "(" + std::to_string(i) + "," + std::to_string(j) + ") holds " +
                            std::to_string(s_->held[x]) + ", the transpose has " +
                            std::to_string(s_->a[s_->at(j, i)]);
            }
        if (wrong == 0 && missing == 0) return {};
        return {"transpose: " + std::to_string(wrong) + " wrong entries, " +
                std::to_string(missing) + " not received exactly once" +
                (first.empty() ? "" : "; first: " + first)};
    }
    nlohmann::json details() const override {
        nlohmann::json d = details_;
        d["values_correct"] = value_problems().empty();
        return d;
    }

  private:
    // The matrix position (i, j) of a router: the inverse of transpose_router.
    std::pair<int, int> position(router_id id) const {
        const coord x = t_.at(id);
        const int l = transpose_blocks(t_), m = t_.m();
        return {(x.c / l) * m + x.d, (x.c % l) * m + x.p};
    }

    topology t_;
    std::shared_ptr<transpose_state> s_;
    nlohmann::json details_;
};

}  // namespace

std::unique_ptr<workload> make_transpose_workload(const topology& t, const primitive_options& o) {
    if (!t.is_d3()) throw std::invalid_argument("transpose runs on D3 only");
    const int l = transpose_blocks(t);
    if (l == 0)
        throw std::invalid_argument("transpose needs D3(L^2,M), K a square (got " + t.name() +
                                    "): the L M x L M matrix in L^2 blocks, one per cabinet");
    auto s = std::make_shared<transpose_state>();
    s->n = l * t.m();
    std::mt19937_64 rng(o.seed);
    s->a.resize(static_cast<std::size_t>(s->n) * static_cast<std::size_t>(s->n));
    for (std::uint64_t& v : s->a) v = rng() & kTransposeValueMask;
    s->held.assign(s->a.size(), 0);
    s->arrived.assign(s->a.size(), 0);
    const std::uint64_t n = static_cast<std::uint64_t>(s->n);
    nlohmann::json details = {{"matrix", std::to_string(s->n) + " x " + std::to_string(s->n)},
                              {"blocks", l * l},
                              {"global_hops_per_value", 1},
                              {"moved", n * n - n},
                              {"diagonal_held", n},
                              {"seed", o.seed}};
    return std::make_unique<transpose_workload>(t, std::move(s), std::move(details));
}

}  // namespace d3
