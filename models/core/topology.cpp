#include "core/topology.h"

#include <stdexcept>

namespace d3 {

std::string to_string(const coord& x) {
    return "(" + std::to_string(x.c) + "," + std::to_string(x.d) + "," + std::to_string(x.p) + ")";
}

std::optional<std::string> topology::check(int k, int m) {
    if (k < 1) return "K must be at least 1 (got " + std::to_string(k) + ")";
    if (m < 2) return "M must be at least 2 (got " + std::to_string(m) + ")";
    if (k > kMaxK)
        return "K must be at most " + std::to_string(kMaxK) + " (got " + std::to_string(k) + ")";
    if (m > kMaxM)
        return "M must be at most " + std::to_string(kMaxM) + " (got " + std::to_string(m) + ")";
    return std::nullopt;
}

topology::topology(int k, int m) : k_(k), m_(m) {
    if (auto err = check(k, m)) throw std::invalid_argument(*err);
}

bool topology::contains(const coord& x) const {
    return x.c >= 0 && x.c < k_ && x.d >= 0 && x.d < m_ && x.p >= 0 && x.p < m_;
}

coord topology::at(router_id id) const {
    const int i = static_cast<int>(id);
    return {i / (m_ * m_), (i / m_) % m_, i % m_};
}

source_vector topology::vector_to(const coord& src, const coord& dst) const {
    return {mod(dst.c - src.c, k_), mod(dst.p - src.d, m_), mod(dst.d - src.p, m_)};
}

coord topology::destination(const coord& src, const source_vector& v) const {
    return {mod(src.c + v.gamma, k_), mod(src.p + v.delta, m_), mod(src.d + v.pi, m_)};
}

}  // namespace d3
