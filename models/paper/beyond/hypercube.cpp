#include "paper/beyond/hypercube.h"

#include <map>
#include <random>
#include <stdexcept>

#include "core/decoding/walk.h"

namespace d3 {

std::optional<hypercube_shape> hypercube_of(const topology& t) {
    const auto log2_of = [](int n) {
        int b = 0;
        while ((1 << b) < n) ++b;
        return (1 << b) == n ? b : -1;
    };
    const int k = log2_of(t.k()), m = log2_of(t.m());
    if (!t.is_d3() || k < 0 || m < 0) return std::nullopt;
    return hypercube_shape{k, m};
}

std::uint32_t hypercube_address(const topology& t, const coord& x) {
    const hypercube_shape s = *hypercube_of(t);
    return (static_cast<std::uint32_t>(x.c) << (2 * s.m_bits)) |
           (static_cast<std::uint32_t>(x.d) << s.m_bits) | static_cast<std::uint32_t>(x.p);
}

coord hypercube_router(const topology& t, std::uint32_t a) {
    const hypercube_shape s = *hypercube_of(t);
    const std::uint32_t mask = (1u << s.m_bits) - 1;
    return {static_cast<int>(a >> (2 * s.m_bits)), static_cast<int>((a >> s.m_bits) & mask),
            static_cast<int>(a & mask)};
}

const char* hypercube_part(const topology& t, int dimension) {
    const hypercube_shape s = *hypercube_of(t);
    return dimension < s.m_bits ? "p" : dimension < 2 * s.m_bits ? "d" : "c";
}

header hypercube_header(const topology& t, const coord& x, int dimension, bool glgl) {
    const hypercube_shape s = *hypercube_of(t);
    if (dimension < 0 || dimension >= s.dimensions())
        throw std::invalid_argument("hypercube dimension out of range");
    if (glgl) {
        const coord to = hypercube_router(t, hypercube_address(t, x) ^ (1u << dimension));
        return make_destination_header(4, to, mod(to.c - x.c, t.k()), 0);
    }
    if (dimension < s.m_bits) {
        const int to = x.p ^ (1 << dimension);
        return make_sync_header(false, 1, 0, mod(to - x.p, t.m()), 0);
    }
    if (dimension < 2 * s.m_bits) {
        const int to = x.d ^ (1 << (dimension - s.m_bits));
        return make_sync_header(false, 4, 0, mod(to - x.d, t.m()), 0);
    }
    const int to = x.c ^ (1 << (dimension - 2 * s.m_bits));
    return make_sync_header(false, 4, mod(to - x.c, t.k()), 0, 0);
}

namespace {

std::string check_shape(const topology& t, const primitive_options& o, bool exchange) {
    const auto s = hypercube_of(t);
    if (!s) return "the hypercube primitives need K and M powers of two on D3";
    if (!parse_as<embedding_kind>(o.embedding))
        return "--embedding must be " + names_text(kEmbeddingNames);
    if (exchange && (o.dimension < 0 || o.dimension >= s->dimensions()))
        return "--dimension must be below k + 2m = " + std::to_string(s->dimensions());
    return {};
}

// Every router launches its exchange along one dimension in step 0.
class exchange_program final : public node_program {
  public:
    explicit exchange_program(launch l) : l_(l) {}
    void launches(std::uint64_t step, std::vector<launch>& out) override {
        if (step == 0) out.push_back(l_);
    }
    bool finished(std::uint64_t step) const override { return step >= 1; }

