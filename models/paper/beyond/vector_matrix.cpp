#include "paper/beyond/vector_matrix.h"

#include <map>
#include <optional>
#include <random>
#include <stdexcept>

#include "core/workload/lost_inputs.h"

namespace d3 {
namespace {

// Payload: the round in bits 40..55, the value below.
constexpr unsigned kRoundShift = 40;
constexpr std::uint64_t kVectorValueMask = (std::uint64_t{1} << kRoundShift) - 1;

struct product_state {
    int k = 0, m = 0, rows = 0;
    std::vector<std::uint64_t> x;  ///< R x M, x[r*M + t]
    std::vector<std::uint64_t> a;  ///< M x KM, a[t*KM + c*M + p]
    std::vector<std::uint64_t> y;  ///< R x KM, as the fixed points computed them
    std::vector<int> arrived;      ///< products summed into y, per entry
    /// Per entry, the sum of the products that arrived, from their senders' coordinates: what y
    /// must be when a failure during the run lost some (docs/resilience.md).
    std::vector<std::uint64_t> y_arrived;
    std::optional<topology> topo;
    std::uint64_t x_at(int r, int t) const { return x[static_cast<std::size_t>(r * m + t)]; }
    std::uint64_t a_at(int t, int c, int p) const {
        return a[static_cast<std::size_t>(t * k * m + c * m + p)];
    }
    std::size_t y_index(int r, int c, int p) const {
        return static_cast<std::size_t>(r * k * m + c * m + p);
    }
};

class product_program final : public node_program, public answering_program {
  public:
    product_program(const topology& t, router_id id, std::shared_ptr<product_state> s)
        : at_(t.at(id)), m_(t.m()), s_(std::move(s)) {}
    void launches(std::uint64_t step, std::vector<launch>& out) override {
        const bool holder = at_.c == 0 && at_.d == at_.p;
        if (holder && step < static_cast<std::uint64_t>(s_->rows)) {
            const int r = static_cast<int>(step);
            out.push_back({make_source_vector_header(true, 2, {0, 0, 0}),
                           (static_cast<std::uint64_t>(r) << kRoundShift) | s_->x_at(r, at_.d)});
        }
        const auto due = pending_.find(step);
        if (due == pending_.end()) return;
        for (const launch& l : due->second) out.push_back(l);
        pending_.erase(due);
    }
    bool finished(std::uint64_t step) const override {
        const bool holder = at_.c == 0 && at_.d == at_.p;
        return pending_.empty() && (!holder || step >= static_cast<std::uint64_t>(s_->rows));
    }
    void on_receive(const delivery& d) override {
        if (d.hdr.broadcast) {  // phase 1: the product, sent on in the next step
            pending_[d.step + 1].push_back(product_of(d));
            return;
        }
        // Phase 2 at a fixed point (c,p,p): accumulate y[r][(c,p)], and the product the sender
        // (c,t,p) was to send, from its coordinates (what the sum of those that arrived is).
        const int r = static_cast<int>(d.payload >> kRoundShift);
        const std::size_t i = s_->y_index(r, at_.c, at_.p);
        const int t = s_->topo->at(d.from).d;
        s_->y[i] = (s_->y[i] + (d.payload & kVectorValueMask)) & kVectorValueMask;
        s_->y_arrived[i] =
            (s_->y_arrived[i] + s_->x_at(r, t) * s_->a_at(t, at_.c, at_.p)) & kVectorValueMask;
        ++s_->arrived[i];
    }
    // A lost input is not answered: the node never learns of the row (docs/resilience.md).
    void answers(const delivery& d, std::vector<launch>& out) const override {
        if (d.hdr.broadcast) out.push_back(product_of(d));
    }

