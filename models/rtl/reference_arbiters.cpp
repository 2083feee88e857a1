#include "rtl/reference_arbiters.h"

#include <algorithm>
#include <vector>

#include "core/allocation/bit_rows.h"
#include "core/allocation/matrix_arbiter.h"
#include "core/router/arbiter.h"

namespace d3 {

namespace {
bool is_round_robin(const std::string& module) {
    return module.empty() || module == "d3_rr_arbiter";
}

class round_robin_bank final : public arbiter_bank_if {
  public:
    explicit round_robin_bank(const arbiter_bank_setup& s)
        : arbiters_(s.arbiters, arbiter(arbitration::round_robin, s.sources)) {}
    std::size_t pick(std::size_t which, const candidate* c, std::size_t n, std::uint64_t) override {
        return arbiters_[which].pick(c, n);
    }

  private:
    std::vector<arbiter> arbiters_;
};

// Least recently granted over the sources; among one source's packets, its oldest (launch step,
// then packet number), the one the adapter lets ask.
class matrix_bank final : public arbiter_bank_if {
  public:
    explicit matrix_bank(const arbiter_bank_setup& s)
        : arbiters_(s.arbiters, matrix_arbiter(s.sources)), requests_(words_for(s.sources)) {}
    std::size_t pick(std::size_t which, const candidate* c, std::size_t n, std::uint64_t) override {
        std::fill(requests_.begin(), requests_.end(), 0);
        for (std::size_t i = 0; i < n; ++i) requests_[c[i].source / 64] |= 1ull << c[i].source % 64;
        matrix_arbiter& a = arbiters_[which];
        const std::size_t source = a.arbitrate(requests_.data(), age_view{});
        a.update(source);
        std::size_t best = n;
        for (std::size_t i = 0; i < n; ++i)
            if (c[i].source == source && (best == n || older(c[i], c[best]))) best = i;
        return best;
    }

  private:
    static bool older(const candidate& a, const candidate& b) {
        return a.age != b.age ? a.age < b.age : a.seq < b.seq;
    }
    std::vector<matrix_arbiter> arbiters_;
    std::vector<std::uint64_t> requests_;
};
}  // namespace

bool has_reference_arbiters(const std::string& module) {
    return is_round_robin(module) || module == "d3_matrix_arbiter";
}

std::unique_ptr<arbiter_bank_if> make_reference_arbiters(const arbiter_bank_setup& s) {
    if (is_round_robin(s.module)) return std::make_unique<round_robin_bank>(s);
    if (std::string(s.module) == "d3_matrix_arbiter") return std::make_unique<matrix_bank>(s);
    return nullptr;
}

}  // namespace d3