  private:
    launch l_;
};

// Payload: the dimension in the top 8 bits, the partial sum below.
constexpr unsigned kDimShift = 56;
constexpr std::uint64_t kHypercubeValueMask = (std::uint64_t{1} << kDimShift) - 1;

struct allreduce_state {
    std::vector<std::uint64_t> result;  ///< by router id, set when the node has its last sum
    std::vector<bool> done;
};

// Ascend: send along dimension i, wait for the partner's value along i, add, go on with i + 1.
class allreduce_program final : public node_program {
  public:
    allreduce_program(const topology& t, router_id id, std::uint64_t value, bool glgl,
                      std::shared_ptr<allreduce_state> state)
        : t_(t),
          glgl_(glgl),
          id_(id),
          at_(t.at(id)),
          sum_(value),
          dims_(hypercube_of(t)->dimensions()),
          state_(std::move(state)) {}
    void launches(std::uint64_t step, std::vector<launch>& out) override {
        if (phase_ != phase::send || step < ready_) return;
        out.push_back({hypercube_header(t_, at_, dim_, glgl_),
                       (static_cast<std::uint64_t>(dim_) << kDimShift) | sum_});
        phase_ = phase::wait;
        consume(step + 1);
    }
    bool finished(std::uint64_t) const override { return phase_ != phase::send; }
    void on_receive(const delivery& d) override {
        got_[static_cast<int>(d.payload >> kDimShift)] = d.payload & kHypercubeValueMask;
        if (phase_ == phase::wait) consume(d.step + 1);
    }

  private:
    enum class phase { send, wait, done };
    // The partner's value for the dimension just sent, if it is here: add it, then send on.
    void consume(std::uint64_t next_step) {
        const auto it = got_.find(dim_);
        if (it == got_.end()) return;
        sum_ = (sum_ + it->second) & kHypercubeValueMask;
        got_.erase(it);
        if (++dim_ == dims_) {
            phase_ = phase::done;
            state_->result[id_] = sum_;
            state_->done[id_] = true;
            return;
        }
        phase_ = phase::send;
        ready_ = next_step;
    }

    const topology& t_;
    bool glgl_;
    router_id id_;
    coord at_;
    std::uint64_t sum_;
    int dims_;
    int dim_ = 0;
    phase phase_ = phase::send;
    std::uint64_t ready_ = 0;
    std::map<int, std::uint64_t> got_;
    std::shared_ptr<allreduce_state> state_;
};

class hypercube_workload final : public workload {
  public:
    hypercube_workload(const topology& t, std::string name, int dimension, bool glgl,
                       nlohmann::json details, std::vector<std::uint64_t> values)
        : t_(t),
          name_(std::move(name)),
          dimension_(dimension),
          glgl_(glgl),
          details_(std::move(details)),
          values_(std::move(values)),
          state_(std::make_shared<allreduce_state>()) {
        state_->result.assign(t.routers(), 0);
        state_->done = std::vector<bool>(state_->result.size(), false);
    }
    std::string primitive() const override { return name_; }
    std::string schedule_name() const override { return "paper"; }
    std::unique_ptr<node_program> program_for(router_id id) const override {
        if (dimension_ >= 0)
            return std::make_unique<exchange_program>(
                launch{hypercube_header(t_, t_.at(id), dimension_, glgl_), id});
        return std::make_unique<allreduce_program>(t_, id, values_[id], glgl_, state_);
    }
    std::size_t rounds() const override {
        return dimension_ >= 0 ? 1 : static_cast<std::size_t>(hypercube_of(t_)->dimensions());
    }
    std::size_t delays() const override { return 0; }
    std::uint32_t expected(router_id src, router_id dst) const override {
        const hypercube_shape s = *hypercube_of(t_);
        const std::uint32_t diff =
            hypercube_address(t_, t_.at(src)) ^ hypercube_address(t_, t_.at(dst));
        if (dimension_ >= 0) return diff == (1u << dimension_) ? 1 : 0;
        return diff != 0 && (diff & (diff - 1)) == 0 && diff < (1u << s.dimensions()) ? 1 : 0;
    }
    // The partner across the dimension, or across every dimension for the all-reduce.
    void expected_from(router_id src, router_id,
                       std::vector<std::pair<router_id, std::uint32_t>>& out) const override {
        const std::uint32_t a = hypercube_address(t_, t_.at(src));
        const int dims = hypercube_of(t_)->dimensions();
        std::vector<router_id> partners;
        for (int i = 0; i < dims; ++i)
            if (dimension_ < 0 || i == dimension_)
                partners.push_back(t_.id(hypercube_router(t_, a ^ (1u << i))));
        expected_among(src, std::move(partners), out);
    }
    std::vector<std::string> value_problems() const override {
        if (dimension_ >= 0) return {};
        const nlohmann::json d = details();
        if (d["values_correct"].get<bool>()) return {};
        return {"hypercube all-reduce: " + std::to_string(d["nodes_wrong"].get<std::uint64_t>()) +
                " nodes ended with a wrong sum, " +
                std::to_string(t_.routers() - d["nodes_finished"].get<std::uint64_t>()) +
                " did not finish"};
    }
    nlohmann::json details() const override {
        nlohmann::json d = details_;
        if (dimension_ < 0) {
            std::uint64_t total = 0, wrong = 0, finished = 0;
            for (std::uint64_t v : values_) total = (total + v) & kHypercubeValueMask;
            for (router_id r = 0; r < t_.routers(); ++r) {
                finished += state_->done[r] ? 1 : 0;
                wrong += state_->done[r] && state_->result[r] != total ? 1 : 0;
            }
            d["sum"] = total;
            d["nodes_finished"] = finished;
            d["nodes_wrong"] = wrong;
            d["values_correct"] = finished == t_.routers() && wrong == 0;
        }
        return d;
    }