  private:
    // Phase 1: x[t] of row r, t this router's drawer: the product with A's entry, to (c,p,p).
    launch product_of(const delivery& d) const {
        const int r = static_cast<int>(d.payload >> kRoundShift);
        const std::uint64_t v = d.payload & kVectorValueMask;
        const std::uint64_t product = v * s_->a_at(at_.d, at_.c, at_.p);
        launch l{make_sync_header(false, 2, 0, mod(at_.p - at_.d, m_), 0),
                 (static_cast<std::uint64_t>(r) << kRoundShift) | (product & kVectorValueMask)};
        l.answer = true;  // not a round
        return l;
    }
    coord at_;
    int m_;
    std::shared_ptr<product_state> s_;
    std::map<std::uint64_t, std::vector<launch>> pending_;
};

class product_workload final : public workload, public lossy_results {
  public:
    product_workload(const topology& t, std::string name, std::shared_ptr<product_state> s,
                     nlohmann::json details)
        : t_(t), name_(std::move(name)), s_(std::move(s)), details_(std::move(details)) {}
    std::string primitive() const override { return name_; }
    std::string schedule_name() const override { return "paper"; }
    std::unique_ptr<node_program> program_for(router_id id) const override {
        return std::make_unique<product_program>(t_, id, s_);
    }
    std::size_t rounds() const override { return static_cast<std::size_t>(s_->rows); }
    std::size_t delays() const override { return 0; }
    std::uint32_t expected(router_id src, router_id dst) const override {
        const coord a = t_.at(src), b = t_.at(dst);
        const std::uint32_t r = static_cast<std::uint32_t>(s_->rows);
        std::uint32_t n = 0;
        if (a.c == 0 && a.d == a.p && b.d == a.d) n += r;  // x[t] to row t
        if (b == coord{a.c, a.p, a.p}) n += r;             // the product to (c,p,p)
        return n;
    }
    // Drawer a.d of every cabinet, and (c,p,p).
    void expected_from(router_id src, router_id,
                       std::vector<std::pair<router_id, std::uint32_t>>& out) const override {
        const coord a = t_.at(src);
        std::vector<router_id> candidates{t_.id({a.c, a.p, a.p})};
        for (int c = 0; c < t_.k(); ++c)
            for (int p = 0; p < t_.m(); ++p) candidates.push_back(t_.id({c, a.d, p}));
        expected_among(src, std::move(candidates), out);
    }
    std::vector<std::string> value_problems() const override {
        std::vector<std::string> out;
        std::uint64_t wrong = 0, missing = 0;
        std::string first;
        for (int r = 0; r < s_->rows; ++r)
            for (int c = 0; c < s_->k; ++c)
                for (int p = 0; p < s_->m; ++p) {
                    std::uint64_t want = 0;  // the plain product, row r of X times column (c,p)
                    for (int t = 0; t < s_->m; ++t) want += s_->x_at(r, t) * s_->a_at(t, c, p);
                    const std::size_t i = s_->y_index(r, c, p);
                    if (s_->arrived[i] != s_->m) {
                        ++missing;
                        // A lost input: the sum of those that arrived (the pair check says which).
                        if (lost_inputs_) want = s_->y_arrived[i];
                    }
                    if (s_->y[i] != (want & kVectorValueMask)) {
                        if (++wrong == 1)
                            first = "y[" + std::to_string(r) + "][(" + std::to_string(c) + "," +
                                    std::to_string(p) + ")] = " + std::to_string(s_->y[i]) +
                                    ", the plain product gives " + std::to_string(want);
                    }
                }
        if (wrong || (missing && !lost_inputs_))
            out.push_back(name_ + ": " + std::to_string(wrong) + " wrong results, " +
                          std::to_string(missing) + " incomplete" +
                          (first.empty() ? "" : "; first: " + first));
        return out;
    }
    nlohmann::json details() const override {
        nlohmann::json d = details_;
        d["values_correct"] = value_problems().empty();
        if (lost_inputs_) d["incomplete_results"] = incomplete();
        return d;
    }
    void inputs_may_be_lost() override { lost_inputs_ = true; }

  private:
    std::uint64_t incomplete() const {
        std::uint64_t n = 0;
        for (const int a : s_->arrived) n += a != s_->m ? 1 : 0;
        return n;
    }
    topology t_;
    std::string name_;
    std::shared_ptr<product_state> s_;
    nlohmann::json details_;
    bool lost_inputs_ = false;  ///< inputs_may_be_lost()
};

}  // namespace

std::unique_ptr<workload> make_vector_matrix_workload(const topology& t,
                                                      const primitive_options& o) {
    if (!t.is_d3()) throw std::invalid_argument(o.primitive + " runs on D3 only");
    auto s = std::make_shared<product_state>();
    s->k = t.k();
    s->m = t.m();
    s->rows = o.primitive == "vector-matrix" ? 1 : o.count;
    // The round takes the payload's bits 40..55: as many rows as --count allows for a broadcast.
    if (s->rows > (1 << 16)) throw std::invalid_argument("--count must be at most 65536 rows");
    std::mt19937_64 rng(o.seed);
    const auto draw = [&] { return rng() % 16; };  // small values: sums stay exact
    s->x.resize(static_cast<std::size_t>(s->rows * t.m()));
    for (std::uint64_t& v : s->x) v = draw();
    s->a.resize(static_cast<std::size_t>(t.m() * t.k() * t.m()));
    for (std::uint64_t& v : s->a) v = draw();
    s->y.assign(static_cast<std::size_t>(s->rows * t.k() * t.m()), 0);
    s->arrived.assign(s->y.size(), 0);
    s->y_arrived.assign(s->y.size(), 0);
    s->topo = t;
    nlohmann::json details = {{"rows", s->rows},
                              {"vector_length", t.m()},
                              {"columns", t.k() * t.m()},
                              {"network_hops_per_round", 4},
                              {"off_and_ons_per_round", 2},
                              {"seed", o.seed}};
    return std::make_unique<product_workload>(t, o.primitive, std::move(s), std::move(details));
}

}  // namespace d3