  private:
    topology t_;
    std::string name_;
    int dimension_;
    bool glgl_;
    nlohmann::json details_;
    std::vector<std::uint64_t> values_;
    std::shared_ptr<allreduce_state> state_;
};

// Hops of one exchange along `dimension` from every router: the largest (the dilation) and the
// mean, by walking the headers.
nlohmann::json dilation(const topology& t, int dimension, bool glgl) {
    std::uint64_t most = 0, sum = 0;
    int steps = 0;
    for (router_id r = 0; r < t.routers(); ++r) {
        const walk_result w = walk(t, t.at(r), hypercube_header(t, t.at(r), dimension, glgl));
        most = std::max(most, w.hops);
        sum += w.hops;
        steps = std::max(steps, w.steps);
    }
    return {{"dimension", dimension},
            {"part", hypercube_part(t, dimension)},
            {"dilation", most},
            {"mean_hops", static_cast<double>(sum) / t.routers()},
            {"path_steps", steps}};
}

}  // namespace

std::unique_ptr<workload> make_hypercube_exchange_workload(const topology& t,
                                                           const primitive_options& o) {
    if (auto err = check_shape(t, o, true); !err.empty()) throw std::invalid_argument(err);
    const bool glgl = parse_as<embedding_kind>(o.embedding) == embedding_kind::glgl;
    nlohmann::json details = dilation(t, o.dimension, glgl);
    details["dimensions"] = hypercube_of(t)->dimensions();
    details["embedding"] = o.embedding;
    return std::make_unique<hypercube_workload>(t, "hypercube-exchange", o.dimension, glgl,
                                                std::move(details), std::vector<std::uint64_t>{});
}

std::unique_ptr<workload> make_hypercube_allreduce_workload(const topology& t,
                                                            const primitive_options& o) {
    if (auto err = check_shape(t, o, false); !err.empty()) throw std::invalid_argument(err);
    const int n = hypercube_of(t)->dimensions();
    std::mt19937_64 rng(o.seed);
    std::vector<std::uint64_t> values(t.routers());
    for (std::uint64_t& v : values) v = rng() >> 44;  // 20 bits: sums stay far below 2^56
    std::uint64_t hops = 0;
    nlohmann::json dims = nlohmann::json::array();
    const bool glgl = parse_as<embedding_kind>(o.embedding) == embedding_kind::glgl;
    for (int i = 0; i < n; ++i) {
        nlohmann::json d = dilation(t, i, glgl);
        hops += d["dilation"].get<std::uint64_t>();
        dims.push_back(std::move(d));
    }
    nlohmann::json details = {{"dimensions", n},          {"hypercube_hops", n},
                              {"emulation_hops", hops},   {"per_dimension", dims},
                              {"embedding", o.embedding}, {"seed", o.seed}};
    return std::make_unique<hypercube_workload>(t, "hypercube-allreduce", -1, glgl,
                                                std::move(details), std::move(values));
}

}  // namespace d3
